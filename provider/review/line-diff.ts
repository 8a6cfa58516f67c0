/**
 * A line diff of two texts as hunks with context, the way `diff -u` groups them. Configs are held in one canonical,
 * pretty-printed form, so a change is a few lines in the middle of a long, mostly equal text: the common head and
 * tail are trimmed first and only the middle goes through the longest-common-subsequence table, which keeps
 * thousands of jobs' diffs within a second. A middle too large for the table is shown as removed, then added.
 */

export interface DiffLine {
  tag: " " | "-" | "+";
  text: string;
}

export interface Hunk {
  /** 1-based first line in the old and the new text, as in `@@ -a,b +c,d @@`. */
  oldStart: number;
  oldLines: number;
  newStart: number;
  newLines: number;
  lines: DiffLine[];
}

/** Beyond this many cells the table costs more than a reviewer gains from a minimal diff. */
const MAX_TABLE_CELLS = 4_000_000;

function middleDiff(a: readonly string[], b: readonly string[]): DiffLine[] {
  const n = a.length;
  const m = b.length;
  if (n === 0 || m === 0 || n * m > MAX_TABLE_CELLS) {
    return [...a.map((text) => ({ tag: "-" as const, text })), ...b.map((text) => ({ tag: "+" as const, text }))];
  }
  // lcs[i][j]: length of the longest common subsequence of a[i..] and b[j..], one flat array.
  const width = m + 1;
  const lcs = new Uint32Array((n + 1) * width);
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lcs[i * width + j] =
        a[i] === b[j] ? lcs[(i + 1) * width + j + 1] + 1 : Math.max(lcs[(i + 1) * width + j], lcs[i * width + j + 1]);
    }
  }
  const out: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[i] === b[j]) {
      out.push({ tag: " ", text: a[i++] });
      j++;
    } else if (lcs[(i + 1) * width + j] >= lcs[i * width + j + 1]) {
      out.push({ tag: "-", text: a[i++] });
    } else {
      out.push({ tag: "+", text: b[j++] });
    }
  }
  while (i < n) out.push({ tag: "-", text: a[i++] });
  while (j < m) out.push({ tag: "+", text: b[j++] });
  return out;
}

/** A text's lines; an absent text (a property added or removed) has none. */
const linesOf = (text: string | undefined): string[] => (text === undefined ? [] : text.split("\n"));

/** Every line of both texts, tagged: equal, removed or added. */
export function diffLines(oldText: string | undefined, newText: string | undefined): DiffLine[] {
  const a = linesOf(oldText);
  const b = linesOf(newText);
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  return [
    ...a.slice(0, head).map((text) => ({ tag: " " as const, text })),
    ...middleDiff(a.slice(head, a.length - tail), b.slice(head, b.length - tail)),
    ...a.slice(a.length - tail).map((text) => ({ tag: " " as const, text })),
  ];
}

/** The changed lines with `context` equal lines around each change; changes closer than that share a hunk. */
export function hunks(oldText: string | undefined, newText: string | undefined, context: number): Hunk[] {
  const lines = diffLines(oldText, newText);
  const changed = lines.flatMap((l, i) => (l.tag === " " ? [] : [i]));
  const out: Hunk[] = [];
  let k = 0;
  while (k < changed.length) {
    const start = Math.max(0, changed[k] - context);
    let end = changed[k];
    while (k + 1 < changed.length && changed[k + 1] - end <= 2 * context + 1) end = changed[++k];
    k++;
    const stop = Math.min(lines.length, end + context + 1);
    let oldLine = 1;
    let newLine = 1;
    for (let i = 0; i < start; i++) {
      if (lines[i].tag !== "+") oldLine++;
      if (lines[i].tag !== "-") newLine++;
    }
    const slice = lines.slice(start, stop);
    out.push({
      oldStart: oldLine,
      oldLines: slice.filter((l) => l.tag !== "+").length,
      newStart: newLine,
      newLines: slice.filter((l) => l.tag !== "-").length,
      lines: slice,
    });
  }
  return out;
}
