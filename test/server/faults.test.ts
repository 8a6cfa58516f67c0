import type { JenkinsServer } from "../../provider/server";
import { adminToken, call, createJob, FREESTYLE, start, XML } from "./helpers";

const createCall = (server: JenkinsServer, name: string): ReturnType<typeof call> =>
  call(server, `/createItem?name=${name}`, {
    method: "POST",
    auth: adminToken,
    headers: { ...XML, connection: "close" },
    body: FREESTYLE,
  });

describe("fault injection", () => {
  let server: JenkinsServer;
  beforeEach(async () => {
    server = await start();
  });
  afterEach(() => server.close());

  test("errorRate 1: answers from errorStatuses, nothing changes", async () => {
    server.faults.errorRate = 1;
    server.faults.errorStatuses = [503];
    const a = await createCall(server, "e1");
    expect(a.status).toBe(503);
    expect(server.requests.at(-1)).toMatchObject({ status: 503, fault: "error" });
    server.faults.errorRate = 0;
    expect(server.jobConfigOnDisk("e1")).toBeUndefined();
  });

  test("an injected 500 is an Oops page", async () => {
    server.faults.errorRate = 1;
    server.faults.errorStatuses = [500];
    const a = await createCall(server, "e2");
    expect(a.status).toBe(500);
    expect(a.body).toContain("Oops!");
  });

  test("dropBeforeRate 1: the connection closes without an answer and nothing happens", async () => {
    server.faults.dropBeforeRate = 1;
    await expect(createCall(server, "d1")).rejects.toThrow();
    server.faults.dropBeforeRate = 0;
    expect(server.jobConfigOnDisk("d1")).toBeUndefined();
    expect(server.requests.filter((r) => r.path === "/createItem")).toEqual([
      { method: "POST", path: "/createItem", query: "name=d1", status: 0, viaToken: false, fault: "dropBefore" },
    ]);
  });

  test("dropAfterRate 1: the answer is lost but the job was created", async () => {
    server.faults.dropAfterRate = 1;
    await expect(createCall(server, "d2")).rejects.toThrow();
    server.faults.dropAfterRate = 0;
    expect(server.jobConfigOnDisk("d2")).toBeDefined();
    expect(server.requests.at(-1)).toMatchObject({
      path: "/createItem",
      status: 200,
      fault: "dropAfter",
      user: "admin",
      viaToken: true,
    });
  });

  test("faults apply to item endpoints only, not to /api/json or the crumb issuer", async () => {
    server.faults.errorRate = 1;
    expect((await call(server, "/api/json", { auth: adminToken })).status).toBe(200);
    expect((await call(server, "/crumbIssuer/api/json", { auth: adminToken })).status).toBe(200);
    expect((await call(server, "/job/x/api/json", { auth: adminToken })).status).toBeGreaterThanOrEqual(500);
    server.faults.scope = "all";
    expect((await call(server, "/api/json", { auth: adminToken })).status).toBeGreaterThanOrEqual(500);
  });

  test("latency is added", async () => {
    server.faults.latencyMs = 150;
    const t0 = Date.now();
    await call(server, "/job/x/api/json", { auth: adminToken });
    expect(Date.now() - t0).toBeGreaterThanOrEqual(140);
  });

  test("latency per method takes the place of the general one", async () => {
    server.faults.latencyMs = 0;
    server.faults.latencyByMethod = { POST: 150 };
    const t0 = Date.now();
    await call(server, "/job/x/api/json", { auth: adminToken });
    const read = Date.now() - t0;
    const t1 = Date.now();
    await call(server, "/job/x/doDelete", { method: "POST", auth: adminToken });
    expect(Date.now() - t1).toBeGreaterThanOrEqual(140);
    expect(read).toBeLessThan(140);
  });

  test("the same seed gives the same faults", async () => {
    await createJob(server, "j");
    const run = async (s: JenkinsServer): Promise<number[]> => {
      s.faults = {
        latencyMs: 0,
        errorRate: 0.4,
        errorStatuses: [500, 502, 503],
        dropBeforeRate: 0,
        dropAfterRate: 0,
        seed: 42,
      };
      const out: number[] = [];
      for (let i = 0; i < 30; i++) out.push((await call(s, "/job/j/api/json", { auth: adminToken })).status);
      return out;
    };
    const first = await run(server);
    const second = await run(server);
    expect(second).toEqual(first);
    expect(first.filter((s) => s !== 200).length).toBeGreaterThan(3);
    expect(first.filter((s) => s === 200).length).toBeGreaterThan(3);
  });
});
