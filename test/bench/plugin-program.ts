/**
 * The `plugin-program` benchmark: what the provider plugin costs a program, against the least any Node.js provider
 * plugin costs and against the dynamic provider. The same program of N jobs (user-program.ts, shape `code`: each
 * job a config of about 5 KB built in code, with a name and a description) runs the way the Pulumi CLI runs it
 * (test/harness/language-host: the program through `@pulumi/pulumi/cmd/run`, ts-node compiling index.ts; a
 * resource plugin started as `@pulumi/pulumi/cmd/run-plugin <folder>` from the folder the project's `packages:`
 * names, as the Node.js language host's RunPlugin starts it), in three contenders:
 *   plugin        `jenkins:index:Job` through this package's provider plugin (plugin/'s files beside a copy of the
 *                 package installed as users get it)
 *   null-plugin   the same program, with `packages: jenkins:` naming a plugin that does nothing (null-plugin.ts:
 *                 the SDK's own provider `main()`, Check returns the inputs, Diff says no change, Create returns
 *                 the inputs with an id)
 *   dynamic       the same jobs declared with this package's `Job` class, served by the dynamic provider
 * The plugin contenders' program declares each job with plugin-job.ts, a `pulumi.CustomResource` of the plugin's
 * token that registers the properties the `Job` class registers, so that the three programs register the same maps.
 *
 * Rounds alternate the order (plugin, null-plugin, dynamic; then the reverse; …): in each round every contender
 * runs `up` on an empty stack and an empty server of its own, then a no-op `preview` of what it created. Each
 * process reports its CPU time and peak RSS when it ends (cpu-report.ts); the server's thread reports its CPU;
 * this process's main thread plays the engine.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { PulumiCli } from "../harness/language-host";
import { repoRoot } from "../harness/provider-process";
import { cleanEnv } from "../harness/serialized-provider";
import { PLUGIN_DIR } from "../harness/plugin-process";
import { countSteps, takeReports, writeProject } from "./language-host";
import { threadCpuTimeMs } from "./proc-stats";
import { installedPluginFolder, installedProgramFolder } from "./program-folder";
import { benchUser, ServerHost } from "./server-host";
import type { TargetResult } from "./targets";
import { codeProgram, programSource, type UserProgram } from "./user-program";

export type ProgramContender = "plugin" | "null-plugin" | "dynamic";
export const PROGRAM_CONTENDERS: readonly ProgramContender[] = ["plugin", "null-plugin", "dynamic"];

export type ProgramOperation = "up" | "preview";

export interface ProgramRun {
  contender: ProgramContender;
  operation: ProgramOperation;
  /** The round it belongs to (1-based). */
  round: number;
  /** From starting the operation (the CLI's work, the program and provider processes) to its end. */
  wallMs: number;
  programCpuMs: number;
  providerCpuMs: number;
  /** This process's main thread: the engine stand-in (gRPC, protobuf, the step generator and executor). */
  engineCpuMs: number;
  serverCpuMs: number;
  requests: number;
  programPeakMb: number;
  providerPeakMb: number;
  /** Steps by kind ("create": 1000). */
  steps: Record<string, number>;
  /** The machine's 1-minute load average when the operation started and when it ended (`uptime`). */
  load: [number, number];
}

export interface PluginProgramResult {
  jobs: number;
  rounds: number;
  runs: ProgramRun[];
  /** Anything not as a benchmark run must be: a failed operation, a job missing, a change in a no-op preview. */
  unexpected: string[];
  /** Folder of the CPU profiles of every process, when asked for. */
  profiles?: string;
}

const IMPORTS: Record<ProgramContender, string> = {
  plugin: `import { Job } from "./plugin-job";`,
  "null-plugin": `import { Job } from "./plugin-job";`,
  dynamic: `import { Job } from "pulumi-jenkins-jobs";`,
};

function log(line: string): void {
  process.stderr.write(line + "\n");
}

/**
 * The do-nothing plugin's folder: a PulumiPlugin.yaml like the provider plugin's, a package.json whose main is the
 * compiled null-plugin.ts, and the repository's dependencies (the SDK) in node_modules.
 */
function nullPluginFolder(): string {
  const dir = installedProgramFolder("bench-null-plugin-", undefined);
  fs.copyFileSync(path.join(PLUGIN_DIR, "PulumiPlugin.yaml"), path.join(dir, "PulumiPlugin.yaml"));
  fs.writeFileSync(
    path.join(dir, "package.json"),
    JSON.stringify({ name: "pulumi-resource-jenkins", version: "0.0.1", private: true, main: "index.js" }),
  );
  fs.copyFileSync(path.join(__dirname, "null-plugin.js"), path.join(dir, "index.js"));
  return dir;
}

