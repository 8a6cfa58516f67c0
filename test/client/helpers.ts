/** Shared setup of the client tests: a Jenkins-compatible server with known users, clients, raw HTTP. */
import { request } from "undici";
import { startJenkinsServer, type JenkinsServer, type JenkinsServerOptions } from "../../provider/server";
import { JenkinsClient } from "../../provider/client";
import type { JenkinsClientOptions } from "../../provider/client/options";

/** Administrator. The secrets are distinct from the user names so that scans for them mean something. */
export const ADMIN = {
  name: "alice",
  password: "pw-alice-4f9c1e",
  apiToken: "11" + "a1b2c3d4".repeat(4),
  permissions: "admin" as const,
};

/** Read-only user. */
export const READER = {
  name: "bob",
  password: "pw-bob-77d2a0",
  apiToken: "11" + "0f9e8d7c".repeat(4),
  permissions: "read" as const,
};

export function startServer(opts: JenkinsServerOptions = {}): Promise<JenkinsServer> {
  return startJenkinsServer({ users: [ADMIN, READER], quietPeriodMs: 60_000, ...opts });
}

type Extra = Partial<JenkinsClientOptions>;

/** Fast retries so that fault tests finish quickly. */
const FAST: Extra = { retryBaseDelayMs: 2 };

export function tokenClient(server: JenkinsServer, extra: Extra = {}): JenkinsClient {
  return new JenkinsClient({ url: server.url, user: ADMIN.name, apiToken: ADMIN.apiToken, ...FAST, ...extra });
}

export function passwordClient(server: JenkinsServer, extra: Extra = {}): JenkinsClient {
  return new JenkinsClient({ url: server.url, user: ADMIN.name, password: ADMIN.password, ...FAST, ...extra });
}

export function readerClient(server: JenkinsServer, extra: Extra = {}): JenkinsClient {
  return new JenkinsClient({ url: server.url, user: READER.name, apiToken: READER.apiToken, ...FAST, ...extra });
}

export function basic(user: string, secret: string): string {
  return "Basic " + Buffer.from(`${user}:${secret}`).toString("base64");
}

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One request straight to the server (undici never follows redirects here), to assert the server's own answer. */
export async function raw(
  server: JenkinsServer,
  method: "GET" | "POST",
  path: string,
  opts: { auth?: string | null; headers?: Record<string, string>; body?: string } = {},
): Promise<RawAnswer> {
  const headers: Record<string, string> = { ...(opts.headers ?? {}) };
  const auth = opts.auth === undefined ? basic(ADMIN.name, ADMIN.apiToken) : opts.auth;
  if (auth !== null) headers.authorization = auth;
  const res = await request(new URL(path, server.url), { method, headers, body: opts.body });
  return { status: res.statusCode, headers: res.headers as RawAnswer["headers"], body: await res.body.text() };
}

export function h(answer: RawAnswer, name: string): string | undefined {
  const v = answer.headers[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
}

/** Requests recorded by the server, as "METHOD path" (query left out), optionally filtered by a path suffix. */
export function sent(server: JenkinsServer, suffix?: string): string[] {
  return server.requests
    .filter((r) => suffix === undefined || r.path.endsWith(suffix))
    .map((r) => `${r.method} ${r.path}`);
}

export function count(server: JenkinsServer, method: string, suffix: string): number {
  return server.requests.filter((r) => r.method === method && r.path.endsWith(suffix)).length;
}

/** Runs `fn` and returns what it threw (fails the test when it did not throw). */
export async function caught(fn: () => Promise<unknown>): Promise<Error> {
  try {
    await fn();
  } catch (err) {
    return err as Error;
  }
  throw new Error("expected the call to throw");
}

export function quiet(server: JenkinsServer): void {
  Object.assign(server.faults, { latencyMs: 0, errorRate: 0, dropBeforeRate: 0, dropAfterRate: 0 });
}

/** Waits until the server has answered (or dropped) every request it received, e.g. after a client timeout. */
export async function settled(server: JenkinsServer, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (server.requests.some((r) => r.status === 0 && r.fault === undefined) && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
