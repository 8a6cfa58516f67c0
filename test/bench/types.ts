/** Shapes shared by the benchmark's contenders, measurements and report. */

export type PhaseName = "create" | "refresh" | "noop-diff" | "update" | "delete";
export const PHASES: PhaseName[] = ["create", "refresh", "noop-diff", "update", "delete"];

/** Fewest HTTP requests per job that each phase can possibly need. */
export const MIN_REQUESTS_PER_OP: Record<PhaseName, number> = {
  create: 1,
  refresh: 1,
  "noop-diff": 0,
  update: 1,
  delete: 1,
};

export type ContenderName = "provider" | "null-provider" | "floor" | "python-seq" | "python-threads";

export type SizeClass = "5KB" | "100KB" | "1MB";

export interface BenchJob {
  name: string;
  kind: "freestyle" | "pipeline";
  size: SizeClass;
  /** The config as declared at first. */
  config: string;
  /** The same config with one realistic edit, for the update phase. */
  updated: string;
}

/** What the server saw during one phase. */
export interface ServerStats {
  total: number;
  /** "POST createItem": 1000, … */
  byKind: Record<string, number>;
  /** Answers with status 0 (dropped) or >= 400. */
  failed: number;
}

export interface PhaseResult {
  phase: PhaseName;
  /** Jobs handled in the phase. */
  ops: number;
  wallMs: number;
  requests: number;
  requestsByKind: Record<string, number>;
  failedRequests: number;
  /** CPU time of the server's thread during the phase. */
  serverCpuMs?: number;
  /**
   * CPU time of the contender's client side: the benchmark's main thread (undici for the floor; the engine
   * stand-in's gRPC and protobuf work for the provider), or the python process.
   */
  clientCpuMs?: number;
  /** Provider only: CPU time of the provider process during the phase (user + system). */
  providerCpuMs?: number;
  /** Provider only: results that were not what the phase expects (a no-op diff reporting a change, …). */
  unexpected?: string[];
}

export interface ContenderResult {
  name: ContenderName;
  phases: PhaseResult[];
}

export interface DiffCost {
  size: SizeClass;
  kind: "freestyle" | "pipeline";
  bytes: number;
  runs: number;
  /** Median CPU ms: canonicalizeConfig(declared) + configsEqual(stored, canonical) — what a no-op diff computes. */
  medianMs: number;
  /** The same, wall-clock median (inflated when the machine is busy). */
  wallMedianMs: number;
  /** Median CPU ms of each half. */
  canonicalizeMs: number;
  compareMs: number;
  /** Median CPU ms of the resource's own check() + diff() for an unchanged config, in process (no gRPC). */
  lifecycleMs: number;
}

export interface ProviderExtras {
  /** VmHWM of the dynamic-provider process at the end of the run. */
  peakMemoryMb: number;
  /** VmHWM after each phase, to show where the peak was reached. */
  peakMemoryByPhaseMb: Record<string, number>;
  /** CPU time of the no-op diff over the regular (~5 KB) jobs only, and over the large ones. */
  noopCpuRegularMs: number;
  noopCpuLargeMs: number;
  regularJobs: number;
  largeJobs: number;
}
