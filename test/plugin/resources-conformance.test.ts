/**
 * The provider plugin's other resource types, driven over gRPC as the engine drives them against the
 * Jenkins-compatible server: View and Credential (create, refresh, update, import by id, delete), FolderSweep
 * and BuildTrigger (create, refresh, delete). Each runs the lifecycle the dynamic resource runs; what is seen here
 * is the plugin's side: the wire values, secrets, detailed diffs and import ids.
 */
import type { JenkinsServer } from "../../provider/server";
import { JenkinsUser } from "../harness/jenkins-user";
import { secret, type PropertyMap } from "../harness/provider-process";
import { startPlugin, type PluginStart } from "../harness/plugin-process";
import { findLeaks, textOf } from "../harness/secrets";
import { ADMIN, credentialForms, startServer } from "../harness/test-server";
import { githubApp, secretFile, secretText, sshKey, usernamePassword } from "../harness/credential-configs";
import { renderListView } from "../../provider/view/list-view";
import { markLine } from "../../provider/ownership/mark";
import { childText, parseXml } from "../../provider/xml/tree";
import { folder, FREESTYLE_XML } from "../harness/job-configs";

const urnOf = (type: string, name: string) => `urn:pulumi:dev::jenkins-jobs::jenkins:index:${type}::${name}`;
const SIG = "4dabf18193072939515e22adb298388d";
const isSecret = (v: unknown) => typeof v === "object" && v !== null && SIG in (v as object);
const PASSWORD = "Cr-5d1b-pass";

/** A property map with every secret shown as `[secret]`, as the CLI shows it. */
function shownAs(v: unknown): unknown {
  if (isSecret(v)) return "[secret]";
  if (Array.isArray(v)) return v.map(shownAs);
  if (typeof v === "object" && v !== null)
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, shownAs(x)]));
  return v;
}

