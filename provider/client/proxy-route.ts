/**
 * Which proxy, if any, a client's requests to its Jenkins origin go through: decided once per client, from the
 * settings proxy-env.ts read. The transport connects by this decision and the errors name the machine by it, so
 * the two never disagree about whether a failed connection was the proxy's or Jenkins's.
 *
 * The rules are those of undici's `EnvHttpProxyAgent` (what Node.js's `fetch` does with the same variables): an
 * `https://` origin takes the HTTPS proxy, else the HTTP one; an `http://` origin the HTTP proxy; no proxy when
 * `noProxy` lists the host. A `noProxy` entry is separated from the next by a comma or white space and is
 * `host` or `.host` (the host and its subdomains), `*.host` (its subdomains only), either with `:port` (that port
 * only), `*` (every host), an IPv6 address bare or in brackets (`[::1]:8443` with a port). Host names are compared
 * without letter case and without a final dot, as written in the URL: no address ranges, no name resolution.
 */
import type { ProxySettings } from "./proxy-env";

/** The proxy a client's requests go through. */
export interface ProxyRoute {
  /** The proxy's URL as given; it may hold a user and password, so it is never shown. */
  url: string;
  /** The proxy's `host:port`, for messages: no credentials. */
  address: string;
  /** What named the proxy, for messages: its variable (`HTTPS_PROXY`, `http_proxy`, …) or option. */
  from: string;
  /**
   * True for an `https://` Jenkins: a CONNECT tunnel to `target`, so every answer comes from the far end of it. False
   * for an `http://` one: the proxy forwards each request and may answer one itself.
   */
  tunnel: boolean;
  /** Jenkins's `host:port`, as the proxy is asked to reach it. */
  target: string;
}

const DEFAULT_PORTS: Record<string, number> = { "http:": 80, "https:": 443 };

interface NoProxyEntry {
  host: string;
  /** 0: any port. */
  port: number;
  /** `*.host`: subdomains only. */
  subdomainsOnly: boolean;
}

/** A host as the entries are compared with it: lower case, without brackets or a final dot. */
function comparable(host: string): string {
  let h = host.toLowerCase();
  if (h.startsWith("[") && h.endsWith("]")) h = h.slice(1, -1);
  if (h.length > 1 && h.endsWith(".")) h = h.slice(0, -1);
  return h;
}

function parseEntry(raw: string): NoProxyEntry {
  const bracketed = /^\[(.+)\]:(\d+)$/.exec(raw);
  let host = raw;
  let port = 0;
  if (bracketed) {
    host = bracketed[1];
    port = Number(bracketed[2]);
  } else {
    const bare = raw.replace(/^\[(.+)\]$/, "$1");
    // One colon followed by digits is a port; more colons make a bare IPv6 address.
    const withPort = bare.split(":").length === 2 ? /^(.+):(\d+)$/.exec(bare) : null;
    host = withPort ? withPort[1] : bare;
    port = withPort ? Number(withPort[2]) : 0;
  }
  const subdomainsOnly = raw.startsWith("*");
  const stripped = host.replace(/^\*?\./, "");
  return { host: stripped === "*" ? "*" : comparable(stripped), port, subdomainsOnly };
}

/** Whether `noProxy` sends requests to `host` (as the URL writes it) and `port` directly. */
export function bypassesProxy(noProxy: string | undefined, host: string, port: number): boolean {
  const name = comparable(host);
  for (const raw of (noProxy ?? "").split(/[,\s]/)) {
    if (raw === "") continue;
    const entry = parseEntry(raw);
    if (entry.port !== 0 && entry.port !== port) continue;
    if (entry.host === "*") return true;
    if (!entry.subdomainsOnly && name === entry.host) return true;
    if (name.endsWith(`.${entry.host}`)) return true;
  }
  return false;
}

function addressOf(url: URL): string {
  return `${url.hostname}:${url.port || DEFAULT_PORTS[url.protocol]}`;
}

/** The proxy requests to `origin` ("https://jenkins.example.com:8443") go through, or undefined for none. */
export function proxyRoute(origin: string, p: ProxySettings): ProxyRoute | undefined {
  const target = new URL(origin);
  const tunnel = target.protocol === "https:";
  const chosen = tunnel && p.httpsProxy ? "httpsProxy" : "httpProxy";
  const url = p[chosen];
  if (!url) return undefined;
  const port = Number(target.port) || DEFAULT_PORTS[target.protocol];
  if (bypassesProxy(p.noProxy, target.hostname, port)) return undefined;
  const from = (chosen === "httpsProxy" ? p.httpsProxyFrom : p.httpProxyFrom) ?? `the proxy option ${chosen}`;
  return { url, address: addressOf(new URL(url)), from, tunnel, target: addressOf(target) };
}
