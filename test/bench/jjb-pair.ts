/**
 * The JJB pair: our provider against Jenkins Job Builder and python-jenkins, the same jobs and the same requests in
 * flight, on a server that answers a GET after `getMs` and a POST after `postMs` (a remote controller whose saves
 * cost more than its reads). The jobs are JJB's: jjb-jobs.ts rendered to XML by `jenkins-jobs test`, so every
 * contender sends the same configs.
 *
 * Per round, each contender on a server of its own, the order reversed from one round to the next:
 *  - ours: the provider bench's path (provider.ts: the real dynamic-provider process over gRPC), Check → Create,
 *    then Check → Diff → Update with every config changed, then Delete, `parallel` resources in flight; the
 *    client as configured by default (adaptive requests in flight, at most 8);
 *  - ours-fixed: the same with `jenkins:adaptiveConcurrency` false (8 in flight whatever the answers), to show what
 *    the adaptive limit costs or saves;
 *  - JJB: `jenkins-jobs update --workers P` of revision 1 on an empty server (create), then of revision 2 (update:
 *    its cache holds revision 1's md5s, so it posts every job; the server's count is checked), each timed from
 *    starting the command to its exit; and, apart, `jenkins-jobs test` of revision 2 (JJB's rendering alone, no
 *    request) for reference;
 *  - python-jenkins with P threads: create, refresh, update, delete (python.ts).
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { JjbWorkspace } from "./jjb";
import { jjbJobName, jjbJobsYaml } from "./jjb-jobs";
import { measurePhase } from "./phase";
import { runProvider } from "./provider";
import { runPython } from "./python";
import { benchUser, ServerHost } from "./server-host";
import type { TargetResult } from "./targets";
import type { BenchJob, PhaseResult } from "./types";

export type PairContender = "ours" | "ours-fixed" | "jjb" | "python-threads";
export type PairPhase = "create" | "update" | "delete" | "render";

export interface PairRun {
  round: number;
  contender: PairContender;
  phase: PairPhase;
  wallMs: number;
  requests: number;
  requestsByKind: Record<string, number>;
  failedRequests: number;
  /** CPU seconds in the phase: the server's thread, and for ours the provider process and the engine stand-in. */
  serverCpuMs?: number;
  providerCpuMs?: number;
  engineCpuMs?: number;
}

export interface JjbPairResult {
  jobs: number;
  parallel: number;
  getMs: number;
  postMs: number;
  rounds: number;
  runs: PairRun[];
}

export interface JjbPairOptions {
  jobs: number;
  rounds: number;
  parallel: number;
  getMs: number;
  postMs: number;
  mode: "current" | "legacy";
  packageRoot?: string;
  /** Write a CPU profile of our provider process into this folder. */
  cpuProf?: string;
}

function log(line: string): void {
  process.stderr.write(line + "\n");
}

const CONTENDERS: PairContender[] = ["ours", "ours-fixed", "jjb", "python-threads"];

function asRun(round: number, contender: PairContender, p: PhaseResult | undefined): PairRun[] {
  if (p === undefined) return [];
  if (p.phase !== "create" && p.phase !== "update" && p.phase !== "delete") return [];
  return [
    {
      round,
      contender,
      phase: p.phase,
      wallMs: p.wallMs,
      requests: p.requests,
      requestsByKind: p.requestsByKind,
      failedRequests: p.failedRequests,
      serverCpuMs: p.serverCpuMs,
      providerCpuMs: p.providerCpuMs,
      engineCpuMs: contender.startsWith("ours") ? p.clientCpuMs : undefined,
    },
  ];
}

async function onServer<T>(o: JjbPairOptions, fn: (host: ServerHost) => Promise<T>): Promise<T> {
  const host = await ServerHost.start(o.mode, benchUser(), 0, { GET: o.getMs, POST: o.postMs });
  try {
    return await fn(host);
  } finally {
    await host.close();
  }
}

async function runOurs(
  o: JjbPairOptions,
  round: number,
  jobs: BenchJob[],
  contender: "ours" | "ours-fixed",
): Promise<PairRun[]> {
  return onServer(o, async (host) => {
    const run = await runProvider(host, jobs, o.parallel, {
      phases: ["create", "update", "delete"],
      packageRoot: o.packageRoot,
      cpuProf: contender === "ours" ? o.cpuProf : undefined,
      // ours-fixed: the client's requests in flight fixed at its maximum (8 by default), not adaptive.
      config: contender === "ours-fixed" ? { "jenkins:adaptiveConcurrency": false } : undefined,
    });
    const unexpected = run.result.phases.flatMap((p) => p.unexpected ?? []);
    if (unexpected.length > 0) throw new Error(`ours: ${unexpected.join("; ")}`);
    const left = await host.jobCount();
    if (left !== 0) throw new Error(`ours left ${left} jobs on the server`);
    return run.result.phases.flatMap((p) => asRun(round, contender, p));
  });
}

