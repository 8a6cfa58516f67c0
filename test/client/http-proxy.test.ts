/**
 * An HTTP(S) proxy from the environment, read as undici's EnvHttpProxyAgent reads it: HTTPS_PROXY for an https
 * Jenkins (through a CONNECT tunnel, the custom CA still verified inside it), HTTP_PROXY for an http one (and for
 * https when HTTPS_PROXY is unset), lower-case names first, NO_PROXY hosts reached directly. The variables are read
 * when the client is made; the proxy's password never shows in errors or logs. An error blames the machine that
 * failed: a proxy that is down, that answers itself, or that cannot reach Jenkins is named with its variable.
 */
import * as diagnostics from "node:diagnostics_channel";
import * as fs from "node:fs";
import * as path from "node:path";
import type { JenkinsServer } from "../../provider/server";
import {
  ConnectionError,
  type JenkinsClient,
  type JenkinsClientOptions,
  NotJenkinsError,
  RequestTimeoutError,
} from "../../provider/client";
import {
  PROXY_SERVER,
  refusingPort,
  startForwardProxy,
  startSilentListener,
  type ForwardProxy,
} from "../harness/forward-proxy";
import { freestyle } from "../harness/job-configs";
import { caught, startServer, tokenClient } from "./helpers";

const TLS_DIR = path.resolve(__dirname, "../../../test/client/fixtures/tls");
const tlsFile = (name: string) => fs.readFileSync(path.join(TLS_DIR, name), "utf8");

const PROXY_VARIABLES = ["http_proxy", "HTTP_PROXY", "https_proxy", "HTTPS_PROXY", "no_proxy", "NO_PROXY"];

