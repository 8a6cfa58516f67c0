/**
 * Prints the difference between a resource's old outputs and new inputs property by property, in the layout of
 * `pulumi preview --diff`: `~` changed, `+` added, `-` removed, nested objects and arrays opened, and a multi-line
 * string (a Pipeline script, a shell step) shown as the lines that changed.
 */
import { lineDiff } from "../test/harness/line-diff";

type Value = unknown;

function isObject(v: Value): v is Record<string, Value> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function same(a: Value, b: Value): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function scalar(v: Value): string {
  return JSON.stringify(v);
}

/** A whole value under a `+` or `-`: objects and arrays spelled out, every line carrying the sign. */
function whole(sign: "+" | "-", label: string, v: Value, pad: string): string[] {
  if (isObject(v) || Array.isArray(v)) {
    const entries: Array<[string, Value]> = Array.isArray(v)
      ? v.map((x, i) => [`[${i}]`, x])
      : Object.entries(v).sort(([a], [b]) => a.localeCompare(b));
    const width = Math.max(0, ...entries.map(([k]) => k.length));
    const [open, close] = Array.isArray(v) ? ["[", "]"] : ["{", "}"];
    return [
      `${pad}${sign} ${label}: ${open}`,
      ...entries.flatMap(([k, x]) => whole(sign, k.padEnd(width), x, `${pad}        `)),
      `${pad}      ${close}`,
    ];
  }
  if (typeof v === "string" && v.includes("\n")) {
    return [`${pad}${sign} ${label}: (`, ...v.split("\n").map((l) => `${pad}      ${l}`), `${pad}    )`];
  }
  return [`${pad}${sign} ${label}: ${scalar(v)}`];
}

function entry(label: string, a: Value, b: Value, pad: string): string[] {
  if (same(a, b)) return [];
  if (a === undefined) return whole("+", label, b, pad);
  if (b === undefined) return whole("-", label, a, pad);
  if ((isObject(a) && isObject(b)) || (Array.isArray(a) && Array.isArray(b))) {
    const [open, close] = Array.isArray(a) ? ["[", "]"] : ["{", "}"];
    const keys = Array.isArray(a)
      ? Array.from({ length: Math.max(a.length, (b as Value[]).length) }, (_, i) => i)
      : [...new Set([...Object.keys(a), ...Object.keys(b as object)])].sort();
    const get = (o: Value, k: string | number) => (o as Record<string | number, Value>)[k];
    const changed = keys.filter((k) => !same(get(a, k), get(b, k)));
    const labels = changed.map((k) => (typeof k === "number" ? `[${k}]` : k));
    const width = Math.max(0, ...labels.map((l) => l.length));
    return [
      `${pad}~ ${label}: ${open}`,
      ...changed.flatMap((k, i) => entry(labels[i].padEnd(width), get(a, k), get(b, k), `${pad}    `)),
      `${pad}  ${close}`,
    ];
  }
  if (typeof a === "string" && typeof b === "string" && (a.includes("\n") || b.includes("\n"))) {
    return [
      `${pad}~ ${label}: (`,
      ...lineDiff(a, b)
        .split("\n")
        .map((l) => `${pad}    ${l}`),
      `${pad}  )`,
    ];
  }
  return [`${pad}~ ${label}: ${scalar(a)} => ${scalar(b)}`];
}

/** The changed properties among `keys`, each as `pulumi preview --diff` lays it out, indented by `pad`. */
export function propertyDiff(
  olds: Record<string, Value>,
  news: Record<string, Value>,
  keys: readonly string[],
  pad = "      ",
): string {
  const changed = keys.filter((k) => !same(olds[k], news[k]));
  const width = Math.max(0, ...changed.map((k) => k.length));
  return changed.flatMap((k) => entry(k.padEnd(width), olds[k], news[k], pad)).join("\n");
}
