/**
 * When undici's retry handler may repeat a request, and how long it waits.
 *
 * Only requests that are safe to repeat are ever routed through the retrying dispatcher; this policy decides
 * which failures are worth another attempt: a connection that broke or was refused, the gateway/availability
 * answers 502, 503 and 504 (a Jenkins that is starting, restarting or behind a busy proxy), and 429 (a rate limit
 * in front of Jenkins turned the request away before it arrived).
 * 500 is not retried: in Jenkins it means the request itself was refused (bad XML) or a bug, and repeating
 * it gives the same answer. Through a proxy, the only sockets the client opens are to the proxy, so a connection
 * refused or a host unreachable is the proxy's: not running, or misnamed in HTTPS_PROXY/HTTP_PROXY, which waiting
 * does not fix (a Jenkins restarting behind a working proxy shows as the proxy's answer or refused tunnel instead).
 * Those are not retried, so the error is the proxy's, at once. Delays grow exponentially with "equal jitter" so that several clients that
 * failed together do not come back together; a Retry-After header from the server is honoured.
 */
import type { Dispatcher, RetryHandler } from "undici";

export const RETRY_STATUS_CODES: readonly number[] = [429, 502, 503, 504];

export const RETRY_ERROR_CODES: readonly string[] = [
  "ECONNRESET",
  "ECONNREFUSED",
  "EPIPE",
  "ENETDOWN",
  "ENETUNREACH",
  "EHOSTDOWN",
  "EHOSTUNREACH",
  "UND_ERR_SOCKET",
  "UND_ERR_CLOSED",
];

/** The failures of a connection to the proxy itself: never retried (see above). */
export const PROXY_CONNECT_CODES: readonly string[] = ["ECONNREFUSED", "EHOSTUNREACH", "ENETUNREACH", "EHOSTDOWN"];

/** The error codes worth another attempt, for a client that goes through a proxy or not. */
export function retryErrorCodes(viaProxy: boolean): readonly string[] {
  return viaProxy ? RETRY_ERROR_CODES.filter((c) => !PROXY_CONNECT_CODES.includes(c)) : RETRY_ERROR_CODES;
}

export interface RetryPolicy {
  maxRetries: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** The client's requests go through a proxy (proxy-route.ts): its connection failures are not retried. */
  viaProxy?: boolean;
  /** Called before each wait, for logging. */
  onRetry?: (info: { attempt: number; delayMs: number; reason: string; method: string; path: string }) => void;
  /** Source of randomness in [0, 1); injectable so tests can pin the delays. */
  random?: () => number;
}

/** Exponential backoff with equal jitter: half the step is fixed, half random. */
export function backoffDelay(attempt: number, baseDelayMs: number, maxDelayMs: number, random: () => number): number {
  const step = Math.min(maxDelayMs, baseDelayMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(step / 2 + random() * (step / 2));
}

function retryAfterMs(headers: Record<string, string | string[] | undefined> | undefined): number | undefined {
  const raw = headers?.["retry-after"];
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

interface FailureShape {
  code?: string;
  statusCode?: number;
  headers?: Record<string, string | string[] | undefined>;
}

/** The `retry` callback handed to undici's RetryHandler (via `interceptors.retry`). */
export function retryCallback(policy: RetryPolicy): RetryHandler.RetryCallback {
  const random = policy.random ?? Math.random;
  const errorCodes = retryErrorCodes(policy.viaProxy === true);
  return (err, context, callback) => {
    const failure = err as Error & FailureShape;
    const isStatus = failure.code === "UND_ERR_REQ_RETRY" && typeof failure.statusCode === "number";
    const retryable = isStatus
      ? RETRY_STATUS_CODES.includes(failure.statusCode as number)
      : failure.code !== undefined && errorCodes.includes(failure.code);
    const attempt = context.state.counter;
    if (!retryable || attempt > policy.maxRetries) {
      callback(err);
      return;
    }
    const backoff = backoffDelay(attempt, policy.baseDelayMs, policy.maxDelayMs, random);
    const hinted = isStatus ? retryAfterMs(failure.headers) : undefined;
    const delayMs = hinted !== undefined ? Math.min(hinted, policy.maxDelayMs) : backoff;
    const opts = context.opts as Dispatcher.DispatchOptions;
    policy.onRetry?.({
      attempt,
      delayMs,
      reason: isStatus ? `HTTP ${failure.statusCode}` : String(failure.code),
      method: String(opts.method),
      path: String(opts.path),
    });
    setTimeout(() => callback(null), delayMs);
  };
}
