/**
 * The language-host benchmark: a program as users write it (user-program.ts: N jobs, folders, and configs as
 * exported files with some typed specs, or configs built in code from a template) run the way the Pulumi CLI runs
 * it (test/harness/language-host: `@pulumi/pulumi/cmd/run` compiling index.ts with ts-node, the default dynamic
 * provider started in the program folder). Two programs, identical but for the resource class:
 *   provider       our Job, from a copy of the package installed under the program's node_modules
 *   null-provider  NullJob (null-job.ts), a dynamic provider that does nothing, as a user's own inline provider
 * Each has a Jenkins-compatible server of its own in a worker thread. Both run `up` on an empty server, one after
 * the other, then no-op `preview`s alternate (ours, null, null, ours, ours, …) so that both see the same machine
 * load and neither always goes first.
 * Each process reports its CPU time and peak RSS when it ends (cpu-report.ts); the server's thread reports its CPU.
 *
 * The cost of the requests themselves (the floor of `up`): after ours' `up`, the requests the server saw are sent
 * again by a plain undici client at the engine's parallelism against the same server, emptied first, with the
 * configs ours stored as the bodies of the createItem requests.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { Pool } from "undici";
import { PulumiCli, type CliOptions } from "../harness/language-host";
import { defaultParallel } from "../harness/language-host/launch";
import { repoRoot } from "../harness/provider-process";
import { cleanEnv } from "../harness/serialized-provider";
import { basicAuth } from "./phase";
import { runPool } from "./pool";
import { threadCpuTimeMs } from "./proc-stats";
import { installedProgramFolder, PROGRAM_TSCONFIG } from "./program-folder";
import { benchUser, ServerHost } from "./server-host";
import { programSource, writeProgramData, type ProgramShape, type UserProgram } from "./user-program";

export type LanguageHostContender = "provider" | "null-provider";

export interface OperationFigures {
  wallMs: number;
  programCpuMs: number;
  providerCpuMs: number;
  /** CPU of the server's thread during the operation. */
  serverCpuMs: number;
  programPeakRssMb: number;
  providerPeakRssMb: number;
  /** Steps by kind ("create": 1000, "same": 1000). */
  steps: Record<string, number>;
  requests: number;
}

export interface LanguageHostRun {
  contender: LanguageHostContender;
  jobs: number;
  up: OperationFigures;
  /** The no-op previews, in the order run (alternating with the other contender's). */
  previews: OperationFigures[];
  /** Mean size (JSON) of a Job's checked inputs and outputs in the state after `up`: what Check and Diff carry. */
  stateBytesPerJob: { inputs: number; outputs: number };
}

/** The requests of ours' `up` sent again by a plain client: what Jenkins's API costs by itself. */
export interface ReplayFigures {
  requests: number;
  wallMs: number;
  clientCpuMs: number;
  serverCpuMs: number;
}

export interface LanguageHostResult {
  jobs: number;
  /** How the program gets its configs (user-program.ts). */
  shape: ProgramShape;
  /** The scale run (`lh-scale`), which the targets leave out. */
  scale?: boolean;
  runs: LanguageHostRun[];
  replay?: ReplayFigures;
  /** Folders with the CPU profiles of both processes, when asked for. */
  profiles?: string;
}

const IMPORTS: Record<LanguageHostContender, [string, string]> = {
  provider: [`import { Job } from "pulumi-jenkins-jobs";`, "Job"],
  "null-provider": [`import { NullJob } from "./null-job";`, "NullJob"],
};

/** A program folder as `pulumi new typescript` + `npm install` leaves it (program-folder.ts), with the program. */
function programFolder(contender: LanguageHostContender, program: UserProgram): string {
  const dir = installedProgramFolder(`bench-lh-${contender}-`, contender === "provider" ? repoRoot : undefined);
  if (contender === "null-provider") {
    fs.copyFileSync(path.join(repoRoot, "test", "bench", "null-job.ts"), path.join(dir, "null-job.ts"));
  }
  writeProject(dir, `bench-${contender}`, programSource(program.shape, ...IMPORTS[contender]), program);
  return dir;
}

