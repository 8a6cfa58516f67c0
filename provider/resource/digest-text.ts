/**
 * How a job's outputs store `__digest` (config-digest.ts): one string instead of an object. The CLI writes the
 * state indented, one line per value, so an object of a dozen short values (three hashes, a layout's keys and
 * plugin attributes) cost three times its own bytes in indentation; as one string it costs its characters.
 *
 * The text is the digest's first line, `<root> <canonical> <semantic> <equivalence>` (an XML name and the first
 * 128 bits of three hashes, kept-hash.ts `shortHash`: they tell one config from another, which needs no more), then one line per part it has, each starting with a letter that names it:
 *  - `k` a declared config's layout: its kept keys (drift.ts `pathKey`, 8 hex digits each) one after the other;
 *  - `p` the layout's `plugin` attributes, each value once followed by the keys of the elements that carry it,
 *    `value=key…` separated by spaces (a config names the same plugin at the same version on many elements; `P`
 *    and JSON when a value holds whitespace or `=`);
 *  - `f` the layout's own description/disabled texts and the fields it lacks, as JSON;
 *  - `o` the owned parts (canonical XML, which may span lines), always last: the rest of the text is theirs.
 * States written before keep the object, which reads as well.
 */
import { shortHash } from "./kept-hash";
import type { ConfigDigest, DeclaredLayout } from "./types";

const KEY = /^[0-9a-f]{8}$/;

/** The stored text of a digest. */
export function digestText(d: ConfigDigest): string {
  const lines = [`${d.root} ${shortHash(d.canonical)} ${shortHash(d.semantic)} ${shortHash(d.equivalence)}`];
  const layout = d.layout;
  if (layout !== undefined) {
    const keys = layout.kept.every((k) => KEY.test(k));
    lines.push(keys ? `k${layout.kept.join("")}` : `K${JSON.stringify(layout.kept)}`);
    const plugins = Object.entries(layout.plugins);
    if (plugins.length > 0) {
      const plain = plugins.every(([k, v]) => KEY.test(k) && v !== "" && !/[\s=]/.test(v));
      lines.push(plain ? `p${byValue(plugins)}` : `P${JSON.stringify(layout.plugins)}`);
    }
    if (layout.fields !== undefined || layout.absent !== undefined)
      lines.push(`f${JSON.stringify({ fields: layout.fields, absent: layout.absent })}`);
  }
  if (d.owned !== undefined) lines.push(`o${d.owned}`);
  return lines.join("\n");
}

/** The digest a stored text holds; undefined for text that is not one. */
export function digestFromText(text: string): ConfigDigest | undefined {
  const lines = text.split("\n");
  const head = lines[0].split(" ");
  if (head.length !== 4 || head.some((p) => p === "")) return undefined;
  const [root, canonical, semantic, equivalence] = head;
  const digest: ConfigDigest = { root, canonical, semantic, equivalence };
  let layout: DeclaredLayout | undefined;
  try {
    for (let i = 1; i < lines.length; i++) {
      const tag = lines[i][0];
      const value = lines[i].slice(1);
      if (tag === "o") {
        digest.owned = [value, ...lines.slice(i + 1)].join("\n");
        break;
      }
      layout ??= { kept: [], plugins: {} };
      if (tag === "k") layout.kept = value.match(/.{8}/g) ?? [];
      else if (tag === "K") layout.kept = JSON.parse(value) as string[];
      else if (tag === "p") {
        for (const group of value.split(" ")) {
          const at = group.lastIndexOf("=");
          for (const key of group.slice(at + 1).match(/.{8}/g) ?? []) layout.plugins[key] = group.slice(0, at);
        }
      } else if (tag === "P") layout.plugins = JSON.parse(value) as Record<string, string>;
      else if (tag === "f") {
        const { fields, absent } = JSON.parse(value) as Pick<DeclaredLayout, "fields" | "absent">;
        if (fields !== undefined) layout.fields = fields;
        if (absent !== undefined) layout.absent = absent;
      } else return undefined;
    }
  } catch (e) {
    if (e instanceof SyntaxError) return undefined;
    throw e;
  }
  if (layout !== undefined) digest.layout = layout;
  return digest;
}

/** `value=key…` for each value, in the order the values first come. */
function byValue(plugins: Array<[string, string]>): string {
  const keys = new Map<string, string>();
  for (const [key, value] of plugins) keys.set(value, (keys.get(value) ?? "") + key);
  return [...keys].map(([value, joined]) => `${value}=${joined}`).join(" ");
}
