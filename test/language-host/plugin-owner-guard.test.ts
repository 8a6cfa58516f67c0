/**
 * An update through the jenkins provider plugin never writes another owner's job (test/language-host/projects/
 * plugin-types, the plugin's resources): after the job's mark came to name another owner (as another stack's
 * hand-over leaves it), the stack's preview and up of a change to it fail naming the job, the owner and the fix,
 * and Jenkins keeps the job as the new owner left it; after a refresh the job is left alone.
 */
import * as path from "node:path";
import type { JenkinsServer } from "../../provider/server";
import { ManagedElsewhereError } from "../../provider/ownership/errors";
import { markLine, readMark } from "../../provider/ownership/mark";
import { readFields } from "../../provider/resource/job-config";
import type { JenkinsUser } from "../harness/jenkins-user";
import type { PulumiCli } from "../harness/language-host";
import { repoRoot } from "../harness/provider-process";
import { beyondPreflight } from "../harness/test-server";
import { startStack } from "./stack";

const PROJECT = path.join(repoRoot, "test", "language-host", "projects", "plugin-types");
const OTHER = "web/prod";

describe("the plugin's update of a job another owner's mark names", () => {
  let server: JenkinsServer;
  let user: JenkinsUser;
  let cli: PulumiCli;

  beforeAll(async () => {
    ({ server, user, cli } = await startStack(PROJECT));
    cli.setConfig("appToken", "plugin-owner-guard-token-5Xq", { secret: true });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("is refused by the preview and the up, naming job, owner and fix, and Jenkins keeps the new owner's job", async () => {
    expect((await cli.up()).errors).toEqual([]);
    await user.setDescription("team/api-deploy", `Deploys the API\n\n${markLine(OTHER)}`);
    const held = await user.getConfig("team/api-deploy");
    cli.setConfig("deployDescription", "Deploys the API, changed");
    server.resetCounters();
    for (const run of [await cli.preview(), await cli.up()]) {
      expect(run.ok).toBe(false);
      expect(run.errors.find((e) => e.urn.endsWith("::api-deploy"))?.message).toBe(
        new ManagedElsewhereError("Jenkins job", "team/api-deploy", OTHER).message,
      );
    }
    expect(beyondPreflight(server).filter((c) => !c.startsWith("GET "))).toEqual([]);
    expect(await user.getConfig("team/api-deploy")).toBe(held);
  });

  it("after a refresh, leaves the job alone: no change planned for it", async () => {
    const refreshed = await cli.refresh();
    expect(refreshed.ok).toBe(true);
    expect(refreshed.logs.map((l) => l.message)).toContainEqual(
      expect.stringContaining(`Jenkins job "team/api-deploy" is now managed by ${OTHER}`),
    );
    const preview = await cli.preview();
    expect({ ok: preview.ok, errors: preview.errors }).toEqual({ ok: true, errors: [] });
    expect(preview.steps.filter((s) => s.op !== "same").map((s) => s.urn.split("::").pop())).toEqual([]);
    expect(readMark(readFields(await user.getConfig("team/api-deploy")).description).owner).toBe(OTHER);
  });
});
