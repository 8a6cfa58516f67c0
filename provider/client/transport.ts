/**
 * HTTP transport: one undici connection pool for the Jenkins origin, with and without retries.
 *
 * - One `Pool` per client and origin, keep-alive, at most `maxConnections` sockets, connect/header/body
 *   timeouts, and the TLS trust settings (custom CA, or an explicit opt-out of verification).
 * - With an HTTP(S) proxy for the origin (proxy-route.ts), undici's ProxyAgent in front of that pool: https
 *   through a CONNECT tunnel with the same TLS settings, http in absolute form. A failure to reach the proxy is
 *   told apart from Jenkins's (`TransportError.at`), since every socket the client opens then goes to the proxy.
 * - Requests only ever go to that one origin and redirects are never followed, so the Authorization header
 *   and the session cookie cannot leak to another host.
 * - Requests that are safe to repeat go through undici's retry interceptor (configured by retry-policy.ts);
 *   the others go straight to the pool and are sent exactly once.
 * - A logging interceptor sits below the retry interceptor, so every attempt on the wire gets its own line.
 * - Between the two, every request of the client passes one gate (concurrency-gate.ts) that holds the requests in
 *   flight to a limit following the controller's answers, never above `maxConnections`.
 */
import { performance } from "node:perf_hooks";
import type * as Undici from "undici";
import type { Dispatcher, Pool } from "undici";
import type { ResolvedOptions } from "./options";
import { proxyPassword } from "./proxy-env";
import { proxyRoute, type ProxyRoute } from "./proxy-route";
import type { Redactor } from "./redact";
import { ConcurrencyGate } from "./concurrency-gate";
import { concurrencySettings } from "./concurrency-policy";
import { RETRY_STATUS_CODES, retryCallback, retryErrorCodes } from "./retry-policy";

export interface JenkinsBase {
  /** "https://host:8443" */
  origin: string;
  /** Context path without trailing slash: "" or "/jenkins". */
  prefix: string;
  /** Base URL as given, normalised with a trailing slash and without credentials: "https://host/jenkins/". */
  url: string;
}

export type ResponseHeaders = Record<string, string | string[] | undefined>;

export interface HttpRequest {
  method: "GET" | "POST" | "DELETE";
  /** Path relative to the base URL, starting with "/", query string included and already encoded. */
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** True only for requests that may be repeated without changing the outcome. */
  retry: boolean;
}

export interface HttpResponse {
  status: number;
  headers: ResponseHeaders;
  body: string;
}

/** A request that got no HTTP answer. `maybeProcessed` tells whether the server may have acted on it. */
export class TransportError extends Error {
  /** Which machine failed: the proxy the request goes through (it refused, timed out or refused the tunnel), or Jenkins. */
  at: "jenkins" | "proxy" = "jenkins";
  /** The status a proxy answered a CONNECT with instead of opening the tunnel. */
  proxyStatus?: number;

  constructor(
    message: string,
    readonly code: string,
    readonly kind: "timeout" | "connection" | "tls",
    readonly maybeProcessed: boolean,
  ) {
    super(message);
    this.name = "TransportError";
  }
}

/** Our code for a proxy that answered the CONNECT (or the request) with an error status instead of forwarding it. */
const PROXY_REFUSED = "PROXY_REFUSED";

/** Errors raised before a single byte of the request can have reached the server. */
const NOT_SENT_CODES = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "ENETUNREACH",
  "ENETDOWN",
  "EHOSTUNREACH",
  "EHOSTDOWN",
  "UND_ERR_CONNECT_TIMEOUT",
  "UND_ERR_PRX_CONN",
  "UND_ERR_PRX_TLS",
  PROXY_REFUSED,
]);

const TLS_CODE = /^(ERR_TLS_|CERT_|DEPTH_ZERO_|SELF_SIGNED_|UNABLE_TO_|ERR_SSL_|EPROTO$)/;

function describe(code: string): string {
  switch (code) {
    case "ECONNREFUSED":
      return "connection refused";
    case "ECONNRESET":
      return "connection reset by the server";
    case "UND_ERR_SOCKET":
      return "the server closed the connection";
    case "UND_ERR_CLOSED":
      return "the connection was closed";
    case "EPIPE":
      return "the connection broke while sending";
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return "host name not found";
    case "UND_ERR_CONNECT_TIMEOUT":
      return "connect timeout";
    case "UND_ERR_HEADERS_TIMEOUT":
      return "no answer within the header timeout";
    case "UND_ERR_BODY_TIMEOUT":
      return "the answer stopped arriving (body timeout)";
    case "UND_ERR_PRX_CONN":
      return "the proxy closed the connection before the tunnel to Jenkins was open";
    case "UND_ERR_PRX_TLS":
      return "TLS handshake with the proxy failed";
    default:
      return TLS_CODE.test(code) ? "TLS handshake failed" : "connection failed";
  }
}

/**
 * undici reports a proxy's refusal only in a message: "Proxy response (407) !== 200 when HTTP Tunneling" for an
 * https origin, "Proxy Authentication Required (407)" for an http one. Neither message holds a credential.
 */
