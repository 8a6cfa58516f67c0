/**
 * Secrets taken out of a job's `configXml` or typed spec as text: each secret value becomes a placeholder
 * (`[secret 1]`) and the values are returned beside the result, in placeholder order. Plain functions over plain
 * values, importing nothing but the table of Secret fields: the program side (hide.ts, in the `Job` and `Credential`
 * classes) runs them on what the program gives, and the provider plugin's Check on the inputs of the programs of
 * other languages, without loading the SDK.
 *
 * Text-level on purpose: a config without a secret is only searched for a few markers and goes through untouched.
 * The provider checks the result with its own parser (state.ts, check.ts).
 */
import { mayHoldSecrets, placeholder, placeholderIndex, SECRET_FIELDS } from "./fields";

export interface Hidden<T> {
  /** The config (or spec) with placeholders. */
  value: T;
  /** The secret values, in placeholder order. */
  values: string[];
}

interface Range {
  start: number;
  end: number;
  value: string;
  /** Writes the placeholder in place of the range. */
  write(p: string): string;
}

const START_TAG = /<([A-Za-z_][\w.:-]*)((?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>/g;
const CLASS_ATTR = /\sclass\s*=\s*(?:"([^"]*)"|'([^']*)')/;
const ENCRYPTED_TEXT = />(\s*\{AQAAABAAAA[A-Za-z0-9+/]+={0,2}\}\s*)</g;

function decodeClassName(elementName: string): string {
  return elementName.replace(/_([_-])/g, (_m, c: string) => (c === "_" ? "_" : "$"));
}

function classOf(name: string, attrs: string): string | undefined {
  const m = CLASS_ATTR.exec(attrs);
  if (m !== null) return m[1] ?? m[2];
  return name.includes(".") ? decodeClassName(name) : undefined;
}

const ENTITIES: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };

/** The text of an element's content: entities decoded, CDATA sections unwrapped; undefined when it holds markup. */
function textContent(raw: string): string | undefined {
  let out = "";
  let i = 0;
  while (i < raw.length) {
    const cdata = raw.indexOf("<![CDATA[", i);
    const plain = cdata < 0 ? raw.slice(i) : raw.slice(i, cdata);
    if (plain.includes("<")) return undefined;
    out += plain.replace(/&(#x[0-9A-Fa-f]+|#\d+|lt|gt|amp|quot|apos);/g, (_m, e: string) =>
      e.startsWith("#x")
        ? String.fromCodePoint(parseInt(e.slice(2), 16))
        : e.startsWith("#")
          ? String.fromCodePoint(Number(e.slice(1)))
          : ENTITIES[e],
    );
    if (cdata < 0) break;
    const end = raw.indexOf("]]>", cdata);
    if (end < 0) return undefined;
    out += raw.slice(cdata + 9, end);
    i = end + 3;
  }
  return out;
}

/** The Secret fields directly inside the element whose content is `body` (starting at `offset`). */
function fieldRanges(xml: string, bodyStart: number, bodyEnd: number, fields: readonly string[]): Range[] {
  const out: Range[] = [];
  const body = xml.slice(bodyStart, bodyEnd);
  for (const field of fields) {
    const re = new RegExp(`<${field.replace(/[.]/g, "\\.")}(\\s[^>]*?)?(?:/>|>([\\s\\S]*?)</${field}\\s*>)`, "g");
    for (const m of body.matchAll(re)) {
      const at = bodyStart + (m.index ?? 0);
      if (m[2] === undefined) {
        // `<defaultValue/>`: an empty value, written out in full around the placeholder.
        const attrs = m[1] ?? "";
        out.push({
          start: at,
          end: at + m[0].length,
          value: "",
          write: (p) => `<${field}${attrs}>${p}</${field}>`,
        });
        continue;
      }
      const value = textContent(m[2]);
      if (value === undefined || placeholderIndex(value.trim()) !== undefined) continue;
      const start = at + m[0].indexOf(">") + 1;
      out.push({ start, end: start + m[2].length, value, write: (p) => p });
    }
  }
  return out;
}

/** `xml` with every secret value replaced by a placeholder (numbered from `first`), and the values. */
export function hideInXml(xml: string, first = 0): Hidden<string> {
  if (!mayHoldSecrets(xml)) return { value: xml, values: [] };
  const ranges: Range[] = [];
  for (const m of xml.matchAll(START_TAG)) {
    if (m[3] === "/") continue;
    const fields = SECRET_FIELDS[classOf(m[1], m[2] ?? "") ?? ""];
    if (fields === undefined) continue;
    const bodyStart = (m.index ?? 0) + m[0].length;
    const bodyEnd = xml.indexOf(`</${m[1]}`, bodyStart);
    if (bodyEnd >= 0) ranges.push(...fieldRanges(xml, bodyStart, bodyEnd, fields));
  }
  for (const m of xml.matchAll(ENCRYPTED_TEXT)) {
    const start = (m.index ?? 0) + 1;
    ranges.push({ start, end: start + m[1].length, value: m[1].trim(), write: (p) => p });
  }
  ranges.sort((a, b) => a.start - b.start);
  let out = "";
  let at = 0;
  const values: string[] = [];
  for (const r of ranges) {
    if (r.start < at) continue; // an encrypted text inside a field already taken
    out += xml.slice(at, r.start) + r.write(placeholder(first + values.length));
    values.push(r.value);
    at = r.end;
  }
  return { value: out + xml.slice(at), values };
}

interface ParameterLike {
  type?: unknown;
  default?: unknown;
}

/** Whether a spec holds a password parameter (its default is a secret, given or not). */
export function specHoldsSecrets(spec: unknown): boolean {
  const params = (spec as { parameters?: unknown } | undefined)?.parameters;
  return Array.isArray(params) && params.some((p) => (p as ParameterLike | undefined)?.type === "password");
}

/** A spec with each password parameter's default replaced by a placeholder; the defaults in order ("" if none). */
export function hideInSpec<T>(spec: T): Hidden<T> {
  if (!specHoldsSecrets(spec)) return { value: spec, values: [] };
  const values: string[] = [];
  const params = (spec as { parameters: ParameterLike[] }).parameters.map((p) => {
    if (p?.type !== "password") return p;
    const given = p.default;
    if (typeof given === "string" && placeholderIndex(given) !== undefined) return p;
    values.push(typeof given === "string" ? given : "");
    return { ...p, default: placeholder(values.length - 1) };
  });
  return { value: { ...spec, parameters: params }, values };
}

/** The inputs that can hold secrets, in the order their values go into `secretValues`. */
export const SECRET_SOURCES = ["configXml", "pipeline", "freestyle"] as const;
