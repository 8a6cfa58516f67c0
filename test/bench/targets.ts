/** The targets of the benchmark, evaluated against the measured figures. */
import type { ReviewCost } from "./review-cost";
import {
  MIN_REQUESTS_PER_OP,
  PHASES,
  type ContenderName,
  type ContenderResult,
  type DiffCost,
  type PhaseName,
  type ProviderExtras,
} from "./types";
import type { LanguageHostResult } from "./language-host";
import { languageHostTargets } from "./lh-summary";
import type { DiyBackendResult } from "./diy-backend";
import type { PluginPreviewResult } from "./plugin-preview";
import { memoryScaleTargets, type MemoryScaleResult } from "./memory-scale";
import { pluginProgramTargets, type PluginProgramResult } from "./plugin-program";
import { adaptiveTargets, type AdaptiveResult } from "./adaptive";
import { jjbPairTargets, type JjbPairResult } from "./jjb-pair";

export interface TargetResult {
  target: string;
  /** null when the figures needed were not measured in this run. */
  pass: boolean | null;
  measured: string;
}

export interface Measurements {
  contenders: ContenderResult[];
  provider?: ProviderExtras;
  nullProvider?: ProviderExtras;
  diffCost?: DiffCost[];
  languageHost?: LanguageHostResult[];
  /** `up` with the state saved as a DIY backend saves it (diy-backend.ts). */
  diyBackend?: DiyBackendResult[];
  review?: ReviewCost[];
  /** No-op preview through the provider plugin against the dynamic provider, and the state per job of each. */
  pluginPreview?: PluginPreviewResult;
  /** A program through the language host: the provider plugin, a do-nothing plugin and the dynamic provider. */
  pluginProgram?: PluginProgramResult;
  memoryScale?: MemoryScaleResult;
  /** The client's adaptive requests in flight against fixed ones, on a server that slows down with load. */
  adaptive?: AdaptiveResult;
  /** Ours against Jenkins Job Builder and python-jenkins, on a server whose GETs and POSTs wait. */
  jjbPair?: JjbPairResult;
}

const COMMON: PhaseName[] = ["create", "refresh", "update", "delete"];

export function phaseOf(m: Measurements, who: ContenderName, phase: PhaseName) {
  return m.contenders.find((c) => c.name === who)?.phases.find((p) => p.phase === phase);
}

function ratio(m: Measurements, a: ContenderName, b: ContenderName, phase: PhaseName): number | undefined {
  const pa = phaseOf(m, a, phase);
  const pb = phaseOf(m, b, phase);
  if (!pa || !pb || pb.wallMs <= 0) return undefined;
  return pa.wallMs / pb.wallMs;
}

const fmt = (x: number, digits = 2): string => x.toFixed(digits);

/** CPU of the provider process in a phase, ours over the null provider's (same host, driver and jobs). */
function cpuRatio(m: Measurements, phase: PhaseName): { cpu?: number; wall?: number } {
  const ours = phaseOf(m, "provider", phase);
  const floor = phaseOf(m, "null-provider", phase);
  if (!ours || !floor) return {};
  const cpu =
    ours.providerCpuMs !== undefined && floor.providerCpuMs ? ours.providerCpuMs / floor.providerCpuMs : undefined;
  return { cpu, wall: floor.wallMs > 0 ? ours.wallMs / floor.wallMs : undefined };
}

