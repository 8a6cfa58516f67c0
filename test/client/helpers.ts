/** Shared setup of the client tests: a Jenkins-compatible server with known users, clients, raw HTTP. */
import type { JenkinsServer } from "../../provider/server";
import { JenkinsClient } from "../../provider/client";
import type { JenkinsClientOptions } from "../../provider/client/options";
import { call, type Answer } from "../harness/http";
import { ADMIN, READER } from "../harness/users";

export { ADMIN, READER } from "../harness/users";
export { startQueueingServer as startServer } from "../harness/test-server";
export { h } from "../harness/http";

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

export type RawAnswer = Answer;

/** One request straight to the server, to assert the server's own answer; `auth` is the whole Authorization value. */
export function raw(
  server: JenkinsServer,
  method: "GET" | "POST",
  path: string,
  opts: { auth?: string | null; headers?: Record<string, string>; body?: string } = {},
): Promise<RawAnswer> {
  const headers: Record<string, string> = { ...(opts.headers ?? {}) };
  const auth = opts.auth === undefined ? basic(ADMIN.name, ADMIN.apiToken) : opts.auth;
  if (auth !== null) headers.authorization = auth;
  return call(server, path, { method, headers, body: opts.body });
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
