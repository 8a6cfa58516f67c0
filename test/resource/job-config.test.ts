/** The pure parts of the resource: description/disabled fields, item kinds, drift display, connection settings. */
import { resolveConnection } from "../../provider/connection/settings";
import { alignToDeclared } from "../../provider/resource/drift";
import {
  readFields,
  rootNameOf,
  transplantFields,
  withFields,
  withoutFields,
} from "../../provider/resource/job-config";
import { describeRoot } from "../../provider/resource/job-kinds";
import { canonicalizeConfig } from "../../provider/xml/canonical";
import { configsEqual } from "../../provider/xml/semantic";
import { lineDiff } from "../harness/line-diff";
import { FOLDER_XML, FREESTYLE_XML, PIPELINE_XML } from "../harness/job-configs";

describe("job fields in config.xml", () => {
  it("reads description and enabled, with Jenkins's defaults for missing elements", () => {
    expect(readFields(FREESTYLE_XML)).toEqual({ description: "from xml", enabled: true });
    expect(readFields("<project><disabled>true</disabled></project>")).toEqual({ description: "", enabled: false });
    expect(readFields(FOLDER_XML)).toEqual({ description: "A folder", enabled: true });
  });

  it("writes them where XStream does, replacing existing elements", () => {
    const minimal = "<project><actions/><canRoam>true</canRoam><builders/></project>";
    const out = withFields(minimal, { description: "d", enabled: false });
    expect(out.split("\n").map((l) => l.trim())).toEqual([
      "<?xml version='1.1' encoding='UTF-8'?>",
      "<project>",
      "<actions/>",
      "<description>d</description>",
      "<canRoam>true</canRoam>",
      "<disabled>true</disabled>",
      "<builders/>",
      "</project>",
    ]);
    expect(readFields(withFields(FREESTYLE_XML, { description: "new", enabled: false }))).toEqual({
      description: "new",
      enabled: false,
    });
    expect(withFields(PIPELINE_XML, { enabled: false })).toMatch(/<triggers\/>\n {2}<disabled>true<\/disabled>/);
  });

  it("leaves a folder without a disabled element, and keeps XML values when inputs are not given", () => {
    expect(withFields(FOLDER_XML, { enabled: true })).not.toContain("<disabled>");
    expect(readFields(withFields(FREESTYLE_XML, {}))).toEqual(readFields(FREESTYLE_XML));
    // Nothing to set: the (checked, canonical) input as it is, without parsing it.
    expect(withFields(FREESTYLE_XML, {})).toBe(FREESTYLE_XML);
  });

  it("compares the rest of a config without the two fields, and moves them between configs", () => {
    const other = FREESTYLE_XML.replace("from xml", "other").replace("<disabled>false", "<disabled>true");
    expect(configsEqual(withoutFields(FREESTYLE_XML), withoutFields(other))).toBe(true);
    expect(readFields(transplantFields(other, FREESTYLE_XML))).toEqual(readFields(FREESTYLE_XML));
    expect(readFields(transplantFields(other, "<project/>"))).toEqual({ description: "", enabled: true });
  });
});

describe("item kinds", () => {
  it("knows jobs and folders, and which can be disabled", () => {
    expect(describeRoot("project")).toMatchObject({ kind: "job", canDisable: true });
    expect(describeRoot("flow-definition")).toMatchObject({ kind: "job", canDisable: true });
    expect(describeRoot("com.cloudbees.hudson.plugins.folder.Folder")).toMatchObject({
      kind: "folder",
      canDisable: false,
    });
    expect(describeRoot("jenkins.branch.OrganizationFolder")).toMatchObject({ kind: "folder", canDisable: true });
    expect(describeRoot("com.tikal.jenkins.plugins.multijob.MultiJobProject")).toMatchObject({ kind: "job" });
  });

  it("refuses roots that are not items", () => {
    for (const root of [
      "hudson",
      "user",
      "slave",
      "hudson.model.ListView",
      "com.cloudbees.plugins.credentials.SystemCredentialsProvider",
      "foo",
    ]) {
      expect(describeRoot(root)).toBeUndefined();
    }
  });
});

