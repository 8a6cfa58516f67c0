/**
 * The client under a controller that slows down with load (the server's `load` model): one client of 32
 * connections, a burst of requests, a controller that answers in 40 ms, 10 ms slower per request in flight beyond 8,
 * and whose proxy answers 503 past 20. The client lowers its requests in flight (concurrency-policy.ts, concurrency-gate.ts),
 * every 503 is absorbed by its retries and resends, and its limit comes back up once the load is gone.
 */
import type { JenkinsServer } from "../../provider/server";
import type { JenkinsClient } from "../../provider/client";
import { freestyle } from "../harness/job-configs";
import { clientFor, closeClients, resolveConnection } from "../../provider/connection/settings";
import { ADMIN, startServer, tokenClient } from "./helpers";

const JOBS = Array.from({ length: 40 }, (_, i) => `load-${i}`);
// 40 ms alone: long enough that the first 32 requests, opening their connections, are all in flight together.
const OVERLOAD = { baseMs: 40, knee: 8, perRequestMs: 10, maxInFlight: 20 };

let server: JenkinsServer;
const clients: JenkinsClient[] = [];

beforeAll(async () => {
  server = await startServer();
  const setup = tokenClient(server);
  for (const job of JOBS) await setup.createJob(job, freestyle({ description: "v0" }));
  await setup.close();
});

afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await server.close();
});

beforeEach(() => {
  server.load = undefined;
  server.resetCounters();
});

function client(lines: string[]): JenkinsClient {
  const c = tokenClient(server, { maxConnections: 32, log: (line) => lines.push(line) });
  clients.push(c);
  return c;
}

/** `n` config saves, all asked for at once, spread over the jobs. */
function saves(c: JenkinsClient, n: number, tag: string): Promise<void>[] {
  return Array.from({ length: n }, (_, i) =>
    c.updateConfig(JOBS[i % JOBS.length], freestyle({ description: `${tag} ${i}` })),
  );
}

const lowered = (lines: string[]): string[] =>
  lines.filter((l) => /^requests in flight: at most \d+ \(was \d+\) after (HTTP|slow)/.test(l));

test("a burst: no error reaches the caller, the limit drops at the first 503s, the next burst stays under the threshold", async () => {
  const lines: string[] = [];
  const c = client(lines);
  server.load = OVERLOAD;
  server.resetLoadStats();
  const creates = Array.from({ length: 40 }, (_, i) => c.createJob(`burst-${i}`, freestyle({ description: "new" })));
  await Promise.all([...saves(c, 200, "first"), ...creates]);
  // The burst did overload the controller: up to 32 requests at once, 20 taken.
  expect(server.loadStats.overloadAnswers).toBeGreaterThan(0);
  expect(server.loadStats.peakInFlight).toBeGreaterThan(OVERLOAD.maxInFlight);
  expect(lines).toContain("requests in flight: at most 16 (was 32) after HTTP 503");
  expect(lines.some((l) => / 503 \d+ms$/.test(l) && l.startsWith("POST /createItem"))).toBe(true);
  for (let i = 0; i < 40; i++) expect(server.jobConfigOnDisk(`burst-${i}`)).toContain("<description>new</description>");
  expect(server.jobConfigOnDisk("load-0")).toContain("<description>first ");

  // Having seen them, the client keeps under the threshold: not one more 503.
  server.resetLoadStats();
  await Promise.all(saves(c, 200, "second"));
  expect(server.loadStats.overloadAnswers).toBe(0);
  expect(server.loadStats.peakInFlight).toBeLessThanOrEqual(OVERLOAD.maxInFlight);
});

test("a 503 with Retry-After: waited for, and the limit lowered as without", async () => {
  const lines: string[] = [];
  const c = client(lines);
  server.load = { ...OVERLOAD, retryAfterS: 1 };
  server.resetLoadStats();
  await Promise.all(saves(c, 120, "retry-after"));
  expect(server.loadStats.overloadAnswers).toBeGreaterThan(0);
  expect(lines).toContain("requests in flight: at most 16 (was 32) after HTTP 503");
  expect(lines.some((l) => /^retrying POST \/job\/load-\d+\/config\.xml after HTTP 503 in 1000ms/.test(l))).toBe(true);
});

test("the limit comes back up to maxConnections once the load is gone", async () => {
  const lines: string[] = [];
  const c = client(lines);
  server.load = OVERLOAD;
  await Promise.all(saves(c, 120, "load"));
  expect(lowered(lines).length).toBeGreaterThan(0);

  // The controller recovers: every answer takes its base time, however many are in flight. Callers keep more than
  // 32 calls waiting, so the gate is always full; the server counts what the client lets into flight.
  server.load = { baseMs: 50, knee: 1000, perRequestMs: 0 };
  server.resetLoadStats();
  let sent = 0;
  const caller = async (): Promise<void> => {
    while (server.loadStats.peakInFlight < 32 && sent < 3000) {
      sent++;
      await c.exists(JOBS[sent % JOBS.length]);
    }
  };
  await Promise.all(Array.from({ length: 48 }, caller));
  expect(server.loadStats.peakInFlight).toBe(32);
  expect(lines).toContain("requests in flight: at most 32 (was 31) after good answers");
});

test("the client's own busy time is not the controller's: a blocked event loop lowers no limit", async () => {
  const lines: string[] = [];
  const c = client(lines);
  // A controller answering in 200 ms: a busy machine running the test delays an answer by tens of milliseconds,
  // far from the twice-as-slow-plus-20-ms the policy lowers on; the blocked loop below delays each by five times.
  server.load = { baseMs: 200, knee: 1000, perRequestMs: 0 };
  await Promise.all(saves(c, 16, "warm"));
  // Sixteen saves sent, then this process busy for 1 s (parsing, garbage collection, a machine short of CPU):
  // every answer is heard about 1 s late, five times the controller's 200 ms.
  const pending = saves(c, 16, "busy");
  const until = Date.now() + 1000;
  while (Date.now() < until) {
    // busy
  }
  await Promise.all(pending);
  expect(server.loadStats.overloadAnswers).toBe(0);
  expect(lowered(lines)).toEqual([]);
});

test("with JENKINS_ADAPTIVE_CONCURRENCY=false the provider's client keeps 32 in flight, past the threshold", async () => {
  const env = { JENKINS_ADAPTIVE_CONCURRENCY: "false", JENKINS_LOG_REQUESTS: "0" };
  const settings = resolveConnection(
    { url: server.url, user: ADMIN.name, apiToken: ADMIN.apiToken, maxConnections: "32" },
    env,
  );
  expect(settings.adaptiveConcurrency).toBe(false);
  const c = clientFor(settings, env);
  server.load = OVERLOAD;
  server.resetLoadStats();
  await Promise.allSettled(saves(c, 200, "fixed"));
  server.resetLoadStats();
  await Promise.allSettled(saves(c, 200, "fixed again"));
  // Unlike the adaptive client's second burst, this one goes past the threshold again.
  expect(server.loadStats.peakInFlight).toBeGreaterThan(OVERLOAD.maxInFlight);
  expect(server.loadStats.overloadAnswers).toBeGreaterThan(0);
  await closeClients();
});
