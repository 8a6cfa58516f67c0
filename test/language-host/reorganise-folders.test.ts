/**
 * Reorganising folders, as `pulumi up` runs it (examples/reorganise-folders): a folder renamed with a declared job
 * inside it, a job moved into another folder, a job moved and renamed in one change, a folder moved into another
 * folder with its declared job. The preview shows updates
 * only, with old and new full names; `up` renames and moves in place, re-creating nothing, and every job keeps its
 * build history and numbers. Also: an interrupted `up` that the next `up` finishes, and the refusals that leave
 * nothing half done (a rename while a build runs, a name taken at the destination, no permission to move).
 */
import * as path from "node:path";
import type { JenkinsServer } from "../../provider/server";
import type { JenkinsUser } from "../harness/jenkins-user";
import type { PulumiCli, Step } from "../harness/language-host";
import { repoRoot } from "../harness/provider-process";
import { itemsOnServer } from "./server-items";
import { startStack } from "./stack";
import { stepDiffText } from "../../scripts/cli-display";
import { expectCapture } from "../docs/captures";
import { QUIET_REFRESH } from "../harness/language-host/quiet-refresh";

const PROJECT = path.join(repoRoot, "examples", "reorganise-folders");
const BEFORE = ["apps", "apps/build", "apps/deploy", "apps/lint", "platform", "tools", "tools/scan"];
const AFTER = [
  "applications",
  "applications/build",
  "platform",
  "platform/deploy",
  "platform/lint-all",
  "platform/tools",
  "platform/tools/scan",
];

function ops(steps: Step[]): string[] {
  return steps.map((s) => `${s.op} ${s.urn.split("::").pop()}`).sort();
}

async function buildNow(user: JenkinsUser, fullName: string): Promise<void> {
  const jobPath = fullName
    .split("/")
    .map((s) => `job/${s}/`)
    .join("");
  const res = await user.request("POST", `/${jobPath}build?delay=0sec`);
  expect(res.status).toBe(201);
}

async function history(user: JenkinsUser, fullName: string): Promise<{ builds: number[]; nextBuildNumber: number }> {
  const jobPath = fullName
    .split("/")
    .map((s) => `job/${s}/`)
    .join("");
  const res = await user.request("GET", `/${jobPath}api/json`);
  expect(res.status).toBe(200);
  const json = JSON.parse(res.body) as { builds: Array<{ number: number }>; nextBuildNumber: number };
  return { builds: json.builds.map((b) => b.number), nextBuildNumber: json.nextBuildNumber };
}