export function evaluateTargets(m: Measurements): TargetResult[] {
  const out: TargetResult[] = [];
  for (const phase of PHASES) {
    const { cpu, wall } = cpuRatio(m, phase);
    out.push({
      target: `${phase}: CPU ours / null provider <= 1.15`,
      pass: cpu === undefined ? null : cpu <= 1.15,
      measured: cpu === undefined ? "not measured" : `${fmt(cpu)} (wall ${wall === undefined ? "?" : fmt(wall)})`,
    });
  }
  if (m.provider && m.nullProvider) {
    out.push({
      target: "peak provider RSS <= 150 MB (ours; null provider for reference)",
      pass: m.provider.peakMemoryMb <= 150,
      measured: `ours ${Math.round(m.provider.peakMemoryMb)} MB, null provider ${Math.round(m.nullProvider.peakMemoryMb)} MB`,
    });
  }
  for (const phase of ["create", "refresh"] as const) {
    const r = ratio(m, "provider", "floor", phase);
    out.push({
      target: `${phase}: provider / floor <= 1.25`,
      pass: r === undefined ? null : r <= 1.25,
      measured: r === undefined ? "not measured" : fmt(r),
    });
  }
  for (const [py, need, label] of [
    ["python-seq", 3, ">= 3x faster than sequential python-jenkins"],
    ["python-threads", 1, "faster than threaded python-jenkins"],
  ] as const) {
    const speedups = COMMON.map((p) => [p, ratio(m, py, "provider", p)] as const);
    const known = speedups.filter((s): s is readonly [PhaseName, number] => s[1] !== undefined);
    out.push({
      target: `${label} (each phase)`,
      pass: known.length < COMMON.length ? null : known.every(([, s]) => s >= need && (need > 1 || s > 1)),
      measured: known.length === 0 ? "not measured" : known.map(([p, s]) => `${p} ${fmt(s, 1)}x`).join(", "),
    });
  }
  const provider = m.contenders.find((c) => c.name === "provider");
  if (provider) {
    // Requests per provider process that are not per operation (the connection check and the plugin list on first
    // use) are allowed.
    const perOp = PHASES.map((p) => {
      const ph = provider.phases.find((x) => x.phase === p);
      const extra = ph ? ph.requests - ph.ops * MIN_REQUESTS_PER_OP[p] : NaN;
      return { p, value: ph ? ph.requests / ph.ops : NaN, extra };
    });
    const totalExtra = perOp.reduce((n, x) => n + x.extra, 0);
    out.push({
      target: "requests per operation = minimum (1,1,0,1,1)",
      pass:
        perOp.every(({ extra }) => extra >= 0) &&
        totalExtra <= 2 &&
        perOp.find((x) => x.p === "noop-diff")?.extra === 0,
      measured:
        perOp.map(({ p, value }) => `${p} ${fmt(value, 3)}`).join(", ") +
        (totalExtra !== 0 ? ` (${totalExtra} beyond the minimum in the whole run)` : ""),
    });
    const noop = provider.phases.find((x) => x.phase === "noop-diff");
    out.push({
      target: "no-op diff sends no request",
      pass: noop ? noop.requests === 0 : null,
      measured: noop ? `${noop.requests} requests` : "not measured",
    });
  }
  if (m.provider) {
    const e = m.provider;
    const per1000 = (e.noopCpuRegularMs * 1000) / Math.max(1, e.regularJobs);
    out.push({
      target: "no-op diff of 1000 jobs < 1 s CPU (provider process)",
      pass: per1000 < 1000,
      measured:
        `${fmt(e.noopCpuRegularMs / 1000)} s for ${e.regularJobs} jobs of ~5 KB (${fmt(per1000 / 1000)} s per 1000); ` +
        `${fmt(e.noopCpuLargeMs / 1000)} s more for the ${e.largeJobs} large ones`,
    });
    out.push({
      target: "peak memory < 200 MB at 1000 jobs (provider process VmHWM)",
      pass: e.peakMemoryMb < 200,
      measured: `${fmt(e.peakMemoryMb, 0)} MB with ${e.regularJobs} + ${e.largeJobs} jobs`,
    });
  }
  if (m.languageHost) out.push(...languageHostTargets(m.languageHost));
  if (m.pluginProgram) out.push(...pluginProgramTargets(m.pluginProgram));
  if (m.memoryScale) out.push(...memoryScaleTargets(m.memoryScale));
  if (m.adaptive) out.push(...adaptiveTargets(m.adaptive));
  if (m.jjbPair) out.push(...jjbPairTargets(m.jjbPair));
  if (m.review) {
    const worst = Math.max(...m.review.map((r) => r.wallMedianMs));
    out.push({
      target: "`pulumi-jenkins review` of a preview of thousands of steps in about a second (median wall)",
      pass: worst < 1500,
      measured: m.review.map((r) => `${r.case}: ${fmt(r.wallMedianMs, 0)} ms`).join("; "),
    });
  }
  if (m.diffCost) {
    const at100 = m.diffCost.filter((d) => d.size === "100KB");
    const worst = Math.max(...at100.map((d) => d.medianMs));
    out.push({
      target: "a 100 KB config diffs in < 5 ms (canonicalize + compare, median CPU)",
      pass: at100.length === 0 ? null : worst < 5,
      measured: at100.map((d) => `${d.kind} ${fmt(d.medianMs)} ms`).join(", "),
    });
  }
  return out;
}
