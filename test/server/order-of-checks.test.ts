import type { JenkinsServer } from "../../provider/server";
import {
  adminPassword,
  adminToken,
  call,
  createJob,
  crumbHeaders,
  h,
  hAll,
  readerPassword,
  readerToken,
  start,
} from "./helpers";

describe("order of checks on every request", () => {
  let server: JenkinsServer;
  beforeAll(async () => {
    server = await start();
    await createJob(server, "existing");
  });
  afterAll(() => server.close());

  test("a raw semicolon in the path is refused first (400), even before credentials", async () => {
    const a = await call(server, "/job/existing;x/api/json", { auth: "admin:wrong" });
    expect(a.status).toBe(400);
    expect(a.body).toContain("Semicolons are not allowed in the request URI");
    expect(h(a, "x-jenkins")).toBeUndefined();
    // Percent-encoded it is just a character (and here an unknown job).
    expect((await call(server, "/job/existing%3Bx/api/json", { auth: adminToken })).status).toBe(404);
  });

  test("wrong password or unknown user → 401 with a Basic challenge", async () => {
    for (const auth of ["admin:wrong", "nobody:secret", "admin:"]) {
      const a = await call(server, "/api/json", { auth });
      expect(a.status).toBe(401);
      expect(h(a, "www-authenticate")).toBe('Basic realm="Jenkins"');
    }
  });

  test("401 wins over the crumb check and over 404", async () => {
    const a = await call(server, "/job/missing/build", { method: "POST", auth: "admin:wrong" });
    expect(a.status).toBe(401);
  });

  test("anonymous is not challenged: 403 with X-Jenkins and the permission it lacks", async () => {
    const a = await call(server, "/job/existing/config.xml");
    expect(a.status).toBe(403);
    expect(h(a, "www-authenticate")).toBeUndefined();
    expect(h(a, "x-jenkins")).toBe("2.580");
    expect(h(a, "x-you-are-authenticated-as")).toBe("anonymous");
    expect(h(a, "x-required-permission")).toBe("hudson.model.Hudson.Read");
    expect(a.body).toContain("Authentication required");
  });

  test("POST with a password but without a crumb → 403 crumb page, before URL dispatch", async () => {
    const a = await call(server, "/job/missing/build", { method: "POST", auth: adminPassword });
    expect(a.status).toBe(403);
    expect(a.body).toContain("No valid crumb was included in the request");
    expect(h(a, "x-error")).toBeUndefined();
    expect(h(a, "x-required-permission")).toBeUndefined();
  });

  test("anonymous POST without a crumb also gets the crumb 403", async () => {
    const a = await call(server, "/job/existing/build", { method: "POST" });
    expect(a.status).toBe(403);
    expect(a.body).toContain("No valid crumb was included in the request");
  });

  test("an API token skips the crumb check: the unknown job is then a 404 HTML page", async () => {
    const a = await call(server, "/job/missing/build", { method: "POST", auth: adminToken });
    expect(a.status).toBe(404);
    expect(h(a, "content-type")).toMatch(/^text\/html/);
    expect(h(a, "x-jenkins")).toBe("2.580");
    expect(a.body).toContain("Not Found");
  });

  test("404 comes before the permission check", async () => {
    const a = await call(server, "/job/missing/disable", { method: "POST", auth: readerToken });
    expect(a.status).toBe(404);
  });

  test("permission 403 names the required permission and the ones implying it", async () => {
    const crumb = await crumbHeaders(server, readerPassword);
    const a = await call(server, "/job/existing/disable", { method: "POST", auth: readerPassword, headers: crumb });
    expect(a.status).toBe(403);
    expect(h(a, "x-you-are-authenticated-as")).toBe("reader");
    expect(h(a, "x-required-permission")).toBe("hudson.model.Item.Configure");
    expect(hAll(a, "x-permission-implied-by")).toEqual([
      "hudson.security.Permission.GenericConfigure",
      "hudson.security.Permission.GenericUpdate",
      "hudson.security.Permission.GenericWrite",
      "hudson.model.Hudson.Administer",
    ]);
    expect(h(a, "x-jenkins")).toBe("2.580");
    expect(a.body).toContain("reader is missing the Job/Configure permission");
  });

  test("the read-only user may read but not configure, build, delete or create", async () => {
    expect((await call(server, "/job/existing/api/json", { auth: readerToken })).status).toBe(200);
    expect((await call(server, "/job/existing/description", { auth: readerToken })).status).toBe(200);
    const cases: Array<[string, string]> = [["/job/existing/config.xml", "hudson.model.Item.ExtendedRead"]];
    for (const [path, perm] of cases) {
      const a = await call(server, path, { auth: readerToken });
      expect(a.status).toBe(403);
      expect(h(a, "x-required-permission")).toBe(perm);
    }
    const posts: Array<[string, string]> = [
      ["/job/existing/build", "hudson.model.Item.Build"],
      ["/job/existing/polling", "hudson.model.Item.Build"],
      ["/job/existing/doDelete", "hudson.model.Item.Delete"],
      ["/job/existing/config.xml", "hudson.model.Item.Configure"],
      ["/job/existing/description?description=x", "hudson.model.Item.Configure"],
      ["/createItem?name=new", "hudson.model.Item.Create"],
    ];
    for (const [path, perm] of posts) {
      const a = await call(server, path, {
        method: "POST",
        auth: readerToken,
        headers: { "content-type": "text/xml" },
        body: "<project/>",
      });
      expect([path, a.status, h(a, "x-required-permission")]).toEqual([path, 403, perm]);
    }
    expect(server.jobConfigOnDisk("existing")).toBeDefined();
    expect(server.jobConfigOnDisk("new")).toBeUndefined();
  });

  test("GET on a POST-only endpoint → 405 with Allow: POST, and nothing happens", async () => {
    const a = await call(server, "/job/existing/doDelete", { auth: adminToken });
    expect(a.status).toBe(405);
    expect(h(a, "allow")).toBe("POST");
    expect(server.jobConfigOnDisk("existing")).toBeDefined();
    const b = await call(server, "/createItem?name=x", { auth: adminToken });
    expect(b.status).toBe(405);
    const c = await call(server, "/job/existing/build", { auth: adminPassword });
    expect(c.status).toBe(405);
    expect(server.builds).toHaveLength(0);
  });

  test("every request is recorded with method, path, status, user and whether a token was used", async () => {
    server.resetCounters();
    await call(server, "/job/existing/api/json?tree=name", { auth: adminToken });
    await call(server, "/api/json", { auth: readerPassword });
    await call(server, "/api/json");
    expect(server.requests).toEqual([
      { method: "GET", path: "/job/existing/api/json", query: "tree=name", status: 200, user: "admin", viaToken: true },
      { method: "GET", path: "/api/json", query: "", status: 200, user: "reader", viaToken: false },
      { method: "GET", path: "/api/json", query: "", status: 403, viaToken: false },
    ]);
  });
});
