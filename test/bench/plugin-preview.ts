/**
 * Shape `plugin-preview`: a no-op preview of the same jobs through the provider plugin and through the dynamic
 * provider, and the bytes of state each stores per job.
 *
 * One server, the jobs created once: through the dynamic provider (Check → Create, its real serialized `__provider`
 * loaded by `@pulumi/pulumi/cmd/dynamic-provider`), then through the plugin (Check → Create of the same
 * declarations, which takes over the jobs Jenkins holds as declared). Each keeps the state the engine would keep:
 * the checked inputs and the outputs Create answered. Then previews alternate, A B B A A B…, each in a new process
 * as the CLI starts one per operation, driven the way the engine drives it:
 *   dynamic provider  Configure; per job Check(old inputs, new inputs with `__provider`) → Diff(old outputs)
 *   plugin            GetPluginInfo, CheckConfig, DiffConfig, Configure; per job Check(old inputs, new inputs)
 *                     → Diff(old outputs, old inputs)
 * Both start from a program folder as `npm install` leaves it, with the same copy of the package.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { jobUrn, ProviderProcess, repoRoot, secret, type PropertyMap } from "../harness/provider-process";
import { cleanEnv } from "../harness/serialized-provider";
import { installedJobProviderText, installedPluginFolder, installedProgramFolder } from "./program-folder";
import { Progress, runPool, timed } from "./pool";
import { cpuTimeMs, findChildPid, peakRssMb, threadCpuTimeMs } from "./proc-stats";
import type { ServerHost } from "./server-host";
import { meanStateBytes, stateBytesOf, type StateBytes } from "./state-bytes";
import type { BenchJob } from "./types";

export type PreviewContender = "dynamic" | "plugin";

export interface PreviewRun {
  contender: PreviewContender;
  /** The pair it belongs to (1-based). */
  pair: number;
  /** From starting the process to the last Diff's answer. */
  wallMs: number;
  /** Of which the Check and Diff calls of every job. */
  callsWallMs: number;
  /** The provider process's CPU over its whole life (start, configure, the calls). */
  providerCpuMs: number;
  /** Of which until it was configured: loading its modules and answering the configuration calls. */
  startCpuMs: number;
  /** This process's main thread: the engine stand-in's gRPC and protobuf work. */
  engineCpuMs: number;
  serverCpuMs: number;
  requests: number;
  providerPeakMb: number;
}

export interface PluginPreviewResult {
  jobs: number;
  parallel: number;
  runs: PreviewRun[];
  /** Mean stored bytes per job, from the checked inputs and Create's outputs of each. */
  state: Record<PreviewContender, StateBytes>;
  /** Diffs that were not "none", Checks that failed, requests during a preview: each a defect of the run. */
  unexpected: string[];
}

const PLUGIN_JOB = "jenkins:index:Job";
const PLUGIN_PROVIDER_URN = "urn:pulumi:bench::jenkins-jobs::pulumi:providers:jenkins::default";

interface Resource {
  job: BenchJob;
  urn: string;
  id: string;
  inputs: PropertyMap;
  outputs: PropertyMap;
}

function log(line: string): void {
  process.stderr.write(line + "\n");
}

/** One contender's process, configured the way the engine configures it for a preview. */
interface Side {
  contender: PreviewContender;
  start(): Promise<{ proc: ProviderProcess; pid: number }>;
  urn(job: BenchJob): string;
  declared(job: BenchJob): PropertyMap;
}

/** The processes' environment; with a profile folder, each writes a V8 CPU profile when stopped (cpu-profiler.ts). */
function envOf(contender: PreviewContender, cpuProf: string | undefined): NodeJS.ProcessEnv {
  if (cpuProf === undefined) return cleanEnv();
  return cleanEnv({
    NODE_OPTIONS: `--require ${path.join(__dirname, "cpu-profiler.js")}`,
    BENCH_CPU_PROF_DIR: path.resolve(cpuProf, "plugin-preview", contender),
  });
}