/**
 * A TypeScript project in `dir` as `pulumi new typescript` leaves it: Pulumi.yaml (with `packages`, the plugin
 * folder of each package, as `pulumi package add <folder>` writes them), tsconfig.json, index.ts holding `source`,
 * and the program's manifest and config files.
 */
export function writeProject(
  dir: string,
  name: string,
  source: string,
  program: UserProgram,
  packages: Record<string, string> = {},
): void {
  const packageLines = Object.entries(packages).map(([pkg, folder]) => `  ${pkg}: ${folder}\n`);
  fs.writeFileSync(
    path.join(dir, "Pulumi.yaml"),
    `name: ${name}\nmain: index.ts\nruntime:\n  name: nodejs\n  options:\n    typescript: true\n` +
      (packageLines.length > 0 ? `packages:\n${packageLines.join("")}` : ""),
  );
  fs.writeFileSync(path.join(dir, "tsconfig.json"), PROGRAM_TSCONFIG);
  fs.writeFileSync(path.join(dir, "index.ts"), source);
  writeProgramData(dir, program);
}

export interface ProcessReport {
  role: string;
  cpuMs: number;
  peakRssMb: number;
}

/** CPU time and peak RSS the program and provider processes reported since the last call; clears the reports. */
export function takeReports(
  dir: string,
): Pick<OperationFigures, "programCpuMs" | "providerCpuMs" | "programPeakRssMb" | "providerPeakRssMb"> {
  const out = { programCpuMs: 0, providerCpuMs: 0, programPeakRssMb: 0, providerPeakRssMb: 0 };
  if (!fs.existsSync(dir)) return out;
  for (const file of fs.readdirSync(dir)) {
    const report = JSON.parse(fs.readFileSync(path.join(dir, file), "utf8")) as ProcessReport;
    if (report.role === "provider") {
      out.providerCpuMs += report.cpuMs;
      out.providerPeakRssMb = Math.max(out.providerPeakRssMb, report.peakRssMb);
    } else {
      out.programCpuMs += report.cpuMs;
      out.programPeakRssMb = Math.max(out.programPeakRssMb, report.peakRssMb);
    }
    fs.rmSync(path.join(dir, file));
  }
  return out;
}

export function countSteps(steps: { op: string }[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const s of steps) out[s.op] = (out[s.op] ?? 0) + 1;
  return out;
}

/** One contender's program, server and CLI for the length of a run. */
export class Session {
  private constructor(
    readonly contender: LanguageHostContender,
    readonly dir: string,
    readonly host: ServerHost,
    readonly cli: PulumiCli,
    private readonly reports: string,
  ) {}

  static async open(
    contender: LanguageHostContender,
    program: UserProgram,
    profiles: string | undefined,
    /** More options of the CLI, given the program's folder. */
    cliOptions: (dir: string) => Pick<CliOptions, "checkpoint"> = () => ({}),
  ): Promise<Session> {
    const dir = programFolder(contender, program);
    const reports = path.join(dir, ".cpu-reports");
    const host = await ServerHost.start("current", benchUser());
    const extra: Record<string, string> = {};
    if (profiles !== undefined) {
      for (const role of ["program", "provider"]) {
        extra[`LANGUAGE_HOST_${role.toUpperCase()}_NODE_ARGS`] =
          `--cpu-prof --cpu-prof-dir=${path.join(profiles, contender, role)}`;
      }
    }
    const env = cleanEnv({
      NODE_OPTIONS:
        `--require ${path.join(__dirname, "cpu-report.js")} ${process.env.BENCH_LH_NODE_OPTIONS ?? ""}`.trim(),
      BENCH_CPU_REPORT_DIR: reports,
      ...extra,
    });
    const cli = new PulumiCli(dir, { env, ...cliOptions(dir) })
      .setConfig("jenkins:url", host.url)
      .setConfig("jenkins:user", host.user.name)
      .setConfig("jenkins:apiToken", host.user.apiToken, { secret: true });
    return new Session(contender, dir, host, cli, reports);
  }

