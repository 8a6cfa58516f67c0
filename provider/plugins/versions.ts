/**
 * Ordering Jenkins plugin versions: "5.10.0", "1571.vb_423c255d6d9", "2.2277.v00573e73ddf1". The leading numeric
 * parts order releases (a "v…" part is a commit id, not an order); equal numeric parts count as the same release.
 */

/** The versions already read, at most MAX_PARSED (a config names a few dozen, the same in every job of a stack). */
const MAX_PARSED = 1000;
const parsed = new Map<string, readonly number[]>();

function numericParts(v: string): readonly number[] {
  const known = parsed.get(v);
  if (known !== undefined) return known;
  const out: number[] = [];
  for (const part of v.split(/[.-]/)) {
    if (!/^\d+$/.test(part)) break;
    out.push(Number(part));
  }
  if (parsed.size >= MAX_PARSED) parsed.clear();
  parsed.set(v, out);
  return out;
}

/** Whether `a` is an older release than `b`. */
export function isOlder(a: string, b: string): boolean {
  const x = numericParts(a);
  const y = numericParts(b);
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const d = (x[i] ?? 0) - (y[i] ?? 0);
    if (d !== 0) return d < 0;
  }
  return false;
}

/** The newer of two versions, either of which may be unknown. */
export function newerOf(a: string | undefined, b: string | undefined): string | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return isOlder(a, b) ? b : a;
}
