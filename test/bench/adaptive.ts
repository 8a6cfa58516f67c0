/**
 * The `adaptive` benchmark: the client against a controller that slows down with load, its requests in flight
 * adaptive (maxConnections 32) against a fixed 8 and a fixed 32 (`adaptiveConcurrency: false`).
 *
 * One server (in its worker thread) holds N jobs, created before the load model is switched on. Each run is one
 * JenkinsClient of the contender's settings saving every job's config.xml once, all N saves asked for at once (as an
 * engine with more operations ready than connections), against the load model: every request waits `baseMs`, plus
 * `perRequestMs` for each request in flight beyond `knee`, and past `maxInFlight` in flight the proxy in front
 * answers 503 without Retry-After. Rounds alternate the order of the contenders. Measured per run: wall time, the
 * peak of requests in flight the server saw, the 503s it answered, the requests it received (retries included),
 * and the calls that failed for the caller.
 */
import { JenkinsClient } from "../../provider/client";
import type { LoadSettings } from "../../provider/server";
import { makeJobs } from "./configs";
import { benchUser, ServerHost } from "./server-host";
import type { TargetResult } from "./targets";

export type AdaptiveContender = "adaptive" | "fixed-8" | "fixed-32";
export const ADAPTIVE_CONTENDERS: readonly AdaptiveContender[] = ["adaptive", "fixed-8", "fixed-32"];

const SETTINGS: Record<AdaptiveContender, { maxConnections: number; adaptiveConcurrency: boolean }> = {
  adaptive: { maxConnections: 32, adaptiveConcurrency: true },
  "fixed-8": { maxConnections: 8, adaptiveConcurrency: false },
  "fixed-32": { maxConnections: 32, adaptiveConcurrency: false },
};

/**
 * A controller whose config save takes 70 ms alone (the healthy controller of the other benchmarks) and 10 ms more
 * for each save in flight beyond 8, and a proxy in front that takes 24 requests at most.
 */
export const BENCH_LOAD: LoadSettings = { baseMs: 70, knee: 8, perRequestMs: 10, maxInFlight: 24 };

export interface AdaptiveRun {
  contender: AdaptiveContender;
  round: number;
  wallMs: number;
  peakInFlight: number;
  overloadAnswers: number;
  /** Requests the server received, retries and resends included. */
  requests: number;
  /** Calls that failed for the caller, and the first one's message. */
  failed: number;
  firstFailure?: string;
  /** Adaptive only: the lowest and highest limit after its first change (from the client's log), and the changes. */
  limitRange?: [number, number];
  limitChanges?: number;
}

export interface AdaptiveResult {
  saves: number;
  rounds: number;
  load: LoadSettings;
  runs: AdaptiveRun[];
}

function log(line: string): void {
  process.stderr.write(line + "\n");
}

export async function runAdaptive(saves: number, rounds: number): Promise<AdaptiveResult> {
  const host = await ServerHost.start("current", benchUser());
  const jobs = makeJobs(saves, 0, 0);
  const runs: AdaptiveRun[] = [];
  try {
    const setup = new JenkinsClient({
      url: host.url,
      user: host.user.name,
      apiToken: host.user.apiToken,
      maxConnections: 16,
    });
    await Promise.all(jobs.map((j) => setup.createJob(j.name, j.config)));
    await setup.close();
    for (let round = 1; round <= rounds; round++) {
      const order = round % 2 === 1 ? ADAPTIVE_CONTENDERS : [...ADAPTIVE_CONTENDERS].reverse();
      for (const contender of order) {
        const limits: number[] = [];
        const client = new JenkinsClient({
          url: host.url,
          user: host.user.name,
          apiToken: host.user.apiToken,
          ...SETTINGS[contender],
          log: (line) => {
            const m = /^requests in flight: at most (\d+) /.exec(line);
            if (m) limits.push(Number(m[1]));
          },
        });
        await host.setLoad(BENCH_LOAD);
        await host.reset();
        const started = process.hrtime.bigint();
        // Each run saves a config that differs from the one before.
        const results = await Promise.allSettled(
          jobs.map((j) => client.updateConfig(j.name, runs.length % 2 === 0 ? j.updated : j.config)),
        );
        const wallMs = Number(process.hrtime.bigint() - started) / 1e6;
        const stats = await host.loadStats();
        const requests = (await host.stats()).total;
        await host.setLoad(null);
        await client.close();
        const failures = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
        const run: AdaptiveRun = {
          contender,
          round,
          wallMs,
          peakInFlight: stats.peakInFlight,
          overloadAnswers: stats.overloadAnswers,
          requests,
          failed: failures.length,
          firstFailure:
            failures.length > 0 ? String((failures[0].reason as Error).message ?? failures[0].reason) : undefined,
          ...(limits.length > 0
            ? { limitRange: [Math.min(...limits), Math.max(...limits)], limitChanges: limits.length }
            : {}),
        };
        runs.push(run);
        log(
          `adaptive: round ${round} ${contender}: ${(wallMs / 1000).toFixed(2)} s, peak ${run.peakInFlight} in flight, ` +
            `${run.overloadAnswers} 503s, ${run.failed} failed`,
        );
      }
    }
  } finally {
    await host.close();
  }
  return { saves, rounds, load: BENCH_LOAD, runs };
}

