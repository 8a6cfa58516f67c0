/**
 * Credentials through the language host (examples/credentials): a folder with an SSH key and a secret text in its
 * store, a login in the system store, a pipeline from git and a freestyle job using them by reference. Up creates
 * them (one createCredentials each) and Jenkins holds the declared secrets; plans are clean after up and refresh; a
 * new secret is one update; a description changed by hand is drift that up restores; a job naming an id found
 * nowhere in its scope fails the preview with the id and the stores; renaming the folder moves its credentials
 * with it (updates, no delete, no create); no secret is in the state or anything shown; destroy empties the
 * folder of its credentials before deleting it and leaves no credential behind.
 */
import { readFileSync } from "node:fs";
import * as path from "node:path";
import type { JenkinsServer } from "../../provider/server";
import type { JenkinsUser } from "../harness/jenkins-user";
import { previewDiff, recordShown, type OperationResult, type PulumiCli, type Shown } from "../harness/language-host";
import { repoRoot } from "../harness/provider-process";
import { findLeaks, textOf } from "../harness/secrets";
import { startStack } from "./stack";
import { QUIET_REFRESH } from "../harness/language-host/quiet-refresh";

const PROJECT = path.join(repoRoot, "examples", "credentials");

const DEPLOY_KEY =
  "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmU7f3c9\n-----END OPENSSH PRIVATE KEY-----\n";
const TOKEN = "reg-tok-8c1f0e2a";
const NEW_TOKEN = "reg-tok-second-44d1";
// Its distinctive fragment is no hex: the state holds SHA-256 digests, where any three hex digits turn up by chance.
const PASSWORD = "bot<pw&xq7>";
const SECRETS = [
  DEPLOY_KEY,
  "b3BlbnNzaC1rZXktdjEAAAAABG5vbmU7f3c9",
  TOKEN,
  NEW_TOKEN,
  PASSWORD,
  "bot&lt;pw&amp;xq7&gt;",
  "xq7",
];

const changes = (r: OperationResult): string[] =>
  r.steps
    .filter((s) => s.op !== "same")
    .map((s) => `${s.op} ${s.urn.split("::").pop()}`)
    .sort();
const writes = (server: JenkinsServer): string[] =>
  server.requests.filter((r) => r.method !== "GET").map((r) => `${r.method} ${r.path}`);