describe("root element name", () => {
  it("is read from the prolog without parsing the document, and by the parser when the prolog is unusual", () => {
    expect(rootNameOf(FREESTYLE_XML)).toBe("project");
    expect(
      rootNameOf(
        "\ufeff<?xml version='1.1'?>\n<!-- a comment -->\n<?pi x?>\n<flow-definition plugin=\"workflow-job@1\">",
      ),
    ).toBe("flow-definition");
    expect(rootNameOf("<com.cloudbees.hudson.plugins.folder.Folder/>")).toBe(
      "com.cloudbees.hudson.plugins.folder.Folder",
    );
    expect(rootNameOf("<!DOCTYPE project>\n<project><builders/></project>")).toBe("project");
    expect(rootNameOf("<projekt-ü><a/></projekt-ü>")).toBe("projekt-ü");
    expect(() => rootNameOf("not xml")).toThrow();
  });
});

describe("drift display", () => {
  it("shows only the edit, not what Jenkins adds or rewrites", () => {
    const declared = canonicalizeConfig(
      "<project><builders><hudson.tasks.Shell><command>make</command></hudson.tasks.Shell></builders></project>",
    );
    const remote = `<?xml version='1.1' encoding='UTF-8'?>
<project plugin="core@2">
  <actions/>
  <description></description>
  <keepDependencies>false</keepDependencies>
  <builders>
    <hudson.tasks.Shell plugin="shell@9">
      <command>make all</command>
      <configuredLocalRules/>
    </hudson.tasks.Shell>
  </builders>
  <publishers/>
</project>`;
    const aligned = alignToDeclared(declared, remote);
    expect(lineDiff(declared, aligned, 0).split("\n")).toEqual([
      "-       <command>make</command>",
      "+       <command>make all</command>",
    ]);
    expect(aligned).not.toContain("plugin=");
    expect(aligned).not.toContain("keepDependencies");
    expect(aligned).toContain("make all");
  });

  it("keeps elements Jenkins does not write by itself", () => {
    const declared = canonicalizeConfig("<project><builders/></project>");
    const remote =
      "<project><builders><hudson.tasks.Shell><command>x</command></hudson.tasks.Shell></builders></project>";
    expect(alignToDeclared(declared, remote)).toContain("<command>x</command>");
  });
});

