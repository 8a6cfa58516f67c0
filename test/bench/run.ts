/**
 * `npm run bench`: our provider against the floor (bare HTTP) and python-jenkins, side by side, each on a fresh
 * Jenkins-compatible server, same jobs, same parallelism. Prints a table (stdout) and optionally JSON.
 * Run `npm run bench -- --help` for the options.
 */
import "../../provider/runtime/node-version"; // first: an unsupported Node.js stops here with one line
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { runAdaptive } from "./adaptive";
import { parseArgs, wants, type BenchOptions } from "./args";
import { makeJobs } from "./configs";
import { measureDiffCost } from "./diff-cost";
import { runDiyBackend, runDiyBackendScale } from "./diy-backend";
import { runFloor } from "./floor";
import { jjbAvailable } from "./jjb";
import { runJjbPair } from "./jjb-pair";
import { runLanguageHostPair, type LanguageHostContender } from "./language-host";
import { runPluginPreview, summarizePluginPreview } from "./plugin-preview";
import { runMemoryScale } from "./memory-scale";
import { runPluginProgram, summarizePluginProgram } from "./plugin-program";
import { runProvider } from "./provider";
import { runPython } from "./python";
import { renderReport } from "./report";
import { measureReviewCost } from "./review-cost";
import { benchUser, ServerHost } from "./server-host";
import { evaluateTargets, type Measurements } from "./targets";
import { codeProgram, templateProgram, userProgram, type ProgramShape, type UserProgram } from "./user-program";
import type { BenchJob, ContenderResult } from "./types";

/** The language-host program of each shape, for a number of jobs. */
const PROGRAMS: Record<ProgramShape, (jobs: number) => UserProgram> = {
  files: (n) => userProgram(n),
  template: (n) => templateProgram(n),
  code: (n) => codeProgram(n),
};

function log(line: string): void {
  process.stderr.write(line + "\n");
}

/** Runs one contender on a server of its own and checks that it left nothing behind. */
async function onFreshServer<T>(opts: BenchOptions, label: string, fn: (host: ServerHost) => Promise<T>): Promise<T> {
  log(`${label}: starting a fresh server`);
  const host = await ServerHost.start(opts.mode, benchUser(), opts.latencyMs);
  try {
    const result = await fn(host);
    const left = await host.jobCount();
    if (left !== 0) throw new Error(`${label} left ${left} jobs on the server`);
    return result;
  } finally {
    await host.close();
  }
}

function sizeSummary(jobs: BenchJob[]): string {
  const groups = new Map<string, { n: number; bytes: number }>();
  for (const j of jobs) {
    const g = groups.get(j.size) ?? { n: 0, bytes: 0 };
    g.n++;
    g.bytes += Buffer.byteLength(j.config);
    groups.set(j.size, g);
  }
  return [...groups.entries()]
    .map(([size, g]) => `${g.n} x ~${size} (avg ${Math.round(g.bytes / g.n / 1024)} KiB)`)
    .join(", ");
}

