/**
 * The Credential lifecycle called directly (layer 1), against the Jenkins-compatible server over HTTP: the requests
 * each step sends (one per create, refresh, update and delete, none for a no-op), the secret Jenkins stores, drift
 * of what Jenkins shows, adoption, replacement, a credential following its folder's rename, the plugin pre-flight.
 */
import { readFileSync } from "node:fs";
import * as path from "node:path";
import * as credentials from "../../provider/credential/lifecycle";
import type { Props } from "../../provider/dynamic/props";
import type { JenkinsServer } from "../../provider/server";
import { githubApp, secretText } from "../harness/credential-configs";
import { folder } from "../harness/job-configs";
import { JenkinsUser } from "../harness/jenkins-user";
import { ADMIN, PREFLIGHT_READS, startServer, tokenConfig } from "../harness/test-server";
import { hideInXml } from "../../provider/resource/secrets/hide";

const KEY = "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjE=\n-----END OPENSSH PRIVATE KEY-----\n";

let server: JenkinsServer;
let user: JenkinsUser;

const sent = (): string[] =>
  server.requests
    .map((r) => `${r.method} ${r.path}`)
    .filter((c) => !PREFLIGHT_READS.includes(c) && !c.startsWith("GET /crumbIssuer"));

async function configure(extra: Record<string, string> = {}): Promise<void> {
  const config: Record<string, string> = { ...tokenConfig(server), ...extra };
  await credentials.configure({ config: { get: (k: string) => config[k] } });
}

async function make(inputs: Props): Promise<{ id: string; outs: Props }> {
  const checked = await credentials.check({}, inputs);
  expect(checked.failures ?? []).toEqual([]);
  const made = await credentials.create(checked.inputs as Props);
  return { id: made.id, outs: made.outs as Props };
}

async function plan(olds: Props, inputs: Props) {
  const checked = await credentials.check(olds, inputs);
  expect(checked.failures ?? []).toEqual([]);
  return { inputs: checked.inputs as Props, diff: await credentials.diff("id", olds, checked.inputs as Props) };
}

/** The plaintext Jenkins holds in a credential's secret field, read from its store on disk and decrypted. */
function storedSecret(store: string, id: string, field: string): string | undefined {
  const text =
    store === ""
      ? readFileSync(path.join(server.dataDir, "credentials.xml"), "utf8")
      : (server.jobConfigOnDisk(store) ?? "");
  const at = text.indexOf(`<id>${id}</id>`);
  if (at < 0) return undefined;
  const m = new RegExp(`<${field}>([^<]*)</${field}>`).exec(text.slice(at));
  return m === null ? undefined : server.decryptSecret(m[1].trim());
}

