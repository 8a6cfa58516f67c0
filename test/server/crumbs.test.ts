import type { JenkinsServer } from "../../provider/server";
import { adminPassword, adminToken, call, createJob, crumbHeaders, h, readerPassword, start } from "./helpers";

describe("crumbs and sessions", () => {
  let server: JenkinsServer;
  beforeAll(async () => {
    server = await start();
    await createJob(server, "job1");
  });
  afterAll(() => server.close());

  test("the crumb issuer answers JSON, creates a session and binds the crumb to it", async () => {
    const a = await call(server, "/crumbIssuer/api/json", { auth: adminPassword });
    expect(a.status).toBe(200);
    expect(h(a, "content-type")).toBe("application/json;charset=utf-8");
    expect(h(a, "x-jenkins")).toBe("2.580");
    const json = JSON.parse(a.body) as Record<string, string>;
    expect(json._class).toBe("hudson.security.csrf.DefaultCrumbIssuer");
    expect(json.crumbRequestField).toBe("Jenkins-Crumb");
    expect(json.crumb).toMatch(/^[0-9a-f]{64}$/);
    expect(h(a, "set-cookie")).toMatch(/^JSESSIONID\.[0-9a-f]{8}=[^;]+; Path=\/; HttpOnly$/);
    expect(h(a, "set-cookie")?.startsWith(server.sessionCookieName + "=")).toBe(true);
  });

  test("a crumb without its session cookie is refused; with it the POST goes through", async () => {
    const { cookie, "Jenkins-Crumb": crumb } = await crumbHeaders(server);
    const without = await call(server, "/job/job1/description", {
      method: "POST",
      auth: adminPassword,
      headers: { "Jenkins-Crumb": crumb, "content-type": "application/x-www-form-urlencoded" },
      body: "description=x",
    });
    expect(without.status).toBe(403);
    const withIt = await call(server, "/job/job1/description", {
      method: "POST",
      auth: adminPassword,
      headers: { "Jenkins-Crumb": crumb, cookie, "content-type": "application/x-www-form-urlencoded" },
      body: "description=x",
    });
    expect(withIt.status).toBe(204);
  });

  test("the crumb may come as a form field instead of a header", async () => {
    const { cookie, "Jenkins-Crumb": crumb } = await crumbHeaders(server);
    const a = await call(server, "/job/job1/description", {
      method: "POST",
      auth: adminPassword,
      headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
      body: `description=y&Jenkins-Crumb=${crumb}`,
    });
    expect(a.status).toBe(204);
  });

  test("a session that already exists is reused by the crumb issuer (no new cookie)", async () => {
    const first = await crumbHeaders(server);
    const again = await call(server, "/crumbIssuer/api/json", {
      auth: adminPassword,
      headers: { cookie: first.cookie },
    });
    expect(h(again, "set-cookie")).toBeUndefined();
    expect((JSON.parse(again.body) as { crumb: string }).crumb).toBe(first["Jenkins-Crumb"]);
  });

  test("a crumb is bound to its user: another user's crumb and session are refused", async () => {
    const readerCrumb = await crumbHeaders(server, readerPassword);
    const a = await call(server, "/job/job1/disable", { method: "POST", auth: adminPassword, headers: readerCrumb });
    expect(a.status).toBe(403);
    expect(a.body).toContain("No valid crumb");
  });

  test("restart renames the cookie and drops sessions: the old crumb is refused, a new one works", async () => {
    const old = await crumbHeaders(server);
    const oldName = server.sessionCookieName;
    await server.restart();
    expect(server.sessionCookieName).not.toBe(oldName);
    const refused = await call(server, "/job/job1/disable", { method: "POST", auth: adminPassword, headers: old });
    expect(refused.status).toBe(403);
    expect(refused.body).toContain("No valid crumb was included in the request");
    const fresh = await crumbHeaders(server);
    expect(fresh.cookie.startsWith(server.sessionCookieName + "=")).toBe(true);
    const ok = await call(server, "/job/job1/disable", { method: "POST", auth: adminPassword, headers: fresh });
    expect(ok.status).toBe(302);
    // Jobs survive the restart (reloaded from the data folder).
    expect(server.jobConfigOnDisk("job1")).toContain("<disabled>true</disabled>");
  });

  test("API-token requests need no crumb and create no session", async () => {
    const a = await call(server, "/job/job1/enable", { method: "POST", auth: adminToken });
    expect(a.status).toBe(302);
    expect(h(a, "set-cookie")).toBeUndefined();
  });

  test("DELETE is not a POST: no crumb needed", async () => {
    await createJob(server, "to-delete");
    const a = await call(server, "/job/to-delete/", { method: "DELETE", auth: adminPassword });
    expect(a.status).toBe(204);
  });

  test("with CSRF protection off, /crumbIssuer is 404 and POSTs need no crumb", async () => {
    const open = await start({ csrf: false });
    try {
      expect((await call(open, "/crumbIssuer/api/json", { auth: adminPassword })).status).toBe(404);
      await createJob(open, "j");
      expect((await call(open, "/job/j/disable", { method: "POST", auth: adminPassword })).status).toBe(302);
      expect(
        (JSON.parse((await call(open, "/api/json", { auth: adminPassword })).body) as { useCrumbs: boolean }).useCrumbs,
      ).toBe(false);
    } finally {
      await open.close();
    }
  });
});