  async measure(
    run: () => Promise<{ ok: boolean; steps: { op: string }[]; errors: unknown[] }>,
  ): Promise<OperationFigures> {
    await this.host.reset();
    takeReports(this.reports);
    const server0 = await this.host.cpuMs();
    const started = process.hrtime.bigint();
    const result = await run();
    const wallMs = Number(process.hrtime.bigint() - started) / 1e6;
    if (!result.ok) throw new Error(`the run failed: ${JSON.stringify(result.errors).slice(0, 2000)}`);
    const serverCpuMs = (await this.host.cpuMs()) - server0;
    const requests = (await this.host.stats()).total;
    return { wallMs, serverCpuMs, ...takeReports(this.reports), steps: countSteps(result.steps), requests };
  }

  async destroy(): Promise<void> {
    const destroyed = await this.cli.destroy();
    if (!destroyed.ok) throw new Error(`destroy failed: ${JSON.stringify(destroyed.errors).slice(0, 2000)}`);
    const left = await this.host.jobCount();
    if (left !== 0) throw new Error(`${this.contender}: ${left} jobs left on the server after destroy`);
  }

  async close(): Promise<void> {
    await this.host.close();
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}

/**
 * Sends the requests `host` saw during an `up` again with a plain undici pool, after the program's jobs were
 * destroyed: createItem with the config the server stored for that job (fetched before), anything else without a
 * body. In stages by depth, so that an item exists before the requests that name it or the items in it.
 */
async function replay(
  host: ServerHost,
  requests: Array<{ method: string; path: string; query: string }>,
  configs: Map<string, string>,
  destroy: () => Promise<void>,
): Promise<ReplayFigures> {
  await destroy();
  const origin = new URL(host.url).origin;
  const pool = new Pool(origin, { connections: defaultParallel() });
  const auth = basicAuth(host.user.name, host.user.apiToken);
  const send = async (r: { method: string; path: string; query: string }): Promise<void> => {
    const body = configs.get(`${r.path}?${r.query}`);
    const res = await pool.request({
      method: r.method as "GET" | "POST",
      path: r.query === "" ? r.path : `${r.path}?${r.query}`,
      headers: body === undefined ? { authorization: auth } : { authorization: auth, "content-type": "text/xml" },
      body,
    });
    await res.body.text();
    if (res.statusCode >= 400) throw new Error(`replay: ${r.method} ${r.path} answered HTTP ${res.statusCode}`);
  };
  // A request can only follow the createItem of the item it names, which runs one stage earlier: the stage of a
  // request is the number of items on its path (a folder's createItem names the folder, a job's config.xml the job).
  const stages: Array<typeof requests> = [];
  for (const r of requests) {
    const depth = r.path.split("/job/").length - 1;
    (stages[depth] ??= []).push(r);
  }
  try {
    await host.reset();
    const server0 = await host.cpuMs();
    const client0 = threadCpuTimeMs();
    const started = process.hrtime.bigint();
    for (const stage of stages) if (stage) await runPool(stage, defaultParallel(), send);
    const wallMs = Number(process.hrtime.bigint() - started) / 1e6;
    return {
      requests: requests.length,
      wallMs,
      clientCpuMs: threadCpuTimeMs() - client0,
      serverCpuMs: (await host.cpuMs()) - server0,
    };
  } finally {
    await pool.close();
  }
}

/** The config.xml the server holds for each createItem request, keyed by the request's path and query. */
async function storedConfigs(
  host: ServerHost,
  requests: Array<{ method: string; path: string; query: string }>,
): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const pool = new Pool(new URL(host.url).origin, { connections: 4 });
  const auth = basicAuth(host.user.name, host.user.apiToken);
  try {
    for (const r of requests) {
      const name = new URLSearchParams(r.query).get("name");
      if (r.method !== "POST" || !r.path.endsWith("/createItem") || name === null) continue;
      const configPath = `${r.path.slice(0, -"createItem".length)}job/${encodeURIComponent(name)}/config.xml`;
      const res = await pool.request({ method: "GET", path: configPath, headers: { authorization: auth } });
      const text = await res.body.text();
      if (res.statusCode !== 200) throw new Error(`GET ${configPath} answered HTTP ${res.statusCode}`);
      out.set(`${r.path}?${r.query}`, text);
    }
  } finally {
    await pool.close();
  }
  return out;
}