/** The program folder of a contender; `pluginDir`: the folder `packages: jenkins:` names. */
function programFolder(contender: ProgramContender, program: UserProgram, pluginDir?: string): string {
  const dir = installedProgramFolder(`bench-pp-${contender}-`, contender === "dynamic" ? repoRoot : undefined);
  if (contender !== "dynamic") {
    fs.copyFileSync(path.join(repoRoot, "test", "bench", "plugin-job.ts"), path.join(dir, "plugin-job.ts"));
  }
  const source = programSource(program.shape, IMPORTS[contender], "Job");
  writeProject(dir, `bench-${contender}`, source, program, pluginDir === undefined ? {} : { jenkins: pluginDir });
  return dir;
}

/** A contender's folders, fixed for the whole run; a server and a stack of its own in each round. */
class Contender {
  private host: ServerHost | undefined;
  private cli: PulumiCli | undefined;

  constructor(
    readonly name: ProgramContender,
    readonly programDir: string,
    private readonly reports: string,
    private readonly env: NodeJS.ProcessEnv,
  ) {}

  /** An empty server and a new stack. */
  async fresh(): Promise<void> {
    await this.host?.close();
    this.host = await ServerHost.start("current", benchUser());
    this.cli = new PulumiCli(this.programDir, { env: this.env })
      .setConfig("jenkins:url", this.host.url)
      .setConfig("jenkins:user", this.host.user.name)
      .setConfig("jenkins:apiToken", this.host.user.apiToken, { secret: true });
  }

  async run(operation: ProgramOperation, round: number, jobs: number, unexpected: string[]): Promise<ProgramRun> {
    const host = this.host!;
    const cli = this.cli!;
    await host.reset();
    takeReports(this.reports);
    const load0 = os.loadavg()[0];
    const server0 = await host.cpuMs();
    const engine0 = threadCpuTimeMs();
    const started = process.hrtime.bigint();
    const result = operation === "up" ? await cli.up() : await cli.preview();
    const wallMs = Number(process.hrtime.bigint() - started) / 1e6;
    const engineCpuMs = threadCpuTimeMs() - engine0;
    const what = `${this.name} ${operation} ${round}`;
    if (!result.ok) {
      const program = result.program?.stderr.slice(-2000) ?? "";
      throw new Error(`${what} failed: ${JSON.stringify(result.errors).slice(0, 2000)}\n${program}`);
    }
    const serverCpuMs = (await host.cpuMs()) - server0;
    const requests = (await host.stats()).total;
    const reports = takeReports(this.reports);
    const jobSteps = result.steps.filter((s) => s.urn.includes(":Job::"));
    const expected = operation === "up" ? "create" : "same";
    const off = jobSteps.filter((s) => s.op !== expected).length;
    if (jobSteps.length !== jobs || off > 0) {
      unexpected.push(`${what}: ${jobSteps.length} job steps, ${off} of them not "${expected}"`);
    }
    if (operation === "preview" && requests > 0) unexpected.push(`${what} sent ${requests} requests`);
    if (operation === "up" && this.name !== "null-plugin") {
      const held = await host.jobCount();
      if (held !== jobs) unexpected.push(`${what}: the server holds ${held} jobs, not ${jobs}`);
    }
    return {
      contender: this.name,
      operation,
      round,
      wallMs,
      programCpuMs: reports.programCpuMs,
      providerCpuMs: reports.providerCpuMs,
      engineCpuMs,
      serverCpuMs,
      requests,
      programPeakMb: reports.programPeakRssMb,
      providerPeakMb: reports.providerPeakRssMb,
      steps: countSteps(result.steps),
      load: [load0, os.loadavg()[0]],
    };
  }

  async close(): Promise<void> {
    await this.host?.close();
    this.host = undefined;
  }
}

