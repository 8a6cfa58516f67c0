/**
 * The time this process's event loop was too busy to run callbacks, added up while requests are out. The adaptive
 * gate measures an answer's latency from sending to the callback that hears of its headers; when the process is
 * busy (parsing configs, protobuf, garbage collection, or a machine short of CPU), that callback runs late, and the
 * delay is the client's own, not the controller's. Taking it off keeps the gate from lowering its limit for the
 * client's own load, which would only add waiting to the work that made it busy.
 *
 * A timer ticks every `tickMs` while `hold` has been called more often than `release`; a tick that comes late by more
 * than the tick adds the lateness. Between ticks, `now` counts the current lateness too.
 */
import { performance } from "node:perf_hooks";

export class OwnDelay {
  private totalMs = 0;
  private expected = 0;
  private timer: NodeJS.Timeout | undefined;
  private holders = 0;

  constructor(private readonly tickMs = 10) {}

  /** The busy time so far, in ms: subtract the value at sending from the value at the answer. */
  now(): number {
    if (this.timer === undefined) return this.totalMs;
    return this.totalMs + Math.max(0, performance.now() - this.expected);
  }

  /** Starts counting (if not counting already); call `release` once the request is answered. */
  hold(): void {
    if (this.holders++ > 0) return;
    this.expected = performance.now() + this.tickMs;
    this.timer = setInterval(() => this.tick(), this.tickMs);
    this.timer.unref();
  }

  release(): void {
    if (this.holders === 0 || --this.holders > 0) return;
    this.totalMs = this.now();
    clearInterval(this.timer);
    this.timer = undefined;
  }

  private tick(): void {
    const at = performance.now();
    this.totalMs += Math.max(0, at - this.expected);
    this.expected = at + this.tickMs;
  }
}
