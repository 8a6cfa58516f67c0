/**
 * Pure units of the Credential resource: what check refuses before any request (naming places, never a secret
 * value), the XML each type is posted as, and how a redacted config read back compares with what is declared.
 */
import { checkCredentialInputs } from "../../provider/credential/inputs";
import {
  declaredFields,
  driftedConfigXml,
  fieldChanges,
  fieldsOfConfig,
  renderCredential,
  sameConfigCredential,
} from "../../provider/credential/render";
import { credentialPath, credentialUrl } from "../../provider/credential/store";
import type { CredentialInputs } from "../../provider/credential/types";
import { UNKNOWN } from "../../provider/dynamic/props";
import { hideInXml } from "../../provider/resource/secrets/hide";

const KEY = "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXk=\n-----END OPENSSH PRIVATE KEY-----\n";
const reasons = (inputs: Record<string, unknown>): string[] =>
  checkCredentialInputs(inputs).failures.map((f) => `${f.property}: ${f.reason}`);

describe("check refuses bad input before any request", () => {
  test("a well-formed secret text passes; domain _ and scope GLOBAL are the defaults, left out", () => {
    const { inputs, failures } = checkCredentialInputs({
      credentialId: "gh-token",
      domain: "_",
      scope: "GLOBAL",
      secretText: {},
      secretValues: ["s3cr3t"],
    });
    expect(failures).toEqual([]);
    expect(inputs).toEqual({ credentialId: "gh-token", secretText: {}, secretValues: ["s3cr3t"] });
  });

  test("an id Jenkins refuses, none or two types, SYSTEM in a folder", () => {
    expect(reasons({ credentialId: "gh token", secretText: {}, secretValues: ["x"] })).toEqual([
      'credentialId: credential id "gh token" may hold only letters, digits, "_", "-" and ".", as Jenkins requires.',
    ]);
    expect(reasons({ credentialId: "a" })[0]).toMatch(/give exactly one of secretText, usernamePassword/);
    expect(
      reasons({ credentialId: "a", secretText: {}, usernamePassword: { username: "u" }, secretValues: ["x"] })[0],
    ).toMatch(/got secretText and usernamePassword/);
    expect(
      reasons({ credentialId: "a", folder: "team", scope: "SYSTEM", secretText: {}, secretValues: ["x"] }),
    ).toEqual(["scope: a folder's store holds only GLOBAL credentials; SYSTEM is for the system store (no folder)."]);
    expect(reasons({ credentialId: "a", scope: "ADMIN", secretText: {}, secretValues: ["x"] })[0]).toMatch(
      /scope must be "GLOBAL" or "SYSTEM"/,
    );
  });

  test("a secret given as a plain input (not through the class) is refused, and its value is never shown", () => {
    const r = reasons({ credentialId: "a", usernamePassword: { username: "u", password: "hunter2" } });
    expect(r.join("\n")).toMatch(/usernamePassword.password arrived as a plain input/);
    expect(r.join("\n")).toMatch(/secret values of usernamePassword are missing/);
    expect(r.join("\n")).not.toContain("hunter2");
  });

  test("an SSH key that is not a key, an empty secret, a file name with a folder", () => {
    expect(reasons({ credentialId: "k", sshPrivateKey: { username: "git" }, secretValues: ["not a key", ""] })).toEqual(
      [
        'sshPrivateKey.privateKey: sshPrivateKey.privateKey is not a private key in PEM or OpenSSH form (no "-----BEGIN … PRIVATE KEY-----" line).',
      ],
    );
    expect(reasons({ credentialId: "k", sshPrivateKey: { username: "git" }, secretValues: [KEY, ""] })).toEqual([]);
    expect(reasons({ credentialId: "t", secretText: {}, secretValues: [""] })).toEqual([
      "secretText.secret: secretText.secret must not be empty.",
    ]);
    expect(reasons({ credentialId: "f", secretFile: { fileName: "a/b" }, secretValues: ["x"] })).toEqual([
      "secretFile.fileName: secretFile.fileName is a file name, without a folder.",
    ]);
  });

  test("values not known yet in a preview pass", () => {
    expect(
      reasons({
        credentialId: UNKNOWN,
        folder: UNKNOWN,
        usernamePassword: { username: UNKNOWN },
        secretValues: UNKNOWN,
      }),
    ).toEqual([]);
  });

  test("configXml: well-formed, its <id> the resource's, a typed class refused, a clear secret refused", () => {
    expect(reasons({ credentialId: "x", configXml: "<a><b></a>" })[0]).toMatch(/configXml is not well-formed XML/);
    expect(reasons({ credentialId: "x", configXml: "<c.Foo><id>y</id></c.Foo>" })[0]).toMatch(
      /has <id>y<\/id> but the resource's id is "x"/,
    );
    expect(
      reasons({
        credentialId: "x",
        configXml: "<org.jenkinsci.plugins.plaincredentials.impl.StringCredentialsImpl/>",
      })[0],
    ).toMatch(/declare it as `secretText` instead/);
    const app = `<org.jenkinsci.plugins.github_branch_source.GitHubAppCredentials><appID>1</appID><privateKey>PEM</privateKey></org.jenkinsci.plugins.github_branch_source.GitHubAppCredentials>`;
    const clear = reasons({ credentialId: "x", configXml: app });
    expect(clear[0]).toMatch(/privateKey holds a secret that was not replaced by a placeholder/);
    expect(clear.join()).not.toContain("PEM");
    const hidden = hideInXml(app);
    expect(hidden.values).toEqual(["PEM"]);
    expect(reasons({ credentialId: "x", configXml: hidden.value, secretValues: hidden.values })).toEqual([]);
  });
});