describe("credentials as code, through the language host", () => {
  let server: JenkinsServer;
  let user: JenkinsUser;
  let cli: PulumiCli;
  const seen: Shown = [];

  // What each operation showed, for the secret scan at the end.
  const shown = recordShown(seen, () => cli.state);

  /** The plaintext Jenkins holds in a credential's secret field (its store on disk, decrypted). */
  function held(store: string, id: string, field: string): string | undefined {
    const text =
      store === ""
        ? readFileSync(path.join(server.dataDir, "credentials.xml"), "utf8")
        : (server.jobConfigOnDisk(store) ?? "");
    const at = text.indexOf(`<id>${id}</id>`);
    const m = at < 0 ? null : new RegExp(`<${field}>([^<]*)</${field}>`).exec(text.slice(at));
    return m === null ? undefined : server.decryptSecret(m[1].trim());
  }

  async function expectClean(label: string): Promise<void> {
    const plan = shown(label, await cli.preview());
    expect({ ok: plan.ok, changes: changes(plan) }).toEqual({ ok: true, changes: [] });
  }

  beforeAll(async () => {
    ({ server, user, cli } = await startStack(PROJECT));
    cli.setConfig("deployKey", DEPLOY_KEY, { secret: true });
    cli.setConfig("registryToken", TOKEN, { secret: true });
    cli.setConfig("botPassword", PASSWORD, { secret: true });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("up makes the folder, its two credentials, the system one and the jobs; Jenkins holds the secrets", async () => {
    const preview = shown("first preview", await cli.preview());
    expect({ ok: preview.ok, errors: preview.errors }).toEqual({ ok: true, errors: [] });
    server.resetCounters();
    const up = shown("up", await cli.up());
    expect({ ok: up.ok, errors: up.errors }).toEqual({ ok: true, errors: [] });
    expect(changes(up)).toEqual([
      "create api",
      "create deploy-key",
      "create git-bot",
      "create platform",
      "create registry-token",
      "create release",
    ]);
    expect(
      writes(server)
        .filter((w) => w.includes("createCredentials"))
        .sort(),
    ).toEqual([
      "POST /credentials/store/system/domain/_/createCredentials",
      "POST /job/platform/credentials/store/folder/domain/_/createCredentials",
      "POST /job/platform/credentials/store/folder/domain/_/createCredentials",
    ]);
    expect((await user.credentialIds("platform")).sort()).toEqual(["deploy-key", "registry-token"]);
    expect(await user.credentialIds(undefined)).toEqual(["git-bot"]);
    expect(held("platform", "deploy-key", "privateKey")).toBe(DEPLOY_KEY);
    expect(held("platform", "registry-token", "secret")).toBe(TOKEN);
    expect(held("", "git-bot", "password")).toBe(PASSWORD);
    expect(await user.getConfig("platform/api")).toContain("<credentialsId>deploy-key</credentialsId>");
    expect(up.outputs.credentialUrls).toEqual([
      `${server.url}job/platform/credentials/store/folder/domain/_/credential/deploy-key/`,
      `${server.url}job/platform/credentials/store/folder/domain/_/credential/registry-token/`,
      `${server.url}credentials/store/system/domain/_/credential/git-bot/`,
    ]);
    await expectClean("preview after up");
    expect(shown("refresh", await cli.refresh())).toMatchObject(QUIET_REFRESH);
    await expectClean("preview after refresh");
  });

  it("a new secret value is one update of that credential, one request, and Jenkins holds it", async () => {
    cli.setConfig("registryToken", NEW_TOKEN, { secret: true });
    const plan = shown("preview new token", await cli.preview());
    expect(changes(plan)).toEqual(["update registry-token"]);
    const step = plan.steps.find((s) => s.op === "update");
    expect(step?.news?.secretValues).toBe("[secret]");
    // What a reviewer reads in `preview --diff`, kept for the scan at the end: no value shown.
    seen.push(["preview --diff new token", previewDiff(step!)]);
    server.resetCounters();
    const up = shown("up new token", await cli.up());
    expect(changes(up)).toEqual(["update registry-token"]);
    expect(writes(server)).toEqual([
      "POST /job/platform/credentials/store/folder/domain/_/credential/registry-token/config.xml",
    ]);
    expect(held("platform", "registry-token", "secret")).toBe(NEW_TOKEN);
    await expectClean("preview after new token");
  });

  it("a description changed by hand is drift a refresh finds, and up puts the declared one back in one request", async () => {
    const url = "/job/platform/credentials/store/folder/domain/_/credential/registry-token/config.xml";
    const redacted = (await user.request("GET", url)).body;
    const edited = redacted
      .replace(/<description>[^<]*<\/description>/, "<description>edited in the UI</description>")
      .replace(/<secret>[\s\S]*?<\/secret>/, `<secret>${NEW_TOKEN}</secret>`);
    expect((await user.request("POST", url, edited, "application/xml")).status).toBe(200);
    const refresh = shown("refresh after edit", await cli.refresh());
    expect(refresh.changed.map((c) => c.urn.split("::").pop())).toEqual(["registry-token"]);
    expect(refresh.changed[0].after.description).toBe("edited in the UI");
    // What `pulumi refresh --diff` shows of it: the description that changed, no digest of the config.
    const [step] = refresh.steps.filter((s) => s.op === "update");
    expect(step.urn.split("::").pop()).toBe("registry-token");
    expect(step.display).toContain('"edited in the UI"');
    expect(step.display).not.toMatch(/digest|[0-9a-f]{40}/i);
    expect(step.display.split("\n").length).toBeLessThanOrEqual(15);
    // No output that is no input change shows up, neither removed here nor added by the next preview.
    expect(step.display).not.toMatch(/\burl\b/);
    const after = shown("preview after edit", await cli.preview());
    expect(changes(after)).toEqual(["update registry-token"]);
    const [planned] = after.steps.filter((s) => s.op === "update");
    expect(previewDiff(planned)).toContain("description");
    expect(previewDiff(planned)).not.toMatch(/\burl\b/);
    server.resetCounters();
    const up = shown("up after edit", await cli.up());
    expect(changes(up)).toEqual(["update registry-token"]);
    expect(writes(server)).toEqual([`POST ${url}`]);
    // The declared description again, its last line the stack's mark of ownership.
    expect((await user.request("GET", url)).body).toMatch(
      /<description>Pushes images to the registry\n\nManaged as code by credentials\/dev\. [^<]+<\/description>/,
    );
    expect(held("platform", "registry-token", "secret")).toBe(NEW_TOKEN);
    await expectClean("preview after restore");
  });

  it("a job naming an id found nowhere in its scope fails the preview, naming the id, the stores and the closest id", async () => {
    cli.setConfig("typo", true);
    server.resetCounters();
    const plan = shown("preview with typo", await cli.preview());
    expect(plan.ok).toBe(false);
    expect(plan.errors.map((e) => e.urn.split("::").pop())).toEqual(["broken"]);
    expect(plan.errors[0].message).toContain(
      'Jenkins job "platform/broken" names credential "deploy-kye" (closest existing: "deploy-key")',
    );
    expect(plan.errors[0].message).toContain('searched folder "platform", then the system store');
    expect(writes(server)).toEqual([]);
    cli.setConfig("typo", false);
    await expectClean("preview without typo");
  });

  it("renaming the folder takes its credentials along: updates in place, no delete, no create", async () => {
    cli.setConfig("folderName", "platform-team");
    const plan = shown("preview rename", await cli.preview());
    for (const step of plan.steps) seen.push([`preview --diff rename ${step.urn}`, previewDiff(step)]);
    expect(changes(plan)).toEqual([
      "update api",
      "update deploy-key",
      "update platform",
      "update registry-token",
      "update release",
    ]);
    server.resetCounters();
    const up = shown("up rename", await cli.up());
    expect({ ok: up.ok, errors: up.errors }).toEqual({ ok: true, errors: [] });
    expect(changes(up)).toEqual(plan.steps.length > 0 ? changes(plan) : []);
    expect(writes(server).filter((w) => /createCredentials|DELETE|doDelete|createItem/.test(w))).toEqual([]);
    expect((await user.credentialIds("platform-team")).sort()).toEqual(["deploy-key", "registry-token"]);
    expect(held("platform-team", "deploy-key", "privateKey")).toBe(DEPLOY_KEY);
    await expectClean("preview after rename");
    expect(shown("refresh after rename", await cli.refresh())).toMatchObject(QUIET_REFRESH);
    await expectClean("preview after rename and refresh");
  });

  it("no secret is in the state or in anything an operation showed", () => {
    const leaks = seen.flatMap(([label, value]) => findLeaks(label, textOf(value), SECRETS));
    expect(leaks).toEqual([]);
    expect(seen.length).toBeGreaterThan(15);
  });

  it("destroy empties the folder of its credentials before deleting it, and leaves no credential behind", async () => {
    server.resetCounters();
    const destroy = await cli.destroy();
    expect(destroy.errors).toEqual([]);
    const deletes = writes(server).filter((w) => /^DELETE .*credential|doDelete$/.test(w));
    const folderGone = deletes.indexOf("POST /job/platform-team/doDelete");
    expect(folderGone).toBeGreaterThan(0);
    expect(
      deletes
        .slice(0, folderGone)
        .filter((d) => d.includes("/job/platform-team/credentials/"))
        .sort(),
    ).toEqual([
      "DELETE /job/platform-team/credentials/store/folder/domain/_/credential/deploy-key/config.xml",
      "DELETE /job/platform-team/credentials/store/folder/domain/_/credential/registry-token/config.xml",
    ]);
    expect(deletes).toContain("DELETE /credentials/store/system/domain/_/credential/git-bot/config.xml");
    expect(await user.credentialIds(undefined)).toEqual([]);
    expect(await user.exists("platform-team")).toBe(false);
    expect(cli.state.resources).toEqual([]);
  });
});