async function main(): Promise<void> {
  const opts = parseArgs(process.argv.slice(2));
  const started = Date.now();
  const command = `npm run bench -- ${process.argv.slice(2).join(" ")}`.trim().replace(/ --$/, "");
  const jobs = makeJobs(opts.jobs, opts.large100k, opts.large1m);
  log(
    `bench: ${jobs.length} jobs (${sizeSummary(jobs)}), ${opts.parallel} in flight, server mode ${opts.mode}, latency ${opts.latencyMs} ms`,
  );

  const m: Measurements = { contenders: [] };
  // First, while this process's heap is small: garbage left by the contenders would bill GC work to these samples.
  if (wants(opts, "diff-cost")) {
    log("diff cost: measuring canonicalize + compare per config size");
    m.diffCost = await measureDiffCost();
  }
  if (wants(opts, "review")) {
    log("review: parse, review and lay out large previews");
    m.review = measureReviewCost();
  }
  const contenders: ContenderResult[] = m.contenders;
  if (wants(opts, "floor"))
    contenders.push(await onFreshServer(opts, "floor", (h) => runFloor(h, jobs, opts.parallel)));
  if (wants(opts, "provider")) {
    const run = await onFreshServer(opts, "provider", (h) => runProvider(h, jobs, opts.parallel, opts));
    contenders.push(run.result);
    m.provider = run.extras;
  }
  if (wants(opts, "null-provider")) {
    const run = await onFreshServer(opts, "null provider", (h) =>
      runProvider(h, jobs, opts.parallel, { ...opts, nullProvider: true }),
    );
    contenders.push(run.result);
    m.nullProvider = run.extras;
  }
  const lhContenders = (["provider", "null-provider"] as LanguageHostContender[]).filter((c) => wants(opts, `lh-${c}`));
  // Each program shape a pair of its own (both by default): configs from files, configs built in code from a template.
  for (const shape of lhContenders.length > 0 ? opts.lhShapes : []) {
    const program = PROGRAMS[shape](opts.lhJobs);
    (m.languageHost ??= []).push(
      await runLanguageHostPair(program, {
        previews: opts.lhPreviews,
        withReplay: lhContenders.includes("provider"),
        profiles: opts.lhProfile === undefined ? undefined : path.join(opts.lhProfile, shape),
        only: lhContenders,
      }),
    );
  }
  if (wants(opts, "lh-scale")) {
    (m.languageHost ??= []).push(
      await runLanguageHostPair(userProgram(opts.lhScaleJobs), { previews: 1, withReplay: false, scale: true }),
    );
  }
  if (wants(opts, "lh-diy")) (m.diyBackend ??= []).push(await runDiyBackend(opts.diyJobs));
  if (wants(opts, "lh-diy-scale")) {
    (m.diyBackend ??= []).push(await runDiyBackendScale(opts.diyScaleJobs, opts.diyMoreJobs));
  }
  if (wants(opts, "plugin-preview")) {
    m.pluginPreview = await onFreshServer(opts, "plugin-preview", (h) =>
      runPluginPreview(h, makeJobs(opts.pluginJobs, 0, 0), opts.parallel, opts.pluginPairs, opts.cpuProf),
    );
  }
  if (wants(opts, "plugin-program")) {
    m.pluginProgram = await runPluginProgram({
      jobs: opts.pluginProgramJobs,
      rounds: opts.pluginProgramRounds,
      profiles: opts.lhProfile,
    });
  }
  if (wants(opts, "mem-scale")) m.memoryScale = await runMemoryScale({ jobs: opts.memScaleJobs });
  if (wants(opts, "adaptive")) {
    log(`adaptive: ${opts.adaptiveSaves} saves, adaptive against fixed 8 and fixed 32, ${opts.adaptiveRounds} rounds`);
    m.adaptive = await runAdaptive(opts.adaptiveSaves, opts.adaptiveRounds);
  }
  if (wants(opts, "jjb-pair")) {
    if (await jjbAvailable()) {
      m.jjbPair = await runJjbPair({
        jobs: opts.jjbJobs,
        rounds: opts.jjbRounds,
        parallel: opts.jjbParallel,
        getMs: opts.jjbGetMs,
        postMs: opts.jjbPostMs,
        mode: opts.mode,
        packageRoot: opts.packageRoot,
        cpuProf: opts.cpuProf,
      });
    } else if (opts.only?.has("jjb-pair")) {
      throw new Error("jjb-pair needs jenkins-jobs: apt-get install jenkins-job-builder python3-jenkins");
    } else {
      log("jjb pair: skipped, jenkins-jobs is not installed (apt-get install jenkins-job-builder)");
    }
  }
  if (wants(opts, "python-seq"))
    contenders.push(await onFreshServer(opts, "python-jenkins sequential", (h) => runPython(h, jobs, 1)));
  if (wants(opts, "python-threads")) {
    contenders.push(await onFreshServer(opts, "python-jenkins threaded", (h) => runPython(h, jobs, opts.parallel)));
  }

  const targets = evaluateTargets(m);
  const totalMs = Date.now() - started;
  const header = [
    `Command: ${command}`,
    `Jobs: ${jobs.length} (${sizeSummary(jobs)}); parallelism ${opts.parallel}; server mode ${opts.mode}; ` +
      `added latency ${opts.latencyMs} ms; ` +
      `node ${process.version}, ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? "?"})`,
    `Whole bench: ${(totalMs / 1000).toFixed(1)} s`,
  ];
  const text = renderReport(m, targets, header);
  const json = {
    command,
    date: new Date(started).toISOString(),
    totalWallMs: totalMs,
    options: { ...opts, only: opts.only ? [...opts.only] : undefined },
    machine: {
      node: process.version,
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model,
      platform: process.platform,
    },
    jobs: { total: jobs.length, summary: sizeSummary(jobs) },
    contenders: m.contenders,
    provider: m.provider,
    diffCost: m.diffCost,
    languageHost: m.languageHost,
    diyBackend: m.diyBackend,
    pluginPreview: m.pluginPreview && { ...m.pluginPreview, summary: summarizePluginPreview(m.pluginPreview) },
    pluginProgram: m.pluginProgram && { ...m.pluginProgram, summary: summarizePluginProgram(m.pluginProgram) },
    adaptive: m.adaptive,
    jjbPair: m.jjbPair,
    memoryScale: m.memoryScale,
    targets,
  };
  if (opts.json === "-") {
    process.stderr.write(text);
    process.stdout.write(JSON.stringify(json, null, 2) + "\n");
  } else {
    process.stdout.write(text);
    if (opts.json !== undefined) {
      fs.writeFileSync(opts.json, JSON.stringify(json, null, 2) + "\n");
      log(`JSON written to ${opts.json}`);
    }
  }
}

main().catch((e: unknown) => {
  process.stderr.write(`bench failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exitCode = 1;
});