function total(
  r: AdaptiveResult,
  c: AdaptiveContender,
  key: "wallMs" | "failed" | "overloadAnswers" | "requests",
): number {
  return r.runs.filter((x) => x.contender === c).reduce((n, x) => n + x[key], 0);
}

function peak(r: AdaptiveResult, c: AdaptiveContender): number {
  return Math.max(...r.runs.filter((x) => x.contender === c).map((x) => x.peakInFlight));
}

export function renderAdaptive(r: AdaptiveResult): string[] {
  const l = r.load;
  const out = [
    "",
    `Adaptive concurrency: ${r.saves} config.xml saves asked for at once, against a server that waits ${l.baseMs} ms ` +
      `+ ${l.perRequestMs} ms per request in flight beyond ${l.knee} and answers 503 past ${l.maxInFlight} in flight ` +
      `(${r.rounds} rounds, order alternating):`,
    "  round  contender  wall s  peak in flight  503s answered  requests  failed for the caller  limit after its first change",
  ];
  for (const x of r.runs) {
    out.push(
      `  ${String(x.round).padStart(5)}  ${x.contender.padEnd(9)}  ${(x.wallMs / 1000).toFixed(2).padStart(6)}  ` +
        `${String(x.peakInFlight).padStart(14)}  ${String(x.overloadAnswers).padStart(13)}  ${String(x.requests).padStart(8)}  ` +
        `${String(x.failed).padStart(21)}  ` +
        (x.limitRange ? `${x.limitRange[0]} to ${x.limitRange[1]} (${x.limitChanges} changes)` : "-") +
        (x.firstFailure ? `  first failure: ${x.firstFailure.slice(0, 100)}` : ""),
    );
  }
  for (const c of ADAPTIVE_CONTENDERS) {
    out.push(
      `  total ${c}: wall ${(total(r, c, "wallMs") / 1000).toFixed(2)} s, peak ${peak(r, c)} in flight, ` +
        `${total(r, c, "overloadAnswers")} 503s answered, ${total(r, c, "requests")} requests, ` +
        `${total(r, c, "failed")} failed for the caller`,
    );
  }
  return out;
}

export function adaptiveTargets(r: AdaptiveResult): TargetResult[] {
  const failed = total(r, "adaptive", "failed");
  const adaptive = total(r, "adaptive", "wallMs");
  const fixed = (["fixed-8", "fixed-32"] as const).map((c) => ({ c, ms: total(r, c, "wallMs") }));
  const best = fixed.reduce((a, b) => (b.ms < a.ms ? b : a));
  const ratio = adaptive / best.ms;
  return [
    {
      target: "adaptive concurrency: no 503 reaches the caller",
      pass: failed === 0,
      measured: `${failed} calls failed of ${r.saves * r.rounds} (${total(r, "adaptive", "overloadAnswers")} 503s absorbed)`,
    },
    {
      target: "adaptive concurrency: total time within 10% of the best fixed setting",
      pass: ratio <= 1.1,
      measured: `${ratio.toFixed(3)} of ${best.c} (adaptive ${(adaptive / 1000).toFixed(2)} s, ${fixed
        .map((f) => `${f.c} ${(f.ms / 1000).toFixed(2)} s`)
        .join(", ")})`,
    },
  ];
}
