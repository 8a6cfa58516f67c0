/**
 * Layer 2: the connection settings a corporate network needs, in the dynamic-provider process as the engine runs
 * it. An HTTPS proxy from the process's environment carries every request (the stack's CA kept inside the tunnel)
 * unless NO_PROXY lists the host; the client timeouts are stack config (stack-wide, per controller, or from the
 * environment) and take effect; a bad value fails before any request, naming the key. A failure names the machine
 * that failed (the proxy and its variable, not Jenkins) and a timeout the key or variable that set it.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import type { JenkinsServer } from "../../provider/server";
import { startConfiguredProvider } from "../harness/configured-provider";
import { PROXY_SERVER, refusingPort, startForwardProxy, type ForwardProxy } from "../harness/forward-proxy";
import { FREESTYLE_XML } from "../harness/job-configs";
import { jobUrn, ProviderCallError, type PropertyMap, type ProviderProcess } from "../harness/provider-process";
import { providerTextOfJob } from "../harness/serialized-provider";
import { ADMIN, calls, startServer } from "../harness/test-server";

const TLS_DIR = path.resolve(__dirname, "../../../test/client/fixtures/tls");
const tlsFile = (name: string) => fs.readFileSync(path.join(TLS_DIR, name), "utf8");

let providerText: string;
beforeAll(async () => {
  providerText = await providerTextOfJob();
});

/** Check + Create of a freestyle job, as `pulumi up` runs them for a new resource. */
async function create(proc: ProviderProcess, name: string, extra: PropertyMap = {}) {
  const urn = jobUrn(name);
  const checked = await proc.check(urn, {}, { name, configXml: FREESTYLE_XML, ...extra, __provider: providerText });
  expect(checked.failures).toEqual([]);
  const created = await proc.create(urn, checked.inputs);
  return { urn, id: created.id, inputs: checked.inputs, outputs: created.properties };
}

async function failure(call: () => Promise<unknown>): Promise<ProviderCallError> {
  try {
    await call();
  } catch (e) {
    if (e instanceof ProviderCallError) return e;
    throw e;
  }
  throw new Error("the call succeeded");
}

describe("an HTTPS proxy in the provider's environment", () => {
  let server: JenkinsServer;
  let proxy: ForwardProxy;
  const procs: ProviderProcess[] = [];

  beforeAll(async () => {
    server = await startServer("current", { tls: { key: tlsFile("server.key"), cert: tlsFile("server.pem") } });
    proxy = await startForwardProxy();
  });
  afterEach(async () => {
    await Promise.all(procs.splice(0).map((p) => p.close()));
  });
  afterAll(async () => {
    await proxy.close();
    await server.close();
  });
  beforeEach(() => {
    server.resetCounters();
    proxy.tunnels.length = 0;
  });

  it("carries every request, with jenkins:caCert verifying Jenkins inside the tunnel", async () => {
    const proc = await startConfiguredProvider(server, {
      env: { HTTPS_PROXY: proxy.url },
      config: { "jenkins:caCert": tlsFile("ca.pem") },
    });
    procs.push(proc);
    const job = await create(proc, "proxied-job");
    const read = await proc.read(job.urn, job.id, job.outputs, job.inputs);
    expect(read.properties).toEqual(job.outputs);
    await proc.delete(job.urn, job.id, job.outputs);
    expect(calls(server)).toEqual(
      expect.arrayContaining(["GET /api/json", "POST /createItem", "GET /job/proxied-job/config.xml"]),
    );
    expect(proxy.tunnels.length).toBeGreaterThanOrEqual(1);
    expect(new Set(proxy.tunnels)).toEqual(new Set([new URL(server.url).host]));
  });

  it("leaves a host that NO_PROXY lists to a direct connection", async () => {
    const proc = await startConfiguredProvider(server, {
      env: { HTTPS_PROXY: proxy.url, NO_PROXY: "localhost,127.0.0.1" },
      config: { "jenkins:caCert": tlsFile("ca.pem") },
    });
    procs.push(proc);
    const job = await create(proc, "direct-job");
    await proc.delete(job.urn, job.id, job.outputs);
    expect(calls(server)).toContain("POST /createItem");
    expect(proxy.tunnels).toEqual([]);
  });

  it("fails without the CA: the tunnel does not lower the TLS check", async () => {
    const proc = await startConfiguredProvider(server, { env: { HTTPS_PROXY: proxy.url } });
    procs.push(proc);
    const urn = jobUrn("unverified-job");
    const outcome = await proc
      .check(urn, {}, { name: "unverified-job", configXml: FREESTYLE_XML, __provider: providerText })
      .then((c) => c.failures.map((f) => f.reason).join("\n"))
      .catch((e: Error) => e.message);
    expect(outcome).toContain("TLS handshake failed");
    expect(outcome).toContain("jenkins:caCert");
    expect(proxy.tunnels.length).toBeGreaterThanOrEqual(1);
    expect(server.requests).toHaveLength(0);
  });
});

