/**
 * An HTTP(S) proxy from the environment, read as undici's EnvHttpProxyAgent reads it: HTTPS_PROXY for an https
 * Jenkins (through a CONNECT tunnel, the custom CA still verified inside it), HTTP_PROXY for an http one (and for
 * https when HTTPS_PROXY is unset), lower-case names first, NO_PROXY hosts reached directly. The variables are read
 * when the client is made; the proxy's password never shows in errors or logs.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import type { JenkinsServer } from "../../provider/server";
import { ConnectionError, type JenkinsClient, type JenkinsClientOptions } from "../../provider/client";
import { startForwardProxy, type ForwardProxy } from "../harness/forward-proxy";
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
    for (const [server, vars] of [
      [https, { HTTPS_PROXY: withUser(wrong) }],
      [plain, { HTTP_PROXY: withUser(wrong) }],
    ] as const) {
      const lines: string[] = [];
      const client = clientWithEnv(server, vars, { caCert: tlsFile("ca.pem"), retries: 0, log: (l) => lines.push(l) });
      const err = await caught(() => client.serverInfo());
      expect(err).toBeInstanceOf(ConnectionError);
      expect(err.message).toContain("the proxy asks for credentials (407)");
      expect(err.message).toContain("HTTPS_PROXY");
      const shown = `${err.message}\n${err.stack}\n${JSON.stringify(err)}\n${lines.join("\n")}`;
      expect(shown).not.toContain(wrong);
      expect(shown).not.toContain(encodeURIComponent(wrong));
      expect(shown).not.toContain(guarded.url);
      expect(server.requests).toHaveLength(0);
      await client.close();
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
