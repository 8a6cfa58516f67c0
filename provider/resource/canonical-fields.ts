/**
 * Description and enabled state of a config in canonical form (../xml/canonical), read from the text without
 * building a tree.
 *
 * The diff of every job declared with configXml needs these two root fields of the declared config. The `check`
 * of an unchanged config takes its canonical text from the old inputs without reading it, so in a no-op plan
 * nothing has them at hand, and parsing the whole config only for them was most of that diff's cost.
 *
 * Canonical text is simple enough to read exactly with a tag scan: it starts with the canonical declaration, has
 * no comment, CDATA, processing instruction or DOCTYPE after it, and every `<` in it opens a tag (text and
 * attribute values escape it). Anything else, or anything this scan does not accept (an entity other than the
 * predefined ones and character references, a field holding elements, tags that do not match), gives undefined,
 * and the caller parses the text as before.
 */
import { CANONICAL_DECLARATION } from "../xml/canonical";
import type { JobFields } from "./job-config";

const PREDEFINED: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

/** Text with the references the canonical writer uses replaced; undefined for any other reference. */
function decode(raw: string): string | undefined {
  if (raw.indexOf("&") === -1) return raw;
  let bad = false;
  const out = raw.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[A-Za-z]+);|&/g, (whole: string, body: string | undefined) => {
    if (body === undefined) {
      bad = true;
      return whole;
    }
    if (body.startsWith("#")) {
      const code = body[1] === "x" ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      if (!(code > 0 && code <= 0x10ffff) || (code >= 0xd800 && code <= 0xdfff)) bad = true;
      return bad ? whole : String.fromCodePoint(code);
    }
    const value = PREDEFINED[body];
    if (value === undefined) bad = true;
    return value ?? whole;
  });
  return bad ? undefined : out;
}

/** Whitespace, `/` or `>`: the end of a tag name. */
function nameEnds(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x09 || c === 0x0d || c === 0x2f || c === 0x3e;
}

/** The fields `fieldsOf` would read from the parsed `xml`, when `xml` is in canonical form; otherwise undefined. */
export function canonicalFields(xml: string): JobFields | undefined {
  const prolog = CANONICAL_DECLARATION + "\n";
  if (!xml.startsWith(prolog)) return undefined;
  const open: string[] = [];
  let description: string | undefined;
  let disabled: string | undefined;
  let i = xml.indexOf("<", prolog.length);
  if (i !== prolog.length) return undefined;
  while (i !== -1) {
    const next = xml.charCodeAt(i + 1);
    if (next === 0x21 /* ! */ || next === 0x3f /* ? */) return undefined;
    if (next === 0x2f /* / */) {
      const end = xml.indexOf(">", i + 2);
      const top = open.pop();
      if (end === -1 || top === undefined || end !== i + 2 + top.length || !xml.startsWith(top, i + 2)) {
        return undefined;
      }
      if (open.length === 0) return xml.slice(end + 1).trim() === "" ? fields(description, disabled) : undefined;
      i = xml.indexOf("<", end + 1);
      continue;
    }
    // A start tag: its name, then its end, the first `>` outside a (double-quoted) attribute value.
    let n = i + 1;
    while (n < xml.length && !nameEnds(xml.charCodeAt(n))) n++;
    const name = xml.slice(i + 1, n);
    let end = -1;
    for (let j = n, quoted = false; j < xml.length; j++) {
      const c = xml.charCodeAt(j);
      if (c === 0x22 /* " */) quoted = !quoted;
      else if (c === 0x3e /* > */ && !quoted) {
        end = j;
        break;
      }
    }
    if (end === -1 || name === "") return undefined;
    const empty = xml.charCodeAt(end - 1) === 0x2f; /* / */
    if (open.length === 1 && (name === "description" || name === "disabled")) {
      let text = "";
      if (!empty) {
        const after = xml.indexOf("<", end + 1);
        // A field holding elements: left to the parser.
        if (after === -1 || !xml.startsWith(`</${name}>`, after)) return undefined;
        const decoded = decode(xml.slice(end + 1, after));
        if (decoded === undefined) return undefined;
        text = decoded;
      }
      // The first of each, as fieldsOf reads it.
      if (name === "description") description ??= text;
      else disabled ??= text;
    }
    if (empty) {
      if (open.length === 0) return xml.slice(end + 1).trim() === "" ? fields(description, disabled) : undefined;
    } else {
      open.push(name);
    }
    i = xml.indexOf("<", end + 1);
  }
  return undefined;
}

function fields(description: string | undefined, disabled: string | undefined): JobFields {
  return { description: description ?? "", enabled: !(disabled !== undefined && disabled.trim() === "true") };
}
