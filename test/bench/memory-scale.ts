/**
 * The `mem-scale` benchmark: peak memory of every process of ours when a large program (user-program.ts, shape
 * `files`: configs as exported files, a folder per 200 jobs, one typed spec in ten) runs `up` on an empty server and
 * then a no-op preview, through both providers, the way the Pulumi CLI runs it (test/harness/language-host):
 *   dynamic  this package's `Job` class, served by the dynamic provider (the program folder holds a copy of the
 *            package as users install it)
 *   plugin   `jenkins:index:Job` through this package's provider plugin (plugin-job.ts declares it, registering
 *            the property names the `Job` class registers), started with `cmd/run-plugin` from the folder the
 *            project's `packages:` names
 * Each process reports its CPU time and peak RSS (VmHWM) when it ends (cpu-report.ts). The program process is the
 * one `cmd/run` starts (ts-node compiling index.ts, the SDK registering the resources); the provider process is the
 * dynamic-provider process or the plugin. The first `up` of a program is also its first compilation, which type-checks
 * index.ts and what it imports (ts-node's cache in the system's temporary folder spares the preview that work): both
 * are measured as a user's first `up` and next preview see them.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { PulumiCli } from "../harness/language-host";
import { repoRoot } from "../harness/provider-process";
import { cleanEnv } from "../harness/serialized-provider";
import { countSteps, takeReports, writeProject } from "./language-host";
import { installedPluginFolder, installedProgramFolder } from "./program-folder";
import { benchUser, ServerHost } from "./server-host";
import type { TargetResult } from "./targets";
import { programSource, userProgram } from "./user-program";

export type MemoryContender = "dynamic" | "plugin";
export const MEMORY_CONTENDERS: readonly MemoryContender[] = ["dynamic", "plugin"];

export interface MemoryRun {
  contender: MemoryContender;
  operation: "up" | "preview";
  wallMs: number;
  programCpuMs: number;
  providerCpuMs: number;
  programPeakMb: number;
  providerPeakMb: number;
  /** Steps by kind ("create": 5000). */
  steps: Record<string, number>;
  /** The machine's 1-minute load average when the operation started and when it ended. */
  load: [number, number];
}

export interface MemoryScaleResult {
  jobs: number;
  runs: MemoryRun[];
  /** Anything not as it must be: a job step other than expected, a request in a no-op preview. */
  unexpected: string[];
}

function log(line: string): void {
  process.stderr.write(line + "\n");
}

/** The goal: the program process of either provider peaks at 1 GB or less. */
export const PROGRAM_PEAK_GOAL_MB = 1024;

