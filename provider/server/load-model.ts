/**
 * A controller under load, modelled: every request waits a base latency, and more for each request in flight beyond
 * a knee (Jenkins serves a few requests side by side at full speed; past that they queue for its locks, and a config
 * save rebuilds the dependency graph under one); past a threshold of requests in flight, what a proxy that sheds
 * load in front of Jenkins answers instead: 503 with its own small page (nginx's `limit_conn` and HAProxy's full
 * queue send no Retry-After; `retryAfterS` adds one). Off unless set. The counts are kept whether it is on or not,
 * so a test sees the peak in flight either way.
 */

export interface LoadSettings {
  /** Wait of every request, in ms. */
  baseMs: number;
  /** Requests in flight that are served at the base latency. */
  knee: number;
  /** Added wait per request in flight beyond the knee, in ms. */
  perRequestMs: number;
  /** With more requests than this in flight, the new one is answered 503. Default: never. */
  maxInFlight?: number;
  /** Retry-After (seconds) of those 503s. Default: none. */
  retryAfterS?: number;
}

export type LoadDecision = { kind: "serve"; waitMs: number } | { kind: "overloaded"; retryAfterS?: number };

/** What a request that finds `inFlight` requests in flight (itself included) gets. */
export function loadDecision(settings: LoadSettings, inFlight: number): LoadDecision {
  if (settings.maxInFlight !== undefined && inFlight > settings.maxInFlight) {
    return settings.retryAfterS === undefined
      ? { kind: "overloaded" }
      : { kind: "overloaded", retryAfterS: settings.retryAfterS };
  }
  return { kind: "serve", waitMs: settings.baseMs + settings.perRequestMs * Math.max(0, inFlight - settings.knee) };
}

export interface LoadStats {
  /** Requests received and not yet answered. */
  inFlight: number;
  /** The most in flight at once since the start or the last reset. */
  peakInFlight: number;
  /** 503s the load model answered since the start or the last reset. */
  overloadAnswers: number;
}

export class LoadTracker {
  readonly stats: LoadStats = { inFlight: 0, peakInFlight: 0, overloadAnswers: 0 };

  constructor(public settings: LoadSettings | undefined) {}

  /**
   * Counts a request that just arrived, and decides what it gets from the requests it finds in flight (itself
   * included): undefined when the model is off.
   */
  arrived(): LoadDecision | undefined {
    this.stats.inFlight++;
    if (this.stats.inFlight > this.stats.peakInFlight) this.stats.peakInFlight = this.stats.inFlight;
    if (this.settings === undefined) return undefined;
    const decision = loadDecision(this.settings, this.stats.inFlight);
    if (decision.kind === "overloaded") this.stats.overloadAnswers++;
    return decision;
  }

  left(): void {
    this.stats.inFlight--;
  }

  /** Starts the peak and the count of 503s afresh, from the requests in flight now. */
  reset(): void {
    this.stats.peakInFlight = this.stats.inFlight;
    this.stats.overloadAnswers = 0;
  }
}
