/**
 * A progress display for long imports, on stderr so stdout stays clean for scripts.
 *
 * On a terminal it is one line redrawn in place with `\r` (at most every 100 ms, and at the end). Anywhere else
 * (CI logs, a file) `\r` would pile up into one enormous line, so it prints a plain line at every tenth instead.
 * Small runs finish before anyone would look at a bar, so below `minTotal` nothing is shown.
 */
export interface ProgressStream {
  write(text: string): unknown;
  isTTY?: boolean;
  columns?: number;
}

export interface ProgressOptions {
  label: string;
  total: number;
  stream: ProgressStream;
  /** Below this many steps nothing is drawn. Default 50. */
  minTotal?: number;
  /** Clock, for tests. */
  now?: () => number;
}

export interface Progress {
  tick(count?: number): void;
  done(): void;
}

const REDRAW_MS = 100;

export function bar(done: number, total: number, width: number): string {
  const filled = total === 0 ? width : Math.round((done / total) * width);
  return `[${"#".repeat(filled)}${"-".repeat(width - filled)}]`;
}

export function startProgress(opts: ProgressOptions): Progress {
  const { label, total, stream } = opts;
  const now = opts.now ?? Date.now;
  const silent = total < (opts.minTotal ?? 50);
  let done = 0;
  let lastDraw = -Infinity;
  let lastTenth = 0;
  let finished = false;

  const percent = () => (total === 0 ? 100 : Math.floor((done / total) * 100));
  const drawTty = () => {
    const counts = `${done}/${total} ${percent()}%`;
    const room = Math.max(10, Math.min(40, (stream.columns ?? 80) - label.length - counts.length - 4));
    stream.write(`\r${label} ${bar(done, total, room)} ${counts}`);
    lastDraw = now();
  };

  return {
    tick(count = 1) {
      if (silent || finished) return;
      done = Math.min(total, done + count);
      if (stream.isTTY) {
        if (now() - lastDraw >= REDRAW_MS || done === total) drawTty();
        return;
      }
      const tenth = Math.floor((done / total) * 10);
      if (tenth > lastTenth) {
        lastTenth = tenth;
        stream.write(`${label}: ${done}/${total} (${percent()}%)\n`);
      }
    },
    done() {
      if (silent || finished) return;
      finished = true;
      if (stream.isTTY) {
        drawTty();
        stream.write("\n");
      } else if (lastTenth < 10) {
        stream.write(`${label}: ${done}/${total} (${percent()}%)\n`);
      }
    },
  };
}
