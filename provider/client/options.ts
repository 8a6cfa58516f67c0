/** Connection settings of a JenkinsClient, and the defaults applied to them. */
import { checkProxyUrl, proxyFromEnvironment, type ProxySettings } from "./proxy-env";

export interface JenkinsClientOptions {
  /** Base URL, may have a context path: http://host:8080/jenkins/ */
  url: string;
  user?: string;
  /** API token: Jenkins skips the CSRF check for token-authenticated requests, so no crumb is ever fetched. */
  apiToken?: string;
  /** Password: POSTs need a crumb bound to an HTTP session, fetched lazily once per session. */
  password?: string;
  /** PEM text of the CA certificate(s) to trust; replaces Node's default trust store for this client. */
  caCert?: string;
  /** Explicit opt-in to accept any TLS certificate. */
  insecureSkipTlsVerify?: boolean;
  /** Upper bound of open connections to the Jenkins origin, and of requests in flight to it. Default 8. */
  maxConnections?: number;
  /**
   * Lower the requests in flight while Jenkins answers slowly or says it is overloaded (429, 502, 503, 504), and
   * raise them again, up to `maxConnections`, as its answers recover (concurrency-policy.ts). `false` keeps
   * `maxConnections` in flight whatever the answers. Default true.
   */
  adaptiveConcurrency?: boolean;
  /** Longest wait for a connection (TCP and TLS, through the proxy when there is one). Default 10 000 ms. */
  connectTimeoutMs?: number;
  /** Longest wait for the status line and headers of an answer after the request was sent. Default 60 000 ms. */
  headersTimeoutMs?: number;
  /** Longest pause between two chunks of an answer's body. Default 60 000 ms. */
  bodyTimeoutMs?: number;
  /**
   * How a timeout's error names the setting behind each timeout, for callers whose users set them elsewhere: what
   * set the value given (`"jenkins:headersTimeoutMs"`, `"the JENKINS_HEADERS_TIMEOUT_MS environment variable"`), or,
   * for a timeout left at its default, how to set one. Default: the option itself (`"the client's
   * headersTimeoutMs option"`).
   */
  timeoutNames?: Partial<Record<TimeoutName, string>>;
  /**
   * The HTTP(S) proxy. Default: read from the environment when the client is made, as undici's
   * `EnvHttpProxyAgent` reads it (`https_proxy`/`HTTPS_PROXY`, `http_proxy`/`HTTP_PROXY`, `no_proxy`/`NO_PROXY`);
   * `{}` for none whatever the environment says.
   */
  proxy?: ProxySettings;
  /** Retries for the calls that are safe to repeat (GETs, config.xml, description, enable, disable). Default 3. */
  retries?: number;
  /** First retry delay; it doubles on every attempt and gets random jitter. Default 250 ms. */
  retryBaseDelayMs?: number;
  /**
   * Longest wait between two attempts: retries of the calls that are safe to repeat, and resends of a create,
   * delete or rename that the server shows did not happen. Default 10 000 ms (or retryBaseDelayMs when larger).
   */
  retryMaxDelayMs?: number;
  /** Receives one line per HTTP request (method, path, status, duration). Never receives credentials. */
  log?: (line: string) => void;
}

export type TimeoutName = "connectTimeoutMs" | "headersTimeoutMs" | "bodyTimeoutMs";

/** A timeout as its error tells it: the value, the setting that set it (or sets it), and whether it was given. */
export interface TimeoutSetting {
  ms: number;
  setting: string;
  /** False when the value is the default. */
  given: boolean;
}

export interface ResolvedOptions {
  url: string;
  user?: string;
  apiToken?: string;
  password?: string;
  caCert?: string;
  insecureSkipTlsVerify: boolean;
  maxConnections: number;
  adaptiveConcurrency: boolean;
  connectTimeoutMs: number;
  headersTimeoutMs: number;
  bodyTimeoutMs: number;
  /** The three timeouts as their errors name them. */
  timeouts: Record<TimeoutName, TimeoutSetting>;
  retries: number;
  retryBaseDelayMs: number;
  retryMaxDelayMs: number;
  proxy: ProxySettings;
  log?: (line: string) => void;
}

export const DEFAULTS = {
  maxConnections: 8,
  connectTimeoutMs: 10_000,
  // Jenkins can take a while on big config saves or when its disk is slow; a minute covers a busy controller.
  headersTimeoutMs: 60_000,
  bodyTimeoutMs: 60_000,
  retries: 3,
  retryBaseDelayMs: 250,
  // A Jenkins restart takes tens of seconds; waits beyond this add latency without making success likelier.
  retryMaxDelayMs: 10_000,
} as const;

function nonNegative(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isFinite(value) || value < 0) {
    throw new TypeError(`JenkinsClientOptions.${name} must be a non-negative number`);
  }
  return value;
}

export function resolveOptions(opts: JenkinsClientOptions): ResolvedOptions {
  const maxConnections = nonNegative("maxConnections", opts.maxConnections, DEFAULTS.maxConnections);
  if (maxConnections < 1) throw new TypeError("JenkinsClientOptions.maxConnections must be at least 1");
  const retryBaseDelayMs = nonNegative("retryBaseDelayMs", opts.retryBaseDelayMs, DEFAULTS.retryBaseDelayMs);
  const timeout = (name: TimeoutName): TimeoutSetting => ({
    ms: nonNegative(name, opts[name], DEFAULTS[name]),
    setting: opts.timeoutNames?.[name] ?? `the client's ${name} option`,
    given: opts[name] !== undefined,
  });
  const timeouts = {
    connectTimeoutMs: timeout("connectTimeoutMs"),
    headersTimeoutMs: timeout("headersTimeoutMs"),
    bodyTimeoutMs: timeout("bodyTimeoutMs"),
  };
  return {
    url: opts.url,
    user: opts.user || undefined,
    apiToken: opts.apiToken || undefined,
    password: opts.password || undefined,
    caCert: opts.caCert || undefined,
    insecureSkipTlsVerify: opts.insecureSkipTlsVerify === true,
    maxConnections: Math.floor(maxConnections),
    adaptiveConcurrency: opts.adaptiveConcurrency !== false,
    connectTimeoutMs: timeouts.connectTimeoutMs.ms,
    headersTimeoutMs: timeouts.headersTimeoutMs.ms,
    bodyTimeoutMs: timeouts.bodyTimeoutMs.ms,
    timeouts,
    retries: Math.floor(nonNegative("retries", opts.retries, DEFAULTS.retries)),
    retryBaseDelayMs,
    retryMaxDelayMs: nonNegative(
      "retryMaxDelayMs",
      opts.retryMaxDelayMs,
      Math.max(DEFAULTS.retryMaxDelayMs, retryBaseDelayMs),
    ),
    proxy: opts.proxy ? checkedProxy(opts.proxy) : proxyFromEnvironment(process.env),
    log: opts.log,
  };
}

function checkedProxy(p: ProxySettings): ProxySettings {
  const out: ProxySettings = {};
  if (p.httpProxy) {
    out.httpProxy = checkProxyUrl(p.httpProxy, "JenkinsClientOptions.proxy.httpProxy");
    out.httpProxyFrom = p.httpProxyFrom ?? "JenkinsClientOptions.proxy.httpProxy";
  }
  if (p.httpsProxy) {
    out.httpsProxy = checkProxyUrl(p.httpsProxy, "JenkinsClientOptions.proxy.httpsProxy");
    out.httpsProxyFrom = p.httpsProxyFrom ?? "JenkinsClientOptions.proxy.httpsProxy";
  }
  if (p.noProxy) out.noProxy = p.noProxy;
  return out;
}