function count(p: PhaseResult, kind: string): number {
  return p.requestsByKind[kind] ?? 0;
}

async function runJjb(o: JjbPairOptions, round: number, dir: string, yaml: string[]): Promise<PairRun[]> {
  return onServer(o, async (host) => {
    const ws = new JjbWorkspace(path.join(dir, `jjb-round-${round}`), host);
    const create = await measurePhase(host, "create", o.jobs, async () => ({
      wallMs: await ws.update(yaml[0], o.parallel),
    }));
    if (count(create, "POST createItem") !== o.jobs)
      throw new Error(`jjb create posted ${count(create, "POST createItem")} createItem, not ${o.jobs}`);
    const update = await measurePhase(host, "update", o.jobs, async () => ({
      wallMs: await ws.update(yaml[1], o.parallel),
    }));
    if (count(update, "POST config.xml") !== o.jobs)
      throw new Error(`jjb update posted ${count(update, "POST config.xml")} config.xml, not ${o.jobs}`);
    const render = await ws.render(yaml[1], path.join(ws.dir, "render"));
    return [
      ...asRun(round, "jjb", create),
      ...asRun(round, "jjb", update),
      {
        round,
        contender: "jjb",
        phase: "render",
        wallMs: render.wallMs,
        requests: 0,
        requestsByKind: {},
        failedRequests: 0,
      },
    ];
  });
}

async function runPythonThreads(o: JjbPairOptions, round: number, jobs: BenchJob[]): Promise<PairRun[]> {
  return onServer(o, async (host) => {
    const result = await runPython(host, jobs, o.parallel);
    return result.phases.flatMap((p) => asRun(round, "python-threads", p));
  });
}

/** Revision 1 and 2 of the jobs, as JJB renders them: the configs every contender sends. */
export async function renderedJobs(dir: string, n: number): Promise<{ jobs: BenchJob[]; yaml: string[] }> {
  const yaml = [1, 2].map((rev) => {
    const file = path.join(dir, `jobs-${rev}.yaml`);
    fs.writeFileSync(file, jjbJobsYaml(n, rev));
    return file;
  });
  const ws = new JjbWorkspace(path.join(dir, "render"), undefined);
  const [first, second] = [
    await ws.render(yaml[0], path.join(dir, "xml-1")),
    await ws.render(yaml[1], path.join(dir, "xml-2")),
  ];
  const jobs: BenchJob[] = [];
  for (let i = 0; i < n; i++) {
    const name = jjbJobName(i, n);
    const config = first.configs.get(name);
    const updated = second.configs.get(name);
    if (config === undefined || updated === undefined) throw new Error(`jenkins-jobs test rendered no ${name}`);
    if (config === updated) throw new Error(`revision 2 of ${name} is not a change`);
    jobs.push({ name, kind: i % 2 === 0 ? "freestyle" : "pipeline", size: "5KB", config, updated });
  }
  return { jobs, yaml };
}

