/**
 * Authentication, CSRF crumbs and sessions (jenkins-behaviour.md §1, §2): pre-emptive Basic auth, API tokens
 * without crumbs, password sessions that survive a restart, one shared crumb fetch, 401/403 answers.
 */
import type { JenkinsServer } from "../../provider/server";
import { AuthenticationError, CrumbError, JenkinsClient, PermissionError } from "../../provider/client";
import { freestyle } from "../harness/job-configs";
import { ADMIN, basic, caught, count, h, passwordClient, raw, READER, startServer, tokenClient } from "./helpers";
import { startProxy } from "./proxy";

let server: JenkinsServer;

beforeAll(async () => {
  server = await startServer();
});

afterAll(async () => {
  await server.close();
});

beforeEach(() => server.resetCounters());

describe("API token", () => {
  it("never fetches a crumb, and every request is authenticated by the token", async () => {
    const client = tokenClient(server);
    await client.createJob("tok-job", freestyle());
    await client.disable("tok-job");
    await client.enable("tok-job");
    await client.setDescription("tok-job", "x");
    await client.updateConfig("tok-job", freestyle({ command: "echo 2" }));
    await client.build("tok-job");
    await client.poll("tok-job");
    await client.rename("tok-job", "tok-job2");
    await client.deleteJob("tok-job2");
    expect(count(server, "GET", "/crumbIssuer/api/json")).toBe(0);
    expect(server.requests.length).toBeGreaterThanOrEqual(9);
    expect(server.requests.every((r) => r.viaToken && r.user === ADMIN.name)).toBe(true);
    await client.close();
  });
});

describe("password", () => {
  it("fetches one crumb lazily, keeps the JSESSIONID cookie, and reuses both", async () => {
    const client = passwordClient(server);
    await client.serverInfo();
    expect(count(server, "GET", "/crumbIssuer/api/json")).toBe(0);
    await client.createJob("pw-job", freestyle());
    await client.disable("pw-job");
    await client.enable("pw-job");
    await client.deleteJob("pw-job");
    expect(count(server, "GET", "/crumbIssuer/api/json")).toBe(1);
    const posts = server.requests.filter((r) => r.method === "POST");
    expect(posts.map((r) => r.status)).toEqual([200, 302, 302, 302]);
    expect(posts.every((r) => !r.viaToken && r.user === ADMIN.name)).toBe(true);
    await client.close();
  });

  it("concurrent first POSTs share a single crumb fetch", async () => {
    const client = passwordClient(server);
    await Promise.all(Array.from({ length: 6 }, (_, i) => client.createJob(`pw-par-${i}`, freestyle())));
    expect(count(server, "GET", "/crumbIssuer/api/json")).toBe(1);
    expect(count(server, "POST", "/createItem")).toBe(6);
    expect(server.requests.filter((r) => r.method === "POST").every((r) => r.status === 200)).toBe(true);
    await client.close();
  });

  it("works across a restart: new cookie name, old crumb refused once, new crumb, request repeated once", async () => {
    const client = passwordClient(server);
    await client.createJob("pw-restart", freestyle());
    const cookieBefore = await sessionCookieName();
    await server.restart();
    const cookieAfter = await sessionCookieName();
    expect(cookieAfter).toMatch(/^JSESSIONID\.[0-9a-f]{8}$/);
    expect(cookieAfter).not.toBe(cookieBefore);
    server.resetCounters();

    await client.disable("pw-restart");
    expect(server.requests.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
      "POST /job/pw-restart/disable 403",
      "GET /crumbIssuer/api/json 200",
      "POST /job/pw-restart/disable 302",
    ]);
    // The new session sticks: the next POST needs no new crumb.
    await client.enable("pw-restart");
    expect(count(server, "GET", "/crumbIssuer/api/json")).toBe(1);
    expect(count(server, "POST", "/enable")).toBe(1);
    await client.close();
  });

  it("after a restart, concurrent POSTs refetch the crumb only once", async () => {
    const client = passwordClient(server);
    await Promise.all([0, 1, 2].map((i) => client.createJob(`pw-rc-${i}`, freestyle())));
    await server.restart();
    server.resetCounters();
    await Promise.all([0, 1, 2].map((i) => client.disable(`pw-rc-${i}`)));
    expect(count(server, "GET", "/crumbIssuer/api/json")).toBe(1);
    expect(server.requests.filter((r) => r.path.endsWith("/disable") && r.status === 302)).toHaveLength(3);
    expect(server.requests.filter((r) => r.path.endsWith("/disable") && r.status === 403)).toHaveLength(3);
    await client.close();
  });

  it("the crumb check comes before URL dispatch: a POST without crumb to a missing job is 403, not 404", async () => {
    const answer = await raw(server, "POST", "/job/does-not-exist/disable", {
      auth: basic(ADMIN.name, ADMIN.password),
    });
    expect(answer.status).toBe(403);
    expect(answer.body).toContain("No valid crumb was included in the request");
    expect(h(answer, "x-error")).toBeUndefined();
    // The client gets past it and reports the real problem.
    const client = passwordClient(server);
    const err = await caught(() => client.disable("does-not-exist"));
    expect(err.constructor.name).toBe("JobNotFoundError");
    await client.close();
  });

  it("a crumb refused twice (a proxy drops the session cookie) → CrumbError, after exactly one refetch", async () => {
    const admin = tokenClient(server);
    await admin.createJob("pw-refuse", freestyle());
    const proxy = await startProxy({ target: server.url, dropCookies: true });
    server.resetCounters();
    const client = passwordClient(server, { url: proxy.url });
    const err = await caught(() => client.disable("pw-refuse"));
    expect(err).toBeInstanceOf(CrumbError);
    expect(err).toMatchObject({
      status: 403,
      job: "pw-refuse",
      jenkinsMessage: "No valid crumb was included in the request",
    });
    expect(err.message).toContain("the CSRF crumb was refused");
    expect(err.message).toContain("Use an API token instead of a password");
    expect(server.requests.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
      "GET /crumbIssuer/api/json 200",
      "POST /job/pw-refuse/disable 403",
      "GET /crumbIssuer/api/json 200",
      "POST /job/pw-refuse/disable 403",
    ]);
    // The client did send the cookie and the crumb; the proxy lost the cookie.
    const posts = proxy.seen.filter((r) => r.method === "POST");
    expect(posts.every((r) => /^JSESSIONID\.[0-9a-f]{8}=/.test(String(r.headers.cookie)))).toBe(true);
    expect(posts.every((r) => /^[0-9a-f]{64}$/.test(String(r.headers["jenkins-crumb"])))).toBe(true);
    await client.close();
    await admin.close();
    await proxy.close();
  });
});

