/**
 * The build queue and the builds it starts, reduced to what callers can observe: queue item ids, the quiet period
 * during which a second trigger with the same parameters is merged into the waiting item (Jenkins answers 201 with
 * the same queue item), cancellation when a job is disabled, a record of every accepted trigger for tests, and the
 * builds themselves: a queue item becomes build #N when its quiet period ends. A build finishes at once, unless
 * builds are held running (`holdBuilds`), which is how tests keep one running. History, numbers and the next number
 * follow a job through rename and move.
 */
import type { BuildRecord } from "./options";
import type { RunRecord } from "./pipeline/apply";

export interface QueueItem {
  id: number;
  job: string;
  params: Record<string, string>;
  queuedAt: number;
  cancelled: boolean;
  buildNumber: number;
  /** When the build finished; unset while it runs (only while builds are held). */
  finishedAt?: number;
  /** Set once the build has run its script (pipeline/runs.ts); what the run leaves for the next one. */
  ran?: { record?: RunRecord };
}

export interface BuildRun {
  number: number;
  building: boolean;
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

  private holding = false;

  constructor(private quietPeriodMs: number) {}

  private started(q: QueueItem, now: number): boolean {
    return !q.cancelled && now - q.queuedAt >= this.quietPeriodMs;
  }

  /** Builds that start from now on keep running until `holdBuilds(false)` finishes them. */
  holdBuilds(hold: boolean, now = Date.now()): void {
    for (const q of this.items.values()) if (this.started(q, now) && q.finishedAt === undefined) q.finishedAt = now;
    this.holding = hold;
  }

  /** A job's builds, newest first. */
  runsOf(job: string, now = Date.now()): BuildRun[] {
    return [...this.items.values()]
      .filter((q) => q.job === job && this.started(q, now))
      .map((q) => ({ number: q.buildNumber, building: this.holding && q.finishedAt === undefined }))
      .sort((a, b) => b.number - a.number);
  }

  /** Whether a build of the job, or of any job inside the folder of that name, is running. */
  isBuilding(fullName: string, now = Date.now()): boolean {
    const inside = `${fullName}/`;
    return [...this.items.values()].some(
      (q) =>
        (q.job === fullName || q.job.startsWith(inside)) &&
        this.started(q, now) &&
        this.holding &&
        q.finishedAt === undefined,
    );
  }

  isWaiting(q: QueueItem, now = Date.now()): boolean {
    return !q.cancelled && now - q.queuedAt < this.quietPeriodMs;
  }

  schedule(job: string, params: Record<string, string>, delayMs?: number): QueueItem {
    const now = Date.now();
    let q = [...this.items.values()].find(
      (x) => x.job === job && this.isWaiting(x, now) && sameParams(x.params, params),
    );
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

  /** Builds whose quiet period has ended and that have not run yet, oldest first; marked as run. */
  startNewRuns(now = Date.now()): QueueItem[] {
    const due = [...this.items.values()]
      .filter((q) => q.ran === undefined && this.started(q, now))
      .sort((a, b) => a.queuedAt - b.queuedAt || a.id - b.id);
    for (const q of due) q.ran = {};
    return due;
  }

  /** The newest build of the job before `q` that has run. */
  previousRun(q: QueueItem): QueueItem | undefined {
    return [...this.items.values()]
      .filter((x) => x.job === q.job && x.ran !== undefined && x.buildNumber < q.buildNumber)
      .sort((a, b) => b.buildNumber - a.buildNumber)[0];
  }

  /**
   * The number the job's next build will get, as its api/json shows it: a queue item takes its number when it
   * leaves the queue (Run's constructor assigns it), so one still in its quiet period has not used one yet.
   */
  nextBuildNumber(job: string, now = Date.now()): number {
    const waiting = [...this.items.values()].filter((q) => q.job === job && this.isWaiting(q, now));
    return waiting.length > 0 ? Math.min(...waiting.map((q) => q.buildNumber)) : (this.nextBuild.get(job) ?? 1);
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

  /** A renamed or moved item: its history, and that of every job inside it, follows it. */
  renameJob(from: string, to: string): void {
    const moved = (job: string): string | undefined =>
      job === from ? to : job.startsWith(`${from}/`) ? to + job.slice(from.length) : undefined;
    for (const q of this.items.values()) q.job = moved(q.job) ?? q.job;
    for (const [job, n] of [...this.nextBuild]) {
      const next = moved(job);
      if (next !== undefined) {
        this.nextBuild.delete(job);
        this.nextBuild.set(next, n);
      }
    }
  }
}
