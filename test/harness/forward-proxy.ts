/**
 * A forward HTTP proxy on the loopback address, as a corporate network puts between the provider and Jenkins:
 * a CONNECT tunnel for an https:// origin, a request in absolute form for an http:// one. It records what it
 * carries and can ask for credentials (407), so a test sees which requests went through it.
 */
import * as http from "node:http";
import * as net from "node:net";
import type { AddressInfo } from "node:net";

export interface ForwardProxyOptions {
  /** Ask for these credentials (Proxy-Authorization: Basic) and refuse anything else with 407. */
  credentials?: { user: string; password: string };
}

export interface ForwardProxy {
  /** "http://127.0.0.1:PORT" */
  url: string;
  /** The authority of every CONNECT received ("127.0.0.1:PORT"), refused ones included. */
  tunnels: string[];
  /** The URL of every request received in absolute form ("http://127.0.0.1:PORT/api/json"). */
  requests: string[];
  /** The Proxy-Authorization header of every CONNECT and request ("" when there was none). */
  authorizations: string[];
  close(): Promise<void>;
}

export async function startForwardProxy(opts: ForwardProxyOptions = {}): Promise<ForwardProxy> {
  const tunnels: string[] = [];
  const requests: string[] = [];
  const authorizations: string[] = [];
  const sockets = new Set<net.Socket>();
  const expected = opts.credentials
    ? `Basic ${Buffer.from(`${opts.credentials.user}:${opts.credentials.password}`).toString("base64")}`
    : undefined;
  const allowed = (req: http.IncomingMessage): boolean => {
    const given = req.headers["proxy-authorization"] ?? "";
    authorizations.push(given);
    return expected === undefined || given === expected;
  };

  const server = http.createServer((req, res) => {
    const target = req.url ?? "";
    requests.push(target);
    if (!allowed(req)) {
      req.resume();
      res.writeHead(407, { "proxy-authenticate": 'Basic realm="proxy"' });
      res.end();
      return;
    }
    let url: URL;
    try {
      url = new URL(target);
    } catch {
      req.resume();
      res.writeHead(400);
      res.end("absolute-form request expected");
      return;
    }
    const headers = { ...req.headers };
    delete headers["proxy-authorization"];
    delete headers["proxy-connection"];
    const upstream = http.request(
      { host: url.hostname, port: url.port, method: req.method, path: url.pathname + url.search, headers },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    upstream.on("error", () => {
      res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });

  server.on("connect", (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    const authority = req.url ?? "";
    tunnels.push(authority);
    sockets.add(client);
    client.on("close", () => sockets.delete(client));
    client.on("error", () => client.destroy());
    if (!allowed(req)) {
      client.end('HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm="proxy"\r\n\r\n');
      return;
    }
    const [host, port] = [
      authority.slice(0, authority.lastIndexOf(":")),
      authority.slice(authority.lastIndexOf(":") + 1),
    ];
    const upstream = net.connect(Number(port), host, () => {
      client.write("HTTP/1.1 200 Connection Established\r\n\r\n");
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    sockets.add(upstream);
    upstream.on("close", () => {
      sockets.delete(upstream);
      client.destroy();
    });
    upstream.on("error", () => client.destroy());
    client.on("close", () => upstream.destroy());
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    tunnels,
    requests,
    authorizations,
    close: async () => {
      for (const s of sockets) s.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