describe("connection settings", () => {
  const base = { url: "https://ci.example.com/jenkins", user: "u", apiToken: "t0ken" };

  it("takes stack config first, then the environment, field by field", () => {
    const s = resolveConnection(
      { url: base.url },
      { JENKINS_USER: "env-user", JENKINS_API_TOKEN: "env-token", JENKINS_URL: "http://other/" },
    );
    expect(s).toMatchObject({ url: "https://ci.example.com/jenkins/", user: "env-user", apiToken: "env-token" });
  });

  it("lets a credential in the environment win over the stack config's (a rotated token for refresh and destroy)", () => {
    const config = { ...base, password: "config-password" };
    const wins = { envCredentialWins: true };
    // Scripts keep explicit values first.
    expect(resolveConnection(config, { JENKINS_API_TOKEN: "rotated" })).toMatchObject({ apiToken: "t0ken" });
    expect(resolveConnection(config, { JENKINS_API_TOKEN: "rotated" }, undefined, wins)).toMatchObject({
      url: "https://ci.example.com/jenkins/",
      user: "u",
      apiToken: "rotated",
      credentialFrom: "JENKINS_API_TOKEN",
    });
    expect(
      resolveConnection(config, { JENKINS_PASSWORD: "env-pw", JENKINS_USER: "env-user" }, undefined, wins),
    ).toMatchObject({
      user: "env-user",
      apiToken: undefined,
      password: "env-pw",
      credentialFrom: "JENKINS_PASSWORD",
    });
    expect(resolveConnection(config, { JENKINS_USER: "env-user" }, undefined, wins)).toMatchObject({
      user: "u",
      apiToken: "t0ken",
      credentialFrom: "jenkins:apiToken",
    });
  });

  it("drops the password when a token is there, parses booleans, and names both ways when something is missing", () => {
    expect(resolveConnection({ ...base, password: "p" }, {}).password).toBeUndefined();
    expect(resolveConnection({ ...base, insecureSkipTlsVerify: "true" }, {}).insecureSkipTlsVerify).toBe(true);
    expect(() => resolveConnection({ ...base, insecureSkipTlsVerify: "maybe" }, {})).toThrow(/true or false/);
    expect(() => resolveConnection({}, {})).toThrow(/jenkins:url.*JENKINS_URL/);
    expect(() => resolveConnection({ url: base.url }, {})).toThrow(/jenkins:user.*JENKINS_USER/);
    expect(() => resolveConnection({ url: "ftp://x/", user: "u", apiToken: "t" }, {})).toThrow(/http/);
  });

  it("opens 16 connections by default (the engine's parallelism), or as many as configured", () => {
    expect(resolveConnection(base, {}).maxConnections).toBe(16);
    expect(resolveConnection(base, { JENKINS_MAX_CONNECTIONS: "4" }).maxConnections).toBe(4);
    expect(resolveConnection({ ...base, maxConnections: "32" }, { JENKINS_MAX_CONNECTIONS: "4" }).maxConnections).toBe(
      32,
    );
    expect(() => resolveConnection({ ...base, maxConnections: "0" }, {})).toThrow(/jenkins:maxConnections.*1 to 1024/);
    expect(() => resolveConnection({ ...base, maxConnections: "many" }, {})).toThrow(/JENKINS_MAX_CONNECTIONS/);
  });

  it("sends fewer requests at once under load unless jenkins:adaptiveConcurrency (or its variable) says false", () => {
    expect(resolveConnection(base, {}).adaptiveConcurrency).toBe(true);
    expect(resolveConnection(base, { JENKINS_ADAPTIVE_CONCURRENCY: "false" }).adaptiveConcurrency).toBe(false);
    const configured = { ...base, adaptiveConcurrency: "true" };
    expect(resolveConnection(configured, { JENKINS_ADAPTIVE_CONCURRENCY: "0" }).adaptiveConcurrency).toBe(true);
    expect(() => resolveConnection({ ...base, adaptiveConcurrency: "sometimes" }, {})).toThrow(
      /jenkins:adaptiveConcurrency \(or JENKINS_ADAPTIVE_CONCURRENCY\) must be true or false/,
    );
  });

  it("takes the client timeouts from the config, then the environment, and leaves unset ones to the client", () => {
    expect(resolveConnection(base, {})).not.toHaveProperty("headersTimeoutMs");
    expect(
      resolveConnection(
        { ...base, headersTimeoutMs: "180000" },
        { JENKINS_HEADERS_TIMEOUT_MS: "5", JENKINS_BODY_TIMEOUT_MS: "7000" },
      ),
    ).toMatchObject({ headersTimeoutMs: 180000, bodyTimeoutMs: 7000 });
    expect(resolveConnection(base, { JENKINS_CONNECT_TIMEOUT_MS: " 2500 " }).connectTimeoutMs).toBe(2500);
    for (const bad of ["0", "-1", "1.5", "1e9", "soon", "3600001"]) {
      expect(() => resolveConnection({ ...base, connectTimeoutMs: bad }, {})).toThrow(
        "jenkins:connectTimeoutMs (or JENKINS_CONNECT_TIMEOUT_MS) must be a whole number of milliseconds from 1 to 3600000; the default is 10000.",
      );
    }
    expect(resolveConnection({ ...base, bodyTimeoutMs: "3600000" }, {}).bodyTimeoutMs).toBe(3600000);
  });

  it("accepts a PEM or a file path for the CA certificate, without echoing a bad value", () => {
    const pem = "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n";
    expect(resolveConnection({ ...base, caCert: pem }, {}).caCert).toBe(pem);
    let message = "";
    try {
      resolveConnection({ ...base, caCert: "not-a-cert-s3cr3t" }, {});
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toContain("jenkins:caCert");
    expect(message).not.toContain("s3cr3t");
  });
});
