/**
 * Secrets through the language host, in both serialization modes: a freestyle job whose password parameter default
 * comes from a `pulumi.secret` inside configXml, and one from a typed spec. The state and every preview/up/refresh
 * output hold no password; refresh finds no drift; a new password is one update that reaches Jenkins; a password
 * set by hand in Jenkins is drift (shown without values) and `up` puts the declared one back; destroy leaves nothing.
 */
import * as path from "node:path";
import type { JenkinsServer } from "../../provider/server";
import type { JenkinsUser } from "../harness/jenkins-user";
import { recordShown, type OperationResult, type PulumiCli, type Shown } from "../harness/language-host";
import { repoRoot } from "../harness/provider-process";
import { findLeaks, textOf } from "../harness/secrets";
import { MODES } from "../harness/test-server";
import { itemsOnServer } from "./server-items";
import { startStack } from "./stack";
import { QUIET_REFRESH } from "../harness/language-host/quiet-refresh";

const PROJECT = path.join(repoRoot, "test", "language-host", "projects", "secrets");

// The spec's token needs escaping in XML: the provider escapes what it sends.
const FIRST = { deploy: "Dpl-9f3a!first", release: "rel<tok&en>71c2e0" };
const SECOND = "Dpl-4b8d-second";
const BY_HAND = "typed-in-the-ui-5e1";
const escaped = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const ALL = [FIRST.deploy, FIRST.release, escaped(FIRST.release), "71c2e0", SECOND, BY_HAND];

function changed(result: OperationResult): string[] {
  return result.steps
    .filter((s) => s.op !== "same")
    .map((s) => `${s.op} ${s.urn.split("::").pop()}`)
    .sort();
}

/** The password parameter default Jenkins holds, decrypted as the script console would. */
async function heldDefault(server: JenkinsServer, user: JenkinsUser, job: string): Promise<string> {
  const xml = await user.getConfig(job);
  const m = /<hudson\.model\.PasswordParameterDefinition>[\s\S]*?<defaultValue>([^<]*)<\/defaultValue>/.exec(xml);
  if (m === null) throw new Error(`no password parameter in ${job}`);
  const text = m[1].replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");
  return server.decryptSecret(text) ?? text;
}

