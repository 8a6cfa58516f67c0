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
    test("answers that stay more than twice as slow as the fastest of their kind, and 20 ms slower, lower it by a fifth", () => {
      const d = new Driver();
      d.answer(d.send(), ok(10));
      // The average moves a quarter of the way to each answer, counted as at most 40 ms (four times the fastest):
      // 17.5, 23.1, 27.3, then 30.5 ms (over 20 and over 30).
      for (let i = 0; i < 3; i++) d.answer(d.send(), ok(50));
      expect(d.limit).toBe(32);
      d.answer(d.send(), ok(50));
      expect(d.limit).toBe(25);
      expect(d.changes).toEqual([{ from: 32, to: 25, reason: "slow answers (31 ms on average, fastest 10 ms)" }]);
    });

    test("one slow answer among fast ones is a stall, not load: the limit stays", () => {
      const d = new Driver();
      for (let i = 0; i < 40; i++) d.answer(d.send(), ok(i % 8 === 7 ? 150 : 10));
      expect(d.changes).toEqual([]);
      expect(d.limit).toBe(32);
    });

    test("answers of a fast controller are slow only once their average is more than the slack above its fastest", () => {
      const d = new Driver();
      d.answer(d.send(), ok(100));
      // Twice the fastest and a little more never brings the average past 200 ms.
      for (let i = 0; i < 20; i++) d.answer(d.send(), ok(199));
      expect(d.limit).toBe(32);
      // 224, 243, 257: above 200 and above 120 from the first.
      d.answer(d.send(), ok(300));
      expect(d.limit).toBe(25);
    });

    test("the client's own lateness in hearing of an answer is not counted as the controller's", () => {
      const d = new Driver();
      d.answer(d.send(), ok(70));
      // Heard 130 ms late by a busy client: 200 ms measured, 70 of them the controller's.
      for (let i = 0; i < 10; i++) {
        d.answer(d.send(), { kind: "answer", status: 200, latencyMs: 200, requestKind: KIND, ownDelayMs: 130 });
      }
      expect(d.limit).toBe(32);
      // The same answers without the client's lateness are slow: 102.5, 126.9, then 145.2 ms on average.
      for (let i = 0; i < 3; i++) d.answer(d.send(), ok(200));
      expect(d.limit).toBe(25);
      expect(d.changes).toEqual([{ from: 32, to: 25, reason: "slow answers (145 ms on average, fastest 70 ms)" }]);
    });

    test("the fastest answer is kept as measured: a client's lateness, an upper bound, never lowers it", () => {
      const d = new Driver();
      d.answer(d.send(), ok(70));
      d.answer(d.send(), { kind: "answer", status: 200, latencyMs: 70, requestKind: KIND, ownDelayMs: 40 });
      // Against 30 ms as the fastest these would be slow; against the measured 70 they are not.
      for (let i = 0; i < 10; i++) d.answer(d.send(), ok(90));
      expect(d.limit).toBe(32);
    });

    test("after a decrease, the answers to requests sent before it neither lower the limit nor weigh on the average", () => {
      const d = new Driver();
      d.answer(d.send(), ok(10));
      const early = Array.from({ length: 10 }, () => d.send());
      for (const t of early.slice(0, 4)) d.answer(t, ok(50));
      expect(d.limit).toBe(25);
      // The rest of the slow burst belongs to the window before: the limit stays, the average stays at the fastest.
      for (const t of early.slice(4)) d.answer(t, ok(200));
      expect(d.limit).toBe(25);
      d.answer(d.send(), ok(12));
      d.answer(d.send(), ok(12));
      expect(d.changes).toEqual([{ from: 32, to: 25, reason: "slow answers (31 ms on average, fastest 10 ms)" }]);
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
      // Each round: a fifth off once the average turns slow, after the good answers before it raised the limit a
      // little. The average of a round passes 30 ms (20 over the fastest) at its 13th answer: 12.5, 16.9, 22.7, 27.0
      // and 30.3 ms for the 9th to the 13th, the 11th on counted as 40 ms (four times the fastest).
      expect(seen.slice(0, 6)).toEqual([32, 25, 20, 16, 13, 11]);
      const late = seen.slice(100);
      expect(Math.max(...late)).toBe(13);
      expect(Math.min(...late)).toBe(11);
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
