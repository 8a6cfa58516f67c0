/**
 * The whole of a new resource's inputs, for the reviewer of a create: a YAML-like listing in which a config or a
 * script keeps its lines (a `|` block), secrets are "(secret)" and internal or derived inputs are left out.
 */
import { SECRET, UNKNOWN, type Inputs } from "./changes";

const SKIPPED = new Set(["fullName", "url"]);

function scalar(v: unknown): string {
  if (v === SECRET) return "(secret)";
  if (v === UNKNOWN) return "(known after apply)";
  return JSON.stringify(v) ?? "null";
}

function lines(key: string, v: unknown, indent: string, out: string[]): void {
  const head = key === "" ? indent : `${indent}${key}: `;
  if (typeof v === "string" && v.includes("\n") && v !== SECRET) {
    out.push(`${head}|`);
    for (const line of v.replace(/\n$/, "").split("\n")) out.push(line === "" ? "" : `${indent}  ${line}`);
    return;
  }
  if (Array.isArray(v) && v.length > 0) {
    out.push(`${indent}${key}:`);
    for (const e of v) {
      const nested: string[] = [];
      lines("", e, `${indent}  `, nested);
      // The first line of an element carries the "- " marker in place of its indent.
      nested[0] = `${indent}- ${nested[0].slice(indent.length + 2)}`;
      out.push(...nested);
    }
    return;
  }
  if (typeof v === "object" && v !== null && !Array.isArray(v) && Object.keys(v).length > 0) {
    const entries = Object.entries(v as Inputs).filter(([, x]) => x !== undefined);
    if (key !== "") out.push(`${indent}${key}:`);
    const inner = key === "" ? indent : `${indent}  `;
    for (const [k, x] of entries) lines(k, x, inner, out);
    return;
  }
  out.push(`${head}${scalar(v)}`);
}

/**
 * The listing of `inputs`: scalars first, then nested values, a config or script last, each in input order. The
 * inputs of `hidden` (a credential's secrets and `secretVersion`) are only said to be set.
 */
export function bodyOf(inputs: Inputs, hidden: ReadonlySet<string> = new Set()): string[] {
  const keys = Object.keys(inputs).filter((k) => !k.startsWith("__") && !SKIPPED.has(k) && inputs[k] !== undefined);
  const weight = (k: string): number => {
    const v = inputs[k];
    if (typeof v === "string" && v.includes("\n")) return 2;
    return typeof v === "object" && v !== null ? 1 : 0;
  };
  const ordered = keys.map((k, i) => ({ k, i })).sort((a, b) => weight(a.k) - weight(b.k) || a.i - b.i);
  const out: string[] = [];
  for (const { k } of ordered) {
    if (hidden.has(k)) out.push(`${k}: (set; ${inputs[k] === SECRET ? "a secret: " : ""}its value is never shown)`);
    else lines(k, inputs[k], "", out);
  }
  return out;
}
