/** Fault injection with a seeded generator, so a run with the same seed sees the same faults. */
import type { FaultSettings } from "./options";
import { seededRandom } from "./seeded-random";

export type FaultDecision =
  { kind: "none" } | { kind: "dropBefore" } | { kind: "dropAfter" } | { kind: "error"; status: number };

export class FaultInjector {
  private random: () => number;
  private seedInUse: number | undefined;

  constructor(public settings: FaultSettings) {
    this.seedInUse = settings.seed;
    this.random = seededRandom(settings.seed ?? 1);
  }

  /** Applies to item endpoints only, unless scope is "all"; to those whose path holds `pathIncludes`, when set. */
  appliesTo(rawPath: string): boolean {
    const { scope, pathIncludes } = this.settings;
    if (pathIncludes !== undefined && !rawPath.split("?")[0].includes(pathIncludes)) return false;
    if (scope === "all") return true;
    return rawPath.startsWith("/job/") || rawPath === "/createItem";
  }

  /** How long a request of this method waits before it is answered, in ms. */
  latencyOf(method: string): number {
    return this.settings.latencyByMethod?.[method] ?? this.settings.latencyMs;
  }

  decide(): FaultDecision {
    const s = this.settings;
    if (s.seed !== this.seedInUse) {
      this.seedInUse = s.seed;
      this.random = seededRandom(s.seed ?? 1);
    }
    if (s.dropBeforeRate <= 0 && s.errorRate <= 0 && s.dropAfterRate <= 0) return { kind: "none" };
    // One draw per kind keeps the sequence stable when only one rate changes.
    const drop = this.random();
    const err = this.random();
    const after = this.random();
    const pick = this.random();
    if (drop < s.dropBeforeRate) return { kind: "dropBefore" };
    if (err < s.errorRate && s.errorStatuses.length > 0) {
      return { kind: "error", status: s.errorStatuses[Math.floor(pick * s.errorStatuses.length)] };
    }
    if (after < s.dropAfterRate) return { kind: "dropAfter" };
    return { kind: "none" };
  }
}
