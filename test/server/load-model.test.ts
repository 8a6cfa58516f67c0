/**
 * The server under load (option `load`, load-model.ts): each request waits longer the more requests are in flight
 * beyond the knee, and past the threshold a 503 comes from the proxy in front, with nothing done. Off by default.
 */
import type { JenkinsServer } from "../../provider/server";
import { loadDecision } from "../../provider/server/load-model";
import { adminToken, call, FREESTYLE, h, start, XML } from "./helpers";

describe("the load model", () => {
  let server: JenkinsServer;
  beforeAll(async () => {
    server = await start();
  });
  afterAll(() => server.close());
  beforeEach(() => {
    server.load = undefined;
    server.resetCounters();
    server.resetLoadStats();
  });

  test("is off by default: no wait, no 503, the requests in flight still counted", async () => {
    expect(server.load).toBeUndefined();
    const answers = await Promise.all(Array.from({ length: 6 }, () => call(server, "/api/json", { auth: adminToken })));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(server.requests.map((r) => r.loadWaitMs)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    expect(server.loadStats).toMatchObject({ inFlight: 0, overloadAnswers: 0 });
    expect(server.loadStats.peakInFlight).toBeGreaterThanOrEqual(1);
  });

  test("each request waits the base latency, and more for each request in flight beyond the knee", async () => {
    // The base wait is long enough that the four requests, sent together, are all in flight when each is decided.
    server.load = { baseMs: 500, knee: 1, perRequestMs: 100 };
    const started = Date.now();
    const timed = Array.from({ length: 4 }, async () => {
      const a = await call(server, "/api/json", { auth: adminToken });
      return { status: a.status, ms: Date.now() - started };
    });
    const answers = await Promise.all(timed);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(server.requests.map((r) => r.loadWaitMs).sort()).toEqual([500, 600, 700, 800]);
    expect(Math.max(...answers.map((a) => a.ms))).toBeGreaterThanOrEqual(800);
    expect(server.loadStats).toEqual({ inFlight: 0, peakInFlight: 4, overloadAnswers: 0 });
  });

  test("past the threshold, a 503 from the proxy in front, with Retry-After when set, and nothing created", async () => {
    server.load = { baseMs: 500, knee: 8, perRequestMs: 0, maxInFlight: 2, retryAfterS: 3 };
    const creates = ["a1", "a2", "a3", "a4"].map((name) =>
      call(server, `/createItem?name=${name}`, { method: "POST", auth: adminToken, headers: XML, body: FREESTYLE }),
    );
    const answers = await Promise.all(creates);
    const refused = answers.filter((a) => a.status === 503);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(2);
    expect(refused).toHaveLength(2);
    for (const a of refused) {
      expect(h(a, "retry-after")).toBe("3");
      expect(h(a, "server")).toBe("nginx");
      expect(h(a, "x-jenkins")).toBeUndefined();
    }
    const overloaded = server.requests.filter((r) => r.fault === "overload");
    expect(overloaded.map((r) => r.status)).toEqual([503, 503]);
    const created = ["a1", "a2", "a3", "a4"].filter((n) => server.jobConfigOnDisk(n) !== undefined);
    expect(created).toHaveLength(2);
    expect(server.loadStats).toMatchObject({ inFlight: 0, overloadAnswers: 2 });
    // The second 503 may have gone before the last request came.
    expect(server.loadStats.peakInFlight).toBeGreaterThanOrEqual(3);
    // Alone, a request is served again.
    expect((await call(server, "/api/json", { auth: adminToken })).status).toBe(200);
  });

  test("without retryAfterS the 503 has no Retry-After, as nginx's limit_conn answers", async () => {
    server.load = { baseMs: 300, knee: 8, perRequestMs: 0, maxInFlight: 1 };
    const answers = await Promise.all([1, 2].map(() => call(server, "/api/json", { auth: adminToken })));
    const refused = answers.find((a) => a.status === 503);
    expect(refused).toBeDefined();
    expect(h(refused!, "retry-after")).toBeUndefined();
  });

  test("the `load` option switches it on from the start", async () => {
    const loaded = await start({ load: { baseMs: 0, knee: 1, perRequestMs: 0, maxInFlight: 1 } });
    try {
      expect(loaded.load).toEqual({ baseMs: 0, knee: 1, perRequestMs: 0, maxInFlight: 1 });
      expect((await call(loaded, "/api/json", { auth: adminToken })).status).toBe(200);
      expect(loaded.requests.map((r) => r.loadWaitMs)).toEqual([0]);
    } finally {
      await loaded.close();
    }
  });

  test("the decision: base + per request beyond the knee; 503 only past the threshold", () => {
    const s = { baseMs: 20, knee: 4, perRequestMs: 10, maxInFlight: 6 };
    expect([1, 4, 5, 6, 7].map((n) => loadDecision(s, n))).toEqual([
      { kind: "serve", waitMs: 20 },
      { kind: "serve", waitMs: 20 },
      { kind: "serve", waitMs: 30 },
      { kind: "serve", waitMs: 40 },
      { kind: "overloaded" },
    ]);
  });
});
