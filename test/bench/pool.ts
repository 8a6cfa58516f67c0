/** Runs work with a fixed number of operations in flight, and reports progress on stderr. */

export class Progress {
  private done = 0;
  private lastPrint = 0;
  private readonly started = Date.now();

  constructor(
    private readonly label: string,
    private readonly total: number,
  ) {}

  tick(): void {
    this.done++;
    const now = Date.now();
    if (this.done === this.total || now - this.lastPrint >= 1000) {
      this.lastPrint = now;
      const secs = ((now - this.started) / 1000).toFixed(1);
      process.stderr.write(`  ${this.label}: ${this.done}/${this.total} (${secs}s)\n`);
    }
  }
}

/**
 * Calls `fn` for every item with at most `parallel` calls pending, as the engine schedules independent resources.
 * Stops starting new work after the first failure and rethrows it once the calls in flight have settled.
 */
export async function runPool<T>(
  items: readonly T[],
  parallel: number,
  fn: (item: T, index: number) => Promise<void>,
  progress?: Progress,
): Promise<void> {
  let next = 0;
  let failure: unknown;
  const worker = async (): Promise<void> => {
    while (failure === undefined && next < items.length) {
      const i = next++;
      try {
        await fn(items[i], i);
      } catch (e) {
        if (failure === undefined) failure = e;
        return;
      }
      progress?.tick();
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, items.length) }, worker));
  if (failure !== undefined) throw failure;
}

/** Wall time of `fn` in milliseconds. */
export async function timed(fn: () => Promise<void>): Promise<number> {
  const t0 = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - t0) / 1e6;
}
