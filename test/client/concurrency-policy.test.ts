/**
 * The adaptive limit of requests in flight (concurrency-policy.ts), as a pure state machine: answers in, limit out.
 * The gate that applies it, over real HTTP, is tested in adaptive-concurrency.test.ts.
 */
import {
  type ConcurrencySettings,
  type ConcurrencyState,
  concurrencySettings,
  currentLimit,
  initialState,
  type LimitChange,
  observe,
  type Outcome,
  requestKind,
} from "../../provider/client/concurrency-policy";

const KIND = "POST config.xml 0";

/** Drives the policy as the gate does: numbers requests as they are sent, counts them in flight. */
class Driver {
  state: ConcurrencyState;
  next = 0;
  inFlight = 0;
  readonly changes: LimitChange[] = [];

  constructor(readonly settings: ConcurrencySettings = concurrencySettings(32)) {
    this.state = initialState(settings);
  }

  get limit(): number {
    return currentLimit(this.state);
  }

  private readonly sentWith = new Map<number, number>();

  send(): number {
    this.inFlight++;
    this.sentWith.set(this.next, this.inFlight);
    return this.next++;
  }

  answer(ticket: number, outcome: Outcome): void {
    const r = observe(this.settings, this.state, {
      ticket,
      inFlight: Math.max(this.inFlight, this.sentWith.get(ticket) ?? 0),
      nextTicket: this.next,
      outcome,
    });
    this.inFlight--;
    this.state = r.state;
    if (r.change) this.changes.push(r.change);
  }

  /** Sends a full window (the limit), then answers each with `outcome`. */
  window(outcome: Outcome): void {
    const tickets = Array.from({ length: this.limit }, () => this.send());
    for (const t of tickets) this.answer(t, outcome);
  }
}

const ok = (latencyMs = 10): Outcome => ({ kind: "answer", status: 200, latencyMs, requestKind: KIND });
const status = (code: number): Outcome => ({ kind: "answer", status: code, latencyMs: 1, requestKind: KIND });

