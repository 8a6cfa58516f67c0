/**
 * How late this process is in running what is due: the part of an answer's measured latency that is the client's
 * own. The adaptive gate (concurrency-gate.ts) hears of an answer's headers in a callback; when the process is busy
 * (parsing configs, protobuf, garbage collection, a machine short of CPU), that callback runs late, and the delay is
 * the client's load, not the controller's. Taking it off keeps the gate from lowering its limit for its own load,
 * which would only add waiting to the work that made it busy. A busy spell while the request is out delays nothing
 * (the controller works meanwhile, and its answer waits in the socket): only the lateness when the answer is heard
 * counts.
 *
 * A timer ticks every `tickMs` while `hold` has been called more often than `release`. Lateness now: how overdue the
 * next tick is, or, when a tick ran in this same wake-up just before, how late that tick was.
 */
import { performance } from "node:perf_hooks";

export class OwnDelay {
  private expected = 0;
  private lastTickAt = -Infinity;
  private lastLateness = 0;
  private timer: NodeJS.Timeout | undefined;
  private holders = 0;

  constructor(private readonly tickMs = 10) {}

  /** How late this process is now, in ms (0 while nothing is held). */
  lateness(): number {
    if (this.timer === undefined) return 0;
    const at = performance.now();
    const overdue = at - this.expected;
    if (overdue > 0) return overdue;
    // The tick that ran in this wake-up measured it (timers run before the sockets' callbacks of the same turn).
    return at - this.lastTickAt <= 1 ? this.lastLateness : 0;
  }

  /** Starts ticking (if not ticking already); call `release` once the request is answered. */
  hold(): void {
    if (this.holders++ > 0) return;
    this.expected = performance.now() + this.tickMs;
    this.timer = setInterval(() => this.tick(), this.tickMs);
    this.timer.unref();
  }

  release(): void {
    if (this.holders === 0 || --this.holders > 0) return;
    clearInterval(this.timer);
    this.timer = undefined;
  }

  private tick(): void {
    const at = performance.now();
    this.lastLateness = Math.max(0, at - this.expected);
    this.lastTickAt = at;
    this.expected = at + this.tickMs;
  }
}
