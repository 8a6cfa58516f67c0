/**
 * The gate every request of a client passes on its way to the connection pool: at most `limit` requests in flight,
 * the others wait in order. With the adaptive policy (concurrency-policy.ts) the limit follows the controller's
 * answers; without it, it stays at `maxConnections`, the pool's size.
 *
 * The gate is an undici interceptor below the retry interceptor, so it sees each attempt on its own: a 503 that the
 * retry interceptor absorbs still lowers the limit, and the attempt's place is free while it waits to be retried
 * (the retry goes through the gate again, behind the requests already waiting).
 * The latency it measures runs from the moment the request leaves the gate to the answer's headers: the time spent
 * waiting in the gate is the client's own, not the controller's. Since the limit never exceeds the pool's size, a
 * request that leaves the gate finds a connection and does not wait in the pool's queue either, but for the few
 * that overload answers hold while their retries wait, and the limit is at most half the pool by then. The clock
 * starts when the request is written (a busy process writes late), and the lateness of this process when it hears of
 * the answer (own-delay.ts) goes with the answer: the policy does not count it as the controller's.
 */
import { performance } from "node:perf_hooks";
import type { Dispatcher } from "undici";
import {
  type ConcurrencySettings,
  type ConcurrencyState,
  concurrencySettings,
  currentLimit,
  initialState,
  type LimitChange,
  observe,
  type Outcome,
  OVERLOAD_STATUS_CODES,
  requestKind,
} from "./concurrency-policy";
import { OwnDelay } from "./own-delay";

/** Errors by which a request got no answer in time: a sign of load, as a 503 is. */
const TIMEOUT_CODES = new Set(["UND_ERR_HEADERS_TIMEOUT", "UND_ERR_BODY_TIMEOUT"]);

export class ConcurrencyGate {
  private state: ConcurrencyState;
  private inFlightNow = 0;
  private nextTicket = 0;
  private readonly waiting: Array<() => void> = [];
  private readonly ownDelay = new OwnDelay();

  /**
   * @param settings the adaptive policy's settings, or undefined for a fixed limit of `max`
   * @param onChange told each time the limit changes (for the request log)
   */
  constructor(
    private readonly max: number,
    private readonly settings: ConcurrencySettings | undefined,
    private readonly onChange?: (change: LimitChange) => void,
  ) {
    this.state = initialState(settings ?? concurrencySettings(max));
  }

  /** Requests let into flight at once now. */
  get limit(): number {
    return this.settings === undefined ? this.max : currentLimit(this.state);
  }

  /** Requests in flight now (sent, not yet fully answered). */
  get inFlight(): number {
    return this.inFlightNow;
  }

  /** The undici interceptor; compose it before (below) the retry interceptor, so that it sees every attempt. */
  interceptor(): Dispatcher.DispatcherComposeInterceptor {
    return (dispatch) => (opts, handler) => {
      const send = (): void => this.send(dispatch, opts, handler);
      if (this.inFlightNow < this.limit) send();
      else this.waiting.push(send);
      return true;
    };
  }

  private send(
    dispatch: Dispatcher.Dispatch,
    opts: Dispatcher.DispatchOptions,
    handler: Dispatcher.DispatchHandler,
  ): void {
    const ticket = this.nextTicket++;
    const sentWith = ++this.inFlightNow;
    const adaptive = this.settings !== undefined;
    if (adaptive) this.ownDelay.hold();
    let started = performance.now();
    const kind = requestKind(String(opts.method), String(opts.path), bodyBytes(opts.body));
    let answered = false;
    let released = false;
    const release = (): void => {
      if (released) return;
      released = true;
      if (adaptive) this.ownDelay.release();
      this.inFlightNow--;
      this.admit();
    };
    const wrapped: Dispatcher.DispatchHandler = {
      onRequestStart: (controller, context) => {
        // Called just before the request is written.
        started = performance.now();
        handler.onRequestStart?.(controller, context);
      },
      onRequestUpgrade: (controller, statusCode, headers, socket) =>
        handler.onRequestUpgrade?.(controller, statusCode, headers, socket),
      onResponseStart: (controller, statusCode, headers, statusMessage) => {
        if (statusCode >= 200 && !answered) {
          answered = true;
          this.record(ticket, sentWith, {
            kind: "answer",
            status: statusCode,
            latencyMs: performance.now() - started,
            ownDelayMs: adaptive ? this.ownDelay.lateness() : 0,
            requestKind: kind,
          });
          // The retry interceptor holds an overload answer, unread, until its retry is due: the controller is done
          // with it, so its place goes to the next request now rather than after the wait.
          if (OVERLOAD_STATUS_CODES.includes(statusCode)) release();
        }
        handler.onResponseStart?.(controller, statusCode, headers, statusMessage);
      },
      onResponseData: (controller, chunk) => handler.onResponseData?.(controller, chunk),
      // The slot is freed before the handler hears of the end: a retry it starts at once finds it free.
      onResponseEnd: (controller, trailers) => {
        release();
        handler.onResponseEnd?.(controller, trailers);
      },
      onResponseError: (controller, error) => {
        if (!answered) {
          answered = true;
          const code = (error as { code?: string }).code ?? "";
          this.record(ticket, sentWith, { kind: TIMEOUT_CODES.has(code) ? "timeout" : "failed" });
        }
        release();
        handler.onResponseError?.(controller, error);
      },
    };
    try {
      dispatch(opts, wrapped);
    } catch (err) {
      release();
      throw err;
    }
  }

  private record(ticket: number, sentWith: number, outcome: Outcome): void {
    if (this.settings === undefined) return;
    const { state, change } = observe(this.settings, this.state, {
      ticket,
      inFlight: Math.max(sentWith, this.inFlightNow),
      nextTicket: this.nextTicket,
      outcome,
    });
    this.state = state;
    if (change) this.onChange?.(change);
  }

  private emptied: Array<() => void> = [];

  /** Resolves once no request waits in the gate (all are in flight or done): closing the pool then waits for them. */
  whenEmpty(): Promise<void> {
    if (this.waiting.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.emptied.push(resolve));
  }

  /** Lets waiting requests into flight, oldest first, while the limit allows. */
  private admit(): void {
    while (this.waiting.length > 0 && this.inFlightNow < this.limit) this.waiting.shift()!();
    if (this.waiting.length === 0 && this.emptied.length > 0) {
      const callbacks = this.emptied;
      this.emptied = [];
      for (const resolve of callbacks) resolve();
    }
  }
}

function bodyBytes(body: Dispatcher.DispatchOptions["body"]): number {
  // Characters, not bytes: close enough for a size class, without scanning a large config.
  if (typeof body === "string") return body.length;
  if (body instanceof Uint8Array) return body.byteLength;
  return 0;
}
