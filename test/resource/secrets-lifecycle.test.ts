/**
 * The Job lifecycle with secrets, methods called directly against the Jenkins-compatible server in both modes:
 * the values go to Jenkins in place of the placeholders, one read after sending records what Jenkins made of them,
 * the encrypted text Jenkins returns is no drift, a new value is one update, a value set by hand is drift, an
 * encrypted value copied from Jenkins is sent and kept as is, and a secret left in clear is refused before any
 * request.
 */
import { createHash } from "node:crypto";
import type { JenkinsServer } from "../../provider/server";
import * as lifecycle from "../../provider/resource/lifecycle";
import { closeClients } from "../../provider/connection/settings";
import { hideInXml } from "../../provider/resource/secrets/hide";
import { CHANGED_IN_JENKINS } from "../../provider/resource/secrets/state";
import { JenkinsUser } from "../harness/jenkins-user";
import { findLeaks, textOf } from "../harness/secrets";
import { ADMIN, MODES, beyondPreflight, calls, startServer, tokenConfig } from "../harness/test-server";
import { checked, createJob, PROVIDER_TEXT, type Props } from "./lifecycle-calls";
import { refreshRead } from "../harness/refresh-read";
import { digestIn } from "../../provider/resource/config-digest";

const PASSWORD = "Lc-7a1f&<pw>";
const NEW_PASSWORD = "Lc-2c9e-new";

function jobXml(value: string): string {
  return `<project>
  <description>with a password</description>
  <properties>
    <hudson.model.ParametersDefinitionProperty>
      <parameterDefinitions>
        <hudson.model.PasswordParameterDefinition>
          <name>PW</name>
          <defaultValue>${value}</defaultValue>
        </hudson.model.PasswordParameterDefinition>
      </parameterDefinitions>
    </hudson.model.ParametersDefinitionProperty>
  </properties>
  <builders><hudson.tasks.Shell><command>./run.sh</command></hudson.tasks.Shell></builders>
</project>`;
}

const escape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** The inputs the Job class registers for a config holding `value`. */
function inputs(name: string, value: string, extra: Props = {}): Props {
  const hidden = hideInXml(jobXml(escape(value)));
  return { name, configXml: hidden.value, secretValues: hidden.values, ...extra };
}

function defaultValueText(xml: string): string {
  const m = /<defaultValue>([^<]*)<\/defaultValue>/.exec(xml);
  if (m === null) throw new Error("no defaultValue");
  return m[1].replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");
}

