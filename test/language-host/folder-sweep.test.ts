/**
 * FolderSweep through the language host (examples/folder-sweep): unmanaged items in the owned folder are reported,
 * previewed as a plan, and deleted on `up` — exactly those, never a declared job (including ones created in the
 * same `up`) and nothing outside the folder. An item with builds is refused unless `deleteWithBuilds`. Bad input
 * fails the preview and sends nothing.
 */
import * as path from "node:path";
import type { JenkinsServer } from "../../provider/server";
import type { JenkinsUser } from "../harness/jenkins-user";
import type { PulumiCli } from "../harness/language-host";
import { repoRoot } from "../harness/provider-process";
import { itemsOnServer } from "./server-items";
import { startStack } from "./stack";
import { stepDiffText } from "../../scripts/cli-display";
import { expectCapture } from "../docs/captures";

const PROJECT = path.join(repoRoot, "examples", "folder-sweep");
const JOB = `<?xml version='1.1' encoding='UTF-8'?>
<project>
  <builders>
    <hudson.tasks.Shell>
      <command>echo by hand</command>
    </hudson.tasks.Shell>
  </builders>
</project>
`;

describe("FolderSweep", () => {
  let server: JenkinsServer;
  let user: JenkinsUser;
  let cli: PulumiCli;

  beforeAll(async () => {
    ({ server, user, cli } = await startStack(PROJECT, { server: { quietPeriodMs: 0 } }));
  });
  afterAll(async () => {
    await cli?.destroy();
    await server?.close();
  });

  it("reports what is unmanaged on the first up, which creates the declared jobs and touches nothing else", async () => {
    const up = await cli.up();
    expect({ ok: up.ok, errors: up.errors }).toEqual({ ok: true, errors: [] });
    expect(up.outputs).toEqual({ plan: [], done: [] });
    await user.createJob("apps/old-job", JOB);
    await user.createJob("outside", JOB);
    const again = await cli.up();
    expect(again.outputs).toEqual({ plan: ["report apps/old-job"], done: ["reported apps/old-job"] });
    expect(again.logs.filter((l) => l.severity === "warning").map((l) => l.message)).toEqual([
      'FolderSweep of "apps": 1 item(s) in the folder are not declared by this stack: apps/old-job. Declare them (and add them to keep), or set action "disable" or "delete".',
    ]);
    expect(await itemsOnServer(user)).toEqual(["apps", "apps/build", "apps/old-job", "apps/pipe", "outside"]);
  });

  it("previews the deletion of exactly the unmanaged item, then deletes it on up", async () => {
    cli.setConfig("action", "delete");
    server.resetCounters();
    const preview = await cli.preview();
    const step = preview.steps.find((s) => s.urn.endsWith("::apps-sweep"));
    expect(step?.op).toBe("update");
    expect(step?.news?.plan).toEqual(["delete apps/old-job"]);
    // As `pulumi preview --diff` shows the sweep, on the example's README.
    expectCapture("examples/folder-sweep/README.md", "sweep-plan", stepDiffText(step!));
    expect(server.requests.filter((r) => r.method !== "GET")).toEqual([]);

    const up = await cli.up();
    expect({ ok: up.ok, errors: up.errors }).toEqual({ ok: true, errors: [] });
    expect(up.outputs).toEqual({ plan: [], done: ["deleted apps/old-job"] });
    expect(
      server.requests.filter((r) => r.method === "POST" && r.path.endsWith("/doDelete")).map((r) => r.path),
    ).toEqual(["/job/apps/job/old-job/doDelete"]);
    expect(await itemsOnServer(user)).toEqual(["apps", "apps/build", "apps/pipe", "outside"]);
    expect((await cli.preview()).steps.filter((s) => s.op !== "same")).toEqual([]);
  });

  it("refuses to delete an item that holds builds, deleting nothing, unless deleteWithBuilds", async () => {
    await user.createJob("apps/built", JOB);
    await user.createJob("apps/scratch", JOB);
    expect((await user.request("POST", "/job/apps/job/built/build?delay=0sec")).status).toBe(201);
    const up = await cli.up();
    expect(up.ok).toBe(false);
    expect(up.errors.map((e) => e.message)).toEqual([
      'FolderSweep of "apps" did not delete anything: apps/built hold(s) build history. Set deleteWithBuilds: true to delete them with their builds, or declare them (and add them to keep).',
    ]);
    expect(await itemsOnServer(user)).toContain("apps/scratch");

    cli.setConfig("deleteWithBuilds", true);
    const forced = await cli.up();
    expect({ ok: forced.ok, errors: forced.errors }).toEqual({ ok: true, errors: [] });
    expect(await itemsOnServer(user)).toEqual(["apps", "apps/build", "apps/pipe", "outside"]);
  });

  it("fails the preview for an unknown action or a keep entry outside the folder, sending nothing", async () => {
    cli.setConfig("action", "purge");
    server.resetCounters();
    const bad = await cli.preview();
    expect(bad.ok).toBe(false);
    expect(bad.errors.map((e) => e.message)).toEqual([
      'action: action must be one of "report", "disable", "delete"; got "purge".',
    ]);
    expect(server.requests).toEqual([]);
    cli.setConfig("action", "report");
  });
});