describe("a proxy that cannot carry the requests", () => {
  let server: JenkinsServer;
  let guarded: ForwardProxy;
  const procs: ProviderProcess[] = [];

  beforeAll(async () => {
    server = await startServer("current");
    guarded = await startForwardProxy({ credentials: { user: "corp", password: "pr0xy-s3cret" } });
  });
  afterEach(async () => {
    await Promise.all(procs.splice(0).map((p) => p.close()));
  });
  afterAll(async () => {
    await guarded.close();
    await server.close();
  });

  async function checkOutcome(env: Record<string, string>, logRequests = false): Promise<string> {
    const proc = await startConfiguredProvider(server, { env, logRequests });
    procs.push(proc);
    const outcome = await proc
      .check(jobUrn("blocked-job"), {}, { name: "blocked-job", configXml: FREESTYLE_XML, __provider: providerText })
      .then((c) => c.failures.map((f) => f.reason).join("\n"))
      .catch((e: Error) => e.message);
    lastStderr = () => proc.stderr;
    return outcome;
  }
  let lastStderr = () => "";

  it("fails the preview naming the proxy and its variable when it asks for credentials", async () => {
    server.resetCounters();
    const address = new URL(guarded.url).host;
    const refused = await checkOutcome({ HTTP_PROXY: guarded.url });
    expect(refused).toContain(`the proxy at ${address} (HTTP_PROXY) asks for credentials (HTTP 407)`);
    expect(refused).toContain("Give the proxy's user and password in HTTP_PROXY");

    const wrongPassword = await checkOutcome({ http_proxy: guarded.url.replace("//", "//corp:wr0ng-pw@") });
    expect(wrongPassword).toContain(`the proxy at ${address} (http_proxy) asks for credentials (HTTP 407)`);
    expect(wrongPassword).not.toContain("wr0ng-pw");
    expect(server.requests).toHaveLength(0);
  });

  it("a proxy that is down: named with its variable, tried once, and Jenkins not blamed", async () => {
    server.resetCounters();
    const port = await refusingPort();
    const absent = await checkOutcome({ HTTP_PROXY: `http://127.0.0.1:${port}` }, true);
    expect(absent).toContain(
      `Jenkins at ${server.url}: the proxy at 127.0.0.1:${port} (HTTP_PROXY) refused the connection (ECONNREFUSED)`,
    );
    expect(absent).toContain("or fix HTTP_PROXY");
    expect(absent).not.toContain("check that Jenkins is running");
    expect(absent).not.toContain("Check jenkins:url");
    // Each attempt on the wire is a line of the request log: one, not one and three retries.
    expect(lastStderr().match(/GET \/api\/json failed ECONNREFUSED/g)).toHaveLength(1);
    expect(server.requests).toHaveLength(0);
  });

  it("a proxy's own 401 is not Jenkins refusing the token, and its 500 is not an internal error of Jenkins", async () => {
    for (const status of [401, 500]) {
      const own = await startForwardProxy({ answer: { status, body: `<html><title>${status} Denied</title></html>` } });
      try {
        server.resetCounters();
        const outcome = await checkOutcome({ HTTP_PROXY: own.url });
        expect(outcome).toContain(
          `Jenkins at ${server.url}: the answer came from "${PROXY_SERVER}", through the proxy at ${new URL(own.url).host} (HTTP_PROXY), not from Jenkins (no X-Jenkins header) (HTTP ${status}: ${status} Denied).`,
        );
        expect(outcome).not.toMatch(/Fix jenkins:apiToken|credentials were rejected|internal error|system log/);
        expect(own.requests).toEqual([`${server.url}api/json`]);
        expect(server.requests).toHaveLength(0);
      } finally {
        await own.close();
      }
    }
  });

  it("Jenkins down behind a working proxy: the proxy says it could not reach Jenkins", async () => {
    const working = await startForwardProxy();
    const down = await refusingPort();
    const proc = await startConfiguredProvider(
      { url: `http://127.0.0.1:${down}/` },
      { env: { HTTP_PROXY: working.url } },
    );
    procs.push(proc);
    try {
      const outcome = await proc
        .check(
          jobUrn("unreached-job"),
          {},
          { name: "unreached-job", configXml: FREESTYLE_XML, __provider: providerText },
        )
        .then((c) => c.failures.map((f) => f.reason).join("\n"))
        .catch((e: Error) => e.message);
      expect(outcome).toContain(`(HTTP 500: Unable to connect`);
      expect(outcome).toContain(
        `The proxy at ${new URL(working.url).host} (HTTP_PROXY) could not get an answer from Jenkins at 127.0.0.1:${down}: check that Jenkins is running there`,
      );
      expect(outcome).not.toMatch(/internal error|system log|Logging ID/);
      expect(working.requests).toEqual([`http://127.0.0.1:${down}/api/json`]);
    } finally {
      await working.close();
    }
  });
});

