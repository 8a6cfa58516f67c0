/**
 * Our provider, end to end: the Job's real serialized `__provider`, loaded by the real
 * `@pulumi/pulumi/cmd/dynamic-provider` process and driven over gRPC with `parallel` resources in flight, each
 * resource going through the calls the engine makes for it:
 *   up (new)        Check → Create
 *   refresh         Read
 *   up (unchanged)  Check → Diff                 (must say "no change", send nothing)
 *   up (changed)    Check → Diff → Update
 *   destroy         Delete
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { jobUrn, ProviderProcess, repoRoot, secret, type PropertyMap } from "../harness/provider-process";
import { cleanEnv } from "../harness/serialized-provider";
import { providerTextOfNull } from "./null-provider";
import { measurePhase } from "./phase";
import { installedJobProviderText, installedProgramFolder } from "./program-folder";
import { Progress, runPool } from "./pool";
import { cpuTimeMs, findChildPid, peakRssMb } from "./proc-stats";
import type { ServerHost } from "./server-host";
import type { BenchJob, ContenderResult, PhaseName, PhaseResult, ProviderExtras } from "./types";

/** What the engine keeps per resource between operations. */
interface StateEntry {
  job: BenchJob;
  urn: string;
  id: string;
  inputs: PropertyMap;
  outputs: PropertyMap;
}

export interface ProviderRun {
  result: ContenderResult;
  extras: ProviderExtras;
}

/** Environment of the provider process; with a profile folder, V8 profiles it and SIGTERM ends it cleanly. */
function providerEnv(cpuProf: string | undefined, nodeOptions: string | undefined): NodeJS.ProcessEnv {
  const options: string[] = nodeOptions ? [nodeOptions] : [];
  const extra: Record<string, string> = {};
  if (cpuProf) {
    options.push(`--require ${path.join(__dirname, "cpu-profiler.js")}`);
    extra.BENCH_CPU_PROF_DIR = path.resolve(cpuProf);
  }
  if (options.length > 0) extra.NODE_OPTIONS = options.join(" ");
  return cleanEnv(extra);
}

export interface ProviderRunOptions {
  /** Run the null provider (null-provider.ts) instead of ours, through the same host and driver. */
  nullProvider?: boolean;
  cpuProf?: string;
  /** Root of the compiled package to load (its dist/ is used); default: this checkout. For A/B runs. */
  packageRoot?: string;
  providerNodeOptions?: string;
  /** More provider configuration (`jenkins:adaptiveConcurrency`: false, …). */
  config?: Record<string, unknown>;
  /** The phases to run, in their usual order (default: all); create and delete always run. */
  phases?: readonly PhaseName[];
}