export async function runJjbPair(o: JjbPairOptions): Promise<JjbPairResult> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-jjb-"));
  const runs: PairRun[] = [];
  try {
    const { jobs, yaml } = await renderedJobs(dir, o.jobs);
    const avg = Math.round(jobs.reduce((s, j) => s + Buffer.byteLength(j.config), 0) / jobs.length);
    log(
      `jjb pair: ${o.jobs} jobs rendered by JJB (avg ${avg} B), ${o.parallel} in flight, GET ${o.getMs} ms, POST ${o.postMs} ms`,
    );
    for (let round = 1; round <= o.rounds; round++) {
      const order = round % 2 === 1 ? CONTENDERS : [...CONTENDERS].reverse();
      for (const c of order) {
        log(`jjb pair round ${round}: ${c}`);
        if (c === "ours" || c === "ours-fixed") runs.push(...(await runOurs(o, round, jobs, c)));
        else if (c === "jjb") runs.push(...(await runJjb(o, round, dir, yaml)));
        else runs.push(...(await runPythonThreads(o, round, jobs)));
      }
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return { jobs: o.jobs, parallel: o.parallel, getMs: o.getMs, postMs: o.postMs, rounds: o.rounds, runs };
}

function total(r: JjbPairResult, c: PairContender, phase: PairPhase): number | undefined {
  const xs = r.runs.filter((x) => x.contender === c && x.phase === phase);
  return xs.length === 0 ? undefined : xs.reduce((s, x) => s + x.wallMs, 0);
}

function requestsPerOp(r: JjbPairResult, c: PairContender, phase: PairPhase): number | undefined {
  const xs = r.runs.filter((x) => x.contender === c && x.phase === phase);
  return xs.length === 0 ? undefined : xs.reduce((s, x) => s + x.requests, 0) / (xs.length * r.jobs);
}

function ratioOf(
  r: JjbPairResult,
  phase: PairPhase,
  other: PairContender,
  mine: PairContender = "ours",
): number | undefined {
  const a = total(r, mine, phase);
  const b = total(r, other, phase);
  return a === undefined || b === undefined || b <= 0 ? undefined : a / b;
}

/** Ours over the other contender, round by round. */
function roundRatios(r: JjbPairResult, phase: PairPhase, other: PairContender, mine: PairContender = "ours"): string {
  const out: string[] = [];
  for (let round = 1; round <= r.rounds; round++) {
    const a = r.runs.find((x) => x.round === round && x.contender === mine && x.phase === phase);
    const b = r.runs.find((x) => x.round === round && x.contender === other && x.phase === phase);
    if (a && b) out.push((a.wallMs / b.wallMs).toFixed(2));
  }
  return out.join(", ");
}

const cpu = (ms: number | undefined, width: number): string =>
  (ms === undefined ? "-" : (ms / 1000).toFixed(2)).padStart(width);

export function renderJjbPair(r: JjbPairResult): string[] {
  const out = [
    "",
    `JJB pair: ${r.jobs} jobs rendered by JJB, ${r.parallel} in flight on every side, GET ${r.getMs} ms, POST ` +
      `${r.postMs} ms at the server (${r.rounds} rounds, order reversed each round):`,
    "  round  contender       phase   wall s  requests  req/op  srv cpu  prov cpu  engine cpu  requests by kind",
  ];
  for (const x of r.runs) {
    const kinds = Object.entries(x.requestsByKind)
      .sort()
      .map(([k, n]) => `${k} ${n}`)
      .join(", ");
    out.push(
      `  ${String(x.round).padStart(5)}  ${x.contender.padEnd(14)}  ${x.phase.padEnd(6)}  ${(x.wallMs / 1000).toFixed(2).padStart(6)}  ` +
        `${String(x.requests).padStart(8)}  ${(x.requests / r.jobs).toFixed(2).padStart(6)}  ` +
        `${cpu(x.serverCpuMs, 7)}  ${cpu(x.providerCpuMs, 8)}  ${cpu(x.engineCpuMs, 10)}  ${kinds}` +
        (x.failedRequests > 0 ? `  (status >= 400: ${x.failedRequests})` : ""),
    );
  }
  const pairs: Array<[PairContender, PairPhase, PairContender]> = [
    ["ours", "create", "jjb"],
    ["ours", "update", "jjb"],
    ["ours", "delete", "python-threads"],
    ["ours", "create", "python-threads"],
    ["ours", "update", "python-threads"],
    ["ours-fixed", "create", "jjb"],
    ["ours-fixed", "update", "jjb"],
    ["ours-fixed", "delete", "python-threads"],
  ];
  for (const [mine, phase, other] of pairs) {
    const ratio = ratioOf(r, phase, other, mine);
    if (ratio === undefined) continue;
    out.push(
      `  ${phase}: ${mine} / ${other} ${ratio.toFixed(2)} (total ${((total(r, mine, phase) ?? 0) / 1000).toFixed(2)} s ` +
        `against ${((total(r, other, phase) ?? 0) / 1000).toFixed(2)} s; rounds ${roundRatios(r, phase, other, mine)}); ` +
        `requests per job ${requestsPerOp(r, mine, phase)?.toFixed(2)} against ${requestsPerOp(r, other, phase)?.toFixed(2)}`,
    );
  }
  const render = total(r, "jjb", "render");
  if (render !== undefined)
    out.push(
      `  JJB rendering alone (jenkins-jobs test, no request): ${(render / 1000 / r.rounds).toFixed(2)} s per round`,
    );
  return out;
}

export function jjbPairTargets(r: JjbPairResult): TargetResult[] {
  const goals: Array<[PairPhase, PairContender, number, string]> = [
    ["update", "jjb", 1.0, `jenkins-jobs update --workers ${r.parallel}`],
    ["create", "jjb", 0.9, `jenkins-jobs update --workers ${r.parallel}`],
    ["delete", "python-threads", 1.0, `python-jenkins with ${r.parallel} threads`],
  ];
  return goals.map(([phase, other, limit, what]) => {
    const ratio = ratioOf(r, phase, other);
    const mine = requestsPerOp(r, "ours", phase);
    const theirs = requestsPerOp(r, other, phase);
    return {
      target: `${phase} of ${r.jobs} jobs (GET ${r.getMs} ms, POST ${r.postMs} ms): ours <= ${limit.toFixed(1)} x ${what}`,
      pass: ratio === undefined ? null : ratio <= limit,
      measured:
        ratio === undefined
          ? "not measured"
          : `${ratio.toFixed(2)} (rounds ${roundRatios(r, phase, other)}); requests per job ${mine?.toFixed(2)} against ${theirs?.toFixed(2)}`,
    };
  });
}
