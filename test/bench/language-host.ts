/**
 * The language-host benchmark: a program of N jobs run the way the Pulumi CLI runs it (test/harness/language-host:
 * `@pulumi/pulumi/cmd/run` compiling index.ts with ts-node, the default dynamic provider started in the program
 * folder), `up` on an empty server and then a no-op `preview`. Two programs, identical but for the resource:
 *   provider       our Job, from a copy of the package installed under the program's node_modules
 *   null-provider  NullJob (null-job.ts), a dynamic provider that does nothing, as a user's own inline provider
 * Each process reports its CPU time when it ends (cpu-report.ts), so a run splits into the program's share
 * (ts-node, registrations, serialization of the provider) and the provider's.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import type { JenkinsServer } from "../../provider/server";
import { PulumiCli } from "../harness/language-host";
import { repoRoot } from "../harness/provider-process";
import { cleanEnv } from "../harness/serialized-provider";
import { ADMIN, startServer } from "../harness/test-server";
import { installedProgramFolder } from "./program-folder";
import type { BenchJob } from "./types";

export type LanguageHostContender = "provider" | "null-provider";

export interface OperationFigures {
  wallMs: number;
  programCpuMs: number;
  providerCpuMs: number;
  /** Steps by kind ("create": 1000, "same": 1000). */
  steps: Record<string, number>;
  requests: number;
}

export interface LanguageHostRun {
  contender: LanguageHostContender;
  jobs: number;
  up: OperationFigures;
  preview: OperationFigures;
}

const PROGRAMS: Record<LanguageHostContender, string> = {
  provider: `import { readFileSync } from "node:fs";
import { Job } from "pulumi-jenkins-jobs";

const jobs: { name: string; config: string }[] = JSON.parse(readFileSync("jobs.json", "utf8"));
for (const j of jobs) new Job(j.name, { name: j.name, configXml: j.config });
`,
  "null-provider": `import { readFileSync } from "node:fs";
import { NullJob } from "./null-job";

const jobs: { name: string; config: string }[] = JSON.parse(readFileSync("jobs.json", "utf8"));
for (const j of jobs) new NullJob(j.name, { name: j.name, configXml: j.config });
`,
};

/** A program folder as `pulumi new typescript` + `npm install` leaves it (program-folder.ts), with the program. */
function programFolder(contender: LanguageHostContender, jobs: BenchJob[]): string {
  const dir = installedProgramFolder(`bench-lh-${contender}-`, contender === "provider" ? repoRoot : undefined);
  if (contender === "null-provider") {
    fs.copyFileSync(path.join(repoRoot, "test", "bench", "null-job.ts"), path.join(dir, "null-job.ts"));
  }
  fs.writeFileSync(
    path.join(dir, "Pulumi.yaml"),
    `name: bench-${contender}\nmain: index.ts\nruntime:\n  name: nodejs\n  options:\n    typescript: true\n`,
  );
  fs.writeFileSync(
    path.join(dir, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        target: "ES2022",
        module: "commonjs",
        moduleResolution: "node",
        esModuleInterop: true,
        skipLibCheck: true,
      },
      files: ["index.ts"],
    }),
  );
  fs.writeFileSync(path.join(dir, "index.ts"), PROGRAMS[contender]);
  fs.writeFileSync(path.join(dir, "jobs.json"), JSON.stringify(jobs.map((j) => ({ name: j.name, config: j.config }))));
  return dir;
}

/** CPU time the program and provider processes reported since the last call, and clears the reports. */
function takeCpuReports(dir: string): { programCpuMs: number; providerCpuMs: number } {
  const out = { programCpuMs: 0, providerCpuMs: 0 };
  if (!fs.existsSync(dir)) return out;
  for (const file of fs.readdirSync(dir)) {
    const report = JSON.parse(fs.readFileSync(path.join(dir, file), "utf8")) as { role: string; cpuMs: number };
    if (report.role === "provider") out.providerCpuMs += report.cpuMs;
    else out.programCpuMs += report.cpuMs;
    fs.rmSync(path.join(dir, file));
  }
  return out;
}

function countSteps(steps: { op: string }[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const s of steps) out[s.op] = (out[s.op] ?? 0) + 1;
  return out;
}

async function measure(
  server: JenkinsServer,
  reports: string,
  run: () => Promise<{ ok: boolean; steps: { op: string }[]; errors: unknown[] }>,
): Promise<OperationFigures> {
  server.resetCounters();
  const started = process.hrtime.bigint();
  const result = await run();
  const wallMs = Number(process.hrtime.bigint() - started) / 1e6;
  if (!result.ok) throw new Error(`the run failed: ${JSON.stringify(result.errors).slice(0, 2000)}`);
  return { wallMs, ...takeCpuReports(reports), steps: countSteps(result.steps), requests: server.requests.length };
}

export async function runLanguageHost(contender: LanguageHostContender, jobs: BenchJob[]): Promise<LanguageHostRun> {
  const dir = programFolder(contender, jobs);
  const reports = path.join(dir, ".cpu-reports");
  const server = await startServer("current");
  try {
    const env = cleanEnv({
      NODE_OPTIONS:
        `--require ${path.join(__dirname, "cpu-report.js")} ${process.env.BENCH_LH_NODE_OPTIONS ?? ""}`.trim(),
      BENCH_CPU_REPORT_DIR: reports,
    });
    const cli = new PulumiCli(dir, { env })
      .setConfig("jenkins:url", server.url)
      .setConfig("jenkins:user", ADMIN.name)
      .setConfig("jenkins:apiToken", ADMIN.apiToken, { secret: true });
    const up = await measure(server, reports, () => cli.up());
    const preview = await measure(server, reports, () => cli.preview());
    const destroyed = await cli.destroy();
    if (!destroyed.ok) throw new Error(`destroy failed: ${JSON.stringify(destroyed.errors).slice(0, 2000)}`);
    return { contender, jobs: jobs.length, up, preview };
  } finally {
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