export function stateBytesPerJob(cli: PulumiCli): { inputs: number; outputs: number } {
  const jobs = cli.state.resources.filter((r) => r.custom);
  const mean = (f: (r: (typeof jobs)[number]) => unknown): number =>
    Math.round(jobs.reduce((n, r) => n + Buffer.byteLength(JSON.stringify(f(r))), 0) / Math.max(1, jobs.length));
  return { inputs: mean((r) => r.inputs), outputs: mean((r) => r.outputs) };
}

function log(line: string): void {
  process.stderr.write(line + "\n");
}

/**
 * Ours and the null provider on the same program: `up` each, then `previews` no-op previews of each, alternating;
 * with `withReplay`, the floor of ours' `up` (see the top of this file). Both stacks are destroyed at the end.
 */
export async function runLanguageHostPair(
  program: UserProgram,
  opts: { previews: number; withReplay: boolean; profiles?: string; only?: LanguageHostContender[]; scale?: boolean },
): Promise<LanguageHostResult> {
  const contenders = opts.only ?? (["provider", "null-provider"] as LanguageHostContender[]);
  const sessions: Session[] = [];
  const result: LanguageHostResult = {
    jobs: program.jobs.length,
    shape: program.shape,
    scale: opts.scale,
    runs: [],
    profiles: opts.profiles,
  };
  try {
    for (const c of contenders) sessions.push(await Session.open(c, program, opts.profiles));
    let upRequests: Array<{ method: string; path: string; query: string }> = [];
    for (const s of sessions) {
      log(`language host: ${s.contender}, ${program.jobs.length} jobs (${program.shape}): up`);
      const up = await s.measure(() => s.cli.up());
      if (s.contender === "provider") upRequests = await s.host.requests();
      result.runs.push({
        contender: s.contender,
        jobs: program.jobs.length,
        up,
        previews: [],
        stateBytesPerJob: stateBytesPerJob(s.cli),
      });
    }
    // A B B A A B …: neither program always runs first, after the same neighbour.
    for (let i = 0; i < opts.previews; i++) {
      const order = [...sessions.keys()];
      if (i % 2 === 1) order.reverse();
      for (const k of order) {
        const s = sessions[k];
        log(
          `language host: ${s.contender}, ${program.jobs.length} jobs (${program.shape}): ` +
            `no-op preview ${i + 1}/${opts.previews}`,
        );
        result.runs[k].previews.push(await s.measure(() => s.cli.preview()));
      }
    }
    const ours = sessions.find((s) => s.contender === "provider");
    if (opts.withReplay && ours !== undefined) {
      log(`language host: replaying the requests of ours' up with a plain client`);
      const configs = await storedConfigs(ours.host, upRequests);
      result.replay = await replay(ours.host, upRequests, configs, () => ours.destroy());
      // The replayed jobs go the way they came: a fresh state and an `up`-less destroy would miss them.
      await deleteAll(ours.host, upRequests);
    }
    for (const s of sessions) if (!(s === ours && opts.withReplay)) await s.destroy();
  } finally {
    for (const s of sessions) await s.close();
  }
  return result;
}

/** Deletes the items the replay made, deepest first. */
async function deleteAll(host: ServerHost, requests: Array<{ path: string; query: string }>): Promise<void> {
  const pool = new Pool(new URL(host.url).origin, { connections: 4 });
  const auth = basicAuth(host.user.name, host.user.apiToken);
  const items = requests
    .filter((r) => r.path.endsWith("/createItem"))
    .map(
      (r) =>
        `${r.path.slice(0, -"createItem".length)}job/${encodeURIComponent(new URLSearchParams(r.query).get("name") ?? "")}/`,
    )
    .sort((a, b) => b.split("/").length - a.split("/").length);
  try {
    for (const item of items) {
      const res = await pool.request({ method: "POST", path: `${item}doDelete`, headers: { authorization: auth } });
      await res.body.text();
    }
  } finally {
    await pool.close();
  }
  const left = await host.jobCount();
  if (left !== 0) throw new Error(`${left} jobs left on the server after the replay`);
}
