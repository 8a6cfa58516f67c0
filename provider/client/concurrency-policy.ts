/**
 * How many requests a client keeps in flight to one Jenkins: additive increase, multiplicative decrease (AIMD), the
 * rule of TCP's congestion avoidance, applied to requests instead of packets. Pure: the gate that applies the limit
 * (concurrency-gate.ts) hands every answer to `observe` and admits requests while fewer than `currentLimit` are in
 * flight.
 *
 * The limit starts at `maxConnections` (a controller that keeps up is never slowed down) and never goes above it.
 * Two signals lower it:
 * - an answer that says the controller, or the proxy in front of it, is overloaded (429, 502, 503, 504), or no
 *   answer within the header timeout: the limit is halved;
 * - answers that stay much slower than the fastest answer of their kind seen so far: their smoothed latency (a
 *   moving average, as TCP smooths its round-trip time, weighing each answer by `smoothing`) more than
 *   `latencyTolerance` times the fastest and more than `latencySlackMs` above it. The controller is queueing work,
 *   and more in flight only adds waiting (a config POST makes Jenkins rebuild its dependency graph under a lock).
 *   The limit drops by a fifth. A single slow answer is not load: a controller (or the machine it shares with its
 *   clients) that stalls now and then answers one request late while the others stay fast, and a limit that fell at
 *   each such answer would sink to a few requests in flight for no gain. Queueing makes every answer slow, which the
 *   average follows within a few answers.
 * A decrease starts a new window: answers to requests sent before it describe the load that caused it, and do not
 * lower the limit again nor count in the averages; without this, one burst of 503s would take the limit down to 1. Every good answer to a
 * request of the current window raises the limit by 1/limit, one request per window of good answers, but only while
 * at least half of the limit is in use: a limit that nobody reaches proves nothing about the controller.
 *
 * The fastest answer of a kind is the controller's unloaded latency for it (TCP Vegas's base RTT). Kinds are told
 * apart by method, endpoint and body size, so a 1 MB config POST is not held to a 5 KB one's time; only answers below
 * 400 count, as an error page is often quicker than the work.
 */

/** Answers by which a controller, or the proxy in front of it, says it is overloaded. */
export const OVERLOAD_STATUS_CODES: readonly number[] = [429, 502, 503, 504];

export interface ConcurrencySettings {
  /** The ceiling: `maxConnections`, the size of the connection pool. */
  max: number;
  /** Factor of the limit after an overload answer. */
  overloadFactor: number;
  /** Factor of the limit after a slow answer. */
  slowFactor: number;
  /** An answer is slow when it took more than this many times the fastest of its kind… */
  latencyTolerance: number;
  /** …and more than this many milliseconds above it (jitter of a fast controller is not load). */
  latencySlackMs: number;
  /** Weight of each answer in the smoothed latency of its kind. */
  smoothing: number;
  /**
   * An answer counts in the average as at most this many times the fastest of its kind: one answer that a stall
   * held for a second does not outweigh the fast ones around it, while a queue, which slows every answer, still
   * brings the average past the tolerance within three answers.
   */
  stallCap: number;
}

export function concurrencySettings(max: number): ConcurrencySettings {
  return {
    max,
    overloadFactor: 0.5,
    slowFactor: 0.8,
    latencyTolerance: 2,
    latencySlackMs: 20,
    smoothing: 0.25,
    stallCap: 4,
  };
}

export interface ConcurrencyState {
  /** Fractional: additive increase adds 1/limit per good answer. The gate uses its whole part. */
  readonly limit: number;
  /** Requests are numbered as they are sent; answers to those numbered below this belong to an earlier window. */
  readonly windowStart: number;
  /** Fastest answer seen per kind, in ms. */
  readonly best: Readonly<Record<string, number>>;
  /**
   * Smoothed latency per kind, in ms, the client's own lateness taken off. A decrease sets each back to its kind's
   * fastest: the answers after it show whether the queue went down.
   */
  readonly smoothed: Readonly<Record<string, number>>;
}

/** What became of one request sent through the gate. */
export type Outcome =
  | {
      kind: "answer";
      status: number;
      latencyMs: number;
      requestKind: string;
      /**
       * Of `latencyMs`, at most this much may be the client's own lateness in hearing of the answer (own-delay.ts):
       * an upper bound. The fastest answer is kept as measured, and an answer is judged slow without this part, so
       * the client's own load neither lowers the bar nor trips it.
       */
      ownDelayMs?: number;
    }
  | { kind: "timeout" }
  /** A broken or refused connection: says nothing about load. */
  | { kind: "failed" };