/** A client made while `vars` are the only proxy variables of the environment, which is restored afterwards. */
function clientWithEnv(
  server: JenkinsServer,
  vars: Record<string, string>,
  extra: Partial<JenkinsClientOptions> = {},
): JenkinsClient {
  const saved = PROXY_VARIABLES.map((name) => [name, process.env[name]] as const);
  for (const name of PROXY_VARIABLES) delete process.env[name];
  Object.assign(process.env, vars);
  try {
    return tokenClient(server, extra);
  } finally {
    for (const [name, value] of saved) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}

const authority = (server: JenkinsServer) => new URL(server.url).host;

let https: JenkinsServer;
let plain: JenkinsServer;
let proxy: ForwardProxy;

beforeAll(async () => {
  https = await startServer({ tls: { key: tlsFile("server.key"), cert: tlsFile("server.pem") } });
  plain = await startServer();
  proxy = await startForwardProxy();
});

afterAll(async () => {
  await proxy.close();
  await https.close();
  await plain.close();
});

beforeEach(() => {
  proxy.tunnels.length = 0;
  proxy.requests.length = 0;
  proxy.authorizations.length = 0;
  https.resetCounters();
  plain.resetCounters();
});

describe("an https Jenkins", () => {
  it("is reached through HTTPS_PROXY's CONNECT tunnel, its custom CA verified inside, sockets kept alive", async () => {
    const client = clientWithEnv(https, { HTTPS_PROXY: proxy.url }, { caCert: tlsFile("ca.pem"), maxConnections: 2 });
    expect(https.url.startsWith("https://")).toBe(true);
    expect((await client.serverInfo()).version).toBe("2.580");
    await client.createJob("through-proxy", freestyle());
    for (let i = 0; i < 6; i++) expect(await client.exists("through-proxy")).toBe(true);
    await Promise.all([1, 2, 3, 4].map(() => client.getDescription("through-proxy")));
    // Every request arrived, each tunnel carried many of them, and never more tunnels than sockets allowed.
    expect(https.requests.length).toBeGreaterThanOrEqual(12);
    expect(proxy.tunnels.length).toBeGreaterThanOrEqual(1);
    expect(proxy.tunnels.length).toBeLessThanOrEqual(2);
    expect(new Set(proxy.tunnels)).toEqual(new Set([authority(https)]));
    expect(proxy.requests).toEqual([]);
    await client.close();
  });

  it("refuses an unknown CA inside the tunnel, and skips verification only when asked to", async () => {
    const strict = clientWithEnv(https, { HTTPS_PROXY: proxy.url }, { retries: 0 });
    const err = await caught(() => strict.serverInfo());
    expect(err).toBeInstanceOf(ConnectionError);
    expect(err.message).toContain("TLS handshake failed");
    expect(proxy.tunnels).toEqual([authority(https)]);
    expect(https.requests).toHaveLength(0);
    await strict.close();

    const lax = clientWithEnv(https, { HTTPS_PROXY: proxy.url }, { insecureSkipTlsVerify: true });
    expect((await lax.serverInfo()).version).toBe("2.580");
    expect(proxy.tunnels).toEqual([authority(https), authority(https)]);
    await lax.close();
  });

  it("uses HTTP_PROXY when HTTPS_PROXY is unset, and the lower-case name before the upper-case one", async () => {
    const fallback = clientWithEnv(https, { HTTP_PROXY: proxy.url }, { caCert: tlsFile("ca.pem") });
    await fallback.serverInfo();
    expect(proxy.tunnels).toEqual([authority(https)]);
    await fallback.close();

    // An empty https_proxy is set, so it wins over HTTPS_PROXY: no proxy.
    const direct = clientWithEnv(https, { https_proxy: "", HTTPS_PROXY: proxy.url }, { caCert: tlsFile("ca.pem") });
    await direct.serverInfo();
    expect(proxy.tunnels).toEqual([authority(https)]);
    expect(https.requests).toHaveLength(2);
    await direct.close();

    const lower = clientWithEnv(
      https,
      { https_proxy: proxy.url, HTTPS_PROXY: "http://127.0.0.1:9/" },
      { caCert: tlsFile("ca.pem") },
    );
    await lower.serverInfo();
    expect(proxy.tunnels).toEqual([authority(https), authority(https)]);
    await lower.close();
  });
});

describe("NO_PROXY", () => {
  it("sends the hosts it lists directly, by host or host:port, and proxies the others", async () => {
    const port = new URL(https.url).port;
    const ca = { caCert: tlsFile("ca.pem") };
    for (const noProxy of ["127.0.0.1", `localhost,127.0.0.1:${port}`, "*", "ci.example.com 127.0.0.1"]) {
      const client = clientWithEnv(https, { HTTPS_PROXY: proxy.url, NO_PROXY: noProxy }, ca);
      expect((await client.serverInfo()).version).toBe("2.580");
      await client.close();
    }
    expect(proxy.tunnels).toEqual([]);
    expect(https.requests).toHaveLength(4);

    for (const noProxy of ["ci.example.com", "127.0.0.1:1", "*.example.com", "localhost"]) {
      const client = clientWithEnv(https, { HTTPS_PROXY: proxy.url, no_proxy: noProxy }, ca);
      await client.serverInfo();
      await client.close();
    }
    expect(proxy.tunnels).toEqual([1, 2, 3, 4].map(() => authority(https)));
  });

  it("is read when the client is made: a later change of the environment does not move its requests", async () => {
    const client = clientWithEnv(
      https,
      { HTTPS_PROXY: proxy.url, NO_PROXY: "127.0.0.1" },
      { caCert: tlsFile("ca.pem") },
    );
    process.env.NO_PROXY = "ci.example.com";
    try {
      await client.serverInfo();
    } finally {
      delete process.env.NO_PROXY;
    }
    expect(proxy.tunnels).toEqual([]);
    expect(https.requests).toHaveLength(1);
    await client.close();
  });
});

describe("an http Jenkins", () => {
  it("is reached through HTTP_PROXY in absolute form; HTTPS_PROXY alone leaves it direct", async () => {
    const client = clientWithEnv(plain, { HTTP_PROXY: proxy.url });
    expect((await client.serverInfo()).version).toBe("2.580");
    await client.createJob("plain-proxied", freestyle());
    await client.setDescription("plain-proxied", "via the proxy");
    expect(await client.getDescription("plain-proxied")).toBe("via the proxy");
    expect(proxy.requests).toContain(`${plain.url}api/json`);
    expect(proxy.requests).toContain(`${plain.url}createItem?name=plain-proxied`);
    expect(proxy.requests).toHaveLength(plain.requests.length);
    expect(proxy.tunnels).toEqual([]);
    await client.close();

    const direct = clientWithEnv(plain, { HTTPS_PROXY: proxy.url });
    await direct.serverInfo();
    expect(proxy.requests).toHaveLength(plain.requests.length - 1);
    await direct.close();
  });

  it("keeps retrying what is safe to repeat, each attempt through the proxy", async () => {
    const client = clientWithEnv(plain, { HTTP_PROXY: proxy.url }, { retries: 2 });
    await client.createJob("plain-retried", freestyle());
    proxy.requests.length = 0;
    plain.resetCounters();
    plain.faults = { ...plain.faults, errorRate: 1, errorStatuses: [503] };
    try {
      await caught(() => client.getDescription("plain-retried"));
    } finally {
      plain.faults = { ...plain.faults, errorRate: 0 };
    }
    expect(plain.requests.map((r) => `${r.method} ${r.path}`)).toEqual(
      [1, 2, 3].map(() => "GET /job/plain-retried/description"),
    );
    expect(proxy.requests).toEqual([1, 2, 3].map(() => `${plain.url}job/plain-retried/description`));
    await client.close();
  });
});

describe("a proxy that asks for credentials", () => {
  const password = "pr0xy-s3cret";
  let guarded: ForwardProxy;
  beforeAll(async () => {
    guarded = await startForwardProxy({ credentials: { user: "corp", password } });
  });
  afterAll(async () => {
    await guarded.close();
  });

  const withUser = (secret: string) => guarded.url.replace("http://", `http://corp:${encodeURIComponent(secret)}@`);

  it("gets them from the proxy URL, and they never show in a log line", async () => {
    const lines: string[] = [];
    const client = clientWithEnv(
      https,
      { HTTPS_PROXY: withUser(password) },
      { caCert: tlsFile("ca.pem"), log: (l) => lines.push(l) },
    );
    expect((await client.serverInfo()).version).toBe("2.580");
    expect(guarded.tunnels).toEqual([authority(https)]);
    expect(guarded.authorizations).toEqual([`Basic ${Buffer.from(`corp:${password}`).toString("base64")}`]);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join("\n")).not.toContain(password);
    await client.close();
  });

  it("fails with an error that names the proxy and holds neither the URL's password nor the proxy URL", async () => {
    const wrong = "wr0ng-s3cret";
    for (const [server, vars, variable] of [
      [https, { HTTPS_PROXY: withUser(wrong) }, "HTTPS_PROXY"],
      [plain, { HTTP_PROXY: withUser(wrong) }, "HTTP_PROXY"],
    ] as const) {
      const lines: string[] = [];
      const client = clientWithEnv(server, vars, { caCert: tlsFile("ca.pem"), retries: 0, log: (l) => lines.push(l) });
      const err = await caught(() => client.serverInfo());
      expect(err).toBeInstanceOf(NotJenkinsError);
      expect(err).toMatchObject({ status: 407, proxy: { address: new URL(guarded.url).host, from: variable } });
      expect(err.message).toContain(
        `the proxy at ${new URL(guarded.url).host} (${variable}) asks for credentials (HTTP 407)`,
      );
      expect(err.message).toContain(`Give the proxy's user and password in ${variable}`);
      const shown = `${err.message}\n${err.stack}\n${JSON.stringify(err)}\n${lines.join("\n")}`;
      expect(shown).not.toContain(wrong);
      expect(shown).not.toContain(encodeURIComponent(wrong));
      expect(shown).not.toContain(guarded.url);
      expect(server.requests).toHaveLength(0);
      await client.close();
    }
  });
});