describe("the XML each type is posted as", () => {
  const base = { credentialId: "deploy", description: "Deploys & more" };

  test("secret text, username/password, SSH key (passphrase only when given), secret file in base64", () => {
    expect(renderCredential({ ...base, secretText: {} }, ["t<k>"])).toBe(
      "<org.jenkinsci.plugins.plaincredentials.impl.StringCredentialsImpl>\n" +
        "  <scope>GLOBAL</scope>\n  <id>deploy</id>\n  <description>Deploys &amp; more</description>\n" +
        "  <secret>t&lt;k&gt;</secret>\n</org.jenkinsci.plugins.plaincredentials.impl.StringCredentialsImpl>\n",
    );
    const up = renderCredential({ ...base, scope: "SYSTEM", usernamePassword: { username: "bot" } }, ["pw"]);
    expect(up).toContain("<scope>SYSTEM</scope>");
    expect(up).toContain(
      "<usernameSecret>false</usernameSecret>\n  <username>bot</username>\n  <password>pw</password>",
    );
    const ssh = renderCredential({ ...base, sshPrivateKey: { username: "git" } }, [KEY, ""]);
    expect(ssh).toContain(
      '<privateKeySource class="com.cloudbees.jenkins.plugins.sshcredentials.impl.BasicSSHUserPrivateKey$DirectEntryPrivateKeySource">',
    );
    expect(ssh).not.toContain("<passphrase>");
    expect(renderCredential({ ...base, sshPrivateKey: { username: "git" } }, [KEY, "pp"])).toContain(
      "<passphrase>pp</passphrase>",
    );
    const file = renderCredential({ ...base, secretFile: { fileName: "kubeconfig" } }, ["apiVersion: v1\n"]);
    expect(file).toContain("<fileName>kubeconfig</fileName>");
    expect(file).toContain(`<secretBytes>${Buffer.from("apiVersion: v1\n").toString("base64")}</secretBytes>`);
  });

  test("configXml gets the resource's id, scope and description, and its values in place of the placeholders", () => {
    const xml = "<c.Aws><accessKey>AK</accessKey><secretKey>[secret 1]</secretKey></c.Aws>";
    const out = renderCredential({ credentialId: "aws", description: "d", configXml: xml }, ["SK"]);
    expect(out).toContain("<scope>GLOBAL</scope>");
    expect(out).toContain("<id>aws</id>");
    expect(out).toContain("<secretKey>SK</secretKey>");
  });

  test("URLs of the system store and of a nested folder's store", () => {
    expect(credentialPath({ folder: "", domain: "_", id: "a" })).toBe(
      "/credentials/store/system/domain/_/credential/a/",
    );
    expect(credentialUrl("http://j/", { folder: "team/apps", domain: "ops", id: "a.b" })).toBe(
      "http://j/job/team/job/apps/credentials/store/folder/domain/ops/credential/a.b/",
    );
  });
});

describe("a redacted config read back against what is declared", () => {
  const redactedUp = (description: string, username: string) =>
    `<com.cloudbees.plugins.credentials.impl.UsernamePasswordCredentialsImpl>
  <scope>GLOBAL</scope><id>bot</id><description>${description}</description>
  <usernameSecret>false</usernameSecret><username>${username}</username><password><secret-redacted/></password>
</com.cloudbees.plugins.credentials.impl.UsernamePasswordCredentialsImpl>`;
  const declared: CredentialInputs = {
    credentialId: "bot",
    description: "CI bot",
    usernamePassword: { username: "ci" },
  };

  test("the same fields are no drift; a hand-changed description or username is", () => {
    expect(fieldChanges(declaredFields(declared), fieldsOfConfig(redactedUp("CI bot", "ci")))).toEqual([]);
    expect(fieldChanges(declaredFields(declared), fieldsOfConfig(redactedUp("edited", "root")))).toEqual([
      "description",
      "username",
    ]);
  });

  test("configXml: secrets on either side are left out; Jenkins's extra defaults are no drift; an edit is", () => {
    const mine = renderCredential({
      credentialId: "aws",
      configXml: "<c.Aws><accessKey>AK</accessKey><secretKey>[secret 1]</secretKey></c.Aws>",
    });
    const theirs = (ak: string) =>
      `<c.Aws><scope>GLOBAL</scope><id>aws</id><description></description><accessKey>${ak}</accessKey><secretKey><secret-redacted/></secretKey><iamRoleArn></iamRoleArn></c.Aws>`;
    expect(sameConfigCredential(mine, theirs("AK"))).toBe(true);
    expect(sameConfigCredential(mine, theirs("OTHER"))).toBe(false);
    const drifted = driftedConfigXml(mine, theirs("OTHER"));
    expect(drifted).toContain("<secretKey>[secret 1]</secretKey>");
    expect(drifted).not.toContain("secret-redacted");
  });
});