export async function runPluginProgram(opts: {
  jobs: number;
  rounds: number;
  /** Write CPU profiles of the program and provider processes under DIR/plugin-program/<contender>/. */
  profiles?: string;
}): Promise<PluginProgramResult> {
  const program = codeProgram(opts.jobs);
  const pluginDir = installedPluginFolder();
  const nullDir = nullPluginFolder();
  const folders: string[] = [pluginDir, nullDir];
  const contenders: Contender[] = [];
  const unexpected: string[] = [];
  const runs: ProgramRun[] = [];
  const profiles = opts.profiles === undefined ? undefined : path.resolve(opts.profiles, "plugin-program");
  try {
    for (const name of PROGRAM_CONTENDERS) {
      const dir = programFolder(name, program, { plugin: pluginDir, "null-plugin": nullDir, dynamic: undefined }[name]);
      folders.push(dir);
      const reports = path.join(dir, ".cpu-reports");
      const extra: Record<string, string> = {};
      if (profiles !== undefined) {
        for (const role of ["program", "provider"]) {
          extra[`LANGUAGE_HOST_${role.toUpperCase()}_NODE_ARGS`] =
            `--cpu-prof --cpu-prof-dir=${path.join(profiles, name, role)}`;
        }
      }
      const env = cleanEnv({
        NODE_OPTIONS: `--require ${path.join(__dirname, "cpu-report.js")}`,
        BENCH_CPU_REPORT_DIR: reports,
        ...extra,
      });
      contenders.push(new Contender(name, dir, reports, env));
    }
    for (let round = 1; round <= opts.rounds; round++) {
      const order = round % 2 === 1 ? contenders : [...contenders].reverse();
      for (const c of order) await c.fresh();
      for (const operation of ["up", "preview"] as const) {
        for (const c of order) {
          log(`plugin-program: round ${round}/${opts.rounds}, ${c.name} ${operation} of ${opts.jobs} jobs`);
          const run = await c.run(operation, round, opts.jobs, unexpected);
          runs.push(run);
          // Each run's figures as it ends, so a long run cut short still says what it measured.
          log(`  ${runLine(run)}`);
        }
      }
    }
  } finally {
    for (const c of contenders) await c.close();
    for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
  }
  return { jobs: opts.jobs, rounds: opts.rounds, runs, unexpected, profiles };
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/** One figure of a run, by name; `totalCpuMs`: program, provider, engine and server together. */
type Figure = "wallMs" | "programCpuMs" | "providerCpuMs" | "engineCpuMs" | "totalCpuMs";

/** The CPU the whole operation took: on a machine whose cores are all busy, what the wall time follows. */
const totalCpuMs = (x: ProgramRun): number => x.programCpuMs + x.providerCpuMs + x.engineCpuMs + x.serverCpuMs;

export interface PluginProgramSummary {
  /** Medians over the rounds, per operation and contender. */
  median: Record<ProgramOperation, Record<ProgramContender, Record<Figure, number>>>;
  /** Wall time of the plugin over the other contender's in each round, and their median. */
  ratios: Record<ProgramOperation, Record<"null-plugin" | "dynamic", { rounds: number[]; median: number }>>;
  /** The same for the CPU of the whole operation (`totalCpuMs`). */
  cpuRatios: Record<ProgramOperation, Record<"null-plugin" | "dynamic", { rounds: number[]; median: number }>>;
}

export function summarizePluginProgram(r: PluginProgramResult): PluginProgramSummary {
  const of = (op: ProgramOperation, c: ProgramContender) =>
    r.runs.filter((x) => x.operation === op && x.contender === c);
  const figures = (op: ProgramOperation, c: ProgramContender): Record<Figure, number> => ({
    wallMs: median(of(op, c).map((x) => x.wallMs)),
    programCpuMs: median(of(op, c).map((x) => x.programCpuMs)),
    providerCpuMs: median(of(op, c).map((x) => x.providerCpuMs)),
    engineCpuMs: median(of(op, c).map((x) => x.engineCpuMs)),
    totalCpuMs: median(of(op, c).map(totalCpuMs)),
  });
  const ratio = (op: ProgramOperation, other: "null-plugin" | "dynamic", figure: (x: ProgramRun) => number) => {
    const rounds = [...new Set(r.runs.map((x) => x.round))].map((round) => {
      const p = r.runs.find((x) => x.round === round && x.operation === op && x.contender === "plugin")!;
      const o = r.runs.find((x) => x.round === round && x.operation === op && x.contender === other)!;
      return figure(p) / figure(o);
    });
    return { rounds, median: median(rounds) };
  };
  const wall = (x: ProgramRun): number => x.wallMs;
  const byContender = (op: ProgramOperation) =>
    Object.fromEntries(PROGRAM_CONTENDERS.map((c) => [c, figures(op, c)])) as Record<
      ProgramContender,
      Record<Figure, number>
    >;
  return {
    median: { up: byContender("up"), preview: byContender("preview") },
    ratios: {
      up: { "null-plugin": ratio("up", "null-plugin", wall), dynamic: ratio("up", "dynamic", wall) },
      preview: { "null-plugin": ratio("preview", "null-plugin", wall), dynamic: ratio("preview", "dynamic", wall) },
    },
    cpuRatios: {
      up: { "null-plugin": ratio("up", "null-plugin", totalCpuMs), dynamic: ratio("up", "dynamic", totalCpuMs) },
      preview: {
        "null-plugin": ratio("preview", "null-plugin", totalCpuMs),
        dynamic: ratio("preview", "dynamic", totalCpuMs),
      },
    },
  };
}

const s = (ms: number): string => (ms / 1000).toFixed(2);

/** One run as a row of the table. */
function runLine(x: ProgramRun): string {
  return (
    `${String(x.round).padStart(5)}  ${x.operation.padEnd(9)}  ${x.contender.padEnd(11)}  ${s(x.wallMs).padStart(6)}` +
    `  ${s(x.programCpuMs).padStart(13)}  ${s(x.providerCpuMs).padStart(14)}  ${s(x.engineCpuMs).padStart(12)}` +
    `  ${s(x.serverCpuMs).padStart(12)}  ${String(x.requests).padStart(8)}  ${x.programPeakMb.toFixed(0).padStart(10)}` +
    `  ${x.providerPeakMb.toFixed(0).padStart(11)}  ${x.load.map((l) => l.toFixed(1)).join("→")}`
  );
}

export function renderPluginProgram(r: PluginProgramResult): string[] {
  const sum = summarizePluginProgram(r);
  const out = [
    "",
    `Program of ${r.jobs} jobs through the language host: provider plugin, do-nothing plugin, dynamic provider ` +
      `(${r.rounds} rounds, order alternating):`,
    "  round  operation  contender    wall s  program CPU s  provider CPU s  engine CPU s  server CPU s  requests" +
      "  program MB  provider MB  load",
  ];
  for (const x of r.runs) out.push(`  ${runLine(x)}`);
  for (const op of ["up", "preview"] as const) {
    for (const c of PROGRAM_CONTENDERS) {
      const m = sum.median[op][c];
      out.push(
        `  median ${op} ${c}: wall ${s(m.wallMs)} s, program CPU ${s(m.programCpuMs)} s, ` +
          `provider CPU ${s(m.providerCpuMs)} s, engine CPU ${s(m.engineCpuMs)} s, all CPU ${s(m.totalCpuMs)} s`,
      );
    }
    const rounds = (q: { rounds: number[] }) => q.rounds.map((x) => x.toFixed(2)).join(", ");
    for (const other of ["null-plugin", "dynamic"] as const) {
      const q = sum.ratios[op][other];
      const c = sum.cpuRatios[op][other];
      out.push(
        `  ${op}: plugin / ${other} wall ${q.median.toFixed(2)} (rounds ${rounds(q)}), ` +
          `all CPU ${c.median.toFixed(2)} (rounds ${rounds(c)})`,
      );
    }
  }
  if (r.profiles !== undefined) out.push(`  CPU profiles: ${r.profiles}/<contender>/{program,provider}`);
  if (r.unexpected.length > 0) {
    out.push("  unexpected:", ...r.unexpected.slice(0, 10).map((u) => `    ${u}`));
    if (r.unexpected.length > 10) out.push(`    … and ${r.unexpected.length - 10} more`);
  }
  return out;
}

/** The goals: the plugin's `up` and no-op preview within 1.10 of the do-nothing plugin's, and not above the Job's. */
export function pluginProgramTargets(r: PluginProgramResult): TargetResult[] {
  const sum = summarizePluginProgram(r);
  const out: TargetResult[] = [];
  const clean = r.unexpected.length === 0;
  for (const op of ["up", "preview"] as const) {
    const label = op === "up" ? "`up`" : "no-op preview";
    const toNull = sum.ratios[op]["null-plugin"];
    const toDynamic = sum.ratios[op].dynamic;
    // Three decimals: a ratio shown as 1.10 may be just above the goal.
    const rounds = (q: { rounds: number[] }) => q.rounds.map((x) => x.toFixed(3)).join(", ");
    out.push({
      target: `plugin-program ${label} of ${r.jobs} jobs: plugin / do-nothing plugin <= 1.10 (median wall of rounds)`,
      pass: clean && toNull.median <= 1.1,
      measured: `${toNull.median.toFixed(3)} (${rounds(toNull)})`,
    });
    out.push({
      target: `plugin-program ${label} of ${r.jobs} jobs: plugin no slower than the dynamic provider`,
      pass: clean && toDynamic.median <= 1,
      measured: `${toDynamic.median.toFixed(3)} (${rounds(toDynamic)})`,
    });
  }
  return out;
}
