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

const NAME = /^[A-Za-z_:\u00C0-\uFFFF][-A-Za-z0-9._:\u00B7-\uFFFF]*$/;
const HEX = /^[0-9a-fA-F]+$/;
const DECIMAL = /^[0-9]+$/;

/**
 * Replaces entity and character references in raw text or attribute values.
 *
 * Jenkins escapes every quote, so a config has thousands of references: the common case is decoded by a plain
 * scan (each `&` to the next `;`). Whenever that scan meets anything it does not accept, the input is handed to
 * the complete decoder below, which either decodes it the same way or throws the precise error.
 */
export function decodeEntities(raw: string, ctx: EntityContext): string {
  let amp = raw.indexOf("&");
  if (amp === -1) return raw;
  let out = "";
  let last = 0;
  let remaining = ctx.budget.remaining;
  while (amp !== -1) {
    const semi = raw.indexOf(";", amp + 1);
    if (semi === -1) return decodeAll(raw, ctx);
    const body = raw.slice(amp + 1, semi);
    let value = predefinedOrCharacter(body);
    if (value === undefined) {
      // A declared entity: charged against the expansion budget, as the complete decoder does.
      value = NAME.test(body) ? ctx.entities.get(body) : undefined;
      if (value === undefined) return decodeAll(raw, ctx);
      remaining -= value.length;
      if (remaining < 0) return decodeAll(raw, ctx);
    }
    out += raw.slice(last, amp) + value;
    last = semi + 1;
    amp = raw.indexOf("&", last);
  }
  ctx.budget.remaining = remaining;
  return out + raw.slice(last);
}

/** The character a predefined entity or a character reference body stands for; undefined for anything else. */
function predefinedOrCharacter(body: string): string | undefined {
  switch (body) {
    case "quot":
      return '"';
    case "apos":
      return "'";
    case "amp":
      return "&";
    case "lt":
      return "<";
    case "gt":
      return ">";
  }
  if (body.charCodeAt(0) !== 35 /* # */) return undefined;
  if (body.charCodeAt(1) === 120 /* x */) {
    const digits = body.slice(2);
    return HEX.test(digits) ? charFromReference(digits, undefined) : undefined;
  }
  const digits = body.slice(1);
  return DECIMAL.test(digits) ? charFromReference(undefined, digits) : undefined;
}

/** The complete decoder: also the one that locates and explains every problem. */
function decodeAll(raw: string, ctx: EntityContext): string {
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
      if (ch === undefined)
        throw located(ctx, token, (p) => new XmlSyntaxError(`invalid character reference ${token}`, p.line, p.column));
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
          throw new XmlTooLargeError(
            ctx.budget.maxBytes - ctx.budget.remaining,
            ctx.budget.maxBytes,
            "XML document after entity expansion",
          );
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
  return located(
    ctx,
    snippet,
    (p) => new XmlSyntaxError(`'&' must start an entity or character reference (write &amp;)`, p.line, p.column),
  );
}

// Errors found while decoding only know the offending token; its first occurrence gives a good position.
function located<E extends XmlSyntaxError>(
  ctx: EntityContext,
  token: string,
  make: (p: { line: number; column: number }) => E,
): E {
  const idx = ctx.source.indexOf(token);
  return make(positionAt(ctx.source, idx < 0 ? 0 : idx));
}