export interface Observation {
  /** The request's number, given when it was sent. */
  ticket: number;
  /**
   * Requests in flight when it was sent or when its answer came, whichever was more, this one included: whether
   * the limit was in use while it was out.
   */
  inFlight: number;
  /** The number the next request sent will get. */
  nextTicket: number;
  outcome: Outcome;
}

export interface LimitChange {
  from: number;
  to: number;
  reason: string;
}

export function initialState(settings: ConcurrencySettings): ConcurrencyState {
  return { limit: settings.max, windowStart: 0, best: {}, smoothed: {} };
}

/** The requests the gate lets into flight: the whole part of the limit, at least 1. */
export function currentLimit(state: ConcurrencyState): number {
  return wholePart(state.limit);
}

/** At least 1; a sum of n steps of 1/n that falls a rounding error short of a whole number counts as it. */
function wholePart(limit: number): number {
  return Math.max(1, Math.floor(limit + 1e-9));
}

/** The kind an answer's latency is compared within: "POST config.xml 8K" and "POST config.xml 1M" differ. */
export function requestKind(method: string, path: string, bodyBytes: number): string {
  const endpoint = path.split("?")[0].split("/").pop() ?? "";
  // Classes by a factor of 8: up to 8 KB, 64 KB, 512 KB, 4 MB…
  const sizeClass = bodyBytes <= 8192 ? 0 : Math.ceil(Math.log2(bodyBytes / 8192) / 3);
  return `${method} ${endpoint} ${sizeClass}`;
}

/** The part of an answer's latency that is surely the controller's. */
function controllerLatency(outcome: { latencyMs: number; ownDelayMs?: number }): number {
  return Math.max(0, outcome.latencyMs - (outcome.ownDelayMs ?? 0));
}

function decreased(
  state: ConcurrencyState,
  obs: Observation,
  factor: number,
  reason: string,
): { state: ConcurrencyState; change?: LimitChange } {
  const to = wholePart(state.limit * factor);
  const next = { ...state, limit: to, windowStart: obs.nextTicket, smoothed: { ...state.best } };
  const from = currentLimit(state);
  return { state: next, change: from === to ? undefined : { from, to, reason } };
}

/** The state after one answer (or failure), and the change of the limit it made, if any. */
export function observe(
  settings: ConcurrencySettings,
  state: ConcurrencyState,
  obs: Observation,
): { state: ConcurrencyState; change?: LimitChange } {
  const current = obs.ticket >= state.windowStart;
  const { outcome } = obs;
  if (outcome.kind === "failed") return { state };
  if (outcome.kind === "timeout") {
    return current ? decreased(state, obs, settings.overloadFactor, "no answer in time") : { state };
  }
  if (OVERLOAD_STATUS_CODES.includes(outcome.status)) {
    return current ? decreased(state, obs, settings.overloadFactor, `HTTP ${outcome.status}`) : { state };
  }
  if (outcome.status >= 400) return { state };
  const kind = outcome.requestKind;
  const best = Math.min(state.best[kind] ?? Infinity, outcome.latencyMs);
  state = { ...state, best: { ...state.best, [kind]: best } };
  // An answer to a request sent before the last decrease tells of the load that caused it: it neither lowers nor
  // raises the limit, and stays out of the average.
  if (!current) return { state };
  const latency = Math.min(controllerLatency(outcome), best * settings.stallCap);
  const before = state.smoothed[kind];
  const smoothed = before === undefined ? latency : before + settings.smoothing * (latency - before);
  state = { ...state, smoothed: { ...state.smoothed, [kind]: smoothed } };
  if (smoothed > best * settings.latencyTolerance && smoothed > best + settings.latencySlackMs) {
    const reason = `slow answers (${Math.round(smoothed)} ms on average, fastest ${Math.round(best)} ms)`;
    return decreased(state, obs, settings.slowFactor, reason);
  }
  if (state.limit >= settings.max || obs.inFlight * 2 < currentLimit(state)) return { state };
  const from = currentLimit(state);
  const limit = Math.min(settings.max, state.limit + 1 / from);
  const to = wholePart(limit);
  return { state: { ...state, limit }, change: to === from ? undefined : { from, to, reason: "good answers" } };
}
