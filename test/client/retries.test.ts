/**
 * Retries and ambiguous failures, with the server's fault injection: idempotent calls recover from injected
 * 503s and dropped connections; createItem, build and doDelete are never repeated blindly (counted at the
 * server); an ambiguous createItem is resolved by looking at the server.
 */
import type { JenkinsServer } from "../../provider/server";
import {
  ConnectionError,
  JenkinsClient,
  type JenkinsClientOptions,
  JobAlreadyExistsError,
  NotJenkinsError,
  RequestTimeoutError,
  ServerError,
} from "../../provider/client";
import { resolveOptions } from "../../provider/client/options";
import { backoffDelay, retryCallback } from "../../provider/client/retry-policy";
import { freestyle } from "../harness/job-configs";
import { ADMIN, basic, caught, count, quiet, raw, settled, startServer, tokenClient } from "./helpers";
import { startProxy } from "./proxy";

let server: JenkinsServer;

beforeAll(async () => {
  server = await startServer();
});

afterAll(async () => {
  await server.close();
});

beforeEach(() => {
  quiet(server);
  server.faults.errorStatuses = [503];
  server.faults.scope = "jobs";
  server.resetCounters();
});

afterEach(() => quiet(server));

function trace(suffixes: string[]): string[] {
  return server.requests
    .filter((r) => suffixes.some((s) => r.path.endsWith(s)))
    .map((r) => `${r.method} ${r.path} ${r.status}${r.fault ? ` ${r.fault}` : ""}`);
}

/** A client whose log switches the faults off after the first failed attempt matching `pattern`. */
function clientFailingOnce(
  pattern: RegExp,
  lines: string[] = [],
  extra: Partial<JenkinsClientOptions> = {},
): JenkinsClient {
  let tripped = false;
  return tokenClient(server, {
    ...extra,
    log: (line) => {
      lines.push(line);
      if (!tripped && pattern.test(line)) {
        tripped = true;
        quiet(server);
      }
    },
  });
}