describe.each(MODES)("secrets through the language host (%s server)", (mode) => {
  let server: JenkinsServer;
  let user: JenkinsUser;
  let cli: PulumiCli;
  const seen: Shown = [];

  // What each operation showed, for the secret scan at the end.
  const shown = recordShown(seen, () => cli.state);

  beforeAll(async () => {
    ({ server, user, cli } = await startStack(PROJECT, { mode }));
    cli.setConfig("deployPassword", FIRST.deploy, { secret: true });
    cli.setConfig("releaseToken", FIRST.release, { secret: true });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("up creates the jobs; Jenkins holds the passwords, stored encrypted", async () => {
    const up = shown("up", await cli.up());
    expect({ ok: up.ok, errors: up.errors }).toEqual({ ok: true, errors: [] });
    expect(changed(up)).toEqual(["create deploy", "create notify", "create release"]);
    expect(await heldDefault(server, user, "deploy")).toBe(FIRST.deploy);
    expect(await heldDefault(server, user, "release")).toBe(FIRST.release);
    // The placeholder travels in the config the state keeps (once, in the inputs; the outputs keep its digest);
    // the values only in the encrypted input.
    const deploy = cli.state.resources.find((r) => r.urn.endsWith("::deploy"));
    expect(deploy?.outputs).not.toHaveProperty("configXml");
    expect(deploy?.inputs.configXml).toContain("<defaultValue>[secret 1]</defaultValue>");
    const notify = cli.state.resources.find((r) => r.urn.endsWith("::notify"));
    expect(notify?.outputs.secretValues).toBeUndefined();
    expect(notify?.inputs.configXml).toContain("./notify.sh '#builds'");
    const release = cli.state.resources.find((r) => r.urn.endsWith("::release"));
    expect(JSON.stringify(release?.inputs.freestyle)).toContain('"default":"[secret 1]"');
  });

  it("a preview has no changes; a refresh finds no drift, nor the preview after it", async () => {
    expect(changed(shown("preview", await cli.preview()))).toEqual([]);
    const refresh = shown("refresh", await cli.refresh());
    expect(refresh).toMatchObject(QUIET_REFRESH);
    expect(changed(shown("preview", await cli.preview()))).toEqual([]);
  });

  it("a job saved for another reason (encrypting a posted plaintext in legacy mode) is still no drift", async () => {
    await user.setDescription("deploy", "Deploys with a password");
    const refresh = shown("refresh", await cli.refresh());
    expect({ ok: refresh.ok, gone: refresh.gone, errors: refresh.errors }).toEqual({ ok: true, gone: [], errors: [] });
    expect(changed(shown("preview", await cli.preview()))).toEqual([]);
    expect(changed(shown("preview", await cli.preview()))).toEqual([]);
  });

  it("a new password is one update of one job, and Jenkins holds it", async () => {
    cli.setConfig("deployPassword", SECOND, { secret: true });
    const preview = shown("preview", await cli.preview());
    expect(changed(preview)).toEqual(["update deploy"]);
    // The config a reviewer reads did not change: only the encrypted input did.
    const step = preview.steps.find((s) => s.op === "update");
    expect(step?.news?.configXml).toBe(step?.oldInputs?.configXml);
    expect(step?.news?.configXml).toContain("<defaultValue>[secret 1]</defaultValue>");
    expect(step?.news?.secretValues).toBe("[secret]");
    server.resetCounters();
    const up = shown("up", await cli.up());
    expect(up.ok).toBe(true);
    expect(changed(up)).toEqual(["update deploy"]);
    const posts = server.requests.filter((r) => r.method === "POST").map((r) => r.path);
    expect(posts).toEqual(["/job/deploy/config.xml"]);
    expect(await heldDefault(server, user, "deploy")).toBe(SECOND);
    expect(changed(shown("preview", await cli.preview()))).toEqual([]);
    expect(shown("refresh", await cli.refresh()).changed).toEqual([]);
  });

  it("a description edited by hand in a job with a secret: the refresh shows that alone, never the secret", async () => {
    await user.setDescription("deploy", "Edited by hand");
    const refresh = shown("refresh", await cli.refresh());
    const step = refresh.steps.find((s) => s.urn.endsWith("::deploy"));
    expect(step?.op).toBe("update");
    expect(step?.display).toBe('      ~ description: "Deploys with a password" => "Edited by hand"');
    expect(refresh.steps.filter((s) => s.op !== "same")).toHaveLength(1);
    const up = shown("up", await cli.up());
    expect(changed(up)).toEqual(["update deploy"]);
    expect(shown("refresh", await cli.refresh())).toMatchObject(QUIET_REFRESH);
  });

  it("a password changed by hand is drift, shown without values, and up puts the declared one back", async () => {
    await user.editConfig("deploy", (xml) => xml.replace(/(<defaultValue>)[^<]*(<\/defaultValue>)/, `$1${BY_HAND}$2`));
    expect(await heldDefault(server, user, "deploy")).toBe(BY_HAND);
    const refresh = shown("refresh", await cli.refresh());
    expect(refresh.changed.map((c) => c.urn.split("::").pop())).toEqual(["deploy"]);
    expect(refresh.changed[0].after.secretDigests).toEqual(["changed in Jenkins"]);
    const preview = shown("preview", await cli.preview());
    expect(changed(preview)).toEqual(["update deploy"]);
    const up = shown("up", await cli.up());
    expect(changed(up)).toEqual(["update deploy"]);
    expect(await heldDefault(server, user, "deploy")).toBe(SECOND);
    expect(shown("refresh", await cli.refresh()).changed).toEqual([]);
    expect(changed(shown("preview", await cli.preview()))).toEqual([]);
  });

  it("no password appears in the state or in anything an operation showed", () => {
    const leaks = seen.flatMap(([label, value]) => findLeaks(label, textOf(value), ALL));
    expect(leaks).toEqual([]);
    expect(seen.length).toBeGreaterThan(20);
  });

  it("destroy leaves nothing", async () => {
    expect(await itemsOnServer(user)).toEqual(["deploy", "notify", "release"]);
    const destroy = await cli.destroy();
    expect(destroy.errors).toEqual([]);
    expect(await itemsOnServer(user)).toEqual([]);
    expect(cli.state.resources).toEqual([]);
  });
});
