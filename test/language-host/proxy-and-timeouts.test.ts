/**
 * A stack behind a corporate proxy, through the language host: with HTTPS_PROXY in the CLI's environment, `up`,
 * `preview`, `refresh` and `destroy` reach an https Jenkins through the proxy's CONNECT tunnel, its private CA
 * (`jenkins:caCert`) verified inside it; with NO_PROXY naming the host they go direct. The timeouts of the stack
 * config take effect, and a bad one fails the preview before any request. A failure names the machine that failed:
 * the proxy that is down (tried once) or cannot reach Jenkins, with its variable; a timeout the variable that set it.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import type { JenkinsServer } from "../../provider/server";
import { refusingPort, startForwardProxy, type ForwardProxy } from "../harness/forward-proxy";
import type { PulumiCli } from "../harness/language-host";
import { repoRoot } from "../harness/provider-process";
import { startStack } from "./stack";

const PROJECT = path.join(repoRoot, "test", "language-host", "projects", "many-jobs");
const TLS_DIR = path.join(repoRoot, "test", "client", "fixtures", "tls");
const tlsFile = (name: string) => fs.readFileSync(path.join(TLS_DIR, name), "utf8");

describe("a stack behind an HTTPS proxy", () => {
  let server: JenkinsServer;
  let cli: PulumiCli;
  let proxy: ForwardProxy;
  let jenkinsHost: string;

  beforeAll(async () => {
    proxy = await startForwardProxy();
    ({ server, cli } = await startStack(PROJECT, {
      server: { tls: { key: tlsFile("server.key"), cert: tlsFile("server.pem") } },
    }));
    jenkinsHost = new URL(server.url).host;
    cli.setConfig("count", 3).setConfig("jenkins:caCert", tlsFile("ca.pem"));
    cli.setEnv("HTTPS_PROXY", proxy.url);
  });
  afterAll(async () => {
    await proxy.close();
    await server?.close();
  });
  beforeEach(() => {
    server.resetCounters();
    proxy.tunnels.length = 0;
  });

  it("creates the jobs through the proxy's tunnel, with the private CA verified inside it", async () => {
    expect(server.url.startsWith("https://")).toBe(true);
    const up = await cli.up();
    expect({ ok: up.ok, errors: up.errors }).toEqual({ ok: true, errors: [] });
    expect(up.steps.filter((s) => s.op === "create")).toHaveLength(3);
    expect(server.requests.filter((r) => r.method === "POST" && r.path === "/createItem")).toHaveLength(3);
    expect(proxy.tunnels.length).toBeGreaterThanOrEqual(1);
    expect(new Set(proxy.tunnels)).toEqual(new Set([jenkinsHost]));
  });

  it("refreshes through the proxy, and plans no change", async () => {
    const refresh = await cli.refresh();
    expect({ ok: refresh.ok, errors: refresh.errors, changed: refresh.changed }).toEqual({
      ok: true,
      errors: [],
      changed: [],
    });
    expect(server.requests.length).toBeGreaterThanOrEqual(3);
    expect(proxy.tunnels.length).toBeGreaterThanOrEqual(1);
    const preview = await cli.preview();
    expect(preview.ok).toBe(true);
    expect(preview.steps.every((s) => s.op === "same")).toBe(true);
  });

  it("goes direct to a host NO_PROXY lists", async () => {
    cli.setEnv("NO_PROXY", "127.0.0.1");
    try {
      const refresh = await cli.refresh();
      expect({ ok: refresh.ok, errors: refresh.errors }).toEqual({ ok: true, errors: [] });
    } finally {
      cli.setEnv("NO_PROXY", undefined);
    }
    expect(server.requests.length).toBeGreaterThanOrEqual(3);
    expect(proxy.tunnels).toEqual([]);
  });

  it("ends a request Jenkins is slow to answer after jenkins:headersTimeoutMs, naming the key", async () => {
    cli.setConfig("jenkins:headersTimeoutMs", "500");
    // refresh configures the provider from the config stored at the last up.
    expect((await cli.up()).ok).toBe(true);
    server.faults = { ...server.faults, latencyMs: 2500 };
    try {
      const refresh = await cli.refresh();
      expect(refresh.ok).toBe(false);
      expect(refresh.errors[0].message).toContain("did not answer in time");
      expect(refresh.errors[0].message).toContain("jenkins:headersTimeoutMs");
    } finally {
      server.faults = { ...server.faults, latencyMs: 0 };
    }
  });

  it("fails the preview of a change before any request when a timeout is not a number", async () => {
    cli.setConfig("jenkins:headersTimeoutMs", "a minute").setConfig("count", 4);
    const preview = await cli.preview();
    expect(preview.ok).toBe(false);
    expect(preview.errors.map((e) => e.message).join("\n")).toContain(
      "jenkins:headersTimeoutMs (or JENKINS_HEADERS_TIMEOUT_MS) must be a whole number of milliseconds",
    );
    expect(server.requests).toHaveLength(0);
    expect(proxy.tunnels).toEqual([]);
  });

  it("names JENKINS_HEADERS_TIMEOUT_MS, not a key, when the variable set the timeout that ran out", async () => {
    cli.removeConfig("jenkins:headersTimeoutMs").setConfig("count", 3);
    expect((await cli.up()).ok).toBe(true);
    cli.setEnv("JENKINS_HEADERS_TIMEOUT_MS", "500");
    server.faults = { ...server.faults, latencyMs: 2500 };
    try {
      const refresh = await cli.refresh();
      expect(refresh.ok).toBe(false);
      const message = refresh.errors[0].message;
      expect(message).toContain(
        "no answer within 500 ms, the headers timeout, set by the JENKINS_HEADERS_TIMEOUT_MS environment variable",
      );
      expect(message).toContain("or raise the JENKINS_HEADERS_TIMEOUT_MS environment variable.");
      expect(message).not.toContain("jenkins:headersTimeoutMs");
      expect(message).not.toContain("Check jenkins:url");
    } finally {
      server.faults = { ...server.faults, latencyMs: 0 };
      cli.setEnv("JENKINS_HEADERS_TIMEOUT_MS", undefined);
    }
  });

  it("fails the preview naming the proxy that is down and its variable, tried once, Jenkins not blamed", async () => {
    const port = await refusingPort();
    cli.setEnv("HTTPS_PROXY", `http://127.0.0.1:${port}`).setEnv("JENKINS_LOG_REQUESTS", "1").setConfig("count", 4);
    cli.providerStderr = "";
    try {
      const preview = await cli.preview();
      expect(preview.ok).toBe(false);
      const messages = preview.errors.map((e) => e.message).join("\n");
      expect(messages).toContain(
        `Jenkins at ${server.url}: the proxy at 127.0.0.1:${port} (HTTPS_PROXY) refused the connection (ECONNREFUSED)`,
      );
      expect(messages).not.toContain("check that Jenkins is running");
      // One attempt on the wire, no retries (each attempt is a line of the request log).
      expect(cli.providerStderr.match(/GET \/api\/json failed ECONNREFUSED/g)).toHaveLength(1);
      expect(server.requests).toHaveLength(0);
    } finally {
      cli.setEnv("HTTPS_PROXY", proxy.url).setEnv("JENKINS_LOG_REQUESTS", undefined).setConfig("count", 3);
    }
  });

  it("fails the preview naming the proxy when Jenkins behind it is down, not an internal error of Jenkins", async () => {
    const port = await refusingPort();
    cli.setConfig("jenkins:url", `https://127.0.0.1:${port}/`).setConfig("count", 4);
    try {
      const preview = await cli.preview();
      expect(preview.ok).toBe(false);
      const messages = preview.errors.map((e) => e.message).join("\n");
      expect(messages).toContain(
        `the proxy at ${new URL(proxy.url).host} (HTTPS_PROXY) could not open a tunnel to Jenkins at 127.0.0.1:${port} (HTTP 500)`,
      );
      expect(messages).toContain(`check that Jenkins is running at 127.0.0.1:${port}`);
      expect(messages).not.toMatch(/internal error|system log/);
      expect(proxy.tunnels).toEqual([`127.0.0.1:${port}`]);
    } finally {
      cli.setConfig("jenkins:url", server.url).setConfig("count", 3);
    }
  });

  it("destroys through the proxy", async () => {
    cli.setConfig("jenkins:headersTimeoutMs", "60000").setConfig("count", 3);
    expect((await cli.up()).ok).toBe(true);
    const destroy = await cli.destroy();
    expect({ ok: destroy.ok, errors: destroy.errors }).toEqual({ ok: true, errors: [] });
    expect(server.requests.filter((r) => r.path.endsWith("/doDelete"))).toHaveLength(3);
    expect(proxy.tunnels.length).toBeGreaterThanOrEqual(1);
  });
});