describe("CSRF protection off", () => {
  it("crumbIssuer is 404: the client notes it once and sends no crumb", async () => {
    const open = await startServer({ csrf: false });
    try {
      expect((await raw(open, "GET", "/crumbIssuer/api/json")).status).toBe(404);
      open.resetCounters();
      const client = passwordClient(open);
      await client.createJob("nocsrf", freestyle());
      await client.disable("nocsrf");
      await client.enable("nocsrf");
      expect(open.requests.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
        "GET /crumbIssuer/api/json 404",
        "POST /createItem 200",
        "POST /job/nocsrf/disable 302",
        "POST /job/nocsrf/enable 302",
      ]);
      await client.close();
    } finally {
      await open.close();
    }
  });
});

describe("401 and 403", () => {
  it("a wrong secret → 401 with WWW-Authenticate → AuthenticationError", async () => {
    const client = new JenkinsClient({
      url: server.url,
      user: ADMIN.name,
      apiToken: "11" + "0".repeat(32),
      retryBaseDelayMs: 1,
    });
    const err = await caught(() => client.getConfig("anything"));
    expect(err).toBeInstanceOf(AuthenticationError);
    expect(err).toMatchObject({ status: 401, job: "anything" });
    expect(err.message).toContain("the credentials were rejected");
    expect(err.message).toContain("API token");
    const unknownUser = new JenkinsClient({
      url: server.url,
      user: "mallory",
      password: "whatever-1",
      retryBaseDelayMs: 1,
    });
    expect(await caught(() => unknownUser.serverInfo())).toBeInstanceOf(AuthenticationError);
    // A wrong password fails on the crumb fetch, before any POST is sent.
    server.resetCounters();
    const wrongPw = new JenkinsClient({
      url: server.url,
      user: ADMIN.name,
      password: "not-the-password",
      retryBaseDelayMs: 1,
    });
    const pwErr = await caught(() => wrongPw.disable("x"));
    expect(pwErr).toBeInstanceOf(AuthenticationError);
    expect(pwErr).toMatchObject({ job: "x", status: 401 });
    expect(pwErr.message).toMatch(
      /^Jenkins job "x": cannot disable the job: the credentials were rejected while fetching a CSRF crumb \(HTTP 401/,
    );
    expect(server.requests.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual(["GET /crumbIssuer/api/json 401"]);
    const answer = await raw(server, "GET", "/api/json", { auth: basic(ADMIN.name, "nope-nope") });
    expect(answer.status).toBe(401);
    expect(h(answer, "www-authenticate")).toBe('Basic realm="Jenkins"');
    for (const c of [client, unknownUser, wrongPw]) await c.close();
  });

  it("anonymous is not challenged: 403 with the permission headers → PermissionError with a hint to configure credentials", async () => {
    const anonymous = new JenkinsClient({ url: server.url, retryBaseDelayMs: 1 });
    const err = await caught(() => anonymous.getConfig("anything"));
    expect(err).toBeInstanceOf(PermissionError);
    expect(err).toMatchObject({ status: 403, authenticatedAs: "anonymous" });
    expect((err as PermissionError).hint).toContain("configure a user and an API token");
    const answer = await raw(server, "GET", "/job/anything/config.xml", { auth: null });
    expect(answer.status).toBe(403);
    expect(h(answer, "x-you-are-authenticated-as")).toBe("anonymous");
    expect(h(answer, "x-jenkins")).toBeDefined();
    await anonymous.close();
  });

  it("a read-only user sees jobs but cannot change them; the 403 names the permission", async () => {
    const admin = tokenClient(server);
    await admin.createJob("ro-job", freestyle());
    const reader = new JenkinsClient({
      url: server.url,
      user: READER.name,
      password: READER.password,
      retryBaseDelayMs: 1,
    });
    expect(await reader.exists("ro-job")).toBe(true);
    const err = await caught(() => reader.deleteJob("ro-job"));
    expect(err).toBeInstanceOf(PermissionError);
    expect(err).toMatchObject({
      requiredPermission: "hudson.model.Item.Delete",
      authenticatedAs: READER.name,
      job: "ro-job",
    });
    expect(await admin.exists("ro-job")).toBe(true);
    await admin.close();
    await reader.close();
  });
});

async function sessionCookieName(): Promise<string> {
  const answer = await raw(server, "GET", "/crumbIssuer/api/json", { auth: basic(ADMIN.name, ADMIN.password) });
  const cookie = answer.headers["set-cookie"];
  const first = Array.isArray(cookie) ? cookie[0] : (cookie ?? "");
  return first.split("=")[0];
}
