/**
 * A line diff in the style of `pulumi preview --diff` for multi-line strings: `-`/`+` lines with two lines of
 * context. Used by the demo to show what a change does to a job's config.
 */

type Op = { kind: " " | "-" | "+"; line: string };

function diffOps(a: string[], b: string[]): Op[] {
  // Longest common subsequence table; configs are a few hundred lines at most.
  const lcs: number[][] = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lcs[i][j] = a[i] === b[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
    }
  }
  const ops: Op[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      ops.push({ kind: " ", line: a[i] });
      i++;
      j++;
    } else if (lcs[i + 1][j] >= lcs[i][j + 1]) {
      ops.push({ kind: "-", line: a[i++] });
    } else {
      ops.push({ kind: "+", line: b[j++] });
    }
  }
  while (i < a.length) ops.push({ kind: "-", line: a[i++] });
  while (j < b.length) ops.push({ kind: "+", line: b[j++] });
  return ops;
}

/** The changed lines of `before` → `after` with `context` unchanged lines around each change; "" when equal. */
export function lineDiff(before: string, after: string, context = 2): string {
  const ops = diffOps(before.split("\n"), after.split("\n"));
  const keep = new Set<number>();
  ops.forEach((op, idx) => {
    if (op.kind === " ") return;
    for (let k = Math.max(0, idx - context); k <= Math.min(ops.length - 1, idx + context); k++) keep.add(k);
  });
  const out: string[] = [];
  let last = -1;
  for (const idx of [...keep].sort((x, y) => x - y)) {
    if (last >= 0 && idx > last + 1) out.push("  ...");
    out.push(`${ops[idx].kind} ${ops[idx].line}`);
    last = idx;
  }
  return out.join("\n");
}