describe("client timeouts in the stack config", () => {
  let server: JenkinsServer;
  const procs: ProviderProcess[] = [];
  const started = async (opts: Parameters<typeof startConfiguredProvider>[1]) => {
    const proc = await startConfiguredProvider(server, opts);
    procs.push(proc);
    return proc;
  };

  beforeAll(async () => {
    server = await startServer("current");
  });
  afterEach(async () => {
    await Promise.all(procs.splice(0).map((p) => p.close()));
  });
  afterAll(async () => {
    await server.close();
  });
  beforeEach(() => {
    server.faults = { ...server.faults, latencyMs: 0, scope: "jobs" };
    server.resetCounters();
  });

  // undici checks header timeouts on a coarse (about half-second) timer: the margins are wide.
  const SLOW_MS = 2500;

  it("jenkins:headersTimeoutMs ends a read Jenkins is slow to answer; the default waits", async () => {
    const patient = await started({});
    const hasty = await started({ config: { "jenkins:headersTimeoutMs": "500" } });
    const job = await create(patient, "slow-job");
    server.faults = { ...server.faults, latencyMs: SLOW_MS };
    server.resetCounters();

    const read = await patient.read(job.urn, job.id, job.outputs, job.inputs);
    expect(read.properties).toEqual(job.outputs);

    const err = await failure(() => hasty.read(job.urn, job.id, job.outputs, job.inputs));
    expect(err.message).toContain("no answer within 500 ms, the headers timeout, set by jenkins:headersTimeoutMs");
    expect(err.message).toContain(
      "did not answer in time: check that it is healthy, or raise jenkins:headersTimeoutMs.",
    );
    // Sent once each: a timed-out read is not repeated.
    expect(calls(server).filter((c) => c === "GET /job/slow-job/config.xml")).toHaveLength(2);
  });

  it("a named controller takes its own timeout, from the config or its environment variable", async () => {
    const controller = (fields: Record<string, string> = {}) =>
      JSON.stringify({ ci2: { url: server.url, user: ADMIN.name, apiToken: ADMIN.apiToken, ...fields } });
    const setUp = await started({ config: { "jenkins:controllers": controller() } });
    const job = await create(setUp, "slow-controller-job", { controller: "ci2" });
    server.faults = { ...server.faults, latencyMs: SLOW_MS };

    const fromConfig = await started({
      config: { "jenkins:controllers": controller({ headersTimeoutMs: "500" }), "jenkins:headersTimeoutMs": "600000" },
    });
    const fromEnv = await started({
      env: { JENKINS_CONTROLLER_CI2_HEADERS_TIMEOUT_MS: "500" },
      config: { "jenkins:controllers": controller() },
    });
    for (const [proc, setting] of [
      [fromConfig, "jenkins:controllers.ci2.headersTimeoutMs"],
      [fromEnv, "the JENKINS_CONTROLLER_CI2_HEADERS_TIMEOUT_MS environment variable"],
    ] as const) {
      const err = await failure(() => proc.read(job.urn, job.id, job.outputs, job.inputs));
      expect(err.message).toContain(`no answer within 500 ms, the headers timeout, set by ${setting}`);
      expect(err.message).toContain(`raise ${setting}.`);
    }
    // The stack-wide key does not reach a named controller.
    const stackWideOnly = await started({
      config: { "jenkins:controllers": controller(), "jenkins:headersTimeoutMs": "500" },
    });
    const read = await stackWideOnly.read(job.urn, job.id, job.outputs, job.inputs);
    expect(read.properties).toEqual(job.outputs);
  });

  it("JENKINS_HEADERS_TIMEOUT_MS is named as what set the timeout, at the connection check and after", async () => {
    const setUp = await started({});
    const job = await create(setUp, "slow-env-job");
    const fromEnv = await started({ env: { JENKINS_HEADERS_TIMEOUT_MS: "500" } });
    server.faults = { ...server.faults, latencyMs: SLOW_MS };
    const setting = "the JENKINS_HEADERS_TIMEOUT_MS environment variable";
    const read = await failure(() => fromEnv.read(job.urn, job.id, job.outputs, job.inputs));
    expect(read.message).toContain(`no answer within 500 ms, the headers timeout, set by ${setting}`);
    // The check of a change asks the connection first (GET /api/json, slow too): the timeout, not the URL, is named.
    server.faults = { ...server.faults, scope: "all" };
    const checkOf = await started({ env: { JENKINS_HEADERS_TIMEOUT_MS: "500" } });
    const checked = await checkOf
      .check(jobUrn("slow-new-job"), {}, { name: "slow-new-job", configXml: FREESTYLE_XML, __provider: providerText })
      .then((c) => c.failures.map((f) => f.reason).join("\n"))
      .catch((e: Error) => e.message);
    expect(checked).toContain(
      `Jenkins at ${server.url}: no answer within 500 ms, the headers timeout, set by ${setting}`,
    );
    expect(checked).toContain(`or raise ${setting}.`);
    expect(checked).not.toContain("jenkins:headersTimeoutMs");
    expect(checked).not.toContain("Check jenkins:url");
  });

  it("a value that is not a whole number of milliseconds fails before any request, naming the key", async () => {
    const cases: Array<[Parameters<typeof startConfiguredProvider>[1], RegExp]> = [
      [
        { config: { "jenkins:headersTimeoutMs": "soon" } },
        /jenkins:headersTimeoutMs \(or JENKINS_HEADERS_TIMEOUT_MS\)/,
      ],
      [
        { config: { "jenkins:connectTimeoutMs": "0" } },
        /jenkins:connectTimeoutMs .*from 1 to 3600000; the default is 10000/,
      ],
      [{ env: { JENKINS_BODY_TIMEOUT_MS: "1.5" } }, /jenkins:bodyTimeoutMs \(or JENKINS_BODY_TIMEOUT_MS\)/],
      [
        {
          config: {
            "jenkins:controllers": JSON.stringify({
              ci2: { url: server.url, user: ADMIN.name, apiToken: ADMIN.apiToken, headersTimeoutMs: "-1" },
            }),
          },
        },
        /jenkins:controllers\.ci2\.headersTimeoutMs \(or JENKINS_CONTROLLER_CI2_HEADERS_TIMEOUT_MS\)/,
      ],
    ];
    for (const [opts, expected] of cases) {
      const proc = await started(opts);
      const controller = JSON.stringify(opts?.config ?? {}).includes("ci2") ? { controller: "ci2" } : {};
      const urn = jobUrn("never-created");
      const outcome = await proc
        .check(urn, {}, { name: "never-created", configXml: FREESTYLE_XML, ...controller, __provider: providerText })
        .then((c) => c.failures.map((f) => f.reason).join("\n"))
        .catch((e: Error) => e.message);
      expect(outcome).toMatch(expected);
      expect(outcome).toContain("whole number of milliseconds");
      await Promise.all(procs.splice(0).map((p) => p.close()));
    }
    expect(server.requests).toHaveLength(0);
  });
});
