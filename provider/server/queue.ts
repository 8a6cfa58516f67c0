/**
 * The build queue, reduced to what callers can observe: queue item ids, the quiet period during which a
 * second trigger with the same parameters is merged into the waiting item (Jenkins answers 201 with the same
 * queue item), cancellation when a job is disabled, and a record of every accepted trigger for tests.
 */
import type { BuildRecord } from "./options";

export interface QueueItem {
  id: number;
  job: string;
  params: Record<string, string>;
  queuedAt: number;
  cancelled: boolean;
  buildNumber: number;
}

function sameParams(a: Record<string, string>, b: Record<string, string>): boolean {
  const ka = Object.keys(a);
  return ka.length === Object.keys(b).length && ka.every((k) => a[k] === b[k]);
}

export class BuildQueue {
  builds: BuildRecord[] = [];
  private items = new Map<number, QueueItem>();
  private nextId = 1;
  private nextBuild = new Map<string, number>();

  constructor(private quietPeriodMs: number) {}

  isWaiting(q: QueueItem, now = Date.now()): boolean {
    return !q.cancelled && now - q.queuedAt < this.quietPeriodMs;
  }

  schedule(job: string, params: Record<string, string>, delayMs?: number): QueueItem {
    const now = Date.now();
    let q = [...this.items.values()].find((x) => x.job === job && this.isWaiting(x, now) && sameParams(x.params, params));
    if (!q) {
      const buildNumber = this.nextBuild.get(job) ?? 1;
      this.nextBuild.set(job, buildNumber + 1);
      // A delay shifts the start of the quiet period; without one the default quiet period applies.
      const shift = delayMs === undefined ? 0 : delayMs - this.quietPeriodMs;
      q = { id: this.nextId++, job, params, queuedAt: now + shift, cancelled: false, buildNumber };
      this.items.set(q.id, q);
    }
    this.builds.push({ job, queueId: q.id, params });
    return q;
  }

  nextBuildNumber(job: string): number {
    return this.nextBuild.get(job) ?? 1;
  }

  get(id: number): QueueItem | undefined {
    return this.items.get(id);
  }

  waiting(): QueueItem[] {
    return [...this.items.values()].filter((q) => this.isWaiting(q));
  }

  /** Disabling a job cancels its queued builds. */
  cancel(job: string): void {
    for (const q of this.items.values()) if (q.job === job && this.isWaiting(q)) q.cancelled = true;
  }

  /** Renamed or deleted jobs: their history moves or goes. */
  renameJob(from: string, to: string): void {
    for (const q of this.items.values()) if (q.job === from) q.job = to;
    const n = this.nextBuild.get(from);
    if (n !== undefined) {
      this.nextBuild.delete(from);
      this.nextBuild.set(to, n);
    }
  }
}