describe("idempotent calls recover", () => {
  it("GETs recover from a stream of random 503s and resets (seeded)", async () => {
    const client = tokenClient(server, { retries: 6 });
    await client.createJob("r-get", freestyle({ description: "stable" }));
    Object.assign(server.faults, { errorRate: 0.3, dropBeforeRate: 0.15, dropAfterRate: 0.15, seed: 42 });
    server.resetCounters();
    for (let i = 0; i < 15; i++) {
      expect(await client.getConfig("r-get")).toContain("stable");
      expect(await client.exists("r-get")).toBe(true);
      expect(await client.getDescription("r-get")).toBe("stable");
    }
    const faults = server.requests.filter((r) => r.fault !== undefined);
    expect(faults.some((r) => r.fault === "error")).toBe(true);
    expect(faults.some((r) => r.fault === "dropBefore")).toBe(true);
    expect(faults.some((r) => r.fault === "dropAfter")).toBe(true);
    expect(server.requests.filter((r) => r.status === 200 && r.fault === undefined)).toHaveLength(45);
    await client.close();
  });

  it("the idempotent POSTs (config.xml, description, enable, disable) recover from random faults", async () => {
    const client = tokenClient(server, { retries: 6 });
    await client.createJob("r-post", freestyle());
    Object.assign(server.faults, { errorRate: 0.25, dropBeforeRate: 0.15, dropAfterRate: 0.15, seed: 7 });
    for (let i = 0; i < 5; i++) {
      await client.updateConfig("r-post", freestyle({ command: `echo ${i}` }));
      await client.setDescription("r-post", `round ${i}`);
      await client.disable("r-post");
      await client.enable("r-post");
    }
    quiet(server);
    expect(await client.getDescription("r-post")).toBe("round 4");
    expect(await client.getConfig("r-post")).toContain("echo 4");
    expect(server.requests.some((r) => r.method === "POST" && r.fault !== undefined)).toBe(true);
    await client.close();
  });

  it.each([
    ["updateConfig", "/config.xml", (c: JenkinsClient) => c.updateConfig("r-once", freestyle({ command: "x" }))],
    ["setDescription", "/description", (c: JenkinsClient) => c.setDescription("r-once", "d")],
    ["enable", "/enable", (c: JenkinsClient) => c.enable("r-once")],
    ["disable", "/disable", (c: JenkinsClient) => c.disable("r-once")],
  ])("%s is repeated after a 503 (sent twice, second succeeds)", async (_name, suffix, op) => {
    const admin = tokenClient(server);
    if (!(await admin.exists("r-once"))) await admin.createJob("r-once", freestyle());
    server.resetCounters();
    server.faults.errorRate = 1;
    const lines: string[] = [];
    const client = clientFailingOnce(/ 503 /, lines);
    await op(client);
    expect(trace([suffix])).toEqual([
      `POST /job/r-once${suffix} 503 error`,
      `POST /job/r-once${suffix} ${suffix === "/description" ? 204 : suffix === "/config.xml" ? 200 : 302}`,
    ]);
    expect(lines.some((l) => /^retrying POST \/job\/r-once.* after HTTP 503 in \d+ms \(retry 1 of 3\)$/.test(l))).toBe(
      true,
    );
    await client.close();
    await admin.close();
  });

  it("a read turned away by a rate limit in front of Jenkins (429) is repeated", async () => {
    const admin = tokenClient(server);
    if (!(await admin.exists("r-limited"))) await admin.createJob("r-limited", freestyle({ description: "kept" }));
    server.resetCounters();
    Object.assign(server.faults, { errorRate: 1, errorStatuses: [429] });
    const lines: string[] = [];
    const client = clientFailingOnce(/ 429 /, lines);
    expect(await client.getDescription("r-limited")).toBe("kept");
    expect(trace(["/description"])).toEqual([
      "GET /job/r-limited/description 429 error",
      "GET /job/r-limited/description 200",
    ]);
    expect(
      lines.some((l) => /^retrying GET \/job\/r-limited.* after HTTP 429 in \d+ms \(retry 1 of 3\)$/.test(l)),
    ).toBe(true);
    await client.close();
    await admin.close();
  });

  it("gives up after `retries` retries of a gateway's 503, naming the status and the gateway", async () => {
    const client = tokenClient(server, { retries: 2 });
    await client.createJob("r-giveup", freestyle());
    server.resetCounters();
    server.faults.errorRate = 1;
    const err = await caught(() => client.getConfig("r-giveup"));
    expect(err).toBeInstanceOf(NotJenkinsError);
    expect(err).toMatchObject({ status: 503, job: "r-giveup", outcomeUnknown: false, answeredBy: "nginx" });
    expect(err.message).toContain('the answer came from "nginx", not from Jenkins');
    expect(err.message).toContain("Jenkins behind it is down, starting or unreachable from it");
    expect(count(server, "GET", "/config.xml")).toBe(3);
    await client.close();
  });

  it("does not retry a 500 (Jenkins refused the request itself)", async () => {
    const client = tokenClient(server);
    await client.createJob("r-500", freestyle());
    server.resetCounters();
    Object.assign(server.faults, { errorRate: 1, errorStatuses: [500] });
    expect(await caught(() => client.getConfig("r-500"))).toBeInstanceOf(ServerError);
    expect(count(server, "GET", "/config.xml")).toBe(1);
    await client.close();
  });
});

