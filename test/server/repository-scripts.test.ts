/**
 * Every inline pipeline script in the repository's tests, examples, templates, fixtures and benchmarks lints clean
 * on a default server (a scripted one answers only that it has no `pipeline` step, which means Groovy parsed it), so
 * a preview that lints changed scripts does not fail on any of them. The few scripts that are not meant to be
 * pipelines are named here with the answer they get.
 */
import type { JenkinsServer } from "../../provider/server";
import { makeConfig } from "../bench/configs";
import { userProgram } from "../bench/user-program";
import { adminToken, call, start } from "./helpers";
import { cpsScriptsOf, repositoryScripts, type FoundScript } from "./repository-scripts";

type Data = { result: "success" } | { result: "failure"; errors: Array<{ error: string | string[] }> };

/** Files whose scripts are wrong on purpose, or templates whose real scripts are generated (and linted below). */
const NOT_SCANNED = new Set([
  "test/server/pipeline-linter.test.ts",
  "test/server/repository-scripts.test.ts",
  "test/bench/configs.ts",
  "test/bench/user-program.ts",
  // A template: its scripts are built from parts per job (jenkins-jobs renders them, and the bench lints nothing).
  "test/bench/jjb-jobs.ts",
  // The runnable check's own tests: each breakage on purpose (their valid scripts pass its green preview).
  "test/language-host/projects/runnable/index.ts",
  "test/runnable/names.test.ts",
]);

/** Text that is not a pipeline at all: the XML escaping sample of the pipeline renderer. */
const NOT_A_PIPELINE = new Map([["test/specs/render-pipeline.test.ts", "a\r\nb '\"&<>\t"]]);

const SCRIPTED = /^Jenkinsfile content '[\s\S]*' did not contain the 'pipeline' step$/;

function generatedBenchScripts(): FoundScript[] {
  const out: FoundScript[] = [];
  for (const size of ["5KB", "100KB"] as const)
    for (let i = 0; i < 4; i++)
      for (const script of cpsScriptsOf(makeConfig("pipeline", i, size)))
        out.push({ where: `bench makeConfig(pipeline, ${i}, ${size})`, script });
  const program = userProgram(24);
  for (const job of program.jobs) {
    const script = (job.pipeline as { script?: unknown } | undefined)?.script;
    if (typeof script === "string") out.push({ where: `bench userProgram job ${job.name}`, script });
  }
  for (const [name, xml] of program.files)
    for (const script of cpsScriptsOf(xml)) out.push({ where: `bench userProgram file ${name}`, script });
  return out;
}

describe("the repository's pipeline scripts", () => {
  let server: JenkinsServer;
  beforeAll(async () => {
    server = await start();
  });
  afterAll(() => server.close());

  const lint = async (script: string): Promise<Data> => {
    const a = await call(server, "/pipeline-model-converter/validateJenkinsfile", {
      method: "POST",
      auth: adminToken,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ jenkinsfile: script }).toString(),
    });
    expect(a.status).toBe(200);
    return (JSON.parse(a.body) as { data: Data }).data;
  };

  it("lint clean: declarative ones succeed, scripted ones parse", async () => {
    const found = repositoryScripts().filter((f) => !NOT_SCANNED.has(f.where.split(":")[0]));
    const scripts = [...found, ...generatedBenchScripts()];
    // Enough to know the scan reaches the tests, the examples, the templates, the fixtures and the benchmarks.
    expect(scripts.length).toBeGreaterThan(100);
    for (const dir of ["test/", "examples/", "templates/", "test/fixtures/", "bench "])
      expect(scripts.some((s) => s.where.startsWith(dir))).toBe(true);
    const failures: string[] = [];
    let declarative = 0;
    for (const { where, script } of scripts) {
      const file = where.split(":")[0];
      if (script === "" || NOT_A_PIPELINE.get(file) === script) continue;
      const data = await lint(script);
      if (data.result === "success") {
        declarative++;
        continue;
      }
      const error = data.errors.length === 1 ? data.errors[0].error : undefined;
      if (typeof error === "string" && SCRIPTED.test(error)) continue;
      failures.push(`${where}: ${JSON.stringify(data.errors)}`);
    }
    expect(failures).toEqual([]);
    expect(declarative).toBeGreaterThan(20);
  });

  it("answers the empty scripts and the escaping sample with the linter's failure", async () => {
    expect(await lint("")).toEqual({
      result: "failure",
      errors: [{ error: "No content found for 'jenkinsfile' parameter" }],
    });
    for (const script of NOT_A_PIPELINE.values()) expect((await lint(script)).result).toBe("failure");
  });
});
