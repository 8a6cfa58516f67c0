/**
 * The runnable check through the language host: a program with a folder defining a shared library, a declarative
 * pipeline loading it on an agent label, a scripted pipeline on a cloud label building a job of the same program,
 * and a freestyle job tied to a label with an upstream trigger on that job previews green and goes up on a
 * controller that has none of the jobs; a no-op preview sends nothing; a description change lints nothing. Then
 * each breakage on its own fails the preview naming the job and the problem, `warn` turns them into warnings and
 * `off` skips the check.
 */
import * as path from "node:path";
import type { JenkinsServer } from "../../provider/server";
import type { PulumiCli } from "../harness/language-host";
import { repoRoot } from "../harness/provider-process";
import { startStack } from "./stack";

const PROJECT = path.join(repoRoot, "test", "language-host", "projects", "runnable");

const warnings = (r: { logs: Array<{ severity: string; message: string }> }): string[] =>
  r.logs.filter((l) => l.severity === "warning").map((l) => l.message);

describe("the runnable check of a program's jobs", () => {
  let server: JenkinsServer;
  let cli: PulumiCli;
  let where: string;

  beforeAll(async () => {
    ({ server, cli } = await startStack(PROJECT, {
      server: {
        agents: [{ name: "agent-1", labels: ["linux", "docker"], executors: 2 }],
        clouds: [{ name: "kubernetes", labels: ["cloud-x"] }],
        tools: [{ type: "maven", name: "M3" }],
      },
    }));
    where = server.url;
  });
  afterAll(async () => {
    await server?.close();
  });

  it("previews green and goes up on a controller with none of the jobs; then a no-op sends nothing", async () => {
    const preview = await cli.preview();
    expect({ ok: preview.ok, errors: preview.errors, warnings: warnings(preview) }).toEqual({
      ok: true,
      errors: [],
      warnings: [],
    });
    // The runnable check's requests (docs/guide/preview-checks.md): one lint per script, one read per label; the
    // folder's library and the jobs named are the program's own, so nothing is read for them. (The listing of a
    // folder's descriptions that the owner check of new jobs reads is not the runnable check's.)
    expect(
      server.requests
        .filter((r) => !r.query.includes("description"))
        .filter((r) =>
          /validateJenkinsfile|^\/label\/|^\/computer\/|descriptorByName|^\/job\/[^/]+\/(job\/[^/]+\/)?api\/json$/.test(
            r.path,
          ),
        )
        .map((r) => `${r.method} ${r.path}`)
        .sort(),
    ).toEqual([
      "GET /label/cloud-x/api/json",
      "GET /label/linux/api/json",
      "POST /pipeline-model-converter/validateJenkinsfile",
      "POST /pipeline-model-converter/validateJenkinsfile",
    ]);
    const up = await cli.up();
    expect({ ok: up.ok, errors: up.errors, warnings: warnings(up) }).toEqual({ ok: true, errors: [], warnings: [] });
    server.resetCounters();
    const noop = await cli.preview();
    expect(noop.steps.filter((s) => s.op !== "same")).toEqual([]);
    expect(server.requests).toEqual([]);
  });

  it("a description change lints nothing and reads nothing the check reads", async () => {
    cli.setConfig("description", "Builds the app, faster");
    server.resetCounters();
    const preview = await cli.preview();
    cli.removeConfig("description");
    expect({ ok: preview.ok, errors: preview.errors }).toEqual({ ok: true, errors: [] });
    expect(preview.steps.filter((s) => s.op !== "same").map((s) => s.urn.split("::").pop())).toEqual(["app"]);
    expect(
      server.requests.filter((r) => /validateJenkinsfile|^\/label\/|^\/computer\/|descriptorByName/.test(r.path)),
    ).toEqual([]);
  });

  const cases: Array<[string, string, RegExp]> = [
    ["brace", "team/app", /its pipeline script does not pass the controller's linter:\n\s+line \d+, column \d+: /],
    ["no-stages", "team/app", /linter:\n\s+line \d+, column \d+: .*stages/i],
    ["tool", "team/app", /linter:\n\s+line \d+, column \d+: .*M4/],
    ["label-pipeline", "team/app", /label "gpu" matches no node .*the controller's labels: .*linux/],
    ["label-freestyle", "nightly", /label "gpu" matches no node .*the controller's labels: .*linux/],
    ["library", "team/app", /shared library "nowhere-lib" is defined nowhere .*folder "team".*defined: team-lib/],
    [
      "upstream",
      "nightly",
      /job "team\/ap" does not exist \(looked for "team\/ap"\).*\(closest existing: "team\/app"\)/,
    ],
    ["build-job", "team/release", /job "deploi" does not exist \(looked for "team\/deploi", then "deploi"\)/],
    [
      "unterminated",
      "team/release",
      /its pipeline script does not pass the controller's linter:\n\s+line 2, column \d+: /,
    ],
  ];

  it.each(cases)("%s fails the preview naming the job and the problem", async (broken, job, problem) => {
    cli.setConfig("break", broken);
    const preview = await cli.preview();
    cli.removeConfig("break");
    expect(preview.ok).toBe(false);
    expect(preview.errors).toHaveLength(1);
    const message = preview.errors[0].message;
    expect(message.startsWith(`Jenkins job "${job}" could not run as declared on ${where}:\n  - `)).toBe(true);
    expect(message).toMatch(problem);
    expect(message).toMatch(/\nFix what it names, or set jenkins:runnableCheck to "warn" to go ahead anyway\.$/);
    // Reported without a property: the script (or config) is never printed in front of the message.
    expect(message).not.toMatch(/^(pipeline|freestyle|configXml): /);
    expect(message).not.toContain("sh 'make'");
  });

  it("warn turns each finding into a warning; off skips the check", async () => {
    cli.setConfig("jenkins:runnableCheck", "warn");
    // Three breakages at once: each finding is its own warning.
    cli.setConfig("break", "library,build-job,label-freestyle");
    const preview = await cli.preview();
    expect({ ok: preview.ok, errors: preview.errors }).toEqual({ ok: true, errors: [] });
    const found = warnings(preview);
    expect(found).toHaveLength(3);
    expect(found).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Jenkins job "team\/app" on .*: shared library "nowhere-lib" is defined nowhere/),
        expect.stringMatching(/^Jenkins job "team\/release" on .*: job "deploi" does not exist/),
        expect.stringMatching(/^Jenkins job "nightly" on .*: label "gpu" matches no node/),
      ]),
    );
    cli.setConfig("jenkins:runnableCheck", "off");
    server.resetCounters();
    const off = await cli.preview();
    cli.removeConfig("break").removeConfig("jenkins:runnableCheck");
    expect({ ok: off.ok, errors: off.errors, warnings: warnings(off) }).toEqual({ ok: true, errors: [], warnings: [] });
    expect(server.requests.filter((r) => /^\/label\//.test(r.path))).toEqual([]);
  });
});
