/**
 * A forward HTTP proxy on the loopback address, as a corporate network puts between the provider and Jenkins:
 * a CONNECT tunnel for an https:// origin, a request in absolute form for an http:// one. It records what it
 * carries and the connections it accepts, can ask for credentials (407) or answer every request itself (a proxy's
 * own 401, 500, 502, 503, a gateway's login page), so a test sees which requests went through it and how often.
 * Like Debian's tinyproxy, it names itself in a Server header on what it answers itself, and when Jenkins cannot be
 * reached it answers the request (or the CONNECT) with its own "500 Unable to connect" page.
 */
import * as http from "node:http";
import * as net from "node:net";
import type { AddressInfo } from "node:net";

export interface ForwardProxyOptions {
  /** Ask for these credentials (Proxy-Authorization: Basic) and refuse anything else with 407. */
  credentials?: { user: string; password: string };
  /** Answer every request and CONNECT with this instead of carrying it (its Server header added). */
  answer?: { status: number; headers?: Record<string, string>; body?: string };
}

/** The Server header of what the proxy answers itself. */
export const PROXY_SERVER = "harness-proxy/1.0";

/** The page it answers when Jenkins cannot be reached, as tinyproxy does (status 500, "Unable to connect"). */
const UNABLE_TO_CONNECT =
  '<?xml version="1.0" encoding="UTF-8" ?>\n<html><head><title>500 Unable to connect</title></head>' +
  "<body><h1>Unable to connect</h1><p>The proxy could not connect to the remote server.</p></body></html>\n";

export interface ForwardProxy {
  /** "http://127.0.0.1:PORT" */
  url: string;
  /** The authority of every CONNECT received ("127.0.0.1:PORT"), refused ones included. */
  tunnels: string[];
  /** The URL of every request received in absolute form ("http://127.0.0.1:PORT/api/json"). */
  requests: string[];
  /** The Proxy-Authorization header of every CONNECT and request ("" when there was none). */
  authorizations: string[];
  /** TCP connections accepted from clients so far. */
  connections: number;
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
  const own = (status: number, headers: Record<string, string>, body: string) => ({
    status,
    headers: { server: PROXY_SERVER, "content-type": "text/html", ...headers },
    body,
  });
  const canned = opts.answer && own(opts.answer.status, opts.answer.headers ?? {}, opts.answer.body ?? "");
  const unableToConnect = own(500, {}, UNABLE_TO_CONNECT);

  const server = http.createServer((req, res) => {
    const target = req.url ?? "";
    requests.push(target);
    if (!allowed(req)) {
      req.resume();
      res.writeHead(407, { "proxy-authenticate": 'Basic realm="proxy"' });
      res.end();
      return;
    }
    if (canned) {
      req.resume();
      res.writeHead(canned.status, canned.headers);
      res.end(canned.body);
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
      res.writeHead(unableToConnect.status, "Unable to connect", unableToConnect.headers);
      res.end(unableToConnect.body);
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
    const refuse = (answer: { status: number; headers: Record<string, string>; body: string }, reason: string) => {
      const head = Object.entries({ ...answer.headers, "content-length": String(Buffer.byteLength(answer.body)) })
        .map(([k, v]) => `${k}: ${v}\r\n`)
        .join("");
      client.end(`HTTP/1.1 ${answer.status} ${reason}\r\n${head}\r\n${answer.body}`);
    };
    if (canned) {
      refuse(canned, http.STATUS_CODES[canned.status] ?? "Error");
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
    let open = false;
    upstream.once("connect", () => (open = true));
    upstream.on("close", () => {
      sockets.delete(upstream);
      if (open) client.destroy();
    });
    upstream.on("error", () => {
      if (!open) refuse(unableToConnect, "Unable to connect");
      else client.destroy();
    });
    client.on("close", () => upstream.destroy());
  });

  const counted = { connections: 0 };
  server.on("connection", (socket: net.Socket) => {
    counted.connections++;
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    tunnels,
    requests,
    authorizations,
    get connections() {
      return counted.connections;
    },
    set connections(n: number) {
      counted.connections = n;
    },
    close: async () => {
      for (const s of sockets) s.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The port of an address where nothing listens: a proxy that is down refuses connections there. */
export async function refusingPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface SilentListener {
  /** "127.0.0.1:PORT" */
  address: string;
  /** TCP connections accepted so far. */
  connections: number;
  close(): Promise<void>;
}

/**
 * A listening socket that accepts connections and never says a word: an https:// proxy there never finishes its TLS
 * handshake, so a client's connection to it runs into the connect timeout.
 */
export async function startSilentListener(): Promise<SilentListener> {
  const sockets = new Set<net.Socket>();
  const counted = { connections: 0 };
  const server = net.createServer((socket) => {
    counted.connections++;
    sockets.add(socket);
    socket.on("error", () => socket.destroy());
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    address: `127.0.0.1:${(server.address() as AddressInfo).port}`,
    get connections() {
      return counted.connections;
    },
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