/** Connection attempts undici reports as failed, to `port`, while `run` runs. */
async function failedConnects(port: number, run: () => Promise<unknown>): Promise<number> {
  let failed = 0;
  const onError = (message: unknown) => {
    if ((message as { connectParams?: { port?: unknown } }).connectParams?.port === String(port)) failed++;
    else if ((message as { connectParams?: { port?: unknown } }).connectParams?.port === port) failed++;
  };
  diagnostics.subscribe("undici:client:connectError", onError);
  try {
    await run();
  } finally {
    diagnostics.unsubscribe("undici:client:connectError", onError);
  }
  return failed;
}

describe("an error names the machine that failed", () => {
  const ca = { caCert: tlsFile("ca.pem") };

  it("a proxy that is down: its address and variable, tried once, Jenkins not blamed", async () => {
    const port = await refusingPort();
    const down = `http://127.0.0.1:${port}`;
    for (const [server, vars, variable] of [
      [https, { HTTPS_PROXY: down }, "HTTPS_PROXY"],
      [https, { https_proxy: down, HTTPS_PROXY: proxy.url }, "https_proxy"],
      [plain, { HTTP_PROXY: down }, "HTTP_PROXY"],
      [plain, { http_proxy: down }, "http_proxy"],
    ] as const) {
      const client = clientWithEnv(server, vars, { ...ca, retries: 3 });
      let err: Error | undefined;
      const attempts = await failedConnects(port, async () => {
        err = await caught(() => client.getConfig("anything"));
      });
      expect(err).toBeInstanceOf(ConnectionError);
      expect(err).toMatchObject({ proxy: { address: `127.0.0.1:${port}`, from: variable }, outcomeUnknown: false });
      expect(err!.message).toContain(
        `the proxy at 127.0.0.1:${port} (${variable}) refused the connection (ECONNREFUSED): no proxy listens there.`,
      );
      expect(err!.message).toContain(`or fix ${variable}`);
      expect(err!.message).not.toContain("that Jenkins is running");
      // A refused proxy is not a Jenkins restarting: no retries.
      expect(attempts).toBe(1);
      expect(server.requests).toHaveLength(0);
      await client.close();
    }
    expect(proxy.tunnels).toEqual([]);
  });

  it("without a proxy, a refused connection is Jenkins's and is retried", async () => {
    const port = await refusingPort();
    const client = tokenClient(plain, { url: `http://127.0.0.1:${port}/`, retries: 2, proxy: {} });
    let err: Error | undefined;
    const attempts = await failedConnects(port, async () => {
      err = await caught(() => client.getConfig("anything"));
    });
    expect(err).toBeInstanceOf(ConnectionError);
    expect(err).toMatchObject({ proxy: undefined });
    expect(err!.message).toContain("connection refused (ECONNREFUSED). Check the URL and that Jenkins is running");
    expect(attempts).toBe(3);
    await client.close();
  });

  it.each([401, 403, 407, 500, 502, 503])(
    "a proxy's own %i is a NotJenkinsError naming the proxy, its Server header and variable",
    async (status) => {
      const own = await startForwardProxy({
        answer: { status, body: `<html><title>${status} from the proxy</title></html>` },
      });
      try {
        const client = clientWithEnv(plain, { HTTP_PROXY: own.url }, { retries: 2 });
        const err = await caught(() => client.getConfig("anything"));
        const address = new URL(own.url).host;
        expect(err).toBeInstanceOf(NotJenkinsError);
        expect(err).toMatchObject({ status, proxy: { address, from: "HTTP_PROXY" } });
        expect(err.message).toContain(`the proxy at ${address} (HTTP_PROXY)`);
        expect(err.message).not.toMatch(/credentials were rejected|internal error|system log|Logging ID/);
        if (status !== 407) {
          expect(err).toMatchObject({ answeredBy: PROXY_SERVER });
          expect(err.message).toContain(
            `the answer came from "${PROXY_SERVER}", through the proxy at ${address} (HTTP_PROXY), not from Jenkins (no X-Jenkins header) (HTTP ${status}`,
          );
        }
        // Sent to the proxy once, and again only where a gateway's answer is worth another try (502, 503).
        expect(own.requests).toHaveLength(status === 502 || status === 503 ? 3 : 1);
        expect(plain.requests).toHaveLength(0);
        await client.close();
      } finally {
        await own.close();
      }
    },
  );

  it("a proxy's own answer to a CONNECT is a NotJenkinsError naming the proxy, sent once", async () => {
    for (const status of [403, 502]) {
      const own = await startForwardProxy({ answer: { status } });
      try {
        const client = clientWithEnv(https, { HTTPS_PROXY: own.url }, { ...ca, retries: 2 });
        const err = await caught(() => client.getConfig("anything"));
        const address = new URL(own.url).host;
        expect(err).toBeInstanceOf(NotJenkinsError);
        expect(err).toMatchObject({ status, proxy: { address, from: "HTTPS_PROXY" } });
        expect(err.message).toContain(`the proxy at ${address} (HTTPS_PROXY)`);
        expect(own.tunnels).toEqual([authority(https)]);
        expect(https.requests).toHaveLength(0);
        await client.close();
      } finally {
        await own.close();
      }
    }
  });

  it("a gateway's HTML login page answered with 200 names who answered", async () => {
    const page =
      "<!DOCTYPE html><html><head><title>Sign in to Example SSO</title></head><body><form>…</form></body></html>";
    const gateway = await startForwardProxy({ answer: { status: 200, body: page } });
    try {
      const client = clientWithEnv(plain, { HTTP_PROXY: gateway.url });
      const err = await caught(() => client.serverInfo());
      expect(err).toBeInstanceOf(NotJenkinsError);
      expect(err).toMatchObject({ status: 200, answeredBy: PROXY_SERVER });
      expect(err.message).toContain(
        `/api/json was answered with an HTML page instead of JSON, from "${PROXY_SERVER}", through the proxy at ${new URL(gateway.url).host} (HTTP_PROXY) (HTTP 200: Sign in to Example SSO)`,
      );
      expect(err.message).toContain("single sign-on");
      await client.close();
    } finally {
      await gateway.close();
    }
  });

  it("Jenkins down behind a working proxy: the proxy's 500 says it could not reach Jenkins, not an internal error", async () => {
    const port = await refusingPort();
    const address = new URL(proxy.url).host;
    proxy.connections = 0;
    // An http Jenkins: the proxy answers the request with its own 500 "Unable to connect".
    const viaForward = tokenClient(plain, { url: `http://127.0.0.1:${port}/`, proxy: { httpProxy: proxy.url } });
    const forwarded = await caught(() => viaForward.getConfig("anything"));
    expect(forwarded).toBeInstanceOf(NotJenkinsError);
    expect(forwarded).toMatchObject({ status: 500, answeredBy: PROXY_SERVER });
    expect(forwarded.message).toContain(`(HTTP 500: Unable to connect`);
    expect(forwarded.message).toContain(
      `The proxy at ${address} (JenkinsClientOptions.proxy.httpProxy) could not get an answer from Jenkins at 127.0.0.1:${port}: check that Jenkins is running there`,
    );
    expect(forwarded.message).not.toMatch(/internal error|system log/);
    expect(proxy.requests).toEqual([`http://127.0.0.1:${port}/job/anything/config.xml`]);
    await viaForward.close();
    // An https one: the proxy answers the CONNECT with it.
    const viaTunnel = tokenClient(plain, {
      url: `https://127.0.0.1:${port}/`,
      proxy: { httpsProxy: proxy.url },
      retries: 2,
    });
    const tunnelled = await caught(() => viaTunnel.getConfig("anything"));
    expect(tunnelled).toBeInstanceOf(NotJenkinsError);
    expect(tunnelled).toMatchObject({ status: 500 });
    expect(tunnelled.message).toContain(
      `the proxy at ${address} (JenkinsClientOptions.proxy.httpsProxy) could not open a tunnel to Jenkins at 127.0.0.1:${port} (HTTP 500)`,
    );
    expect(tunnelled.message).toContain(`check that Jenkins is running at 127.0.0.1:${port}`);
    expect(proxy.tunnels).toEqual([`127.0.0.1:${port}`]);
    expect(proxy.connections).toBe(2);
    await viaTunnel.close();
  });

  it("a proxy that never finishes connecting: the connect timeout, the proxy and the setting named", async () => {
    const silent = await startSilentListener();
    try {
      const client = clientWithEnv(
        plain,
        { HTTP_PROXY: `https://${silent.address}` },
        { connectTimeoutMs: 300, timeoutNames: { connectTimeoutMs: "jenkins:connectTimeoutMs" }, retries: 3 },
      );
      const err = await caught(() => client.getConfig("anything"));
      expect(err).toBeInstanceOf(RequestTimeoutError);
      expect(err).toMatchObject({ proxy: { address: silent.address, from: "HTTP_PROXY" } });
      expect(err.message).toContain(
        `no connection to the proxy at ${silent.address} (HTTP_PROXY) within 300 ms, the connect timeout, set by jenkins:connectTimeoutMs`,
      );
      expect(err.message).toContain("or raise jenkins:connectTimeoutMs");
      expect(err.message).not.toContain("Check the URL");
      expect(silent.connections).toBe(1);
      await client.close();
    } finally {
      await silent.close();
    }
  });
});

describe("a proxy URL that cannot be used", () => {
  it("fails when the client is made, naming the variable and not echoing the value", () => {
    for (const [vars, expected] of [
      [
        { HTTPS_PROXY: "http//corp:s3cr3t-value@proxy" },
        /The HTTPS_PROXY environment variable is not a valid proxy URL/,
      ],
      [{ http_proxy: "proxy.example.com:3128" }, /The http_proxy environment variable must start with http:\/\//],
      [{ HTTP_PROXY: "ftp://corp:s3cr3t-value@proxy/" }, /The HTTP_PROXY environment variable must start with/],
    ] as const) {
      let message = "";
      try {
        clientWithEnv(plain, vars);
      } catch (e) {
        message = (e as Error).message;
      }
      expect(message).toMatch(expected);
      expect(message).not.toContain("s3cr3t");
    }
    expect(plain.requests).toHaveLength(0);
  });
});
