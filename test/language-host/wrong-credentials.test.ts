/**
 * A connection that cannot be used, seen through the language host. A preview (and an `up`) that would create or
 * change jobs checks each connection once, before planning anything on it: a wrong API token, a URL that is not a
 * Jenkins, no URL, and a port nobody listens on each end it non-zero with one error naming the setting to fix,
 * after at most one request per connection and none that writes. The same for a named controller of
 * `jenkins:controllers`. A preview with no changes sends no request at all, so it does not notice a bad
 * credential: only a change is checked (it is the change that could not apply).
 */
import * as http from "node:http";
import type { AddressInfo } from "node:net";
import * as path from "node:path";
import type { JenkinsServer } from "../../provider/server";
import type { PulumiCli } from "../harness/language-host";
import { repoRoot } from "../harness/provider-process";
import { ADMIN, startServer } from "../harness/test-server";
import { startStack } from "./stack";

const MANY_JOBS = path.join(repoRoot, "test", "language-host", "projects", "many-jobs");
const TWO_CONTROLLERS = path.join(repoRoot, "examples", "two-controllers");
const WRONG_TOKEN = "11c0ffee0ddba11dead5eed5eedbeef999";

function lines(server: JenkinsServer): string[] {
  return server.requests.map((r) => `${r.method} ${r.path}`);
}

/** A web server that is not a Jenkins: every request gets a 200 HTML page. */
async function htmlServer(): Promise<{ url: string; seen: string[]; close: () => Promise<void> }> {
  const seen: string[] = [];
  const s = http.createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    res.writeHead(200, { "Content-Type": "text/html" });
    res.end("<!DOCTYPE html><html><body><h1>It works!</h1></body></html>");
  });
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", () => r()));
  return {
    url: `http://127.0.0.1:${(s.address() as AddressInfo).port}/`,
    seen,
    close: () => new Promise<void>((r) => s.close(() => r())),
  };
}