describe("reorganising folders through the language host", () => {
  let server: JenkinsServer;
  let user: JenkinsUser;
  let cli: PulumiCli;

  beforeEach(async () => {
    ({ server, user, cli } = await startStack(PROJECT));
    const up = await cli.up();
    expect({ ok: up.ok, errors: up.errors }).toEqual({ ok: true, errors: [] });
    expect(await itemsOnServer(user)).toEqual(BEFORE);
    for (const job of ["apps/build", "apps/deploy", "apps/deploy", "apps/lint", "tools/scan"])
      await buildNow(user, job);
    cli.setConfig("layout", "after");
  });
  afterEach(async () => {
    await cli?.destroy();
    await server?.close();
  });

  it("previews updates with old and new full names, then moves and renames in place, keeping history", async () => {
    const preview = await cli.preview();
    expect(ops(preview.steps)).toEqual([
      "same platform",
      "update apps",
      "update build",
      "update deploy",
      "update lint",
      "update scan",
      "update tools",
    ]);
    const moves = Object.fromEntries(
      preview.steps
        .filter((s) => s.op === "update")
        .map((s) => [s.urn.split("::").pop(), `${s.olds?.fullName} => ${s.news?.fullName}`]),
    );
    expect(moves).toEqual({
      apps: "apps => applications",
      build: "apps/build => applications/build",
      deploy: "apps/deploy => platform/deploy",
      lint: "apps/lint => platform/lint-all",
      tools: "tools => platform/tools",
      scan: "tools/scan => platform/tools/scan",
    });

    // The move of `deploy` as `pulumi preview --diff` shows it, on the example's README and in the guide.
    const deploy = preview.steps.find((s) => s.urn.endsWith("::deploy"))!;
    const shown = stepDiffText(deploy).split(server.url).join("https://jenkins.example.com/");
    expectCapture("examples/reorganise-folders/README.md", "move-diff", shown);
    expectCapture("docs/guide/moves-and-renames.md", "move-diff", shown);

    server.resetCounters();
    const up = await cli.up();
    expect({ ok: up.ok, errors: up.errors }).toEqual({ ok: true, errors: [] });
    expect(ops(up.steps)).toEqual(ops(preview.steps));
    const writes = server.requests.filter((r) => r.method === "POST").map((r) => r.path);
    expect(writes.filter((p) => /createItem|doDelete/.test(p))).toEqual([]);
    // The jobs that only follow their folder send nothing.
    expect(writes.filter((p) => p.includes("/build/") || p.includes("/scan/"))).toEqual([]);
    expect(await itemsOnServer(user)).toEqual(AFTER);
    expect(await history(user, "applications/build")).toEqual({ builds: [1], nextBuildNumber: 2 });
    expect(await history(user, "platform/deploy")).toEqual({ builds: [2, 1], nextBuildNumber: 3 });
    expect(await history(user, "platform/lint-all")).toEqual({ builds: [1], nextBuildNumber: 2 });
    expect(await history(user, "platform/tools/scan")).toEqual({ builds: [1], nextBuildNumber: 2 });
    expect(up.outputs).toEqual({
      urls: {
        build: `${server.url}job/applications/job/build/`,
        deploy: `${server.url}job/platform/job/deploy/`,
        lint: `${server.url}job/platform/job/lint-all/`,
        scan: `${server.url}job/platform/job/tools/job/scan/`,
      },
    });

    expect((await cli.preview()).steps.filter((s) => s.op !== "same")).toEqual([]);
    expect(await cli.refresh()).toMatchObject(QUIET_REFRESH);
    expect((await cli.preview()).steps.filter((s) => s.op !== "same")).toEqual([]);
  });

  it("finishes an interrupted reorganisation on the next up, re-creating nothing", async () => {
    // The folder was renamed (by an `up` that stopped right after it, or by hand) before its jobs were updated.
    expect((await user.request("POST", "/job/apps/confirmRename?newName=applications")).status).toBe(302);
    server.resetCounters();
    const up = await cli.up();
    expect({ ok: up.ok, errors: up.errors }).toEqual({ ok: true, errors: [] });
    expect(server.requests.filter((r) => r.method === "POST" && /createItem|doDelete/.test(r.path))).toEqual([]);
    expect(await itemsOnServer(user)).toEqual(AFTER);
    expect(await history(user, "platform/deploy")).toEqual({ builds: [2, 1], nextBuildNumber: 3 });
    expect((await cli.preview()).steps.filter((s) => s.op !== "same")).toEqual([]);
  });

  it("refuses to rename while a build runs, naming the job and what to do, with nothing half done", async () => {
    server.holdBuilds(true);
    await buildNow(user, "apps/lint");
    const up = await cli.up();
    expect(up.ok).toBe(false);
    const lint = up.errors.find((e) => e.urn.endsWith("::lint"));
    expect(lint?.message).toContain('Jenkins job "apps/lint": cannot rename it while a build is running');
    expect(lint?.message).toMatch(/Wait for the build to finish \(or abort it in Jenkins\)/);
    // The folder holds a running build too, so its rename is refused as well; nothing moved half-way.
    const apps = up.errors.find((e) => e.urn.endsWith("::apps"));
    expect(apps?.message).toContain("Unable to rename a folder while a job inside it is building");
    const items = await itemsOnServer(user);
    expect(items).toContain("apps/lint");
    expect(items.filter((i) => i.includes("lint"))).toEqual(["apps/lint"]);

    server.holdBuilds(false);
    const again = await cli.up();
    expect({ ok: again.ok, errors: again.errors }).toEqual({ ok: true, errors: [] });
    expect(await itemsOnServer(user)).toEqual(AFTER);
    expect(await history(user, "platform/lint-all")).toEqual({ builds: [2, 1], nextBuildNumber: 3 });
  });

  it("refuses a move to a folder where the name is taken before changing anything", async () => {
    await user.createJob("platform/deploy", await user.getConfig("apps/deploy"));
    const up = await cli.up();
    const deploy = up.errors.find((e) => e.urn.endsWith("::deploy"));
    // Its folder may be renamed before or after this update runs (the engine runs them in parallel).
    expect(deploy?.message).toMatch(
      /^Jenkins job "(apps|applications)\/deploy": cannot move or rename it to "platform\/deploy": another item already has that name there\. Rename or remove the other item/,
    );
    expect(await history(user, "apps/deploy").catch(() => undefined)).toBeUndefined();
    expect((await itemsOnServer(user)).filter((i) => i.endsWith("/deploy"))).toEqual([
      "applications/deploy",
      "platform/deploy",
    ]);
    expect(await history(user, "applications/deploy")).toEqual({ builds: [2, 1], nextBuildNumber: 3 });
  });
});
