/**
 * A small reverse proxy for the client tests: serves Jenkins under a context path, can drop the session
 * cookie (like a misconfigured proxy), or answer by itself (a login page, a gateway error, silence).
 */
import * as http from "node:http";
import * as https from "node:https";
import type { AddressInfo } from "node:net";

export interface ProxyAnswer {
  status: number;
  headers?: Record<string, string>;
  body?: string;
}

export interface ProxyOptions {
  /** Base URL of the server behind the proxy, e.g. server.url. */
  target: string;
  /** Context path the proxy serves Jenkins under, e.g. "/jenkins"; other paths get 404. */
  prefix?: string;
  /** Remove the Cookie header from requests (a proxy that loses sessions). */
  dropCookies?: boolean;
  /**
   * Answer a request without forwarding it; resolve to undefined to forward. "hang" never answers, "drop"
   * closes the connection without an answer.
   */
  /** Serve HTTPS with this key and certificate (PEM). */
  tls?: { key: string; cert: string };
  intercept?: (
    req: http.IncomingMessage,
  ) => Promise<ProxyAnswer | "hang" | "drop" | undefined> | ProxyAnswer | "hang" | "drop" | undefined;
}

export interface Proxy {
  url: string;
  /** Every request the proxy received: method, path, headers. */
  seen: Array<{ method: string; path: string; headers: http.IncomingHttpHeaders }>;
  /** Connections accepted so far, and the most that were open at the same time. */
  connections: { total: number; maxOpen: number };
  close(): Promise<void>;
}

export async function startProxy(opts: ProxyOptions): Promise<Proxy> {
  const target = new URL(opts.target);
  const prefix = opts.prefix ?? "";
  const seen: Proxy["seen"] = [];
  const hanging = new Set<http.ServerResponse>();
  let origin = "";
  const handler: http.RequestListener = async (req, res) => {
    seen.push({ method: req.method ?? "", path: req.url ?? "", headers: { ...req.headers } });
    const answer = await opts.intercept?.(req);
    if (answer === "drop") {
      req.resume();
      req.socket.destroy();
      return;
    }
    if (answer === "hang") {
      hanging.add(res);
      req.resume();
      return;
    }
    if (answer) {
      req.resume();
      res.writeHead(answer.status, answer.headers ?? {});
      res.end(answer.body ?? "");
      return;
    }
    const url = req.url ?? "/";
    if (!url.startsWith(prefix + "/")) {
      res.writeHead(404, { "content-type": "text/plain" });
      res.end("not under the context path");
      return;
    }
    const headers = { ...req.headers, host: target.host };
    if (opts.dropCookies) delete headers.cookie;
    const upstream = http.request(
      { host: target.hostname, port: target.port, method: req.method, path: url.slice(prefix.length), headers },
      (up) => {
        const out: http.OutgoingHttpHeaders = { ...up.headers };
        const location = up.headers.location;
        if (location) {
          // Jenkins behind a context path writes Locations under that path.
          out.location = location.startsWith("/")
            ? prefix + location
            : location.replace(target.origin, origin + prefix);
        }
        res.writeHead(up.statusCode ?? 502, out);
        up.pipe(res);
      },
    );
    upstream.on("error", () => {
      res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  };
  const server = opts.tls
    ? https.createServer({ key: opts.tls.key, cert: opts.tls.cert }, handler)
    : http.createServer(handler);
  const connections = { total: 0, maxOpen: 0 };
  let open = 0;
  server.on(opts.tls ? "secureConnection" : "connection", (socket: import("node:net").Socket) => {
    connections.total++;
    open++;
    connections.maxOpen = Math.max(connections.maxOpen, open);
    socket.on("close", () => open--);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `${opts.tls ? "https" : "http"}://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: `${origin}${prefix}/`,
    seen,
    connections,
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