function proxyRefusal(err: unknown): TransportError | undefined {
  const message = err instanceof Error ? err.message : "";
  const m = /^Proxy response \((\d{3})\)|^Proxy Authentication Required \((\d{3})\)/.exec(message);
  if (!m) return undefined;
  const status = m[1] ?? m[2];
  const what = status === "407" ? "the proxy asks for credentials (407)" : `the proxy refused the tunnel (${status})`;
  const refused = new TransportError(`${what} (${PROXY_REFUSED})`, PROXY_REFUSED, "connection", false);
  refused.at = "proxy";
  refused.proxyStatus = Number(status);
  return refused;
}

/** Failures of opening a socket: through a proxy, the socket is the proxy's. */
const CONNECT_CODES = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "ENETUNREACH",
  "EHOSTUNREACH",
  "EHOSTDOWN",
  "UND_ERR_PRX_CONN",
  "UND_ERR_PRX_TLS",
]);

/**
 * Whether a failure through `route` is the proxy's. A socket is only ever opened to the proxy, so a failure to open
 * one is the proxy's; except that for an https Jenkins the connect timeout also covers the TLS handshake with Jenkins
 * inside the tunnel, which undici's message names by Jenkins's address ("attempted address: host:port").
 */
function failedAtProxy(err: unknown, code: string, route: ProxyRoute | undefined): boolean {
  if (route === undefined) return false;
  if (CONNECT_CODES.has(code)) return true;
  if (code !== "UND_ERR_CONNECT_TIMEOUT") return false;
  const message = err instanceof Error ? err.message : "";
  return !(route.tunnel && message.includes(`address: ${route.target}`));
}

export function toTransportError(err: unknown, route?: ProxyRoute): TransportError {
  if (err instanceof TransportError) return err;
  const refused = proxyRefusal(err);
  if (refused) return refused;
  const e = err as { code?: unknown; cause?: { code?: unknown } };
  const code = String(e?.code ?? e?.cause?.code ?? "UNKNOWN");
  const kind: TransportError["kind"] = /TIMEOUT$/.test(code) ? "timeout" : TLS_CODE.test(code) ? "tls" : "connection";
  const maybeProcessed = !NOT_SENT_CODES.has(code) && kind !== "tls";
  const failure = new TransportError(`${describe(code)} (${code})`, code, kind, maybeProcessed);
  if (failedAtProxy(err, code, route)) failure.at = "proxy";
  return failure;
}

/** Parses and checks the base URL. Credentials in the URL are refused rather than silently used or logged. */
export function parseBaseUrl(raw: string): JenkinsBase {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    throw new TypeError("JenkinsClientOptions.url is not a valid URL (expected e.g. http://jenkins.example:8080/)");
  }
  if (u.protocol !== "http:" && u.protocol !== "https:") {
    throw new TypeError("JenkinsClientOptions.url must start with http:// or https://");
  }
  if (u.username || u.password) {
    throw new TypeError(
      "JenkinsClientOptions.url must not contain credentials; pass user and apiToken (or password) instead",
    );
  }
  const prefix = u.pathname.replace(/\/+$/, "");
  return { origin: u.origin, prefix, url: `${u.origin}${prefix}/` };
}

function loggingInterceptor(log: (line: string) => void, redactor: Redactor): Dispatcher.DispatcherComposeInterceptor {
  return (dispatch) => (opts, handler) => {
    const started = performance.now();
    let status: number | undefined;
    const line = (outcome: string) =>
      log(redactor.redact(`${opts.method} ${opts.path} ${outcome} ${Math.round(performance.now() - started)}ms`));
    const wrapped: Dispatcher.DispatchHandler = {
      onRequestStart: (controller, context) => handler.onRequestStart?.(controller, context),
      onRequestUpgrade: (controller, statusCode, headers, socket) =>
        handler.onRequestUpgrade?.(controller, statusCode, headers, socket),
      onResponseStart: (controller, statusCode, headers, statusMessage) => {
        status = statusCode;
        handler.onResponseStart?.(controller, statusCode, headers, statusMessage);
      },
      onResponseData: (controller, chunk) => handler.onResponseData?.(controller, chunk),
      onResponseEnd: (controller, trailers) => {
        line(String(status));
        handler.onResponseEnd?.(controller, trailers);
      },
      onResponseError: (controller, error) => {
        const code = (error as { code?: string }).code ?? error.name;
        line(status === undefined ? `failed ${code}` : `${status} then failed ${code}`);
        handler.onResponseError?.(controller, error);
      },
    };
    return dispatch(opts, wrapped);
  };
}

let undici: typeof Undici | undefined;

/**
 * undici, loaded with the first transport: its ~100 modules are a good part of the provider's start-up, and a
 * plan with no changes sends no request at all.
 */
function loadUndici(): typeof Undici {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (undici ??= require("undici") as typeof Undici);
}

/**
 * The dispatcher every request of a transport goes through. Without a proxy for the origin: one Pool for it. With
 * one: undici's ProxyAgent for that proxy, which holds one pool for the origin. The same pool options apply on
 * every path: through a CONNECT tunnel (https), in absolute form to the proxy (http), or direct. The TLS settings
 * for Jenkins (`requestTls`) are those of the direct connection, so the custom CA and the opt-out of verification
 * hold inside the tunnel too.
 */