export async function runProvider(
  host: ServerHost,
  jobs: BenchJob[],
  parallel: number,
  opts: ProviderRunOptions = {},
): Promise<ProviderRun> {
  // Ours from the package installed in the program folder, as users run it; the null provider by value, as a
  // user's own inline provider.
  const cwd = installedProgramFolder("bench-program-", opts.packageRoot ?? repoRoot);
  const providerText = opts.nullProvider ? await providerTextOfNull() : installedJobProviderText(cwd);
  let proc: ProviderProcess;
  try {
    proc = await ProviderProcess.start({ cwd, env: providerEnv(opts.cpuProf, opts.providerNodeOptions) });
  } catch (e) {
    fs.rmSync(cwd, { recursive: true, force: true });
    throw e;
  }
  const pid = findChildPid("dynamic-provider");
  const phases: PhaseResult[] = [];
  const peakByPhase: Record<string, number> = { start: peakRssMb(pid) };
  let noopCpuRegularMs = 0;
  let noopCpuLargeMs = 0;
  const regular = jobs.filter((j) => j.size === "5KB");
  const large = jobs.filter((j) => j.size !== "5KB");
  try {
    await proc.configure({
      "jenkins:url": host.url,
      "jenkins:user": host.user.name,
      "jenkins:apiToken": secret(host.user.apiToken),
      ...opts.config,
    });
    const state = new Map<string, StateEntry>();
    const declared = (job: BenchJob, config: string): PropertyMap => ({
      name: job.name,
      configXml: config,
      __provider: providerText,
    });

    const phase = async (
      name: PhaseName,
      fn: (job: BenchJob, unexpected: string[]) => Promise<void>,
    ): Promise<void> => {
      if (opts.phases && !opts.phases.includes(name) && name !== "create" && name !== "delete") return;
      const unexpected: string[] = [];
      const cpu0 = cpuTimeMs(pid);
      const result = await measurePhase(host, name, jobs.length, async () => {
        if (name === "noop-diff") {
          // Regular and large jobs apart, so the CPU figure of the ~5 KB jobs stands on its own.
          const progress = new Progress(`provider ${name}`, jobs.length);
          await runPool(regular, parallel, (j) => fn(j, unexpected), progress);
          const mid = cpuTimeMs(pid);
          noopCpuRegularMs = mid - cpu0;
          await runPool(large, parallel, (j) => fn(j, unexpected), progress);
          noopCpuLargeMs = cpuTimeMs(pid) - mid;
        } else {
          await runPool(jobs, parallel, (j) => fn(j, unexpected), new Progress(`provider ${name}`, jobs.length));
        }
      });
      result.providerCpuMs = cpuTimeMs(pid) - cpu0;
      result.unexpected = unexpected.slice(0, 10);
      if (unexpected.length > 10) result.unexpected.push(`… and ${unexpected.length - 10} more`);
      phases.push(result);
      peakByPhase[name] = peakRssMb(pid);
    };

    await phase("create", async (job) => {
      const urn = jobUrn(job.name);
      const checked = await proc.check(urn, {}, declared(job, job.config));
      if (checked.failures.length > 0)
        throw new Error(`check of ${job.name} failed: ${JSON.stringify(checked.failures)}`);
      const created = await proc.create(urn, checked.inputs);
      state.set(job.name, { job, urn, id: created.id, inputs: checked.inputs, outputs: created.properties });
    });

    await phase("refresh", async (job, unexpected) => {
      const s = state.get(job.name)!;
      const read = await proc.read(s.urn, s.id, s.outputs, s.inputs);
      if (!read.id) throw new Error(`refresh reported ${job.name} gone`);
      if (read.properties.configXml !== s.outputs.configXml) unexpected.push(`${job.name}: refresh changed configXml`);
      s.outputs = read.properties;
      if (read.inputs) s.inputs = read.inputs;
    });

    await phase("noop-diff", async (job, unexpected) => {
      const s = state.get(job.name)!;
      const checked = await proc.check(s.urn, s.inputs, declared(job, job.config));
      const diff = await proc.diff(s.urn, s.id, s.outputs, checked.inputs);
      if (diff.changes !== "none") unexpected.push(`${job.name}: unchanged config diffed as ${diff.changes}`);
    });

    await phase("update", async (job, unexpected) => {
      const s = state.get(job.name)!;
      const checked = await proc.check(s.urn, s.inputs, declared(job, job.updated));
      const diff = await proc.diff(s.urn, s.id, s.outputs, checked.inputs);
      if (diff.changes !== "some" || diff.replaces.length > 0) {
        unexpected.push(`${job.name}: changed config diffed as ${diff.changes} (replaces ${diff.replaces.join(",")})`);
        return;
      }
      s.outputs = await proc.update(s.urn, s.id, s.outputs, checked.inputs);
      s.inputs = checked.inputs;
    });

    await phase("delete", async (job) => {
      const s = state.get(job.name)!;
      await proc.delete(s.urn, s.id, s.outputs);
      state.delete(job.name);
    });

    return {
      result: { name: opts.nullProvider ? "null-provider" : "provider", phases },
      extras: {
        peakMemoryMb: peakRssMb(pid),
        peakMemoryByPhaseMb: peakByPhase,
        noopCpuRegularMs,
        noopCpuLargeMs,
        regularJobs: regular.length,
        largeJobs: large.length,
      },
    };
  } catch (e) {
    if (proc.stderr.trim() !== "") process.stderr.write(`provider process stderr:\n${proc.stderr.slice(-4000)}\n`);
    throw e;
  } finally {
    await proc.close();
    fs.rmSync(cwd, { recursive: true, force: true });
  }
}
