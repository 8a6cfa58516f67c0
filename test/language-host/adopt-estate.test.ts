/**
 * Adopting an estate whose oldest jobs cannot run: a Jenkins holding a job tied to a label no node has, one loading a
 * shared library defined nowhere, one triggered by a job that no longer exists, and one that runs. The import's
 * README lists the three with what each lacks; the program adopting them with the configs Jenkins holds previews
 * and goes up green, a warning naming each job and what it lacks, and writes nothing; the next preview is clean;
 * a change to one of them is checked in full and fails the preview.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type { JenkinsServer } from "../../provider/server";
import { withMark } from "../../provider/ownership/mark";
import { readFields } from "../../provider/resource/job-config";
import { runBin } from "../harness/bin";
import type { JenkinsUser } from "../harness/jenkins-user";
import type { PulumiCli } from "../harness/language-host";
import { repoRoot } from "../harness/provider-process";
import { cleanEnv } from "../harness/serialized-provider";
import { ADMIN, onlyReads } from "../harness/test-server";
import { startStack } from "./stack";

const PROJECT = path.join(repoRoot, "test", "language-host", "projects", "adopt-estate");
const JOBS = ["legacy-gpu", "legacy-lib", "legacy-upstream", "healthy"];

const warnings = (r: { logs: Array<{ severity: string; message: string }> }): string[] =>
  r.logs.filter((l) => l.severity === "warning").map((l) => l.message);

/** What each job that cannot run lacks, as the runnable check words it. */
const LACKS: Array<[string, RegExp]> = [
  ["legacy-gpu", /label "gpu" matches no node and no cloud that can provision it.*the controller's labels: .*linux/],
  ["legacy-lib", /shared library "release-lib" is defined nowhere it can be loaded from .*defined: shared/],
  ["legacy-upstream", /job "nightly-build" does not exist \(looked for "nightly-build"\)/],
];

describe("adopting an estate whose oldest jobs cannot run", () => {
  let server: JenkinsServer;
  let user: JenkinsUser;
  let cli: PulumiCli;
  let out: string;
  let where: string;

  beforeAll(async () => {
    ({ server, user, cli } = await startStack(PROJECT, {
      server: { agents: [{ name: "agent-1", labels: ["linux"], executors: 2 }], globalLibraries: ["shared"] },
    }));
    where = server.url;
    for (const job of JOBS)
      await user.createJob(job, fs.readFileSync(path.join(PROJECT, "jobs", `${job}.xml`), "utf8"));
    out = fs.mkdtempSync(path.join(os.tmpdir(), "adopt-estate-import-"));
  });
  afterAll(async () => {
    await server?.close();
    if (out) fs.rmSync(out, { recursive: true, force: true });
  });

  it("the import's README lists the jobs that cannot run today and what each lacks", async () => {
    server.resetCounters();
    const env = cleanEnv({ JENKINS_URL: server.url, JENKINS_USER: ADMIN.name, JENKINS_API_TOKEN: ADMIN.apiToken });
    const res = await runBin(["import", "--out", out, "--project", "estate"], env);
    expect({ code: res.code, stderr: res.stderr }).toEqual({
      code: 0,
      stderr: expect.stringContaining("3 jobs cannot run today (README.md lists what each lacks)"),
    });
    // Reads only: the linter's POST changes nothing.
    expect(server.requests.filter((r) => !onlyReads(r))).toEqual([]);
    const readme = fs.readFileSync(path.join(out, "README.md"), "utf8");
    const section = readme.slice(readme.indexOf("## Jobs that cannot run today"));
    expect(section).toContain(`The import ran the preview's runnable check against ${where}: these 3 jobs name`);
    const listed = section
      .split("\n")
      .filter((l) => l.startsWith("- `"))
      .map((l) => /^- `([^`]+)`: (.*)$/.exec(l)!.slice(1));
    expect(listed.map(([job]) => job)).toEqual(["legacy-gpu", "legacy-lib", "legacy-upstream"]);
    for (const [job, lacks] of LACKS) expect(listed.find(([j]) => j === job)?.[1]).toMatch(lacks);
  });

  it("the adoption previews and goes up green, warning about each job, and writes only the mark of ownership", async () => {
    const descriptions = await Promise.all(JOBS.map(async (j) => readFields(await user.getConfig(j)).description));
    server.resetCounters();
    for (const op of ["preview", "up"] as const) {
      const result = await cli[op]();
      expect({ op, ok: result.ok, errors: result.errors }).toEqual({ op, ok: true, errors: [] });
      const said = warnings(result);
      expect(said).toHaveLength(LACKS.length);
      for (const [job, lacks] of LACKS) {
        const mine = said.filter((w) => w.startsWith(`Jenkins job "${job}" on ${where} cannot run today`));
        expect(mine).toEqual([
          expect.stringMatching(/\(adopted as Jenkins holds it, so this is a warning; a change to the job is checked/),
        ]);
        expect(mine[0]).toMatch(lacks);
      }
    }
    // Adopted as they are: no config or enable POST; one description POST each, which adds the stack's mark of
    // ownership as the last line; else only the refused creates and the checks' reads.
    expect(
      server.requests
        .filter((r) => !onlyReads(r) && !(r.path.endsWith("/createItem") && r.status === 400))
        .map((r) => `${r.method} ${r.path}`)
        .sort(),
    ).toEqual(JOBS.map((j) => `POST /job/${j}/description`).sort());
    for (const [i, j] of JOBS.entries()) {
      expect(readFields(await user.getConfig(j)).description).toBe(withMark(descriptions[i], "adopt-estate/dev"));
    }

    expect(cli.state.resources.filter((r) => r.custom)).toHaveLength(JOBS.length);
    const again = await cli.preview();
    expect({ ok: again.ok, warnings: warnings(again) }).toEqual({ ok: true, warnings: [] });
    expect(again.steps.filter((s) => s.op !== "same")).toEqual([]);
  });

  it("a change to one of them after adoption is checked in full and fails the preview", async () => {
    cli.setConfig("change", true);
    const preview = await cli.preview();
    cli.removeConfig("change");
    expect(preview.ok).toBe(false);
    expect(preview.errors).toHaveLength(1);
    expect(preview.errors[0].message).toMatch(
      new RegExp(`^Jenkins job "legacy-gpu" could not run as declared on ${where.replace(/[.]/g, "\\.")}:\\n  - `),
    );
    expect(preview.errors[0].message).toMatch(LACKS[0][1]);
  });

  it("refreshes with no change, and destroy deletes the adopted jobs", async () => {
    const refresh = await cli.refresh();
    expect({ ok: refresh.ok, changed: refresh.changed, gone: refresh.gone }).toEqual({
      ok: true,
      changed: [],
      gone: [],
    });
    const destroy = await cli.destroy();
    expect({ ok: destroy.ok, errors: destroy.errors }).toEqual({ ok: true, errors: [] });
    for (const job of JOBS) expect(await user.exists(job)).toBe(false);
  });
});