describe("createItem is never repeated blindly", () => {
  it("a 503 before processing: checks the server (404), then sends it once more", async () => {
    server.faults.errorRate = 1;
    const client = clientFailingOnce(/^POST \/createItem\S* 503/);
    await client.createJob("c-503", freestyle());
    expect(trace(["/createItem", "/config.xml"])).toEqual([
      "POST /createItem 503 error",
      "GET /job/c-503/config.xml 404",
      "POST /createItem 200",
    ]);
    await client.close();
  });

  it("a connection dropped before processing: checks, then sends once more", async () => {
    server.faults.dropBeforeRate = 1;
    const client = clientFailingOnce(/^POST \/createItem\S* failed/);
    await client.createJob("c-dropbefore", freestyle());
    expect(trace(["/createItem", "/config.xml"])).toEqual([
      "POST /createItem 0 dropBefore",
      "GET /job/c-dropbefore/config.xml 404",
      "POST /createItem 200",
    ]);
    await client.close();
  });

  it("a connection dropped after processing: finds the job with our config and succeeds without resending", async () => {
    server.faults.dropAfterRate = 1;
    const lines: string[] = [];
    const client = clientFailingOnce(/^POST \/createItem\S* failed/, lines);
    const xml = freestyle({ command: "echo ambiguous" });
    await client.createJob("c-dropafter", xml);
    expect(trace(["/createItem", "/config.xml"])).toEqual([
      "POST /createItem 200 dropAfter",
      "GET /job/c-dropafter/config.xml 200",
    ]);
    expect(lines.some((l) => l.includes("the job exists with the configuration sent"))).toBe(true);
    expect(server.jobConfigOnDisk("c-dropafter")).toContain("echo ambiguous");
    await client.close();
  });

  it("a connection dropped while someone else created the job with another config → JobAlreadyExistsError", async () => {
    let first = true;
    const proxy = await startProxy({
      target: server.url,
      intercept: async (req) => {
        if (req.method !== "POST" || !req.url?.startsWith("/createItem") || !first) return undefined;
        first = false;
        const created = await raw(server, "POST", "/createItem?name=c-race", {
          headers: { "content-type": "text/xml; charset=utf-8" },
          body: freestyle({ command: "echo somebody else" }),
        });
        expect(created.status).toBe(200);
        return "drop";
      },
    });
    const client = tokenClient(server, { url: proxy.url });
    server.resetCounters();
    const err = await caught(() => client.createJob("c-race", freestyle({ command: "echo mine" })));
    expect(err).toBeInstanceOf(JobAlreadyExistsError);
    expect(err.message).toContain("now exists with a different configuration");
    expect(err).toMatchObject({ job: "c-race", outcomeUnknown: false });
    // Our createItem never reached the server and was not sent again.
    expect(proxy.seen.filter((r) => r.method === "POST")).toHaveLength(1);
    expect(trace(["/createItem", "/config.xml"])).toEqual(["POST /createItem 200", "GET /job/c-race/config.xml 200"]);
    expect(server.jobConfigOnDisk("c-race")).toContain("somebody else");
    await client.close();
    await proxy.close();
  });

  it("when the server stays down, createItem is sent once and the error says the outcome is unknown", async () => {
    server.faults.errorRate = 1;
    const client = tokenClient(server, { retries: 2 });
    const err = await caught(() => client.createJob("c-down", freestyle()));
    expect(err).toBeInstanceOf(NotJenkinsError);
    expect(err).toMatchObject({ status: 503, outcomeUnknown: true });
    expect(err.message).toContain("checking the server afterwards failed too");
    expect(count(server, "POST", "/createItem")).toBe(1);
    await client.close();
  });

  it("under random faults, every create ends with exactly one job and no create is processed twice", async () => {
    const client = tokenClient(server, { retries: 8 });
    Object.assign(server.faults, { errorRate: 0.2, dropBeforeRate: 0.2, dropAfterRate: 0.2, seed: 99 });
    for (let i = 0; i < 12; i++) await client.createJob(`c-rand-${i}`, freestyle({ command: `echo ${i}` }));
    quiet(server);
    for (let i = 0; i < 12; i++) {
      const creates = server.requests.filter((r) => r.method === "POST" && r.path === "/createItem");
      expect(await client.exists(`c-rand-${i}`)).toBe(true);
      expect(creates.length).toBeGreaterThan(0);
    }
    // No createItem was ever refused as a duplicate: none was processed twice.
    const processed = server.requests.filter(
      (r) => r.path === "/createItem" && (r.status === 200 || r.fault === "dropAfter"),
    );
    expect(processed).toHaveLength(12);
    expect(server.requests.filter((r) => r.path === "/createItem" && r.status === 400)).toHaveLength(0);
    // Per job: every resend of its createItem was preceded by a check that found no job.
    for (let i = 0; i < 12; i++) {
      const name = `c-rand-${i}`;
      const seq = server.requests.filter(
        (r) => (r.path === "/createItem" && r.query === `name=${name}`) || r.path === `/job/${name}/config.xml`,
      );
      for (let k = 1; k < seq.length; k++) {
        if (seq[k].path === "/createItem") {
          expect(seq[k - 1]).toMatchObject({ method: "GET", path: `/job/${name}/config.xml`, status: 404 });
        }
      }
    }
    await client.close();
  });
});

