/**
 * The `tree` query parameter of Jenkins's remote API: "jobs[name,url,jobs[name]]{0,10}". Filtering keeps
 * `_class` (Jenkins always writes it for typed objects) and only the named properties.
 */
import { Failure } from "./http-errors";

export type TreeSpec = Map<string, { sub?: TreeSpec; range?: [number, number] }>;

export function parseTree(text: string): TreeSpec {
  let pos = 0;
  const fail = (): never => {
    throw new Failure(`Malformed tree expression: ${text}`);
  };
  const parseList = (): TreeSpec => {
    const spec: TreeSpec = new Map();
    for (;;) {
      const start = pos;
      while (pos < text.length && !",[]{}".includes(text[pos])) pos++;
      const name = text.slice(start, pos).trim();
      if (!name) fail();
      const entry: { sub?: TreeSpec; range?: [number, number] } = {};
      if (text[pos] === "[") {
        pos++;
        entry.sub = parseList();
        if (text[pos] !== "]") fail();
        pos++;
      }
      if (text[pos] === "{") {
        const end = text.indexOf("}", pos);
        if (end < 0) fail();
        const [a, b] = text.slice(pos + 1, end).split(",");
        const from = a.trim() === "" ? 0 : Number(a);
        const to = b === undefined ? from + 1 : b.trim() === "" ? Number.MAX_SAFE_INTEGER : Number(b);
        entry.range = [from, to];
        pos = end + 1;
      }
      spec.set(name, entry);
      if (text[pos] === ",") {
        pos++;
        continue;
      }
      return spec;
    }
  };
  const spec = parseList();
  if (pos !== text.length) fail();
  return spec;
}

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

export function applyTree(value: Json, spec: TreeSpec): Json {
  if (Array.isArray(value)) return value.map((v) => applyTree(v, spec));
  if (value === null || typeof value !== "object") return value;
  const out: { [k: string]: Json } = {};
  if ("_class" in value) out._class = value._class;
  for (const [name, entry] of spec) {
    if (!(name in value)) continue;
    let v = value[name];
    if (Array.isArray(v) && entry.range) v = v.slice(entry.range[0], entry.range[1]);
    if (entry.sub) v = applyTree(v, entry.sub);
    else if (v !== null && typeof v === "object") v = Array.isArray(v) ? v.map(shallow) : shallow(v);
    out[name] = v;
  }
  return out;
}

/** A property named without a sub-tree shows nested objects with their class only. */
function shallow(v: Json): Json {
  if (v === null || typeof v !== "object" || Array.isArray(v)) return v;
  return "_class" in v ? { _class: v._class } : {};
}

export type { Json };
