/**
 * The HTTP(S) proxy of a client: the variables undici's `EnvHttpProxyAgent` honours, read once when the client
 * builds its transport, and checked before any request.
 *
 * The rules are undici's, so that the provider behaves as `fetch` with `EnvHttpProxyAgent` does in the same shell:
 * `http_proxy` (else `HTTP_PROXY`) for `http://` origins; `https_proxy` (else `HTTPS_PROXY`) for `https://`
 * origins, falling back to the HTTP proxy; `no_proxy` (else `NO_PROXY`) lists the hosts that bypass both. A
 * lower-case variable that is set wins even when empty (an empty value means no proxy). The values are read once
 * (proxy-route.ts decides from them which proxy the client's origin goes through), so a variable changed later in
 * the same process has no effect on a client already made. Each proxy keeps the name of the variable that set it,
 * so that an error of that proxy names the variable to fix.
 */

/** The proxies of a client; an empty or missing URL means none. */
export interface ProxySettings {
  /** Proxy URL for `http://` origins, e.g. `http://proxy.example:3128`. */
  httpProxy?: string;
  /** Proxy URL for `https://` origins (reached through a CONNECT tunnel); default: `httpProxy`. */
  httpsProxy?: string;
  /**
   * Hosts that bypass the proxy, separated by commas or spaces: `example.com` (the host and its subdomains),
   * `.example.com` (the same), `*.example.com` (subdomains only), `host:port`, `*` (every host).
   */
  noProxy?: string;
  /** What set `httpProxy`, for messages: the variable (`HTTP_PROXY`, `http_proxy`); default: the option. */
  httpProxyFrom?: string;
  /** What set `httpsProxy`, for messages: the variable (`HTTPS_PROXY`, `https_proxy`); default: the option. */
  httpsProxyFrom?: string;
}

/** Proxy URL schemes: a proxy spoken to in plain HTTP, or over TLS (trusted by Node's CAs, NODE_EXTRA_CA_CERTS). */
const SCHEMES = new Set(["http:", "https:"]);

/** The first variable of `names` that is set (even to ""), as `a ?? b` reads them. */
function first(env: NodeJS.ProcessEnv, names: readonly string[]): { name: string; value: string } | undefined {
  for (const name of names) {
    const value = env[name];
    if (value !== undefined) return { name, value };
  }
  return undefined;
}

/**
 * Checks a proxy URL, naming where it came from (a variable or an option) and never echoing the value: it may
 * carry a user and password.
 */
export function checkProxyUrl(value: string, from: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new TypeError(
      `${from} is not a valid proxy URL; expected e.g. http://proxy.example.com:3128 (with http:// or https://).`,
    );
  }
  if (!SCHEMES.has(url.protocol)) {
    throw new TypeError(`${from} must start with http:// or https:// (e.g. http://proxy.example.com:3128).`);
  }
  return value;
}

/** The proxy settings of `env`, by undici's precedence; throws a TypeError naming a variable whose URL is unusable. */
export function proxyFromEnvironment(env: NodeJS.ProcessEnv = process.env): ProxySettings {
  const http = first(env, ["http_proxy", "HTTP_PROXY"]);
  const https = first(env, ["https_proxy", "HTTPS_PROXY"]);
  const noProxy = first(env, ["no_proxy", "NO_PROXY"]);
  const out: ProxySettings = {};
  if (http?.value) {
    out.httpProxy = checkProxyUrl(http.value, `The ${http.name} environment variable`);
    out.httpProxyFrom = http.name;
  }
  if (https?.value) {
    out.httpsProxy = checkProxyUrl(https.value, `The ${https.name} environment variable`);
    out.httpsProxyFrom = https.name;
  }
  if (noProxy?.value) out.noProxy = noProxy.value;
  return out;
}

/** Whether any proxy is configured at all (without one the transport keeps its plain pool). */
export function hasProxy(p: ProxySettings): boolean {
  return Boolean(p.httpProxy || p.httpsProxy);
}

/** The password of a proxy URL, decoded, for the redactor; the URL was checked by checkProxyUrl. */
export function proxyPassword(url: string | undefined): string | undefined {
  if (!url) return undefined;
  const { password } = new URL(url);
  if (!password) return undefined;
  try {
    return decodeURIComponent(password);
  } catch {
    return password;
  }
}