describe("the provider plugin over gRPC: View, Credential, FolderSweep, BuildTrigger", () => {
  let server: JenkinsServer;
  let user: JenkinsUser;
  let plugin: PluginStart;
  const shown: Array<[string, unknown]> = [];

  beforeAll(async () => {
    server = await startServer("current");
    user = new JenkinsUser(server.url, { user: ADMIN.name, apiToken: ADMIN.apiToken });
    await user.createJob("team", folder());
    await user.createJob("team/api", FREESTYLE_XML);
    await user.createJob("team/web", FREESTYLE_XML);
    plugin = await startPlugin({ installed: true });
    await plugin.proc.configureWith({ url: server.url, user: ADMIN.name, apiToken: secret(ADMIN.apiToken) });
  });
  afterAll(async () => {
    await plugin?.close();
    await server?.close();
  });
  beforeEach(() => server.resetCounters());

  const proc = () => plugin.proc;

  async function createThrough(type: string, name: string, news: PropertyMap) {
    const checked = await proc().check(urnOf(type, name), {}, news);
    expect(checked.failures).toEqual([]);
    const created = await proc().create(urnOf(type, name), checked.inputs);
    shown.push([`create ${type} ${name}`, { checked, created }]);
    return { id: created.id, inputs: checked.inputs, outputs: created.properties };
  }

  const posts = () => server.requests.filter((r) => r.method === "POST").map((r) => `POST ${r.path}`);

  it("View: create, refresh, a change named alone in the detailed diff, import by [folder/]name, delete", async () => {
    const state = await createThrough("View", "apps", { name: "apps", folder: "team", listView: { jobs: ["api"] } });
    expect(posts()).toEqual(["POST /job/team/createView"]);
    expect(state.outputs).toMatchObject({ fullName: "team/apps", url: `${server.url}job/team/view/apps/` });
    // Marked with the owner the URN names (project and stack), in Jenkins only: the refresh reads it back unchanged.
    expect(childText(parseXml(await user.getViewConfig("team", "apps")).root, "description")).toBe(
      markLine("jenkins-jobs/dev"),
    );
    const read = await proc().read(urnOf("View", "apps"), state.id, state.outputs, state.inputs);
    expect(read.properties).toEqual(state.outputs);

    const news = { name: "apps", folder: "team", listView: { jobs: ["api", "web"] } };
    const checked = await proc().check(urnOf("View", "apps"), state.inputs, news);
    const diff = await proc().diff(urnOf("View", "apps"), state.id, state.outputs, checked.inputs, state.inputs);
    expect(diff).toEqual({
      changes: "some",
      replaces: [],
      deleteBeforeReplace: false,
      detailedDiff: { listView: { kind: "UPDATE", inputDiff: true } },
    });
    server.resetCounters();
    state.outputs = await proc().update(urnOf("View", "apps"), state.id, state.outputs, checked.inputs);
    expect(posts()).toEqual(["POST /job/team/view/apps/config.xml"]);
    // A new name renames a view in place (its configure form).
    const renamed = await proc().check(urnOf("View", "apps"), checked.inputs, { ...news, name: "apps2" });
    const rename = await proc().diff(urnOf("View", "apps"), state.id, state.outputs, renamed.inputs, checked.inputs);
    expect(rename).toMatchObject({
      changes: "some",
      replaces: [],
      detailedDiff: { name: { kind: "UPDATE" } },
    });

    // import: the id alone; the listView spec the view fits becomes the inputs, which preview clean
    const imported = await proc().read(urnOf("View", "imported"), "team/apps", {});
    expect(imported.id).toBe("team/apps");
    expect(imported.inputs).toEqual({
      name: "apps",
      folder: "team",
      listView: { jobs: ["api", "web"] },
      fullName: "team/apps",
      url: `${server.url}job/team/view/apps/`,
    });
    const again = await proc().check(urnOf("View", "imported"), imported.inputs ?? {}, imported.inputs ?? {});
    expect(again.failures).toEqual([]);
    expect(
      await proc().diff(urnOf("View", "imported"), imported.id, imported.properties, again.inputs, imported.inputs),
    ).toEqual({ changes: "none", replaces: [], deleteBeforeReplace: false });

    server.resetCounters();
    await proc().delete(urnOf("View", "apps"), state.id, state.outputs);
    // One read of its mark of ownership, then the delete.
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      "GET /job/team/view/apps/config.xml",
      "POST /job/team/view/apps/doDelete",
    ]);
    expect((await proc().read(urnOf("View", "apps"), state.id, state.outputs, state.inputs)).id).toBe("");
  });

  it("Credential: a typed secret taken out as the Credential class does, secret in and out, never in clear", async () => {
    const state = await createThrough("Credential", "deploy", {
      id: "deploy-login",
      folder: "team",
      description: "Deploys",
      usernamePassword: { username: "deployer", password: secret(PASSWORD) },
    });
    expect(posts()).toEqual(["POST /job/team/credentials/store/folder/domain/_/createCredentials"]);
    expect(state.inputs).toMatchObject({ credentialId: "deploy-login", usernamePassword: { username: "deployer" } });
    expect(isSecret(state.inputs.secretValues)).toBe(true);
    expect(isSecret(state.outputs.secretValues)).toBe(true);
    expect(await user.credentialIds("team")).toContain("deploy-login");

    const read = await proc().read(urnOf("Credential", "deploy"), state.id, state.outputs, state.inputs);
    expect(read.properties).toEqual(state.outputs);
    // A new password is an update of the secret alone.
    const checked = await proc().check(urnOf("Credential", "deploy"), state.inputs, {
      id: "deploy-login",
      folder: "team",
      description: "Deploys",
      usernamePassword: { username: "deployer", password: secret(`${PASSWORD}-2`) },
    });
    const diff = await proc().diff(
      urnOf("Credential", "deploy"),
      state.id,
      state.outputs,
      checked.inputs,
      state.inputs,
    );
    expect(diff).toMatchObject({ changes: "some", replaces: [], detailedDiff: { secretValues: { kind: "UPDATE" } } });
    state.outputs = await proc().update(urnOf("Credential", "deploy"), state.id, state.outputs, checked.inputs);
    shown.push(["credential update", { checked, diff, outputs: state.outputs, read }]);

    // import of a credential by [folder/]id
    await user.addCredential(
      "team",
      usernamePassword({ id: "by-hand", description: "added by hand", username: "u", password: PASSWORD }),
    );
    const imported = await proc().read(urnOf("Credential", "by-hand"), "team/by-hand", {});
    expect(imported.id).toBe("team/by-hand");
    // Its typed spec with the fields Jenkins shows; Jenkins never shows the password.
    expect(imported.inputs).toEqual({
      credentialId: "by-hand",
      folder: "team",
      description: "added by hand",
      usernamePassword: { username: "u" },
    });
    shown.push(["credential import", imported]);
    // As read, the password is missing, and the check says what to give.
    const asRead = await proc().check(urnOf("Credential", "by-hand"), imported.inputs ?? {}, imported.inputs ?? {});
    expect(asRead.failures).toEqual([
      {
        property: "secretValues",
        reason: expect.stringContaining("give usernamePassword.password as a secret"),
      },
    ]);
    // The program gives the secret; the one change planned is that secret, written once.
    const given = await proc().check(urnOf("Credential", "by-hand"), imported.inputs ?? {}, {
      ...imported.inputs,
      usernamePassword: { username: "u", password: secret(PASSWORD) },
    });
    expect(given.failures).toEqual([]);
    const planned = await proc().diff(
      urnOf("Credential", "by-hand"),
      imported.id,
      imported.properties,
      given.inputs,
      imported.inputs,
    );
    expect(planned).toMatchObject({ changes: "some", replaces: [] });
    expect(Object.keys(planned.detailedDiff ?? {})).toEqual(["secretValues"]);
    shown.push(["credential import plan", { given, planned }]);

    server.resetCounters();
    await proc().delete(urnOf("Credential", "deploy"), state.id, state.outputs);
    expect(await user.credentialIds("team")).not.toContain("deploy-login");

    for (const [label, value] of shown) {
      const text = textOf(shownAs(value));
      expect(text).not.toContain(PASSWORD);
      expect(findLeaks(label, text, credentialForms())).toEqual([]);
    }
  });

  /**
   * `pulumi import` of `id` as the engine drives it: Read with the id alone, then Check and Diff of the program the
   * CLI writes from the read inputs (`program` turns them into it), then a refresh; no request but a GET reaches
   * the server.
   */
  async function importThrough(type: string, name: string, id: string, program = (p: PropertyMap) => p) {
    server.resetCounters();
    const read = await proc().read(urnOf(type, name), id, {});
    const asRead = await proc().check(urnOf(type, name), read.inputs ?? {}, read.inputs ?? {});
    const given = program({ ...read.inputs });
    delete given.fullName;
    delete given.url;
    const checked = await proc().check(urnOf(type, name), read.inputs ?? {}, given);
    const diff = await proc().diff(urnOf(type, name), read.id, read.properties, checked.inputs, read.inputs);
    const refreshed = await proc().read(urnOf(type, name), read.id, read.properties, read.inputs);
    expect(server.requests.filter((r) => r.method !== "GET").map((r) => `${r.method} ${r.path}`)).toEqual([]);
    shown.push([`import ${type} ${id}`, { read, asRead, checked, diff, refreshed }]);
    return { read, asRead, checked, diff, refreshed };
  }

  const noChange = { changes: "none", replaces: [], deleteBeforeReplace: false };

  it("View: imported as the listView spec it fits, written as `pulumi-jenkins import` writes it, else as configXml", async () => {
    const listView = {
      jobs: ["api"],
      includeRegex: "w.*",
      columns: ["hudson.views.StatusColumn", "hudson.views.JobColumn"],
    };
    const busy = renderListView("busy", { jobs: ["api"] }).replace(
      "<filterQueue>false</filterQueue>",
      "<filterQueue>true</filterQueue>",
    );
    for (const [name, xml] of [
      ["tidy", renderListView("tidy", listView)],
      ["busy", busy],
    ]) {
      const made = await user.request("POST", `job/team/createView?name=${name}`, xml, "application/xml");
      expect(made.status).toBe(200);
    }
    const tidy = await importThrough("View", "tidy", "team/tidy");
    expect(tidy.read.inputs).toEqual({
      name: "tidy",
      folder: "team",
      listView,
      fullName: "team/tidy",
      url: `${server.url}job/team/view/tidy/`,
    });
    expect([tidy.checked.failures, tidy.diff, tidy.refreshed.inputs]).toEqual([[], noChange, undefined]);
    // Filtering the queue is something a listView spec cannot say: the config it is.
    const other = await importThrough("View", "busy", "team/busy");
    expect(other.read.inputs).not.toHaveProperty("listView");
    expect(other.read.inputs?.configXml).toContain("<filterQueue>true</filterQueue>");
    expect([other.checked.failures, other.diff, other.refreshed.inputs]).toEqual([[], noChange, undefined]);
  });

  it("Credential: each typed kind imported as its typed fields, any other type as configXml; the program gives the secrets", async () => {
    const held = "Cr-import-5e2c";
    const key = `-----BEGIN OPENSSH PRIVATE KEY-----\n${Buffer.from(held).toString("base64")}\n-----END OPENSSH PRIVATE KEY-----\n`;
    const fromHand: Array<[string, string]> = [
      ["tok", secretText({ id: "tok", description: "A token", secret: held })],
      ["key", sshKey({ id: "key", username: "deploy", privateKey: key, passphrase: held })],
      ["file", secretFile({ id: "file", fileName: "app.env", content: `TOKEN=${held}` })],
      // A username kept secret is something usernamePassword cannot say.
      [
        "hidden-user",
        usernamePassword({ id: "hidden-user", username: "u", password: held }).replace(
          "<usernameSecret>false</usernameSecret>",
          "<usernameSecret>true</usernameSecret>",
        ),
      ],
    ];
    const appKey = `-----BEGIN PRIVATE KEY-----\n${Buffer.from(held).toString("base64")}\n-----END PRIVATE KEY-----`;
    fromHand.push(["app", githubApp({ id: "app", appID: "4242", privateKey: appKey, owner: "acme" })]);
    for (const [, xml] of fromHand) await user.addCredential("team", xml);
    const typed: Array<[string, PropertyMap, PropertyMap, string[]]> = [
      [
        "tok",
        { description: "A token", secretText: {} },
        { secretText: { secret: secret(held) } },
        ["secretText.secret"],
      ],
      [
        "key",
        { sshPrivateKey: { username: "deploy" } },
        { sshPrivateKey: { username: "deploy", privateKey: secret(key), passphrase: secret(held) } },
        ["sshPrivateKey.privateKey"],
      ],
      [
        "file",
        { secretFile: { fileName: "app.env" } },
        { secretFile: { fileName: "app.env", content: secret(`TOKEN=${held}`) } },
        ["secretFile.content"],
      ],
    ];
    for (const [id, fields, secrets, missing] of typed) {
      const step = await importThrough("Credential", id, `team/${id}`, (p) => ({ ...p, ...secrets }));
      expect(step.read.inputs).toEqual({ credentialId: id, folder: "team", description: "", ...fields });
      // As read, the secrets are missing (Jenkins never shows one), and the check names them.
      expect(step.asRead.failures.map((f) => f.reason).join("\n")).toContain(`give ${missing[0]} as a secret`);
      // Given, the one change planned is that secret, written once by the first up.
      expect(step.checked.failures).toEqual([]);
      expect(step.diff).toMatchObject({ changes: "some", replaces: [] });
      expect(Object.keys(step.diff.detailedDiff ?? {})).toEqual(["secretValues"]);
      expect(step.refreshed.inputs).toBeUndefined();
    }
    // A type with no typed kind: its config, each secret a placeholder the program fills.
    const app = await importThrough("Credential", "app", "team/app", (p) => ({
      ...p,
      configXml: secret(String(p.configXml).replace("[secret 1]", appKey)),
    }));
    expect(Object.keys(app.read.inputs ?? {}).sort()).toEqual(["configXml", "credentialId", "description", "folder"]);
    expect(app.read.inputs?.configXml).toContain("<appID>4242</appID>");
    expect(app.read.inputs?.configXml).toContain("<privateKey>[secret 1]</privateKey>");
    expect(app.asRead.failures.map((f) => f.reason).join("\n")).toMatch(/1 secret placeholder\(s\) but 0/);
    expect(app.checked.failures).toEqual([]);
    expect(app.diff).toMatchObject({ changes: "some", replaces: [] });
    expect(Object.keys(app.diff.detailedDiff ?? {})).toEqual(["secretValues"]);
    // A typed class holding what its typed kind cannot say (a username kept secret) is not typed, which would lose
    // it: as `pulumi-jenkins import` declares it, its config.
    const hidden = await proc().read(urnOf("Credential", "hidden-user"), "team/hidden-user", {});
    expect(hidden.inputs).not.toHaveProperty("usernamePassword");
    expect(hidden.inputs?.configXml).toContain("<usernameSecret>true</usernameSecret>");
    // The Credential resource takes no XML of a typed class: such a credential stays Jenkins's (the guides say so).
    const refused = await proc().check(urnOf("Credential", "hidden-user"), hidden.inputs ?? {}, hidden.inputs ?? {});
    expect(refused.failures.map((f) => f.reason).join("\n")).toMatch(/declare it as `usernamePassword` instead/);
    shown.push(["import Credential team/hidden-user", hidden]);
    for (const value of [held, key, appKey]) expect(textOf(shownAs(shown))).not.toContain(value);
  });

  it("FolderSweep: the plan at check, the sweep at create, nothing at refresh and delete; not importable", async () => {
    await user.createJob("sweep", folder());
    await user.createJob("sweep/kept", FREESTYLE_XML);
    await user.createJob("sweep/stray", FREESTYLE_XML);
    const state = await createThrough("FolderSweep", "sweep", {
      folder: "sweep",
      keep: ["sweep/kept"],
      action: "disable",
    });
    expect(state.inputs.plan).toEqual(["disable sweep/stray"]);
    expect(state.outputs).toMatchObject({ folder: "sweep", done: ["disabled sweep/stray"] });
    expect((await user.getConfig("sweep/stray")).includes("<disabled>true</disabled>")).toBe(true);
    server.resetCounters();
    const read = await proc().read(urnOf("FolderSweep", "sweep"), state.id, state.outputs, state.inputs);
    expect(read.properties).toEqual(state.outputs);
    await proc().delete(urnOf("FolderSweep", "sweep"), state.id, state.outputs);
    expect(posts()).toEqual([]);
    await expect(proc().read(urnOf("FolderSweep", "x"), "sweep", {})).rejects.toThrow(/not an item in Jenkins/);
  });

  it("BuildTrigger: create fires one build; refresh and delete send nothing", async () => {
    const state = await createThrough("BuildTrigger", "fire", { job: "team/api" });
    expect(server.builds).toEqual([expect.objectContaining({ job: "team/api" })]);
    expect(state.outputs).toMatchObject({
      job: "team/api",
      kind: "build",
      queueUrl: expect.stringContaining("/queue/item/"),
    });
    server.resetCounters();
    const read = await proc().read(urnOf("BuildTrigger", "fire"), state.id, state.outputs, state.inputs);
    expect(read.properties).toEqual(state.outputs);
    await proc().delete(urnOf("BuildTrigger", "fire"), state.id, state.outputs);
    expect(server.requests).toEqual([]);
    // A change of what fires replaces (fires again), named in the detailed diff.
    const checked = await proc().check(urnOf("BuildTrigger", "fire"), state.inputs, { job: "team/api", triggers: [2] });
    const diff = await proc().diff(
      urnOf("BuildTrigger", "fire"),
      state.id,
      state.outputs,
      checked.inputs,
      state.inputs,
    );
    expect(diff).toMatchObject({
      changes: "some",
      replaces: ["triggers"],
      detailedDiff: { triggers: { kind: "ADD_REPLACE" } },
    });
  });

  it("an unknown type is refused naming the types the plugin serves", async () => {
    await expect(proc().check(urnOf("Node", "n"), {}, { name: "n" })).rejects.toThrow(
      /no resource type "jenkins:index:Node".*jenkins:index:Job/,
    );
  });
});