function sides(
  host: ServerHost,
  programDir: string,
  pluginDir: string,
  cpuProf: string | undefined,
): Record<PreviewContender, Side> {
  const providerText = installedJobProviderText(programDir);
  const pluginConfig = { url: host.url, user: host.user.name, apiToken: secret(host.user.apiToken) };
  const stackConfig = {
    "jenkins:url": host.url,
    "jenkins:user": host.user.name,
    "jenkins:apiToken": secret(host.user.apiToken),
  };
  return {
    dynamic: {
      contender: "dynamic",
      async start() {
        const proc = await ProviderProcess.start({ cwd: programDir, env: envOf("dynamic", cpuProf) });
        const pid = findChildPid("dynamic-provider");
        await proc.configure(stackConfig);
        return { proc, pid };
      },
      urn: (job) => jobUrn(job.name),
      declared: (job) => ({ name: job.name, configXml: job.config, __provider: providerText }),
    },
    plugin: {
      contender: "plugin",
      async start() {
        // As the language host starts a source-based plugin: run-plugin from the plugin folder, the port on stdout.
        const entry = require.resolve("@pulumi/pulumi/cmd/run-plugin", { paths: [pluginDir] });
        const proc = await ProviderProcess.start({
          entry,
          args: [pluginDir],
          cwd: pluginDir,
          env: envOf("plugin", cpuProf),
        });
        const pid = findChildPid("run-plugin");
        // The default provider of a stack that holds it already: checked, diffed against its old inputs, configured.
        await proc.getPluginInfo();
        const checked = await proc.checkConfig(PLUGIN_PROVIDER_URN, pluginConfig, pluginConfig);
        if (checked.failures.length > 0) throw new Error(`CheckConfig failed: ${JSON.stringify(checked.failures)}`);
        await proc.diffConfig(PLUGIN_PROVIDER_URN, checked.inputs, checked.inputs);
        await proc.configureWith(checked.inputs, stackConfig);
        return { proc, pid };
      },
      urn: (job) => jobUrn(job.name, PLUGIN_JOB),
      declared: (job) => ({ name: job.name, configXml: job.config }),
    },
  };
}

/** Check → Create of every job; the state the engine keeps for each. */
async function createAll(side: Side, jobs: BenchJob[], parallel: number): Promise<Map<string, Resource>> {
  const state = new Map<string, Resource>();
  const { proc } = await side.start();
  try {
    await runPool(
      jobs,
      parallel,
      async (job) => {
        const urn = side.urn(job);
        const checked = await proc.check(urn, {}, side.declared(job));
        if (checked.failures.length > 0) {
          throw new Error(`${side.contender}: check of ${job.name} failed: ${JSON.stringify(checked.failures)}`);
        }
        const created = await proc.create(urn, checked.inputs);
        state.set(job.name, { job, urn, id: created.id, inputs: checked.inputs, outputs: created.properties });
      },
      new Progress(`plugin-preview: ${side.contender} create`, jobs.length),
    );
    return state;
  } catch (e) {
    if (proc.stderr.trim() !== "") log(`${side.contender} process stderr:\n${proc.stderr.slice(-4000)}`);
    throw e;
  } finally {
    await proc.close();
  }
}

