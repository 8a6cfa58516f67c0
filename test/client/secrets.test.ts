/**
 * No credential in any error or log line: run calls with wrong and right credentials, through a proxy that
 * echoes the Authorization header, the session cookie and the crumb back in its error pages, and scan
 * everything the client produced for the password, the token, the Basic credential, cookie and crumb values.
 */
import { inspect } from "node:util";
import type { JenkinsServer } from "../../provider/server";
import { JenkinsClient } from "../../provider/client";
import { freestyle } from "../harness/job-configs";
import { ADMIN, settled, startServer, tokenClient } from "./helpers";
import { startProxy, type Proxy, type ProxyAnswer } from "./proxy";
import type { IncomingMessage } from "node:http";

const WRONG_PASSWORD = "wrong-pw-5b7e1c";
const WRONG_TOKEN = "11" + "deadbeef".repeat(4);

let server: JenkinsServer;
const logLines: string[] = [];
const errors: unknown[] = [];

function escapeHtml(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** Pages that repeat the request's secrets back, as a careless proxy or debug page might. */
function echo(req: IncomingMessage): ProxyAnswer | undefined {
  const m = /\/job\/echo-(\d+)(-[a-z]+)?\//.exec(req.url ?? "");
  if (!m) return undefined;
  const secrets = `auth=${req.headers.authorization ?? ""} cookie=${req.headers.cookie ?? ""} crumb=${String(req.headers["jenkins-crumb"] ?? "")}`;
  const status = Number(m[1]);
  if (status === 500) {
    const page = `<html><body><h1>Oops!</h1><h2>A problem occurred while processing the request</h2><pre>java.lang.IllegalStateException: ${escapeHtml(secrets)}\n\tat a.b.C.d(C.java:1)\nCaused by: java.io.IOException: ${escapeHtml(secrets)}</pre><p>Logging ID=0123abcd-0000-0000-0000-000000000000</p></body></html>`;
    return { status, headers: { "content-type": "text/html" }, body: page };
  }
  const page = `<html><head><title>${escapeHtml(secrets)}</title></head><body><h1>Error</h1><p>${escapeHtml(secrets)}</p></body></html>`;
  const headers: Record<string, string> = { "content-type": "text/html", "x-error": secrets };
  if (status === 403) {
    headers["x-you-are-authenticated-as"] = secrets;
    headers["x-required-permission"] = secrets;
  }
  if (status === 302) headers.location = `/login?${encodeURIComponent(secrets)}`;
  if (status === 201) headers.location = `/queue/item/1/?${secrets}`;
  return { status: m[2] === "-ok" ? 200 : status, headers, body: page };
}

async function collect(fn: () => Promise<unknown>): Promise<void> {
  try {
    await fn();
  } catch (err) {
    errors.push(err);
  }
}

function render(err: unknown): string {
  const e = err as Error;
  return [String(e), e.message, e.stack ?? "", JSON.stringify(e), inspect(e, { depth: 6, showHidden: true })].join(
    "\n",
  );
}

let proxy: Proxy;

beforeAll(async () => {
  server = await startServer();
  const admin = tokenClient(server);
  await admin.createJob("s-job", freestyle());
  await admin.createJob("s-disabled", freestyle({ disabled: true }));
  await admin.close();
  proxy = await startProxy({ target: server.url, intercept: echo });
});

afterAll(async () => {
  await proxy.close();
  await server.close();
});

function clientsFor(url: string): JenkinsClient[] {
  const log = (line: string) => logLines.push(line);
  const common = { url, log, retries: 1, retryBaseDelayMs: 1 };
  return [
    new JenkinsClient({ ...common, user: ADMIN.name, password: ADMIN.password }),
    new JenkinsClient({ ...common, user: ADMIN.name, apiToken: ADMIN.apiToken }),
    new JenkinsClient({ ...common, user: ADMIN.name, password: WRONG_PASSWORD }),
    new JenkinsClient({ ...common, user: ADMIN.name, apiToken: WRONG_TOKEN }),
  ];
}

it("never lets a credential into an error or a log line", async () => {
  const direct = clientsFor(server.url);
  const proxied = clientsFor(proxy.url);
  for (const c of [...direct, ...proxied]) {
    await collect(() => c.serverInfo());
    await collect(() => c.getConfig("s-job"));
    await collect(() => c.getConfig("missing"));
    await collect(() => c.createJob("s-job", freestyle()));
    await collect(() => c.createJob("s-bad", "<project><x></project>"));
    await collect(() => c.updateConfig("s-job", "<flow-definition/>"));
    await collect(() => c.build("s-disabled"));
    await collect(() => c.disable("missing"));
    await collect(() => c.rename("s-job", "s-job"));
    await collect(() => c.createJob("bad@name", freestyle()));
  }
  for (const c of proxied) {
    for (const status of ["400", "401", "403", "404", "409", "500", "502", "302", "201"]) {
      await collect(() => c.disable(`echo-${status}`));
      await collect(() => c.getConfig(`echo-${status}`));
      await collect(() => c.createJob(`echo-${status}/x`, freestyle()));
      await collect(() => c.build(`echo-${status}`));
    }
    await collect(() => c.getConfig("echo-200-ok"));
    await collect(() => c.getDescription("echo-200-ok"));
    await collect(() => c.updateConfig("echo-200-ok", freestyle()));
  }
  // Connection failures and timeouts.
  const gone = await startServer();
  const goneUrl = gone.url;
  await gone.close();
  for (const c of clientsFor(goneUrl)) await collect(() => c.disable("s-job"));
  const slow = new JenkinsClient({
    url: server.url,
    user: ADMIN.name,
    password: ADMIN.password,
    headersTimeoutMs: 500,
    log: (l) => logLines.push(l),
  });
  server.faults.latencyMs = 1500;
  await collect(() => slow.getConfig("s-job"));
  server.faults.latencyMs = 0;
  await settled(server);

  // The secrets: given ones, the Basic credentials built from them, and what the session put on the wire.
  const secrets = new Set<string>([ADMIN.password, ADMIN.apiToken, WRONG_PASSWORD, WRONG_TOKEN]);
  for (const s of [ADMIN.password, ADMIN.apiToken, WRONG_PASSWORD, WRONG_TOKEN]) {
    secrets.add(Buffer.from(`${ADMIN.name}:${s}`).toString("base64"));
  }
  for (const r of proxy.seen) {
    for (const part of String(r.headers.cookie ?? "").split(";")) {
      const value = part.split("=")[1];
      if (value) secrets.add(value.trim());
    }
    const crumb = r.headers["jenkins-crumb"];
    if (crumb) secrets.add(String(crumb));
  }
  const cookies = proxy.seen.filter((r) => r.headers.cookie).length;
  const crumbs = proxy.seen.filter((r) => r.headers["jenkins-crumb"]).length;
  expect(cookies).toBeGreaterThan(0);
  expect(crumbs).toBeGreaterThan(0);
  expect(errors.length).toBeGreaterThan(100);
  expect(logLines.length).toBeGreaterThan(100);

  const leaks: string[] = [];
  for (const err of errors) {
    const text = render(err);
    for (const s of secrets)
      if (text.includes(s)) leaks.push(`error leaks ${s.slice(0, 4)}…: ${(err as Error).message}`);
  }
  for (const line of logLines) {
    for (const s of secrets) if (line.includes(s)) leaks.push(`log leaks ${s.slice(0, 4)}…: ${line}`);
  }
  expect(leaks).toEqual([]);
  // The echoed pages did reach the client: the redaction, not luck, kept them out.
  expect(errors.some((e) => (e as Error).message.includes("auth=Basic ****"))).toBe(true);
  expect(errors.some((e) => (e as Error).message.includes("=****"))).toBe(true);

  for (const c of [...direct, ...proxied, slow]) await c.close();
});