describe.each(MODES)("Job lifecycle with secrets (%s server)", (mode) => {
  let server: JenkinsServer;
  let user: JenkinsUser;
  const shown: unknown[] = [];

  async function held(job: string): Promise<string> {
    const text = defaultValueText(await user.getConfig(job));
    return server.decryptSecret(text) ?? text;
  }

  async function refresh(id: string, outs: Props): Promise<{ props: Props; drift: boolean }> {
    const res = await refreshRead(lifecycle, id, outs);
    shown.push(res);
    return { props: { ...res.props, __provider: PROVIDER_TEXT }, drift: res.inputs !== undefined };
  }

  beforeAll(async () => {
    server = await startServer(mode);
    user = new JenkinsUser(server.url, { user: ADMIN.name, apiToken: ADMIN.apiToken });
    await lifecycle.configure({ config: { get: (k: string) => tokenConfig(server)[k] } });
  });
  afterAll(async () => {
    await closeClients();
    await server.close();
  });
  beforeEach(() => server.resetCounters());

  let id = "";
  let outs: Props = {};

  it("create sends the value in place of the placeholder, then reads once to record what Jenkins made of it", async () => {
    const created = await createJob(inputs("pw", PASSWORD));
    ({ id, outs } = created);
    shown.push(created.outs);
    expect(beyondPreflight(server)).toEqual(["POST /createItem", "GET /job/pw/config.xml"]);
    expect(await held("pw")).toBe(PASSWORD);
    // The outputs keep the digest of the config with its placeholder, whose text is in the inputs.
    expect(outs.configXml).toBeUndefined();
    expect(digestIn(outs)?.canonical).toBe(
      createHash("sha256").update(String(created.inputs.configXml), "utf8").digest("base64url").slice(0, 22),
    );
    expect(outs.secretValues).toEqual([PASSWORD]);
    const digests = outs.secretDigests as string[];
    // Current Jenkins shows the encrypted text at once; legacy shows the plaintext until the next save.
    if (mode === "current") expect(digests[0]).toMatch(/^[0-9a-f]{64}$/);
    else expect(digests).toEqual([""]);
  });

  it("refresh: Jenkins's encrypted text is no drift, nor is a save that encrypts a posted plaintext", async () => {
    expect((await refresh(id, outs)).drift).toBe(false);
    await user.setDescription("pw", "with a password");
    const after = await refresh(id, outs);
    expect(after.drift).toBe(false);
    outs = after.props;
    expect((outs.secretDigests as string[])[0]).toMatch(/^[0-9a-f]{64}$/);
    expect((await refresh(id, outs)).drift).toBe(false);
  });

  it("the same value plans nothing; a new value is a change of secretValues only, one POST, and Jenkins holds it", async () => {
    const same = await checked(inputs("pw", PASSWORD));
    expect(await lifecycle.diff(id, outs, same)).toMatchObject({ changes: false });
    const news = await checked(inputs("pw", NEW_PASSWORD));
    const diff = await lifecycle.diff(id, outs, news);
    expect(diff).toMatchObject({ changes: true, diffs: ["secretValues"] });
    shown.push(diff);
    server.resetCounters();
    const updated = await lifecycle.update(id, outs, news);
    shown.push(updated);
    expect(calls(server)).toEqual(["POST /job/pw/config.xml", "GET /job/pw/config.xml"]);
    expect(await held("pw")).toBe(NEW_PASSWORD);
    outs = { ...updated.outs, __provider: PROVIDER_TEXT };
    expect((await refresh(id, outs)).drift).toBe(false);
  });

  it("a value set by hand is drift without values, and the update puts the declared one back", async () => {
    await user.editConfig("pw", (xml) => xml.replace(/(<defaultValue>)[^<]*/, "$1set-by-hand"));
    const found = await refresh(id, outs);
    expect(found.drift).toBe(true);
    expect(found.props.secretDigests).toEqual([CHANGED_IN_JENKINS]);
    expect(found.props.configXml).toBeUndefined();
    expect(found.props.__digest).toEqual(outs.__digest);
    const news = await checked(inputs("pw", NEW_PASSWORD));
    expect(await lifecycle.diff(id, found.props, news)).toMatchObject({ changes: true, diffs: ["secretValues"] });
    const updated = await lifecycle.update(id, found.props, news);
    expect(await held("pw")).toBe(NEW_PASSWORD);
    outs = { ...updated.outs, __provider: PROVIDER_TEXT };
    expect((await refresh(id, outs)).drift).toBe(false);
  });

  it("an encrypted value copied from Jenkins is sent as is and Jenkins keeps it; adopting its job sends nothing", async () => {
    await user.setDescription("pw", "saved");
    const blob = defaultValueText(await user.getConfig("pw"));
    expect(blob.startsWith("{AQAAABAAAA")).toBe(true);
    const copy = await createJob({ name: "copy", configXml: hideInXml(jobXml(blob)).value, secretValues: [blob] });
    expect(defaultValueText(await user.getConfig("copy"))).toBe(blob);
    expect(await held("copy")).toBe(NEW_PASSWORD);
    expect((await refresh(copy.id, copy.outs)).drift).toBe(false);
    server.resetCounters();
    const adopted = await createJob({
      name: "copy",
      configXml: hideInXml(jobXml(blob)).value,
      secretValues: [blob],
      adopt: true,
    });
    expect(beyondPreflight(server)).toEqual(["POST /createItem", "GET /job/copy/config.xml"]);
    expect((await refresh(adopted.id, adopted.outs)).drift).toBe(false);
    // A new value set by hand in the adopted job is seen.
    await user.editConfig("copy", (xml) => xml.replace(/(<defaultValue>)[^<]*/, "$1other-by-hand"));
    expect((await refresh(adopted.id, adopted.outs)).drift).toBe(true);
  });

  it("check refuses a secret left in clear, naming its place, before any request", async () => {
    const res = await lifecycle.check({}, { name: "clear", configXml: jobXml("in-clear-9d") });
    expect(res.failures).toEqual([
      {
        property: "configXml",
        reason: expect.stringContaining("PasswordParameterDefinition/defaultValue holds a secret"),
      },
    ]);
    expect(JSON.stringify(res.failures)).not.toContain("in-clear-9d");
    const mismatch = await lifecycle.check({}, { ...inputs("n", "x"), secretValues: ["x", "y"] });
    expect(mismatch.failures?.[0]?.reason).toContain("1 secret placeholder(s) but 2 secret value(s)");
    expect(beyondPreflight(server)).toEqual([]);
  });

  it("no password in outputs, diffs or anything read back", async () => {
    const outputsWithoutValues = shown.map((s) => {
      const copy = JSON.parse(JSON.stringify(s)) as Record<string, Record<string, unknown>>;
      for (const part of [copy, copy.props, copy.outs]) if (part) delete part.secretValues;
      return copy;
    });
    const forms = [PASSWORD, escape(PASSWORD), NEW_PASSWORD, "set-by-hand", "other-by-hand"];
    expect(findLeaks("lifecycle", textOf(outputsWithoutValues), forms)).toEqual([]);
  });
});
