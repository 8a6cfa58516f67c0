/**
 * Entity decoding. Done by us rather than by fast-xml-parser so that exactly the XML rules apply: the five
 * predefined entities, decimal/hex character references (Jenkins writes carriage returns as `&#xd;`), and
 * internal entities that a DOCTYPE declared (already vetted by doctype.ts). Nothing else is ever expanded.
 */
import { XmlSyntaxError, XmlTooLargeError, positionAt } from "./errors";

export const PREDEFINED_ENTITIES: ReadonlyMap<string, string> = new Map([
  ["lt", "<"],
  ["gt", ">"],
  ["amp", "&"],
  ["apos", "'"],
  ["quot", '"'],
]);

export interface EntityContext {
  /** The (BOM-stripped) input, only used to locate errors. */
  source: string;
  /** Internal entities from the DOCTYPE, values already decoded. */
  entities: ReadonlyMap<string, string>;
  /** How much (in characters, a lower bound of bytes) entity expansion may still add before the limit is hit. */
  budget: { remaining: number; maxBytes: number };
}

const REFERENCE = /&(?:#x([0-9a-fA-F]+)|#([0-9]+)|([A-Za-z_:\u00C0-\uFFFF][-A-Za-z0-9._:\u00B7-\uFFFF]*));/g;

/** Decodes one character reference body; undefined for code points XML can never contain (0, surrogates, too big). */
export function charFromReference(hex: string | undefined, dec: string | undefined): string | undefined {
  const code = hex !== undefined ? parseInt(hex, 16) : parseInt(dec ?? "", 10);
  if (!Number.isFinite(code) || code <= 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) {
    return undefined;
  }
  return String.fromCodePoint(code);
}

/** Replaces entity and character references in raw text or attribute values. */
export function decodeEntities(raw: string, ctx: EntityContext): string {
  if (raw.indexOf("&") === -1) return raw;
  let out = "";
  let last = 0;
  REFERENCE.lastIndex = 0;
  for (let m = REFERENCE.exec(raw); m !== null; m = REFERENCE.exec(raw)) {
    const between = raw.slice(last, m.index);
    if (between.indexOf("&") !== -1) throw strayAmpersand(ctx, between);
    out += between;
    const [token, hex, dec, name] = m;
    if (name === undefined) {
      const ch = charFromReference(hex, dec);
      if (ch === undefined) throw located(ctx, token, (p) => new XmlSyntaxError(`invalid character reference ${token}`, p.line, p.column));
      out += ch;
    } else {
      const predefined = PREDEFINED_ENTITIES.get(name);
      if (predefined !== undefined) {
        out += predefined;
      } else {
        const value = ctx.entities.get(name);
        if (value === undefined) {
          throw located(ctx, token, (p) => new XmlSyntaxError(`undefined entity ${token}`, p.line, p.column));
        }
        ctx.budget.remaining -= value.length;
        if (ctx.budget.remaining < 0) {
          throw new XmlTooLargeError(ctx.budget.maxBytes - ctx.budget.remaining, ctx.budget.maxBytes, "XML document after entity expansion");
        }
        out += value;
      }
    }
    last = m.index + token.length;
  }
  const rest = raw.slice(last);
  if (rest.indexOf("&") !== -1) throw strayAmpersand(ctx, rest);
  return out + rest;
}

function strayAmpersand(ctx: EntityContext, around: string): XmlSyntaxError {
  const at = around.indexOf("&");
  const snippet = around.slice(at, at + 12);
  return located(ctx, snippet, (p) => new XmlSyntaxError(`'&' must start an entity or character reference (write &amp;)`, p.line, p.column));
}

// Errors found while decoding only know the offending token; its first occurrence gives a good position.
function located<E extends XmlSyntaxError>(ctx: EntityContext, token: string, make: (p: { line: number; column: number }) => E): E {
  const idx = ctx.source.indexOf(token);
  return make(positionAt(ctx.source, idx < 0 ? 0 : idx));
}