describe("the limit of requests in flight", () => {
  test("starts at the maximum and stays there while answers are good", () => {
    const d = new Driver();
    for (let i = 0; i < 5; i++) d.window(ok());
    expect(d.limit).toBe(32);
    expect(d.changes).toEqual([]);
  });

  test.each([429, 502, 503, 504])("an HTTP %i halves it", (code) => {
    const d = new Driver();
    const t = d.send();
    d.answer(t, status(code));
    expect(d.limit).toBe(16);
    expect(d.changes).toEqual([{ from: 32, to: 16, reason: `HTTP ${code}` }]);
  });

  test("no answer within the header timeout halves it; a broken connection says nothing about load", () => {
    const d = new Driver();
    d.answer(d.send(), { kind: "failed" });
    expect(d.limit).toBe(32);
    d.answer(d.send(), { kind: "timeout" });
    expect(d.limit).toBe(16);
  });

  test("a burst of overload answers to requests sent together lowers it once", () => {
    const d = new Driver();
    const burst = Array.from({ length: 32 }, () => d.send());
    for (const t of burst.slice(20)) d.answer(t, status(503));
    expect(d.limit).toBe(16);
    // A request sent after the decrease belongs to the new window: its 503 lowers the limit again.
    d.answer(d.send(), status(503));
    expect(d.limit).toBe(8);
    expect(d.changes.map((c) => c.to)).toEqual([16, 8]);
  });

  test("never goes below 1", () => {
    const d = new Driver(concurrencySettings(2));
    for (let i = 0; i < 5; i++) d.answer(d.send(), status(503));
    expect(d.limit).toBe(1);
  });

  test("other errors (404, 500) neither lower nor raise it", () => {
    const d = new Driver();
    d.answer(d.send(), status(503));
    for (let i = 0; i < 200; i++) {
      const tickets = [d.send(), d.send(), d.send(), d.send(), d.send(), d.send(), d.send(), d.send()];
      for (const t of tickets) d.answer(t, status(i % 2 === 0 ? 404 : 500));
    }
    expect(d.limit).toBe(16);
  });

  test("rises by one request per window of good answers, up to the maximum and no further", () => {
    const d = new Driver();
    d.answer(d.send(), status(503));
    expect(d.limit).toBe(16);
    d.window(ok());
    expect(d.limit).toBe(17);
    d.window(ok());
    expect(d.limit).toBe(18);
    for (let i = 0; i < 40; i++) d.window(ok());
    expect(d.limit).toBe(32);
    expect(d.state.limit).toBe(32);
    expect(d.changes.at(-1)).toEqual({ from: 31, to: 32, reason: "good answers" });
  });

  test("does not rise while less than half of it is in use", () => {
    const d = new Driver();
    d.answer(d.send(), status(503));
    for (let i = 0; i < 500; i++) {
      const a = d.send();
      const b = d.send();
      d.answer(a, ok());
      d.answer(b, ok());
    }
    expect(d.limit).toBe(16);
  });

  test("good answers to requests sent before a decrease do not raise it back", () => {
    const d = new Driver();
    const burst = Array.from({ length: 32 }, () => d.send());
    d.answer(burst[0], status(503));
    for (const t of burst.slice(1)) d.answer(t, ok());
    expect(d.limit).toBe(16);
  });

  describe("latency", () => {
    test("an answer more than twice as slow as the fastest of its kind, and 20 ms slower, lowers it by a fifth", () => {
      const d = new Driver();
      d.answer(d.send(), ok(10));
      d.answer(d.send(), ok(30)); // 3x, but only 20 ms more: jitter
      expect(d.limit).toBe(32);
      d.answer(d.send(), ok(31));
      expect(d.limit).toBe(25);
      expect(d.changes).toEqual([{ from: 32, to: 25, reason: "a slow answer (31 ms, fastest 10 ms)" }]);
    });

    test("a slow answer of a fast controller is one more than the slack above its fastest", () => {
      const d = new Driver();
      d.answer(d.send(), ok(100));
      d.answer(d.send(), ok(199));
      expect(d.limit).toBe(32);
      d.answer(d.send(), ok(201));
      expect(d.limit).toBe(25);
    });

    test("the client's own lateness in hearing of an answer is not counted as the controller's", () => {
      const d = new Driver();
      d.answer(d.send(), ok(70));
      // Heard 130 ms late by a busy client: 200 ms measured, 70 of them the controller's.
      d.answer(d.send(), { kind: "answer", status: 200, latencyMs: 200, requestKind: KIND, ownDelayMs: 130 });
      expect(d.limit).toBe(32);
      // The same answer without the client's lateness is slow.
      d.answer(d.send(), ok(200));
      expect(d.limit).toBe(25);
      expect(d.changes).toEqual([{ from: 32, to: 25, reason: "a slow answer (200 ms, fastest 70 ms)" }]);
    });

    test("the fastest answer is kept as measured: a client's lateness, an upper bound, never lowers it", () => {
      const d = new Driver();
      d.answer(d.send(), ok(70));
      d.answer(d.send(), { kind: "answer", status: 200, latencyMs: 70, requestKind: KIND, ownDelayMs: 40 });
      // Against 30 ms as the fastest this would be slow; against the measured 70 it is not.
      d.answer(d.send(), ok(90));
      expect(d.limit).toBe(32);
    });

    test("each kind of request has its own fastest answer", () => {
      const d = new Driver();
      d.answer(d.send(), ok(5));
      const bigPost: Outcome = { kind: "answer", status: 200, latencyMs: 80, requestKind: "POST config.xml 3" };
      d.answer(d.send(), bigPost);
      d.answer(d.send(), { ...bigPost, latencyMs: 100 });
      expect(d.limit).toBe(32);
    });

    test("error answers set no fastest time", () => {
      const d = new Driver();
      d.answer(d.send(), { kind: "answer", status: 404, latencyMs: 1, requestKind: KIND });
      d.answer(d.send(), ok(60));
      d.answer(d.send(), ok(80));
      expect(d.limit).toBe(32);
    });

    test("settles where answers stay fast: a queue that grows past a knee holds the limit near it", () => {
      // A controller that answers in 10 ms up to 8 requests in flight and 10 ms slower for each one beyond: each
      // request of a burst finds the ones sent before it in flight.
      const d = new Driver();
      const latency = (inFlight: number): number => 10 + 10 * Math.max(0, inFlight - 8);
      const seen: number[] = [];
      for (let round = 0; round < 300; round++) {
        const n = d.limit;
        seen.push(n);
        const tickets = Array.from({ length: n }, () => d.send());
        tickets.forEach((t, i) => d.answer(t, ok(latency(i + 1))));
      }
      // Each round: a fifth off at the first slow answer, after the good answers before it raised the limit a little.
      expect(seen.slice(0, 6)).toEqual([32, 25, 20, 16, 13, 11]);
      // Slow beyond 8 + 20/10 = 10 in flight (more than 20 ms over the fastest, 10 ms).
      const late = seen.slice(100);
      expect(Math.max(...late)).toBeLessThanOrEqual(11);
      expect(Math.min(...late)).toBeGreaterThanOrEqual(8);
    });
  });
});

describe("the kind of a request", () => {
  test("is its method, endpoint and size class", () => {
    expect(requestKind("GET", "/job/a/job/b/config.xml", 0)).toBe("GET config.xml 0");
    expect(requestKind("POST", "/createItem?name=x", 5000)).toBe("POST createItem 0");
    expect(requestKind("POST", "/job/a/config.xml", 100_000)).toBe("POST config.xml 2");
    expect(requestKind("POST", "/job/a/config.xml", 1_000_000)).toBe("POST config.xml 3");
    expect(requestKind("GET", "/job/a/api/json?tree=jobs[name]", 0)).toBe("GET json 0");
  });
});
