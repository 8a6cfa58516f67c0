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

/**
 * The maps of the documents. Stapler writes an exported `Map` in its compact form, an object keyed by the entries'
 * keys and with no `_class`; the keys are no properties, so a `tree` does not name them: each value is filtered by
 * the tree the map itself was given (Property.writeValue). `tree=domains[credentials[id]]` thus reaches the
 * credentials of every domain of a store.
 */
const maps = new WeakSet<object>();

/** An exported map: an object whose values the `tree` filter treats as the map's own value. */
export function exportedMap(entries: Iterable<readonly [string, Json]>): Json {
  const out: { [k: string]: Json } = {};
  for (const [k, v] of entries) out[k] = v;
  maps.add(out);
  return out;
}

const NOTHING: TreeSpec = new Map();

/**
 * Filters a document as NamedPathPruner does: a property is kept when the tree names it or names `*`, in the
 * document's order; a property named without a sub-tree shows nested objects with their class only.
 */
export function applyTree(value: Json, spec: TreeSpec): Json {
  if (Array.isArray(value)) return value.map((v) => applyTree(v, spec));
  if (value === null || typeof value !== "object") return value;
  if (maps.has(value)) return exportedMap(Object.entries(value).map(([k, v]) => [k, applyTree(v, spec)] as const));
  const out: { [k: string]: Json } = {};
  if ("_class" in value) out._class = value._class;
  for (const [name, original] of Object.entries(value)) {
    if (name === "_class") continue;
    const entry = spec.get(name) ?? spec.get("*");
    if (entry === undefined) continue;
    let v = original;
    if (Array.isArray(v) && entry.range) v = v.slice(entry.range[0], entry.range[1]);
    out[name] = applyTree(v, entry.sub ?? NOTHING);
  }
  return out;
}

export type { Json };