describe("build is never repeated", () => {
  it.each([
    ["a gateway's 503", { errorRate: 1 }, NotJenkinsError, 0],
    ["a connection dropped before processing", { dropBeforeRate: 1 }, ConnectionError, 0],
    ["a connection dropped after processing", { dropAfterRate: 1 }, ConnectionError, 1],
  ] as const)("after %s: sent once, error says it may or may not be queued", async (_what, faults, type, queued) => {
    const admin = tokenClient(server);
    if (!(await admin.exists("b-once"))) await admin.createJob("b-once", freestyle());
    server.resetCounters();
    Object.assign(server.faults, faults);
    const client = tokenClient(server);
    const err = await caught(() => client.build("b-once"));
    expect(err).toBeInstanceOf(type);
    expect(err).toMatchObject({ job: "b-once", outcomeUnknown: true });
    expect(err.message).toContain("the build may or may not have been queued");
    expect(err.message).toContain("before triggering it again");
    expect(count(server, "POST", "/build")).toBe(1);
    expect(server.builds).toHaveLength(queued);
    await client.close();
    await admin.close();
  });
});

describe("doDelete is never repeated blindly", () => {
  it("dropped after processing: the job is gone, so it succeeded; sent once", async () => {
    const client = clientFailingOnce(/^POST \S*doDelete failed/);
    await client.createJob("d-after", freestyle());
    server.resetCounters();
    server.faults.dropAfterRate = 1;
    await client.deleteJob("d-after");
    expect(trace(["/doDelete", "/api/json"])).toEqual([
      "POST /job/d-after/doDelete 302 dropAfter",
      "GET /job/d-after/api/json 404",
    ]);
    await client.close();
  });

  it("dropped before processing: the job is still there, so it is sent once more", async () => {
    const client = clientFailingOnce(/^POST \S*doDelete failed/);
    await client.createJob("d-before", freestyle());
    server.resetCounters();
    server.faults.dropBeforeRate = 1;
    await client.deleteJob("d-before");
    expect(trace(["/doDelete", "/api/json"])).toEqual([
      "POST /job/d-before/doDelete 0 dropBefore",
      "GET /job/d-before/api/json 200",
      "POST /job/d-before/doDelete 302",
    ]);
    expect(await client.exists("d-before")).toBe(false);
    await client.close();
  });
});

describe("confirmRename and polling are not repeated blindly either", () => {
  it("rename dropped after processing: old name gone, new there → success, sent once", async () => {
    const client = clientFailingOnce(/^POST \S*confirmRename\S* failed/);
    await client.createJob("mv-after", freestyle());
    server.resetCounters();
    server.faults.dropAfterRate = 1;
    await client.rename("mv-after", "mv-after2");
    expect(count(server, "POST", "/confirmRename")).toBe(1);
    expect(await client.exists("mv-after2")).toBe(true);
    expect(await client.exists("mv-after")).toBe(false);
    await client.close();
  });

  it("rename dropped before processing: old name still there → sent once more", async () => {
    const client = clientFailingOnce(/^POST \S*confirmRename\S* failed/);
    await client.createJob("mv-before", freestyle());
    server.resetCounters();
    server.faults.dropBeforeRate = 1;
    await client.rename("mv-before", "mv-before2");
    expect(trace(["/confirmRename"])).toEqual([
      "POST /job/mv-before/confirmRename 0 dropBefore",
      "POST /job/mv-before/confirmRename 302",
    ]);
    expect(await client.exists("mv-before2")).toBe(true);
    await client.close();
  });

  it("polling after a dropped connection: sent once, error says the outcome is unknown", async () => {
    const client = tokenClient(server);
    await client.createJob("poll-drop", freestyle());
    server.resetCounters();
    server.faults.dropBeforeRate = 1;
    const err = await caught(() => client.poll("poll-drop"));
    expect(err).toBeInstanceOf(ConnectionError);
    expect(err).toMatchObject({ outcomeUnknown: true });
    expect(err.message).toContain("may or may not have been carried out");
    expect(count(server, "POST", "/polling")).toBe(1);
    await client.close();
  });
});