/** One no-op preview in a new process; every Check must pass and every Diff say "none". */
async function preview(
  host: ServerHost,
  side: Side,
  state: Map<string, Resource>,
  parallel: number,
  pair: number,
  unexpected: string[],
): Promise<PreviewRun> {
  const resources = [...state.values()];
  await host.reset();
  const server0 = await host.cpuMs();
  const engine0 = threadCpuTimeMs();
  let started: { proc: ProviderProcess; pid: number } | undefined;
  let callsWallMs = 0;
  let providerCpuMs = 0;
  let startCpuMs = 0;
  let providerPeakMb = 0;
  try {
    const wallMs = await timed(async () => {
      started = await side.start();
      const { proc, pid } = started;
      startCpuMs = cpuTimeMs(pid);
      callsWallMs = await timed(() =>
        runPool(
          resources,
          parallel,
          async (r) => {
            const checked = await proc.check(r.urn, r.inputs, side.declared(r.job));
            if (checked.failures.length > 0) {
              unexpected.push(`${side.contender}: check of ${r.job.name} failed: ${JSON.stringify(checked.failures)}`);
              return;
            }
            const diff = await proc.diff(r.urn, r.id, r.outputs, checked.inputs, r.inputs);
            if (diff.changes !== "none") unexpected.push(`${side.contender}: ${r.job.name} diffed as ${diff.changes}`);
          },
          new Progress(`plugin-preview: ${side.contender} preview ${pair}`, resources.length),
        ),
      );
      providerCpuMs = cpuTimeMs(started.pid);
      providerPeakMb = peakRssMb(started.pid);
    });
    const engineCpuMs = threadCpuTimeMs() - engine0;
    const serverCpuMs = (await host.cpuMs()) - server0;
    const requests = (await host.stats()).total;
    return {
      contender: side.contender,
      pair,
      wallMs,
      callsWallMs,
      providerCpuMs,
      startCpuMs,
      engineCpuMs,
      serverCpuMs,
      requests,
      providerPeakMb,
    };
  } catch (e) {
    if (started && started.proc.stderr.trim() !== "") {
      log(`${side.contender} process stderr:\n${started.proc.stderr.slice(-4000)}`);
    }
    throw e;
  } finally {
    await started?.proc.close();
  }
}

/** Deletes the jobs through the dynamic provider, so the server is left as it was found. */
async function deleteAll(side: Side, state: Map<string, Resource>, parallel: number): Promise<void> {
  const { proc } = await side.start();
  try {
    await runPool([...state.values()], parallel, (r) => proc.delete(r.urn, r.id, r.outputs));
  } finally {
    await proc.close();
  }
}

