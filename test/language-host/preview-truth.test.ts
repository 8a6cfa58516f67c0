/**
 * A preview a reviewer can trust, seen through the language host: changing only a folder's description previews
 * as one update; the jobs inside it, whose `folder` is the folder's `fullName`, preview as unchanged, and `up`
 * does exactly what the preview showed. Outputs that follow from the inputs (`fullName`, `url`) are known in the
 * preview, also for a job that is about to be created.
 */
import * as path from "node:path";
import type { JenkinsServer } from "../../provider/server";
import type { JenkinsUser } from "../harness/jenkins-user";
import type { PulumiCli, Step } from "../harness/language-host";
import { repoRoot, UNKNOWN } from "../harness/provider-process";
import { beyondPreflight } from "../harness/test-server";
import { startStack } from "./stack";

const PROJECT = path.join(repoRoot, "test", "language-host", "projects", "folder-description");

function summary(steps: Step[]): string[] {
  return steps.map((s) => `${s.op} ${s.urn.split("::").pop()}`).sort();
}

describe("preview of a change to a folder's description", () => {
  let server: JenkinsServer;
  let user: JenkinsUser;
  let cli: PulumiCli;

  beforeAll(async () => {
    ({ server, user, cli } = await startStack(PROJECT));
  });
  afterAll(async () => {
    await cli?.destroy();
    await server?.close();
  });

  it("knows every job's fullName and url before anything exists", async () => {
    const preview = await cli.preview();
    expect(preview.ok).toBe(true);
    expect(summary(preview.steps)).toEqual(["create apps", "create build", "create deploy"]);
    const deploy = preview.steps.find((s) => s.urn.endsWith("::deploy"));
    expect(deploy).toBeDefined();
    // Stack outputs and inputs computed from other jobs' outputs are known in the preview.
    expect(preview.outputs).toEqual({
      buildUrl: `${server.url}job/apps/job/build/`,
      deployUrl: `${server.url}job/apps/job/deploy/`,
    });
    expect(JSON.stringify(preview.steps)).not.toContain(UNKNOWN);
    // Only the reads of the plugin pre-flight of the new configs; nothing written.
    expect(beyondPreflight(server)).toEqual([]);
  });

  it("shows the folder as the only update, step by step, and up does exactly that", async () => {
    const up = await cli.up();
    expect(up.ok).toBe(true);
    expect(await user.exists("apps/deploy")).toBe(true);

    cli.setConfig("description", "Applications of the web team");
    server.resetCounters();
    const preview = await cli.preview();
    expect(preview.ok).toBe(true);
    // Step by step, in registration order: the folder changes; its jobs see the same `folder` and stay.
    expect(preview.steps.map((s) => `${s.op} ${s.urn.split("::").pop()}`)).toEqual([
      "update apps",
      "same build",
      "same deploy",
    ]);
    const folderStep = preview.steps[0];
    expect(folderStep.olds?.description).toBe("Applications");
    expect(folderStep.news?.description).toBe("Applications of the web team");
    expect(folderStep.news?.fullName).toBe("apps");
    // Only the check that the connection of the change can be used, and the listing of the owners of the root's
    // items (the folder's mark: a change to an item another owner marked would fail here).
    expect(server.requests.map((r) => `${r.method} ${r.path}?${r.query}`)).toEqual([
      "GET /api/json?",
      `GET /api/json?tree=${encodeURIComponent("description,jobs[name,description,nextBuildNumber]")}`,
    ]);

    const applied = await cli.up();
    expect(applied.ok).toBe(true);
    expect(summary(applied.steps)).toEqual(summary(preview.steps));
    expect(server.requests.filter((r) => r.method === "POST").map((r) => r.path)).toEqual(["/job/apps/config.xml"]);
    const again = await cli.preview();
    expect(again.steps.filter((s) => s.op !== "same")).toEqual([]);
  });
});