async function runContender(
  contender: MemoryContender,
  jobs: number,
  unexpected: string[],
  env: Record<string, string>,
): Promise<MemoryRun[]> {
  const program = userProgram(jobs);
  const folders: string[] = [];
  const host = await ServerHost.start("current", benchUser());
  try {
    const pluginDir = contender === "plugin" ? installedPluginFolder() : undefined;
    if (pluginDir !== undefined) folders.push(pluginDir);
    const dir = installedProgramFolder(`bench-mem-${contender}-`, contender === "dynamic" ? repoRoot : undefined);
    folders.push(dir);
    const importLine =
      contender === "dynamic" ? `import { Job } from "pulumi-jenkins-jobs";` : `import { Job } from "./plugin-job";`;
    if (contender === "plugin") {
      fs.copyFileSync(path.join(repoRoot, "test", "bench", "plugin-job.ts"), path.join(dir, "plugin-job.ts"));
    }
    const packages: Record<string, string> = pluginDir === undefined ? {} : { jenkins: pluginDir };
    writeProject(dir, `bench-mem-${contender}`, programSource("files", importLine, "Job"), program, packages);
    const reports = path.join(dir, ".cpu-reports");
    const cli = new PulumiCli(dir, {
      env: cleanEnv({
        ...env,
        NODE_OPTIONS: `--require ${path.join(__dirname, "cpu-report.js")} ${env.NODE_OPTIONS ?? ""}`.trim(),
        BENCH_CPU_REPORT_DIR: reports,
      }),
    })
      .setConfig("jenkins:url", host.url)
      .setConfig("jenkins:user", host.user.name)
      .setConfig("jenkins:apiToken", host.user.apiToken, { secret: true });
    const runs: MemoryRun[] = [];
    for (const operation of ["up", "preview"] as const) {
      log(`mem-scale: ${contender} ${operation} of ${jobs} jobs`);
      await host.reset();
      takeReports(reports);
      const load0 = os.loadavg()[0];
      const started = process.hrtime.bigint();
      const result = operation === "up" ? await cli.up() : await cli.preview();
      const wallMs = Number(process.hrtime.bigint() - started) / 1e6;
      if (!result.ok) {
        const stderr = result.program?.stderr.slice(-2000) ?? "";
        throw new Error(`${contender} ${operation} failed: ${JSON.stringify(result.errors).slice(0, 2000)}\n${stderr}`);
      }
      const requests = (await host.stats()).total;
      const reported = takeReports(reports);
      const jobSteps = result.steps.filter((s) => s.urn.includes(":Job::"));
      const expected = operation === "up" ? "create" : "same";
      const off = jobSteps.filter((s) => s.op !== expected).length;
      if (jobSteps.length !== jobs || off > 0) {
        unexpected.push(`${contender} ${operation}: ${jobSteps.length} job steps, ${off} of them not "${expected}"`);
      }
      if (operation === "preview" && requests > 0) unexpected.push(`${contender} preview sent ${requests} requests`);
      const run: MemoryRun = {
        contender,
        operation,
        wallMs,
        programCpuMs: reported.programCpuMs,
        providerCpuMs: reported.providerCpuMs,
        programPeakMb: reported.programPeakRssMb,
        providerPeakMb: reported.providerPeakRssMb,
        steps: countSteps(result.steps),
        load: [load0, os.loadavg()[0]],
      };
      log(`  ${runLine(run)}`);
      runs.push(run);
    }
    return runs;
  } finally {
    await host.close();
    for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * `up` then a no-op preview of `jobs` jobs through each contender, one after the other, each on a server and a
 * stack of its own (dropped afterwards, not destroyed: a destroy of thousands of jobs would double the run for
 * nothing measured). `env`: more environment of the CLI (e.g. NODE_OPTIONS for a heap experiment).
 */
export async function runMemoryScale(opts: {
  jobs: number;
  contenders?: readonly MemoryContender[];
  env?: Record<string, string>;
}): Promise<MemoryScaleResult> {
  const unexpected: string[] = [];
  const runs: MemoryRun[] = [];
  for (const c of opts.contenders ?? MEMORY_CONTENDERS) {
    runs.push(...(await runContender(c, opts.jobs, unexpected, opts.env ?? {})));
  }
  return { jobs: opts.jobs, runs, unexpected };
}

const s = (ms: number): string => (ms / 1000).toFixed(1);

function runLine(x: MemoryRun): string {
  return (
    `${x.operation.padEnd(9)}  ${x.contender.padEnd(8)}  ${s(x.wallMs).padStart(7)}  ${s(x.programCpuMs).padStart(13)}` +
    `  ${s(x.providerCpuMs).padStart(14)}  ${x.programPeakMb.toFixed(0).padStart(15)}` +
    `  ${x.providerPeakMb.toFixed(0).padStart(16)}  ${x.load.map((l) => l.toFixed(1)).join("→")}`
  );
}

export function renderMemoryScale(r: MemoryScaleResult): string[] {
  const out = [
    "",
    `Peak memory of a program of ${r.jobs} jobs (configs from files), up then a no-op preview, both providers:`,
    "  operation  contender  wall s  program CPU s  provider CPU s  program peak MB  provider peak MB  load",
    ...r.runs.map((x) => `  ${runLine(x)}`),
  ];
  const worst = Math.max(...r.runs.map((x) => x.programPeakMb));
  out.push(
    `  program process peak, largest of all runs: ${worst.toFixed(0)} MB ` +
      `(goal ≤ ${PROGRAM_PEAK_GOAL_MB} MB: ${worst <= PROGRAM_PEAK_GOAL_MB ? "met" : "missed"})`,
  );
  if (r.unexpected.length > 0) out.push("  unexpected:", ...r.unexpected.map((u) => `    ${u}`));
  return out;
}

/** The goal, per provider: the program process's peak over `up` and the no-op preview at most 1 GB. */
export function memoryScaleTargets(r: MemoryScaleResult): TargetResult[] {
  const contenders = [...new Set(r.runs.map((x) => x.contender))];
  return contenders.map((c) => {
    const runs = r.runs.filter((x) => x.contender === c);
    const peak = Math.max(...runs.map((x) => x.programPeakMb));
    const provider = Math.max(...runs.map((x) => x.providerPeakMb));
    return {
      target: `mem-scale, ${c}: program peak RSS of up and no-op preview of ${r.jobs} jobs <= ${PROGRAM_PEAK_GOAL_MB} MB`,
      pass: r.unexpected.length === 0 && peak <= PROGRAM_PEAK_GOAL_MB,
      measured: `${peak.toFixed(0)} MB (provider process ${provider.toFixed(0)} MB)`,
    };
  });
}
