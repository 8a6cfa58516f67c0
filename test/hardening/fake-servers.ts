/**
 * Tiny HTTP servers that are not Jenkins, for the bad-input table: a login page answered with 200, a JSON or HTML
 * service without X-Jenkins, a redirector to another origin, and a recorder that notes what reaches it (so a test can
 * prove that credentials never went there).
 */
import * as http from "node:http";
import type { AddressInfo } from "node:net";

export interface SeenRequest {
  method: string;
  path: string;
  authorization?: string;
  cookie?: string;
}

export interface FakeServer {
  url: string;
  requests: SeenRequest[];
  close(): Promise<void>;
}

type Answer = (req: http.IncomingMessage) => { status: number; headers?: Record<string, string>; body?: string };

export async function startFake(answer: Answer): Promise<FakeServer> {
  const requests: SeenRequest[] = [];
  const server = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      requests.push({
        method: req.method ?? "",
        path: req.url ?? "",
        authorization: req.headers.authorization,
        cookie: req.headers.cookie,
      });
      const a = answer(req);
      res.writeHead(a.status, a.headers ?? {});
      res.end(a.body ?? "");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** What a single-sign-on proxy in front of Jenkins answers to every request: its login form, with 200. */
export const LOGIN_PAGE: Answer = () => ({
  status: 200,
  headers: { "Content-Type": "text/html;charset=utf-8" },
  body:
    "<!DOCTYPE html><html><head><title>Sign in - Corporate SSO</title></head><body>" +
    '<form method="post" action="/sso/login"><input name="username"><input type="password" name="password">' +
    "<button>Sign in</button></form></body></html>",
});

/** Some other JSON service at the configured URL (no X-Jenkins header anywhere). */
export const JSON_SERVICE: Answer = () => ({
  status: 200,
  headers: { "Content-Type": "application/json" },
  body: '{"status":"ok","service":"artifact-store","version":"7.1.0"}',
});

/** A web server's default page. */
export const HTML_SERVICE: Answer = () => ({
  status: 200,
  headers: { "Content-Type": "text/html" },
  body: "<!DOCTYPE html><html><head><title>Welcome to nginx!</title></head><body><h1>Welcome to nginx!</h1></body></html>",
});

/** Redirects every request to the same path on `target` (another origin), as a moved host or an http→https hop. */
export function redirectTo(target: string, status = 302): Answer {
  return (req) => ({ status, headers: { Location: new URL((req.url ?? "/").replace(/^\//, ""), target).toString() } });
}

/** Answers 200 with an empty body to everything, like Jenkins's createItem, and records what came. */
export const EMPTY_OK: Answer = () => ({ status: 200 });