/** A local port nobody listens on (bound, then released). */
async function closedPort(): Promise<number> {
  const s = http.createServer();
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", () => r()));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

/** One error, for one of the program's jobs, naming the settings; nothing planned and nothing in the state. */
function expectOneError(cli: PulumiCli, run: { ok: boolean; errors: Array<{ urn: string; message: string }> }) {
  expect(run.ok).toBe(false);
  expect(run.errors).toHaveLength(1);
  expect(run.errors[0].urn).toMatch(/::service-\d$/);
  expect(run.errors[0].message).not.toContain(WRONG_TOKEN);
  expect(run.errors[0].message).not.toContain(ADMIN.apiToken);
  expect(cli.state.resources.filter((r) => r.custom)).toEqual([]);
  return run.errors[0].message;
}

describe("a preview whose connection cannot be used", () => {
  let server: JenkinsServer;
  let cli: PulumiCli;

  beforeAll(async () => {
    ({ server, cli } = await startStack(MANY_JOBS, { parallel: 8, apiToken: WRONG_TOKEN }));
  });
  afterAll(async () => {
    await server?.close();
  });
  beforeEach(() => server.resetCounters());

  it("fails with a wrong API token: one error naming jenkins:apiToken, one probe, in preview and in up", async () => {
    for (const run of [() => cli.preview(), () => cli.up()]) {
      server.resetCounters();
      const message = expectOneError(cli, await run());
      process.stdout.write(`${message}\n`);
      expect(message).toContain(
        `Jenkins job "service-1" cannot be planned: Jenkins at ${server.url}: the credentials were rejected`,
      );
      expect(message).toMatch(/HTTP 401/);
      expect(message).toContain("Fix jenkins:apiToken (or the JENKINS_API_TOKEN environment variable)");
      expect(message).toContain("`pulumi config set --secret jenkins:apiToken <token>`");
      expect(lines(server)).toEqual(["GET /api/json"]);
    }
  });

  it("fails with a URL that is not a Jenkins (a web server answering 200 HTML), naming jenkins:url", async () => {
    const other = await htmlServer();
    try {
      cli.setConfig("jenkins:url", other.url).setConfig("jenkins:apiToken", ADMIN.apiToken, { secret: true });
      const message = expectOneError(cli, await cli.preview());
      expect(message).toContain(`${other.url}: `);
      expect(message).toMatch(/HTML page|not a Jenkins|X-Jenkins/);
      expect(message).toContain("Fix jenkins:url (or the JENKINS_URL environment variable)");
      // The "is this a Jenkins" question went out once for six jobs.
      expect(other.seen).toEqual(["GET /api/json"]);
    } finally {
      await other.close();
      cli.setConfig("jenkins:url", server.url);
    }
  });

  it("fails with no URL at all, naming jenkins:url and JENKINS_URL, without a request", async () => {
    cli.removeConfig("jenkins:url");
    try {
      const message = expectOneError(cli, await cli.preview());
      expect(message).toContain("No Jenkins URL is configured");
      expect(message).toContain("`pulumi config set jenkins:url https://jenkins.example.com/`");
      expect(message).toContain("JENKINS_URL");
      expect(server.requests).toEqual([]);
    } finally {
      cli.setConfig("jenkins:url", server.url);
    }
  });

  it("fails with a port nobody listens on, naming jenkins:url", async () => {
    const url = `http://127.0.0.1:${await closedPort()}/`;
    cli.setConfig("jenkins:url", url);
    try {
      const message = expectOneError(cli, await cli.preview());
      expect(message).toContain(`Jenkins at ${url}: connection refused`);
      expect(message).toMatch(/refused|ECONNREFUSED/i);
      expect(message).toContain(
        "Check jenkins:url (or the JENKINS_URL environment variable) and that Jenkins is running",
      );
    } finally {
      cli.setConfig("jenkins:url", server.url);
    }
  });

  it("plans a change only with a connection that works; a plan with no changes sends nothing", async () => {
    cli.setConfig("jenkins:apiToken", ADMIN.apiToken, { secret: true });
    expect((await cli.up()).ok).toBe(true);
    cli.setConfig("jenkins:apiToken", WRONG_TOKEN, { secret: true });
    server.resetCounters();
    const noop = await cli.preview();
    expect({ ok: noop.ok, errors: noop.errors }).toEqual({ ok: true, errors: [] });
    expect(noop.steps.every((s) => s.op === "same")).toBe(true);
    expect(server.requests).toEqual([]);
    // A change to plan: checked, and refused naming the setting.
    cli.setConfig("count", 7);
    const change = await cli.preview();
    expect(change.ok).toBe(false);
    expect(change.errors).toHaveLength(1);
    expect(change.errors[0].message).toContain("Fix jenkins:apiToken");
    expect(lines(server)).toEqual(["GET /api/json"]);
    cli.setConfig("jenkins:apiToken", ADMIN.apiToken, { secret: true }).removeConfig("count");
    expect((await cli.destroy()).ok).toBe(true);
  });
});

describe("a named controller whose connection cannot be used", () => {
  let server: JenkinsServer;
  let second: JenkinsServer;
  let cli: PulumiCli;

  beforeAll(async () => {
    ({ server, cli } = await startStack(TWO_CONTROLLERS));
    second = await startServer("current");
    cli.setConfig(
      "jenkins:controllers",
      { ci2: { url: second.url, user: ADMIN.name, apiToken: WRONG_TOKEN } },
      { secret: true },
    );
  });
  afterAll(async () => {
    await server?.close();
    await second?.close();
  });

  it("fails the preview naming the controller's keys, after one probe of each connection", async () => {
    const preview = await cli.preview();
    expect(preview.ok).toBe(false);
    expect(preview.errors).toHaveLength(1);
    const [error] = preview.errors;
    process.stdout.write(`${error.message}\n`);
    expect(error.message).toContain(`Jenkins controller "ci2" at ${second.url}`);
    expect(error.message).toContain("Fix jenkins:controllers.ci2.apiToken (or the JENKINS_CONTROLLER_CI2_API_TOKEN");
    expect(error.message).toContain("`pulumi config set --secret --path jenkins:controllers.ci2.apiToken <token>`");
    expect(error.message).not.toContain(WRONG_TOKEN);
    expect(lines(second)).toEqual(["GET /api/json"]);
    // One probe of the healthy controller; its other reads of the root are the listing of descriptions that the
    // check of a new job's owner makes (a `tree` query), not probes.
    const probes = server.requests.filter((r) => r.path === "/api/json" && !r.query.includes("description"));
    expect(probes.map((r) => `${r.method} ${r.path}`)).toEqual(["GET /api/json"]);
    expect([...lines(server), ...lines(second)].filter((l) => l.startsWith("POST"))).toEqual([]);
  });
});
