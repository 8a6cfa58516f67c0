/**
 * Stopping managing a job without deleting it, as docs/guide/jobs.md says, through the language host: a job with
 * the `retainOnDelete` resource option, once removed from the program, leaves the state and stays in Jenkins with
 * its config and no mark of ownership; declared again with `adopt: true`, it is taken over with one write (the mark); `pulumi destroy` leaves a
 * retained job in Jenkins too. The same program without the option deletes the job.
 */
import * as path from "node:path";
import type { JenkinsServer } from "../../provider/server";
import { readMark } from "../../provider/ownership/mark";
import { readFields } from "../../provider/resource/job-config";
import type { JenkinsUser } from "../harness/jenkins-user";
import type { PulumiCli } from "../harness/language-host";
import { repoRoot } from "../harness/provider-process";
import { RUNNABLE_CHECK_REQUEST } from "../harness/test-server";
import { startStack } from "./stack";

const PROJECT = path.join(repoRoot, "test", "language-host", "projects", "let-go");

/**
 * The requests since the last reset that change something in Jenkins: not the runnable check's lint, nor the create
 * an adoption tries first and Jenkins refuses (400: the job exists).
 */
function writes(server: JenkinsServer): string[] {
  return server.requests
    .filter((r) => !(r.path.endsWith("/createItem") && r.status === 400))
    .map((r) => `${r.method} ${r.path}`)
    .filter((c) => c.startsWith("POST ") && !RUNNABLE_CHECK_REQUEST.test(c));
}

function ops(result: { steps: Array<{ op: string; urn: string; retained?: boolean }> }): string[] {
  return result.steps
    .filter((s) => s.op !== "same")
    .map((s) => `${s.op} ${s.urn.slice(s.urn.lastIndexOf("::") + 2)}${s.retained ? " (retained)" : ""}`);
}

describe("letting a job go (retainOnDelete) and taking it back (adopt)", () => {
  let server: JenkinsServer;
  let user: JenkinsUser;
  let cli: PulumiCli;

  beforeAll(async () => {
    ({ server, user, cli } = await startStack(PROJECT));
  });
  afterAll(async () => {
    await server?.close();
  });

  it("goes up, plans no change, and refreshes without drift", async () => {
    cli.setConfig("retain", "true");
    const up = await cli.up();
    expect({ ok: up.ok, errors: up.errors }).toEqual({ ok: true, errors: [] });
    expect(ops(up).sort()).toEqual(["create kept", "create legacy"]);
    expect(ops(await cli.preview())).toEqual([]);
    const refreshed = await cli.refresh();
    expect({ ok: refreshed.ok, changed: refreshed.changed }).toEqual({ ok: true, changed: [] });
  });

  it("removed from the program, the retained job leaves the state and stays in Jenkins, untouched", async () => {
    const config = await user.getConfig("legacy");
    cli.setConfig("declareLegacy", "false");
    expect(ops(await cli.preview())).toEqual(["delete legacy (retained)"]);
    server.resetCounters();
    const up = await cli.up();
    expect(up.ok).toBe(true);
    expect(writes(server)).toEqual([]);
    expect(await user.getConfig("legacy")).toBe(config);
    // Declared with retainOnDelete from the start, it was made without a mark: another stack can take it.
    expect(readMark(readFields(config).description).owner).toBeUndefined();
    expect(cli.state.resources.map((r) => r.urn).filter((u) => u.endsWith("::legacy"))).toEqual([]);
    expect(ops(await cli.preview())).toEqual([]);
  });

  it("declared again with adopt, it is taken over with one write: its mark of ownership", async () => {
    cli.setConfig("declareLegacy", "true").setConfig("adoptLegacy", "true").setConfig("retain", "false");
    server.resetCounters();
    const up = await cli.up();
    expect({ ok: up.ok, errors: up.errors }).toEqual({ ok: true, errors: [] });
    expect(ops(up)).toEqual(["create legacy"]);
    // Made with retainOnDelete, it never carried the mark; the adoption writes it, and nothing else.
    expect(writes(server)).toEqual(["POST /job/legacy/description"]);
    expect(readMark(readFields(await user.getConfig("legacy")).description).owner).toBe("let-go/dev");
    expect(ops(await cli.preview())).toEqual([]);
  });

  it("without retainOnDelete, removing it from the program deletes it; destroy keeps a retained job", async () => {
    cli.setConfig("declareLegacy", "false");
    server.resetCounters();
    expect((await cli.up()).ok).toBe(true);
    expect(writes(server)).toEqual(["POST /job/legacy/doDelete"]);
    expect(await user.exists("legacy")).toBe(false);

    cli.setConfig("declareLegacy", "true").setConfig("adoptLegacy", "false").setConfig("retain", "true");
    expect((await cli.up()).ok).toBe(true);
    const destroyed = await cli.destroy();
    expect(destroyed.ok).toBe(true);
    expect(await user.exists("kept")).toBe(false);
    expect(await user.exists("legacy")).toBe(true);
    expect(cli.state.resources).toEqual([]);
  });
});