describe("timeouts and unreachable servers", () => {
  it("latency below the header timeout is fine; above it → RequestTimeoutError (not retried)", async () => {
    // undici checks header timeouts on a coarse (about half-second) timer, hence the generous margins.
    const client = tokenClient(server, { headersTimeoutMs: 1000 });
    await client.createJob("t-slow", freestyle());
    server.faults.latencyMs = 50;
    expect(await client.getDescription("t-slow")).toBe("");
    server.faults.latencyMs = 2500;
    server.resetCounters();
    const err = await caught(() => client.getDescription("t-slow"));
    expect(err).toBeInstanceOf(RequestTimeoutError);
    expect(err.message).toContain(
      "no answer within 1000 ms, the headers timeout, set by the client's headersTimeoutMs option",
    );
    expect(err.message).toContain("raise the client's headersTimeoutMs option");
    quiet(server);
    await settled(server);
    expect(count(server, "GET", "/description")).toBe(1);
    await client.close();
  });

  it("connection refused → retried with backoff, then ConnectionError with a hint", async () => {
    const lines: string[] = [];
    const closed = await startServer();
    const url = closed.url;
    await closed.close();
    const client = new JenkinsClient({
      url,
      user: ADMIN.name,
      apiToken: ADMIN.apiToken,
      retries: 2,
      retryBaseDelayMs: 5,
      log: (l) => lines.push(l),
    });
    const err = await caught(() => client.getConfig("x"));
    expect(err).toBeInstanceOf(ConnectionError);
    expect(err.message).toBe(
      'Jenkins job "x": cannot read config.xml: connection refused (ECONNREFUSED). Check the URL and that Jenkins is running and reachable from here.',
    );
    expect(lines.filter((l) => /^GET \/job\/x\/config\.xml failed ECONNREFUSED \d+ms$/.test(l))).toHaveLength(3);
    expect(lines.filter((l) => l.startsWith("retrying GET /job/x/config.xml after ECONNREFUSED"))).toHaveLength(2);
    await client.close();
  });
});

describe("the longest wait between attempts is an option (retryMaxDelayMs)", () => {
  // A base delay of ten minutes: only the cap keeps the waits (which the log lines state) short.
  const SLOW_BASE = { retryBaseDelayMs: 600_000, retryMaxDelayMs: 5 };
  const waits = (lines: string[], re: RegExp): number[] =>
    lines.map((l) => re.exec(l)).flatMap((m) => (m ? [Number(m[1])] : []));

  it("caps the wait before a create is sent again", async () => {
    server.faults.errorRate = 1;
    const lines: string[] = [];
    const client = clientFailingOnce(/^POST \/createItem\S* 503/, lines, SLOW_BASE);
    await client.createJob("cap-create", freestyle());
    expect(trace(["/createItem", "/config.xml"])).toEqual([
      "POST /createItem 503 error",
      "GET /job/cap-create/config.xml 404",
      "POST /createItem 200",
    ]);
    const resends = waits(lines, /the job does not exist; sending it again in (\d+)ms/);
    expect(resends).toHaveLength(1);
    expect(resends[0]).toBeLessThanOrEqual(5);
    await client.close();
  });

  it("caps the transport's retries of a GET", async () => {
    const lines: string[] = [];
    const client = clientFailingOnce(/^GET \S*config\.xml 503/, lines, SLOW_BASE);
    await client.createJob("cap-get", freestyle());
    server.resetCounters();
    server.faults.errorRate = 1;
    expect(await client.getConfig("cap-get")).toContain("<project>");
    expect(trace(["/config.xml"])).toEqual([
      "GET /job/cap-get/config.xml 503 error",
      "GET /job/cap-get/config.xml 200",
    ]);
    const retries = waits(lines, /^retrying GET \/job\/cap-get\/config\.xml after HTTP 503 in (\d+)ms/);
    expect(retries).toHaveLength(1);
    expect(retries[0]).toBeLessThanOrEqual(5);
    await client.close();
  });

  it("must be a non-negative number; by default it is 10 s, or the base delay when that is longer", () => {
    expect(() => tokenClient(server, { retryMaxDelayMs: -1 })).toThrow(
      "JenkinsClientOptions.retryMaxDelayMs must be a non-negative number",
    );
    expect(resolveOptions({ url: server.url }).retryMaxDelayMs).toBe(10_000);
    expect(resolveOptions({ url: server.url, retryBaseDelayMs: 30_000 }).retryMaxDelayMs).toBe(30_000);
    expect(resolveOptions({ url: server.url, retryMaxDelayMs: 20 }).retryMaxDelayMs).toBe(20);
  });
});

