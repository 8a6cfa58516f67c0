/**
 * Connection handling: a base URL with a context path, one bounded keep-alive pool, TLS with a custom CA or
 * an explicit opt-out, and redirects that are never followed (credentials never leave the Jenkins origin).
 */
import * as fs from "node:fs";
import * as http from "node:http";
import * as path from "node:path";
import type { AddressInfo } from "node:net";
import type { JenkinsServer } from "../../provider/server";
import { ConnectionError, JenkinsClient, NotJenkinsError } from "../../provider/client";
import { folder, freestyle } from "../harness/job-configs";
import { ADMIN, caught, startServer, tokenClient } from "./helpers";
import { startProxy } from "./proxy";

const TLS_DIR = path.resolve(__dirname, "../../../test/client/fixtures/tls");
const tlsFile = (name: string) => fs.readFileSync(path.join(TLS_DIR, name), "utf8");

let server: JenkinsServer;

beforeAll(async () => {
  server = await startServer();
});

afterAll(async () => {
  await server.close();
});

beforeEach(() => server.resetCounters());

describe("base URL with a context path", () => {
  it("runs every operation under /jenkins/ and resolves the queue URL there", async () => {
    const proxy = await startProxy({ target: server.url, prefix: "/jenkins" });
    const client = tokenClient(server, { url: proxy.url });
    expect(proxy.url).toMatch(/\/jenkins\/$/);
    expect((await client.serverInfo()).version).toBe("2.580");
    await client.createJob("ctx", folder());
    await client.createJob("ctx/job a", freestyle());
    await client.setDescription("ctx/job a", "d");
    expect(await client.getDescription("ctx/job a")).toBe("d");
    await client.disable("ctx/job a");
    await client.enable("ctx/job a");
    const { queueUrl } = await client.build("ctx/job a");
    expect(queueUrl).toMatch(new RegExp(`^${proxy.url}queue/item/\\d+/$`));
    await client.poll("ctx/job a");
    await client.rename("ctx/job a", "job b");
    expect((await client.listJobs("ctx")).map((j) => j.fullName)).toEqual(["ctx/job b"]);
    await client.deleteJob("ctx/job b");
    expect(proxy.seen.every((r) => r.path.startsWith("/jenkins/"))).toBe(true);
    expect(proxy.seen.map((r) => r.path)).toContain("/jenkins/job/ctx/createItem?name=job%20a");
    expect(server.requests.map((r) => r.path)).toContain("/job/ctx/createItem");
    await client.close();
    await proxy.close();
  });

  it("accepts the base URL with or without a trailing slash", async () => {
    const proxy = await startProxy({ target: server.url, prefix: "/ci/jenkins" });
    const client = tokenClient(server, { url: proxy.url.replace(/\/$/, "") });
    expect((await client.serverInfo()).version).toBe("2.580");
    expect(proxy.seen[0].path).toBe("/ci/jenkins/api/json");
    await client.close();
    await proxy.close();
  });

  it("a wrong context path → NotJenkinsError that says to check it", async () => {
    const proxy = await startProxy({ target: server.url, prefix: "/jenkins" });
    const client = tokenClient(server, { url: proxy.url.replace("/jenkins/", "/") });
    const err = await caught(() => client.serverInfo());
    expect(err).toBeInstanceOf(NotJenkinsError);
    expect(err.message).toContain("there is no Jenkins API (/api/json) at this URL");
    expect(err.message).toContain("context path");
    await client.close();
    await proxy.close();
  });

  it("refuses URLs with credentials in them, without echoing them", () => {
    let message = "";
    try {
      new JenkinsClient({ url: `http://${ADMIN.name}:${ADMIN.password}@127.0.0.1:1/` });
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toContain("must not contain credentials");
    expect(message).not.toContain(ADMIN.password);
    expect(() => new JenkinsClient({ url: "ftp://x/" })).toThrow(/http:\/\/ or https:\/\//);
    expect(() => new JenkinsClient({ url: "http://x/", password: "p" })).toThrow(/user is required/);
  });
});

describe("connection pool", () => {
  it("keeps connections alive and never opens more than maxConnections", async () => {
    const proxy = await startProxy({ target: server.url });
    const client = tokenClient(server, { url: proxy.url, maxConnections: 2 });
    await client.createJob("pool", freestyle());
    server.faults.latencyMs = 30;
    await Promise.all(Array.from({ length: 12 }, () => client.getConfig("pool")));
    server.faults.latencyMs = 0;
    for (let i = 0; i < 5; i++) await client.exists("pool");
    expect(proxy.connections.maxOpen).toBeLessThanOrEqual(2);
    expect(proxy.connections.total).toBeLessThanOrEqual(2);
    expect(proxy.seen).toHaveLength(18);
    await client.close();
    await proxy.close();
  });
});

describe("TLS", () => {
  let proxy: Awaited<ReturnType<typeof startProxy>>;
  beforeAll(async () => {
    proxy = await startProxy({ target: server.url, tls: { key: tlsFile("server.key"), cert: tlsFile("server.pem") } });
  });
  afterAll(async () => {
    await proxy.close();
  });

  it("trusts a custom CA given as PEM", async () => {
    const client = tokenClient(server, { url: proxy.url, caCert: tlsFile("ca.pem") });
    expect(proxy.url.startsWith("https://")).toBe(true);
    expect((await client.serverInfo()).version).toBe("2.580");
    await client.createJob("tls-job", freestyle());
    expect(await client.exists("tls-job")).toBe(true);
    await client.close();
  });

  it("refuses an unknown CA with a ConnectionError that explains the options", async () => {
    const client = tokenClient(server, { url: proxy.url, retries: 0 });
    const err = await caught(() => client.serverInfo());
    expect(err).toBeInstanceOf(ConnectionError);
    expect(err.message).toContain("TLS handshake failed");
    expect(err.message).toContain("caCert");
    expect(err.message).toContain("insecureSkipTlsVerify");
    expect(server.requests).toHaveLength(0);
    await client.close();
  });

  it("skips verification only when explicitly asked to", async () => {
    const client = tokenClient(server, { url: proxy.url, insecureSkipTlsVerify: true });
    expect((await client.serverInfo()).version).toBe("2.580");
    await client.close();
  });
});

describe("redirects", () => {
  let elsewhere: http.Server;
  let elsewhereUrl = "";
  const elsewhereSeen: http.IncomingHttpHeaders[] = [];
  beforeAll(async () => {
    elsewhere = http.createServer((req, res) => {
      elsewhereSeen.push(req.headers);
      res.end("captured");
    });
    await new Promise<void>((resolve) => elsewhere.listen(0, "127.0.0.1", resolve));
    elsewhereUrl = `http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    elsewhere.closeAllConnections();
    await new Promise((resolve) => elsewhere.close(resolve));
  });

  it("are never followed, so credentials never reach another origin", async () => {
    const proxy = await startProxy({
      target: server.url,
      intercept: (req) => ({ status: 302, headers: { location: `${elsewhereUrl}/steal${req.url}` } }),
    });
    const client = tokenClient(server, { url: proxy.url });
    // A 302 is what enable answers, but one to another origin means Jenkins never saw the request.
    const refused = await caught(() => client.enable("anything"));
    expect(refused).toBeInstanceOf(NotJenkinsError);
    expect(refused.message).toContain("unexpected redirect to /steal/job/anything/enable");
    // Where a 302 is not an answer Jenkins gives, it is an error naming the target path (not its query).
    const err = await caught(() => client.getConfig("anything"));
    expect(err).toBeInstanceOf(NotJenkinsError);
    expect(err.message).toContain("unexpected redirect to /steal/job/anything/config.xml");
    expect(elsewhereSeen).toHaveLength(0);
    await client.close();
    await proxy.close();
  });

  it("a redirect to a login page → NotJenkinsError, also for the POSTs where 302 is normally success", async () => {
    const proxy = await startProxy({
      target: server.url,
      intercept: () => ({
        status: 302,
        headers: { location: "/securityRealm/commenceLogin?from=%2Fjob%2Fx%2Fenable" },
      }),
    });
    const client = tokenClient(server, { url: proxy.url });
    const err = await caught(() => client.enable("x"));
    expect(err).toBeInstanceOf(NotJenkinsError);
    expect(err.message).toContain("redirected to a login page (/securityRealm/commenceLogin)");
    await client.close();
    await proxy.close();
  });
});
