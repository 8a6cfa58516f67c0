/**
 * The typed error of a request that got no answer from Jenkins, naming the machine that failed and the setting
 * behind it: a connection the proxy refused names the proxy's address and the variable that named it, not Jenkins,
 * and a tunnel it would not open is its answer, not Jenkins's (a NotJenkinsError with the proxy's status); a timeout
 * names the setting that set it (a stack config key, an environment variable, a named controller's key, a client
 * option) and asks to raise it, not to check the URL.
 */
import {
  ConnectionError,
  type JenkinsError,
  type JenkinsErrorDetails,
  NotJenkinsError,
  RequestTimeoutError,
} from "./errors";
import type { TimeoutName, TimeoutSetting } from "./options";
import type { ProxyRoute } from "./proxy-route";
import { type CallContext, HINTS, proxyName } from "./response-errors";
import type { TransportError } from "./transport";

/** The timeout that ran out, by undici's code. */
const TIMEOUT_OF: Record<string, TimeoutName> = {
  UND_ERR_CONNECT_TIMEOUT: "connectTimeoutMs",
  UND_ERR_HEADERS_TIMEOUT: "headersTimeoutMs",
  UND_ERR_BODY_TIMEOUT: "bodyTimeoutMs",
};

const TIMEOUT_TITLE: Record<TimeoutName, string> = {
  connectTimeoutMs: "the connect timeout",
  headersTimeoutMs: "the headers timeout",
  bodyTimeoutMs: "the body timeout",
};

/** "500 ms, the headers timeout, set by jenkins:headersTimeoutMs" or "60000 ms, the headers timeout's default". */
function timeoutValue(name: TimeoutName, t: TimeoutSetting): string {
  return t.given
    ? `${t.ms} ms, ${TIMEOUT_TITLE[name]}, set by ${t.setting}`
    : `${t.ms} ms, ${TIMEOUT_TITLE[name]}'s default`;
}

/** "raise jenkins:headersTimeoutMs" or, for a default, "raise it with <how to set it>". */
function raise(t: TimeoutSetting): string {
  return t.given ? `raise ${t.setting}` : `raise it with ${t.setting}`;
}

function timeoutFailure(
  err: TransportError,
  ctx: CallContext,
  proxy: ProxyRoute | undefined,
): Omit<JenkinsErrorDetails, "action"> {
  const name = TIMEOUT_OF[err.code];
  const t = name ? ctx.timeouts?.[name] : undefined;
  if (!name || !t) {
    return {
      what: err.message,
      hint: "Jenkins did not answer in time: check that it is healthy, or raise the timeout.",
    };
  }
  const value = timeoutValue(name, t);
  if (name === "connectTimeoutMs" && proxy) {
    return {
      what: `no connection to ${proxyName(proxy)} within ${value} (${err.code})`,
      hint:
        `Check that the proxy ${proxy.from} names is running and reachable from here at ${proxy.address}, or ${raise(t)}; ` +
        "list the Jenkins host in NO_PROXY when it is reached directly. Jenkins itself was not reached.",
    };
  }
  if (name === "connectTimeoutMs") {
    return {
      what: `no connection within ${value} (${err.code})`,
      hint: `Check that Jenkins is reachable from here (a firewall that drops packets makes a connection wait), or ${raise(t)}.`,
    };
  }
  const through = ctx.proxy ? `, through ${proxyName(ctx.proxy)}` : "";
  const what =
    name === "headersTimeoutMs"
      ? `no answer within ${value}${through} (${err.code})`
      : `the answer stopped arriving for longer than ${value}${through} (${err.code})`;
  return { what, hint: `Jenkins did not answer in time: check that it is healthy, or ${raise(t)}.` };
}

/** What the proxy did, completing "the proxy at A (VAR) …". */
function proxyDid(err: TransportError, proxy: ProxyRoute): string {
  if (err.code === "PROXY_REFUSED") {
    const status = err.proxyStatus ?? 0;
    if (status === 407) return "asks for credentials";
    if (status >= 500) return `could not open a tunnel to Jenkins at ${proxy.target}`;
    return `refused to open a tunnel to ${proxy.target}`;
  }
  switch (err.code) {
    case "ECONNREFUSED":
      return "refused the connection (ECONNREFUSED): no proxy listens there";
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return `cannot be found: host name not found (${err.code})`;
    case "UND_ERR_PRX_TLS":
      return "failed the TLS handshake (UND_ERR_PRX_TLS)";
    case "UND_ERR_PRX_CONN":
      return "closed the connection before the tunnel to Jenkins was open (UND_ERR_PRX_CONN)";
    default:
      return `cannot be reached: ${err.message}`;
  }
}

function proxyHint(err: TransportError, proxy: ProxyRoute): string {
  const status = err.code === "PROXY_REFUSED" ? (err.proxyStatus ?? 0) : 0;
  const direct = "list the Jenkins host in NO_PROXY when it is reached directly";
  if (status === 407) {
    return `Give the proxy's user and password in ${proxy.from}, as user:password@ before the host (special characters percent-encoded), or ${direct}.`;
  }
  if (status >= 500) {
    return `The proxy runs, but could not connect to Jenkins: check that Jenkins is running at ${proxy.target} and that the proxy can reach it, or ${direct}.`;
  }
  if (status > 0) {
    return `The proxy does not let this client reach ${proxy.target}: ask for it to be allowed, or ${direct}.`;
  }
  if (err.code === "UND_ERR_PRX_TLS") {
    return `An https:// proxy needs a certificate Node.js trusts (NODE_EXTRA_CA_CERTS); check ${proxy.from}, or ${direct}. Jenkins itself was not reached.`;
  }
  return `Check that the proxy is running at ${proxy.address} and reachable from here, or fix ${proxy.from}; ${direct}. Jenkins itself was not reached.`;
}

export function errorFromTransport(err: TransportError, ctx: CallContext): JenkinsError {
  const unknown = ctx.notRepeatable === true && err.maybeProcessed;
  const prefix = unknown ? `${HINTS.outcomeUnknown} ` : "";
  const proxy = err.at === "proxy" ? ctx.proxy : undefined;
  const found =
    err.kind === "timeout"
      ? timeoutFailure(err, ctx, proxy)
      : proxy
        ? { what: `${proxyName(proxy)} ${proxyDid(err, proxy)}`, hint: proxyHint(err, proxy) }
        : {
            // Through a proxy, a broken connection or a certificate may be Jenkins's or the proxy's: it is named too.
            what: ctx.proxy ? `${err.message}, through ${proxyName(ctx.proxy)}` : err.message,
            hint: err.kind === "tls" ? HINTS.tls : HINTS.connection,
          };
  const details: JenkinsErrorDetails = {
    job: ctx.job,
    action: ctx.action,
    what: found.what,
    hint: prefix + found.hint,
    outcomeUnknown: unknown,
    proxy: proxy && { address: proxy.address, from: proxy.from },
  };
  if (err.kind === "timeout") return new RequestTimeoutError(details);
  // The proxy answered the request for a tunnel (or for credentials) itself: nothing reached Jenkins.
  if (proxy && err.code === "PROXY_REFUSED") return new NotJenkinsError({ ...details, status: err.proxyStatus });
  return new ConnectionError(details);
}