describe("retry policy", () => {
  it("backoff doubles per attempt with equal jitter, capped", () => {
    expect(backoffDelay(1, 100, 10_000, () => 0)).toBe(50);
    expect(backoffDelay(1, 100, 10_000, () => 0.999)).toBe(100);
    expect(backoffDelay(3, 100, 10_000, () => 0)).toBe(200);
    expect(backoffDelay(3, 100, 10_000, () => 0.999)).toBe(400);
    expect(backoffDelay(20, 100, 1_000, () => 0.5)).toBe(750);
  });

  it("retries 502/503/504 and connection errors only, up to maxRetries", async () => {
    const decide = (err: object, counter: number) =>
      new Promise<string>((resolve) =>
        retryCallback({ maxRetries: 2, baseDelayMs: 1, maxDelayMs: 1 })(
          Object.assign(new Error("x"), err),
          { state: { counter }, opts: { method: "GET", path: "/" } },
          (e) => resolve(e ? "stop" : "retry"),
        ),
      );
    expect(await decide({ code: "UND_ERR_REQ_RETRY", statusCode: 503 }, 1)).toBe("retry");
    expect(await decide({ code: "UND_ERR_REQ_RETRY", statusCode: 502 }, 2)).toBe("retry");
    expect(await decide({ code: "UND_ERR_REQ_RETRY", statusCode: 504 }, 3)).toBe("stop");
    expect(await decide({ code: "UND_ERR_REQ_RETRY", statusCode: 500 }, 1)).toBe("stop");
    expect(await decide({ code: "UND_ERR_REQ_RETRY", statusCode: 404 }, 1)).toBe("stop");
    expect(await decide({ code: "ECONNRESET" }, 1)).toBe("retry");
    expect(await decide({ code: "UND_ERR_SOCKET" }, 1)).toBe("retry");
    expect(await decide({ code: "UND_ERR_HEADERS_TIMEOUT" }, 1)).toBe("stop");
    expect(await decide({ code: "CERT_HAS_EXPIRED" }, 1)).toBe("stop");
  });
});

describe("server faults on every path (scope all)", () => {
  it("the crumb fetch and the listing recover too", async () => {
    const admin = tokenClient(server);
    await admin.createJob("all-f", freestyle());
    await admin.close();
    Object.assign(server.faults, { errorRate: 0.4, dropBeforeRate: 0.1, seed: 3, scope: "all" });
    const pw = new JenkinsClient({
      url: server.url,
      user: ADMIN.name,
      password: ADMIN.password,
      retries: 8,
      retryBaseDelayMs: 1,
    });
    await pw.disable("all-f");
    await pw.enable("all-f");
    expect((await pw.listJobs()).some((j) => j.fullName === "all-f")).toBe(true);
    expect(server.requests.some((r) => r.path === "/crumbIssuer/api/json")).toBe(true);
    await pw.close();
    quiet(server);
    expect((await raw(server, "GET", "/job/all-f/api/json", { auth: basic(ADMIN.name, ADMIN.apiToken) })).status).toBe(
      200,
    );
  });
});