function dispatcherFor(base: JenkinsBase, opts: ResolvedOptions, route: ProxyRoute | undefined): Dispatcher {
  const { Pool, ProxyAgent } = loadUndici();
  const https = base.origin.startsWith("https:");
  const tls = {
    ...(https && opts.caCert ? { ca: opts.caCert } : {}),
    ...(https && opts.insecureSkipTlsVerify ? { rejectUnauthorized: false } : {}),
  };
  const pooled: Pool.Options = {
    connections: opts.maxConnections,
    headersTimeout: opts.headersTimeoutMs,
    bodyTimeout: opts.bodyTimeoutMs,
  };
  const connect = { timeout: opts.connectTimeoutMs, ...tls };
  if (route === undefined) return new Pool(base.origin, { ...pooled, connect });
  return new ProxyAgent({
    uri: route.url,
    ...pooled,
    connect,
    requestTls: tls,
    connectTimeout: opts.connectTimeoutMs,
    // Also builds the pool that speaks to the proxy in absolute form (http origins), which undici would
    // otherwise open without a bound or our timeouts.
    factory: (origin: string | URL, o: object) => new Pool(origin, { ...o, ...pooled }),
  });
}

export class Transport {
  /** The proxy the requests go through, or undefined when they go direct. */
  readonly route: ProxyRoute | undefined;
  private readonly dispatcher: Dispatcher;
  private readonly once: Dispatcher;
  private readonly retrying: Dispatcher;
  private readonly gate: ConcurrencyGate;

  constructor(
    readonly base: JenkinsBase,
    opts: ResolvedOptions,
    private readonly redactor: Redactor,
  ) {
    const { interceptors } = loadUndici();
    // The redactor already masks user:password in URLs; the password alone is masked too, wherever it shows.
    redactor.add(proxyPassword(opts.proxy.httpProxy));
    redactor.add(proxyPassword(opts.proxy.httpsProxy));
    this.route = proxyRoute(base.origin, opts.proxy);
    this.dispatcher = dispatcherFor(base, opts, this.route);
    const log = opts.log;
    this.gate = new ConcurrencyGate(
      opts.maxConnections,
      opts.adaptiveConcurrency ? concurrencySettings(opts.maxConnections) : undefined,
      log ? (c) => log(`requests in flight: at most ${c.to} (was ${c.from}) after ${c.reason}`) : undefined,
    );
    // One gate for both paths: requests sent once and retried ones share the controller's capacity. The log's
    // timings stay those of the wire: the logging interceptor is below the gate.
    const below = [...(log ? [loggingInterceptor(log, redactor)] : []), this.gate.interceptor()];
    this.once = this.dispatcher.compose(...below);
    this.retrying = this.dispatcher.compose(
      ...below,
      interceptors.retry({
        maxRetries: opts.retries,
        // POST is listed because only idempotent POSTs (config.xml, description, enable, disable) are ever
        // routed here; the non-idempotent ones use `once`.
        methods: ["GET", "POST"],
        statusCodes: [...RETRY_STATUS_CODES],
        errorCodes: [...retryErrorCodes(this.route !== undefined)],
        retryAfter: true,
        throwOnError: false,
        retry: retryCallback({
          maxRetries: opts.retries,
          baseDelayMs: opts.retryBaseDelayMs,
          maxDelayMs: opts.retryMaxDelayMs,
          viaProxy: this.route !== undefined,
          onRetry: log
            ? (i) =>
                log(
                  redactor.redact(
                    `retrying ${i.method} ${i.path} after ${i.reason} in ${i.delayMs}ms (retry ${i.attempt} of ${opts.retries})`,
                  ),
                )
            : undefined,
        }),
      }),
    );
  }

  /** Sends one request to the Jenkins origin; throws TransportError when no HTTP answer arrived. */
  async send(req: HttpRequest): Promise<HttpResponse> {
    const dispatcher = req.retry ? this.retrying : this.once;
    try {
      const res = await dispatcher.request({
        origin: this.base.origin,
        path: this.base.prefix + req.path,
        method: req.method,
        headers: req.headers,
        body: req.body,
      });
      const body = await res.body.text();
      return { status: res.statusCode, headers: res.headers as ResponseHeaders, body };
    } catch (err) {
      throw toTransportError(err, this.route);
    }
  }

  private closing?: Promise<void>;

  /**
   * Closes the pool (and the proxy's, if any) once, after the requests waiting in the gate went out, as the pool's
   * close waits for its own queue; later calls wait for the same close.
   */
  close(): Promise<void> {
    return (this.closing ??= this.gate.whenEmpty().then(() => this.dispatcher.close()));
  }
}

export function header(headers: ResponseHeaders, name: string): string | undefined {
  const v = headers[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
}

export function headerList(headers: ResponseHeaders, name: string): string[] {
  const v = headers[name.toLowerCase()];
  return v === undefined ? [] : Array.isArray(v) ? v : [v];
}
