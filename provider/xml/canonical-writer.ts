/**
 * Writes the canonical form of an element straight from a parsed tree.
 *
 * The result is, byte for byte, `writeXml(canonicalElement(e), { style: "pretty" })`, without building the
 * canonical copy of the tree first: comments are skipped, CDATA is written as escaped text and adjacent text
 * pieces are written one after the other (escaping character by character, so writing the pieces equals writing
 * their concatenation). An element counts as empty, or as holding only elements, exactly when its canonical copy
 * would.
 */
import type { XmlElement } from "./nodes";
import { escapeAttribute, escapeText, isBlank, newlineIndent } from "./writer";

/**
 * How the canonical copy of an element would look to the pretty writer: "empty" (no elements, no text: `<a/>`),
 * "elements" (elements separated by whitespace only: one child per line) or "inline" (any text: written exactly).
 */
type Content = "empty" | "elements" | "inline";

function contentOf(e: XmlElement): Content {
  let elements = false;
  let text = false;
  let blank = true;
  for (const c of e.children) {
    if (c.kind === "element") {
      elements = true;
    } else if (c.kind !== "comment" && c.text !== "") {
      text = true;
      if (blank && !isBlank(c.text)) blank = false;
    }
  }
  if (elements) return blank ? "elements" : "inline";
  return text ? "inline" : "empty";
}

function startTag(e: XmlElement, out: string): string {
  out += "<" + e.name;
  for (const [k, v] of e.attrs) out += " " + k + '="' + escapeAttribute(v, false) + '"';
  return out;
}

/** Appends the canonical form of `e` at indentation `depth` to `out`. */
export function writeCanonical(e: XmlElement, depth: number, out: string): string {
  out = startTag(e, out);
  const content = contentOf(e);
  if (content === "empty") return out + "/>";
  out += ">";
  if (content === "inline") return writeInlineChildren(e, out) + "</" + e.name + ">";
  const inner = newlineIndent(depth + 1);
  for (const c of e.children) {
    if (c.kind === "element") out = writeCanonical(c, depth + 1, out + inner);
  }
  return out + newlineIndent(depth) + "</" + e.name + ">";
}

function writeInlineChildren(e: XmlElement, out: string): string {
  for (const c of e.children) {
    if (c.kind === "element") {
      out = startTag(c, out);
      if (contentOf(c) === "empty") out += "/>";
      else out = writeInlineChildren(c, out + ">") + "</" + c.name + ">";
    } else if (c.kind !== "comment") {
      out += escapeText(c.text, false);
    }
  }
  return out;
}