beforeAll(async () => {
  server = await startServer("current");
  user = new JenkinsUser(server.url, { user: ADMIN.name, apiToken: ADMIN.apiToken });
  await user.createJob("team", folder());
  await configure();
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => server.resetCounters());

describe("one request per step, none for a no-op", () => {
  let state: { id: string; outs: Props };
  const declared = {
    credentialId: "deploy-key",
    folder: "team",
    description: "Deploys",
    sshPrivateKey: { username: "git" },
    secretValues: [KEY, ""],
  };

  test("create is one createCredentials in the folder's store (after the check's listing of its owners); Jenkins holds the key; outputs name it", async () => {
    state = await make(declared);
    // The check reads the owners of the store's credentials once (`api/json?tree=domains[credentials[id,description]]`).
    expect(sent()).toEqual([
      "GET /job/team/credentials/store/folder/api/json",
      "POST /job/team/credentials/store/folder/domain/_/createCredentials",
    ]);
    expect(state.outs.credentialId).toBe("deploy-key");
    expect(state.outs.url).toBe(`${server.url}job/team/credentials/store/folder/domain/_/credential/deploy-key/`);
    expect(storedSecret("team", "deploy-key", "privateKey")).toBe(KEY);
    expect(await user.credentialIds("team")).toEqual(["deploy-key"]);
  });

  test("the same inputs are no change and send nothing", async () => {
    const { diff } = await plan(state.outs, declared);
    expect(diff.changes).toBe(false);
    expect(sent()).toEqual([]);
  });

  test("a refresh is one GET; nothing changed means no inputs reported", async () => {
    const read = await credentials.read(state.id, state.outs);
    expect(sent()).toEqual(["GET /job/team/credentials/store/folder/domain/_/credential/deploy-key/config.xml"]);
    expect(read.inputs).toBeUndefined();
    expect(read.props).toEqual(state.outs);
  });

  test("a new secret value is one update: one config.xml POST, and Jenkins holds the new key", async () => {
    const rotated = KEY.replace("djE=", "djI=");
    expect(rotated).not.toBe(KEY);
    const { inputs, diff } = await plan(state.outs, { ...declared, secretValues: [rotated, ""] });
    expect(diff).toMatchObject({ changes: true, replaces: [], diffs: ["secretValues"] });
    server.resetCounters();
    state.outs = (await credentials.update(state.id, state.outs, inputs)).outs as Props;
    expect(sent()).toEqual(["POST /job/team/credentials/store/folder/domain/_/credential/deploy-key/config.xml"]);
    expect(storedSecret("team", "deploy-key", "privateKey")).toBe(rotated);
    expect(storedSecret("team", "deploy-key", "passphrase")).toBeUndefined();
    declared.secretValues = [rotated, ""];
  });

  test("a description changed by hand is drift a refresh reports; the next update puts the declared one back", async () => {
    await user.request(
      "POST",
      "/job/team/credentials/store/folder/domain/_/credential/deploy-key/config.xml",
      (await user.request("GET", "/job/team/credentials/store/folder/domain/_/credential/deploy-key/config.xml")).body
        .replace("<description>Deploys</description>", "<description>edited by hand</description>")
        .replace(/<privateKey>[\s\S]*?<\/privateKey>/, `<privateKey>${KEY}</privateKey>`),
      "application/xml",
    );
    server.resetCounters();
    const read = await credentials.read(state.id, state.outs);
    expect(sent()).toHaveLength(1);
    expect(read.inputs).toMatchObject({ description: "edited by hand", credentialId: "deploy-key", folder: "team" });
    expect(JSON.stringify(read.inputs)).not.toContain("secret-redacted");
    // The engine cannot take a property map holding undefined (protobuf Struct): absent, not undefined.
    expect(Object.entries({ ...read.props, ...read.inputs }).filter(([, v]) => v === undefined)).toEqual([]);
    const { inputs, diff } = await plan(read.props as Props, declared);
    expect(diff).toMatchObject({ changes: true, replaces: [], diffs: ["description"] });
    server.resetCounters();
    state.outs = (await credentials.update(state.id, read.props as Props, inputs)).outs as Props;
    expect(sent()).toEqual(["POST /job/team/credentials/store/folder/domain/_/credential/deploy-key/config.xml"]);
    expect((await credentials.read(state.id, state.outs)).inputs).toBeUndefined();
  });

  test("secretVersion forces a write of the declared secrets (a hand change of a secret cannot be seen)", async () => {
    const { inputs, diff } = await plan(state.outs, { ...declared, secretVersion: "2026-11-27" });
    expect(diff).toMatchObject({ changes: true, replaces: [], diffs: ["secretVersion"] });
    server.resetCounters();
    state.outs = (await credentials.update(state.id, state.outs, inputs)).outs as Props;
    expect(sent()).toEqual(["POST /job/team/credentials/store/folder/domain/_/credential/deploy-key/config.xml"]);
  });

  test("delete is the read of its mark and one DELETE; a credential already gone is not an error", async () => {
    await credentials.delete(state.id, state.outs);
    expect(sent()).toEqual([
      "GET /job/team/credentials/store/folder/domain/_/credential/deploy-key/config.xml",
      "DELETE /job/team/credentials/store/folder/domain/_/credential/deploy-key/config.xml",
    ]);
    expect(await user.credentialIds("team")).toEqual([]);
    await credentials.delete(state.id, state.outs);
    expect((await credentials.read(state.id, state.outs)).id).toBeUndefined();
  });
});

describe("every type, the system store, adoption, replacement", () => {
  test("secret text, username/password and secret file in the system store hold the declared secrets", async () => {
    await make({ credentialId: "gh-token", secretText: {}, secretValues: ["ghp_abc"] });
    await make({ credentialId: "bot", scope: "SYSTEM", usernamePassword: { username: "ci" }, secretValues: ["pw"] });
    await make({ credentialId: "kube", secretFile: { fileName: "config" }, secretValues: ["apiVersion: v1\n"] });
    expect(sent().filter((c) => c.startsWith("POST"))).toEqual([
      "POST /credentials/store/system/domain/_/createCredentials",
      "POST /credentials/store/system/domain/_/createCredentials",
      "POST /credentials/store/system/domain/_/createCredentials",
    ]);
    expect(storedSecret("", "gh-token", "secret")).toBe("ghp_abc");
    expect(storedSecret("", "bot", "password")).toBe("pw");
    expect(Buffer.from(storedSecret("", "kube", "secretBytes") ?? "", "base64").toString("utf8")).toBe(
      "apiVersion: v1\n",
    );
  });

  test("an existing id fails naming the credential, its store, the status and the fix; adopt takes it over", async () => {
    await user.addCredential("team", secretText({ id: "npm", secret: "old", description: "by hand" }));
    const checked = await credentials.check(
      {},
      { credentialId: "npm", folder: "team", secretText: {}, secretValues: ["new"] },
    );
    await expect(credentials.create(checked.inputs as Props)).rejects.toThrow(
      /Jenkins credential "team\/folder\/_\/npm".*HTTP 409.*other fields than the declared ones.*Set adopt: true/s,
    );
    expect(storedSecret("team", "npm", "secret")).toBe("old");
    server.resetCounters();
    const adopted = await make({
      credentialId: "npm",
      folder: "team",
      adopt: true,
      description: "by hand",
      secretText: {},
      secretValues: ["new"],
    });
    // The existing credential's config is read once, for the owner its mark names.
    expect(sent()).toEqual([
      "POST /job/team/credentials/store/folder/domain/_/createCredentials",
      "GET /job/team/credentials/store/folder/domain/_/credential/npm/config.xml",
      "POST /job/team/credentials/store/folder/domain/_/credential/npm/config.xml",
    ]);
    expect(storedSecret("team", "npm", "secret")).toBe("new");
    await credentials.delete(adopted.id, adopted.outs);
  });

  test("without adopt, a credential Jenkins holds with every declared field is taken over, its secret written", async () => {
    // As an `up` cut short after the create and before the state was saved leaves it.
    await user.addCredential("team", secretText({ id: "made-before", secret: "first", description: "Registry" }));
    const written: string[] = [];
    const said = jest.spyOn(process.stderr, "write").mockImplementation((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    });
    server.resetCounters();
    let taken: { id: string; outs: Props };
    try {
      taken = await make({
        credentialId: "made-before",
        folder: "team",
        description: "Registry",
        secretText: {},
        secretValues: ["second"],
      });
    } finally {
      said.mockRestore();
    }
    // Refused as existing, read once (the secret redacted), then written with the declared secret.
    expect(sent()).toEqual([
      "POST /job/team/credentials/store/folder/domain/_/createCredentials",
      "GET /job/team/credentials/store/folder/domain/_/credential/made-before/config.xml",
      "POST /job/team/credentials/store/folder/domain/_/credential/made-before/config.xml",
    ]);
    expect(storedSecret("team", "made-before", "secret")).toBe("second");
    const warnings = written.filter((t) => t.startsWith("warning: "));
    expect(warnings).toEqual([
      expect.stringMatching(
        /^warning: Jenkins credential "made-before" in the store of folder "team" already existed with the declared fields .*its secrets were set to the declared ones\.\n$/,
      ),
    ]);
    expect(warnings.join("")).not.toContain("second");
    await credentials.delete(taken.id, taken.outs);
  });

  test("a new id or domain replaces; another type under the same id is deleted first", async () => {
    const made = await make({ credentialId: "t1", secretText: {}, secretValues: ["x"] });
    expect((await plan(made.outs, { credentialId: "t2", secretText: {}, secretValues: ["x"] })).diff).toMatchObject({
      replaces: ["credentialId"],
      deleteBeforeReplace: false,
    });
    expect(
      (await plan(made.outs, { credentialId: "t1", usernamePassword: { username: "u" }, secretValues: ["x"] })).diff,
    ).toMatchObject({ replaces: ["usernamePassword"], deleteBeforeReplace: true });
    expect(
      (await plan(made.outs, { credentialId: "t1", folder: "team", secretText: {}, secretValues: ["x"] })).diff,
    ).toMatchObject({ replaces: ["folder"] });
    await credentials.delete(made.id, made.outs);
  });

  test("an update of a credential deleted by hand names it and says to refresh", async () => {
    const made = await make({ credentialId: "gone-soon", secretText: {}, secretValues: ["x"] });
    await user.request("DELETE", "/credentials/store/system/domain/_/credential/gone-soon/config.xml");
    const { inputs } = await plan(made.outs, {
      credentialId: "gone-soon",
      description: "d",
      secretText: {},
      secretValues: ["x"],
    });
    await expect(credentials.update(made.id, made.outs, inputs)).rejects.toThrow(
      /Jenkins credential "system\/_\/gone-soon".*HTTP 404.*run `pulumi refresh`, then `pulumi up` makes it again/s,
    );
  });

  test("bad input fails the check before any request", async () => {
    const checked = await credentials.check({}, { credentialId: "bad id", secretText: {}, secretValues: ["x"] });
    expect(checked.failures?.[0].property).toBe("credentialId");
    expect(sent()).toEqual([]);
  });
});

describe("a configXml credential of another plugin's type", () => {
  test("a GitHub App: created, stored encrypted, refreshed without drift, no secret in the outputs", async () => {
    const pem = "-----BEGIN PRIVATE KEY-----\nMIIEvQIBADAN-app-7f3\n-----END PRIVATE KEY-----\n";
    // What a program gives: the key as a placeholder, its value a secret input (Credential does this itself).
    const hidden = hideInXml(githubApp({ appID: "424242", privateKey: pem, owner: "acme" }));
    expect(hidden.values).toEqual([pem]);
    const declared = { credentialId: "gh-app", folder: "team", configXml: hidden.value, secretValues: hidden.values };
    const made = await make(declared);
    expect(sent()).toEqual(["POST /job/team/credentials/store/folder/domain/_/createCredentials"]);
    expect(storedSecret("team", "gh-app", "privateKey")).toBe(pem);
    expect(server.jobConfigOnDisk("team")).not.toContain("MIIEvQIBADAN-app-7f3");
    server.resetCounters();
    const read = await credentials.read(made.id, made.outs);
    expect(sent()).toEqual(["GET /job/team/credentials/store/folder/domain/_/credential/gh-app/config.xml"]);
    expect(read.inputs).toBeUndefined();
    expect(read.props).toEqual(made.outs);
    const { diff } = await plan(made.outs, declared);
    expect(diff.changes).toBe(false);
    const { secretValues, ...plain } = made.outs;
    expect(JSON.stringify(plain)).not.toContain("MIIEvQIBADAN-app-7f3");
    expect(secretValues).toEqual([pem]); // the one output that holds it, which Pulumi keeps encrypted
    // The inputs hold the config; the outputs a digest of it.
    expect(made.outs).not.toHaveProperty("configXml");
    expect(JSON.stringify(made.outs)).not.toContain("424242");

    // Edited in Jenkins: the outputs hold Jenkins's copy (the key as its placeholder) instead of the digest.
    const edited = githubApp({ id: "gh-app", appID: "515151", privateKey: pem, owner: "acme" });
    const path = "/job/team/credentials/store/folder/domain/_/credential/gh-app/config.xml";
    expect((await user.request("POST", path, edited, "application/xml")).status).toBe(200);
    const drift = await credentials.read(made.id, made.outs);
    expect(drift.props).not.toHaveProperty("__digest");
    expect(String(drift.props?.configXml)).toContain("<appID>515151</appID>");
    expect(String(drift.inputs?.configXml)).toContain("<appID>515151</appID>");
    expect(String(drift.inputs?.configXml)).toContain("<privateKey>[secret 1]</privateKey>");
    expect((await plan(drift.props as Props, declared)).diff.changes).toBe(true);
  });
});

describe("a credential whose folder was renamed in place follows it", () => {
  test("the old store is gone and the credential is in the new one: an update that sends nothing", async () => {
    await user.createJob("ops", folder());
    const made = await make({ credentialId: "vault", folder: "ops", secretText: {}, secretValues: ["v"] });
    const renamed = await user.request("POST", "/job/ops/confirmRename?newName=platform");
    expect([302, 200]).toContain(renamed.status);
    server.resetCounters();
    const { inputs, diff } = await plan(made.outs, {
      credentialId: "vault",
      folder: "platform",
      secretText: {},
      secretValues: ["v"],
    });
    expect(diff).toMatchObject({ changes: true, replaces: [], diffs: ["folder"] });
    server.resetCounters();
    const outs = (await credentials.update(made.id, made.outs, inputs)).outs as Props;
    expect(sent().filter((c) => !c.startsWith("GET"))).toEqual([]);
    expect(outs.url).toBe(`${server.url}job/platform/credentials/store/folder/domain/_/credential/vault/`);
    expect(storedSecret("platform", "vault", "secret")).toBe("v");
    expect((await credentials.read(made.id, outs)).inputs).toBeUndefined();
  });
});

describe("the plugin pre-flight of a credential type", () => {
  test("a type whose plugin is missing fails the preview, naming the plugin", async () => {
    const bare = await startServer("current", {
      plugins: Object.fromEntries(
        Object.entries((await import("../../provider/server/xstream/plugins")).INSTALLED_PLUGINS).filter(
          ([n]) => n !== "ssh-credentials",
        ),
      ),
    });
    try {
      const config: Record<string, string> = tokenConfig(bare);
      await credentials.configure({ config: { get: (k: string) => config[k] } });
      const checked = await credentials.check(
        {},
        { credentialId: "k", sshPrivateKey: { username: "git" }, secretValues: [KEY, ""] },
      );
      expect(checked.failures?.[0].reason).toMatch(/plugin "ssh-credentials" is not installed/);
      const text = await credentials.check({}, { credentialId: "t", secretText: {}, secretValues: ["x"] });
      expect(text.failures ?? []).toEqual([]);
    } finally {
      await bare.close();
      await configure();
    }
  });
});

describe("named controllers and errors", () => {
  test("a credential on a named controller goes to that controller; another controller replaces it", async () => {
    const second = await startServer("current");
    try {
      await configure({
        "jenkins:controllers": JSON.stringify({ ci2: { url: second.url, user: ADMIN.name, apiToken: ADMIN.apiToken } }),
      });
      second.resetCounters();
      const made = await make({ credentialId: "elsewhere", controller: "ci2", secretText: {}, secretValues: ["x"] });
      expect(made.outs.url).toBe(`${second.url}credentials/store/system/domain/_/credential/elsewhere/`);
      expect(second.requests.filter((r) => r.method === "POST").map((r) => r.path)).toEqual([
        "/credentials/store/system/domain/_/createCredentials",
      ]);
      expect(sent()).toEqual([]);
      expect(
        (await plan(made.outs, { credentialId: "elsewhere", secretText: {}, secretValues: ["x"] })).diff,
      ).toMatchObject({ replaces: ["controller"] });
      await credentials.delete(made.id, made.outs);
      const unknown = await credentials.check(
        {},
        { credentialId: "a", controller: "nope", secretText: {}, secretValues: ["x"] },
      );
      expect(unknown.failures?.[0].property).toBe("controller");
    } finally {
      await second.close();
      await configure();
    }
  });

  test("a credential that cannot reach its Jenkins fails the preview naming the setting to fix", async () => {
    const wrong: Record<string, string> = { ...tokenConfig(server), "jenkins:apiToken": "11" + "0".repeat(32) };
    await credentials.configure({ config: { get: (k: string) => wrong[k] } });
    try {
      const checked = await credentials.check({}, { credentialId: "never", secretText: {}, secretValues: ["x"] });
      expect(checked.failures?.[0].reason).toMatch(
        /^Jenkins credential "system\/_\/never" cannot be planned: .*jenkins:apiToken/s,
      );
      expect(checked.failures?.[0].reason).not.toContain("0".repeat(32));
    } finally {
      await configure();
    }
  });

  test("a create Jenkins refuses names the credential, its store and the status, and never a secret", async () => {
    await configure({ "jenkins:pluginCheck": "off" });
    const bare = await startServer("current", {
      plugins: Object.fromEntries(
        Object.entries((await import("../../provider/server/xstream/plugins")).INSTALLED_PLUGINS).filter(
          ([n]) => n !== "ssh-credentials",
        ),
      ),
    });
    try {
      const config: Record<string, string> = { ...tokenConfig(bare), "jenkins:pluginCheck": "off" };
      await credentials.configure({ config: { get: (k: string) => config[k] } });
      const checked = await credentials.check(
        {},
        {
          credentialId: "k",
          folder: undefined,
          sshPrivateKey: { username: "git" },
          secretValues: [KEY, "pass-phrase-77"],
        },
      );
      const error = await credentials.create(checked.inputs as Props).then(
        () => undefined,
        (e: unknown) => e as Error,
      );
      expect(error?.message).toMatch(/Jenkins credential "system\/_\/k".*HTTP 500/s);
      expect(`${error?.message}\n${error?.stack}`).not.toContain("b3BlbnNzaC1rZXktdjE");
      expect(`${error?.message}\n${error?.stack}`).not.toContain("pass-phrase-77");
    } finally {
      await bare.close();
      await configure();
    }
  });
});
