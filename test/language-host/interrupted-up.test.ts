/**
 * An `up` cut short finishes by itself. The state is saved at the end only (`PULUMI_SKIP_CHECKPOINTS=true`, the
 * harness's `checkpoint` option with `every: "end"`); the CLI is killed, program and provider at once, after the
 * server has made the 100th item of a program of a folder, a credential in its store, a view, a job with a secret
 * and 200 jobs. Jenkins then holds part of the program and the state none of it. The next `up`, with no code change,
 * takes over what Jenkins holds as declared (a warning names each), makes the rest, and leaves every job once, the
 * state complete and the next preview clean. A job Jenkins holds with another config still fails as before.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type { JenkinsServer, RequestRecord } from "../../provider/server";
import type { JenkinsUser } from "../harness/jenkins-user";
import type { PulumiCli } from "../harness/language-host";
import { isDynamicType } from "../harness/language-host/state";
import { repoRoot } from "../harness/provider-process";
import { itemsOnServer, viewsOnServer } from "./server-items";
import { startStack } from "./stack";

const PROJECT = path.join(repoRoot, "test", "language-host", "projects", "interrupted-up");
const JOBS = 200;
const KILL_AFTER = 100;
const TOKEN = "Interrupted-token-4e1b";

const madeItem = (r: RequestRecord): boolean => r.method === "POST" && /\/createItem$/.test(r.path) && r.status === 200;
const warnings = (r: { logs: Array<{ severity: string; message: string }> }): string[] =>
  r.logs.filter((l) => l.severity === "warning").map((l) => l.message);

describe("an up cut short, run again with no code change", () => {
  let server: JenkinsServer;
  let user: JenkinsUser;
  let cli: PulumiCli;
  let dir: string;
  let file: string;
  const declared = ["estate", "estate/release", ...Array.from({ length: JOBS }, (_, i) => `estate/service-${i + 1}`)];

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "interrupted-up-"));
    file = path.join(dir, ".pulumi", "stacks", "interrupted-up", "dev.json");
    ({ server, user, cli } = await startStack(PROJECT, { checkpoint: { file, every: "end" } }));
    cli.setConfig("token", TOKEN, { secret: true });
  });
  afterAll(async () => {
    await server?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("takes over what the first run made, makes the rest, and ends with every job once and a clean preview", async () => {
    let made = 0;
    let stopListening = (): void => undefined;
    const killWhen = new Promise<void>((resolve) => {
      stopListening = server.onAnswered((r) => {
        if (madeItem(r) && ++made === KILL_AFTER) resolve();
      });
    });
    const first = await cli.up({ killWhen });
    stopListening();
    expect(first.killed).toBe(true);
    // Killed in the middle: Jenkins holds part of the program, the state (saved at the end only) none of it.
    const before = await itemsOnServer(user);
    expect(before.length).toBeGreaterThanOrEqual(KILL_AFTER);
    expect(before.length).toBeLessThan(declared.length);
    expect(cli.state.resources).toEqual([]);
    expect(await user.credentialIds("estate")).toEqual(["deploy-token"]);
    expect(await viewsOnServer(user)).toContain("estate/services");

    server.resetCounters();
    const second = await cli.up();
    expect({ ok: second.ok, errors: second.errors }).toEqual({ ok: true, errors: [] });
    // One warning for each item taken over, naming it; none for the ones made now.
    const said = warnings(second);
    const takenOver = said.filter((w) => / already existed with the declared /.test(w));
    expect(takenOver).toHaveLength(said.length);
    for (const job of before)
      expect(takenOver).toContainEqual(expect.stringContaining(`Jenkins job "${job}" already existed`));
    expect(takenOver).toContainEqual(expect.stringContaining('Jenkins view "estate/services" already existed'));
    expect(takenOver).toContainEqual(
      expect.stringContaining('Jenkins credential "deploy-token" in the store of folder "estate" already existed'),
    );
    expect(takenOver).toHaveLength(before.length + 2);
    // Nothing made twice: every item created once over both runs, the ones of the first run refused as existing.
    const created = server.requests.filter(madeItem).length;
    expect(created).toBe(declared.length - before.length);
    expect(await itemsOnServer(user)).toEqual([...declared].sort());
    expect(await user.credentialIds("estate")).toEqual(["deploy-token"]);
    expect((await viewsOnServer(user)).filter((v) => v.startsWith("estate/"))).toEqual([
      "estate/All",
      "estate/services",
    ]);

    // The state is complete, in memory and in the file, every resource with its id.
    const dynamic = cli.state.resources.filter((r) => isDynamicType(r.type));
    expect(dynamic).toHaveLength(declared.length + 2);
    expect(dynamic.every((r) => r.id !== "")).toBe(true);
    expect(cli.checkpoint!.load().resources.map((r) => r.urn)).toEqual(cli.state.resources.map((r) => r.urn));
    // The secrets Jenkins holds are the declared ones.
    const folder = server.jobConfigOnDisk("estate") ?? "";
    const credentialSecret = /<secret>([^<]+)<\/secret>/.exec(folder)?.[1] ?? "";
    expect(server.decryptSecret(credentialSecret.trim())).toBe(TOKEN);
    const release = server.jobConfigOnDisk("estate/release") ?? "";
    const defaultValue = /<defaultValue>([^<]+)<\/defaultValue>/.exec(release)?.[1] ?? "";
    expect(server.decryptSecret(defaultValue.trim())).toBe(TOKEN);
    expect(fs.readFileSync(file, "utf8")).not.toContain(TOKEN);

    server.resetCounters();
    const preview = await cli.preview();
    expect({ ok: preview.ok, errors: preview.errors }).toEqual({ ok: true, errors: [] });
    expect(preview.steps.filter((s) => s.op !== "same")).toEqual([]);
    expect(preview.steps).toHaveLength(declared.length + 2);
  }, 600_000);

  it("still refuses a job Jenkins holds with another config, naming it and the fix", async () => {
    await user.createJob(
      `estate/service-${JOBS + 1}`,
      "<project><builders><hudson.tasks.Shell><command>make by-hand</command></hudson.tasks.Shell></builders></project>",
    );
    cli.setConfig("count", JOBS + 1);
    const up = await cli.up();
    cli.removeConfig("count");
    expect(up.ok).toBe(false);
    expect(up.errors.map((e) => e.urn.split("::").pop())).toEqual([`service-${JOBS + 1}`]);
    expect(up.errors[0].message).toContain(
      `Jenkins job "estate/service-${JOBS + 1}" already exists and is not managed by this stack. Jenkins holds ` +
        "another configuration for it than the declared one",
    );
    expect(up.errors[0].message).toContain("set `adopt: true` on this Job");
    expect(await user.getConfig(`estate/service-${JOBS + 1}`)).toContain("make by-hand");
    expect((await user.request("POST", `job/estate/job/service-${JOBS + 1}/doDelete`)).status).toBe(302);
  });

  it("refreshes with no change and destroys every item the state holds", async () => {
    const refresh = await cli.refresh();
    expect({ ok: refresh.ok, changed: refresh.changed, gone: refresh.gone }).toEqual({
      ok: true,
      changed: [],
      gone: [],
    });
    const destroy = await cli.destroy();
    expect({ ok: destroy.ok, errors: destroy.errors }).toEqual({ ok: true, errors: [] });
    expect(await itemsOnServer(user)).toEqual([]);
  });
});