export async function runPluginPreview(
  host: ServerHost,
  jobs: BenchJob[],
  parallel: number,
  pairs: number,
  cpuProf?: string,
): Promise<PluginPreviewResult> {
  const programDir = installedProgramFolder("bench-program-", repoRoot);
  const pluginDir = installedPluginFolder();
  try {
    const side = sides(host, programDir, pluginDir, cpuProf);
    const unexpected: string[] = [];
    const states = {
      dynamic: await createAll(side.dynamic, jobs, parallel),
      plugin: await createAll(side.plugin, jobs, parallel),
    };
    // The same lifecycle answers both: the plugin's outputs are the dynamic provider's without `__provider`.
    for (const [name, d] of states.dynamic) {
      const { __provider: _provider, ...rest } = d.outputs;
      void _provider;
      const p = states.plugin.get(name)!.outputs;
      if (JSON.stringify(rest) !== JSON.stringify(p)) unexpected.push(`${name}: the plugin's outputs differ`);
    }
    const runs: PreviewRun[] = [];
    for (let pair = 1; pair <= pairs; pair++) {
      const order: PreviewContender[] = pair % 2 === 1 ? ["dynamic", "plugin"] : ["plugin", "dynamic"];
      for (const c of order) {
        const run = await preview(host, side[c], states[c], parallel, pair, unexpected);
        if (run.requests > 0) unexpected.push(`${c} preview ${pair} sent ${run.requests} requests`);
        runs.push(run);
      }
    }
    const state = {
      dynamic: meanStateBytes([...states.dynamic.values()].map((r) => stateBytesOf(r.inputs, r.outputs))),
      plugin: meanStateBytes([...states.plugin.values()].map((r) => stateBytesOf(r.inputs, r.outputs))),
    };
    await deleteAll(side.dynamic, states.dynamic, parallel);
    return { jobs: jobs.length, parallel, runs, state, unexpected };
  } finally {
    fs.rmSync(programDir, { recursive: true, force: true });
    fs.rmSync(pluginDir, { recursive: true, force: true });
  }
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

export interface PluginPreviewSummary {
  /** Medians over the previews of each contender. */
  median: Record<PreviewContender, { wallMs: number; providerCpuMs: number; startCpuMs: number; engineCpuMs: number }>;
  /** Plugin over dynamic provider, per pair, and their medians. */
  pairs: Array<{ wall: number; cpu: number }>;
  wallRatio: number;
  cpuRatio: number;
}

export function summarizePluginPreview(r: PluginPreviewResult): PluginPreviewSummary {
  const of = (c: PreviewContender) => r.runs.filter((x) => x.contender === c);
  const med = (c: PreviewContender) => ({
    wallMs: median(of(c).map((x) => x.wallMs)),
    providerCpuMs: median(of(c).map((x) => x.providerCpuMs)),
    startCpuMs: median(of(c).map((x) => x.startCpuMs)),
    engineCpuMs: median(of(c).map((x) => x.engineCpuMs)),
  });
  const pairs = [...new Set(r.runs.map((x) => x.pair))].map((pair) => {
    const d = r.runs.find((x) => x.pair === pair && x.contender === "dynamic")!;
    const p = r.runs.find((x) => x.pair === pair && x.contender === "plugin")!;
    return { wall: p.wallMs / d.wallMs, cpu: p.providerCpuMs / d.providerCpuMs };
  });
  return {
    median: { dynamic: med("dynamic"), plugin: med("plugin") },
    pairs,
    wallRatio: median(pairs.map((x) => x.wall)),
    cpuRatio: median(pairs.map((x) => x.cpu)),
  };
}

const s = (ms: number): string => (ms / 1000).toFixed(2);

export function renderPluginPreview(r: PluginPreviewResult): string[] {
  const sum = summarizePluginPreview(r);
  const out = [
    "",
    `No-op preview of ${r.jobs} jobs, provider plugin against dynamic provider (${r.parallel} in flight, ` +
      `a new process per preview, pairs alternating):`,
    "  pair  contender  wall s  calls s  provider CPU s  (to configured)  engine CPU s  server CPU s  requests" +
      "  provider peak MB",
  ];
  for (const x of r.runs) {
    out.push(
      `  ${String(x.pair).padStart(4)}  ${x.contender.padEnd(9)}  ${s(x.wallMs).padStart(6)}  ${s(x.callsWallMs).padStart(7)}` +
        `  ${s(x.providerCpuMs).padStart(14)}  ${s(x.startCpuMs).padStart(15)}  ${s(x.engineCpuMs).padStart(12)}  ${s(x.serverCpuMs).padStart(12)}` +
        `  ${String(x.requests).padStart(8)}  ${x.providerPeakMb.toFixed(0).padStart(16)}`,
    );
  }
  const pairs = (k: "wall" | "cpu") => sum.pairs.map((p) => p[k].toFixed(2)).join(", ");
  out.push(
    ...(["dynamic", "plugin"] as const).map((c) => {
      const x = sum.median[c];
      return (
        `  median ${c}: wall ${s(x.wallMs)} s, provider CPU ${s(x.providerCpuMs)} s ` +
        `(${s(x.startCpuMs)} s to configured), engine CPU ${s(x.engineCpuMs)} s`
      );
    }),
    `  plugin / dynamic (median of pairs): wall ${sum.wallRatio.toFixed(2)} (${pairs("wall")}), ` +
      `provider CPU ${sum.cpuRatio.toFixed(2)} (${pairs("cpu")})`,
    "  state per job (bytes, minified JSON as stored): contender  inputs  outputs  total  of which __provider",
  );
  for (const c of ["dynamic", "plugin"] as const) {
    const b = r.state[c];
    out.push(
      `    ${c.padEnd(9)}  ${String(b.inputs).padStart(6)}  ${String(b.outputs).padStart(7)}  ` +
        `${String(b.inputs + b.outputs).padStart(5)}  ${String(b.provider).padStart(19)}`,
    );
  }
  if (r.unexpected.length > 0) {
    out.push("  unexpected:", ...r.unexpected.slice(0, 10).map((u) => `    ${u}`));
    if (r.unexpected.length > 10) out.push(`    … and ${r.unexpected.length - 10} more`);
  }
  return out;
}
