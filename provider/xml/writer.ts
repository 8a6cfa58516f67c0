/**
 * XML writer for our tree.
 *
 * Layout follows XStream (what Jenkins writes): two-space indentation, one element per line where an element holds
 * only elements, text written inline with nothing added around it, empty elements as `<a/>`, no newline at the end.
 * Where an element mixes text and elements (XStream never does, hand-written XML may) nothing is re-indented inside
 * it, so every character of text survives.
 */
import type { XmlDocument, XmlElement, XmlNode } from "./nodes";

type Style = WriteOptions["style"];

export interface WriteOptions {
  /**
   * A literal declaration; null for none; undefined to write the document's own declaration, if any. It is followed
   * by a newline, except in "identity" style (include one in the string if wanted).
   */
  declaration?: string | null;
  /**
   * "xstream": escape like XStream (`& < > " '` and `\r` as `&#xd;`), i.e. the bytes Jenkins would save.
   * "pretty": escape only what must be (`& < >`, `\r`), the readable canonical form.
   * "identity": escape like "pretty" but change no layout: whitespace text and comments are written as they are
   * (what Jenkins stores right after createItem, before its first save).
   */
  style: "pretty" | "xstream" | "identity";
}

const INDENT = "  ";
/** Newline plus indentation per depth, built once: most lines of a config start with one of a few of these. */
const NEWLINE_INDENT: string[] = [];

/** "\n" followed by `depth` levels of indentation. */
export function newlineIndent(depth: number): string {
  for (let d = NEWLINE_INDENT.length; d <= depth; d++) NEWLINE_INDENT.push("\n" + INDENT.repeat(d));
  return NEWLINE_INDENT[depth];
}

// Strings are built by concatenation rather than collected in an array and joined: V8 joins the pieces lazily
// and flattens once, which is cheaper than an array of tens of thousands of small strings.
export function writeXml(doc: XmlDocument | XmlElement, opts: WriteOptions): string {
  const root = "kind" in doc ? doc : doc.root;
  let declaration: string | null = null;
  if (opts.declaration !== undefined) declaration = opts.declaration;
  else if (!("kind" in doc) && doc.declaration) {
    const d = doc.declaration;
    declaration = `<?xml version='${d.version}'${d.encoding !== undefined ? ` encoding='${d.encoding}'` : ""}?>`;
  }
  const style = opts.style;
  let out = "";
  if (declaration !== null) out = style === "identity" ? declaration : declaration + "\n";
  return style === "identity" ? writeInline(root, style, out) : writeElement(root, 0, style, out);
}

/** Only spaces, tabs and line breaks (XML whitespace). */
export function isBlank(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c !== 32 && c !== 10 && c !== 9 && c !== 13) return false;
  }
  return true;
}

/** True when the element holds elements (and maybe comments) separated only by whitespace: safe to indent. */
function hasElementContent(e: XmlElement): boolean {
  let sawElement = false;
  for (const c of e.children) {
    if (c.kind === "element") sawElement = true;
    else if (c.kind === "cdata") return false;
    else if (c.kind === "text" && !isBlank(c.text)) return false;
  }
  return sawElement;
}

/**
 * `<a/>`? The parser keeps `<a></a>` as one empty text node; XStream writes that form for empty strings, so the
 * "xstream" and "identity" styles keep it, while "pretty" writes every empty element as `<a/>`.
 */
function isEmpty(e: XmlElement, style: Style): boolean {
  if (style !== "pretty") return e.children.length === 0;
  for (const c of e.children) if (c.kind !== "text" || c.text !== "") return false;
  return true;
}

function startTag(e: XmlElement, style: Style, out: string): string {
  out += "<" + e.name;
  for (const [k, v] of e.attrs) out += " " + k + '="' + escapeAttribute(v, style === "xstream") + '"';
  return out;
}

function writeElement(e: XmlElement, depth: number, style: Style, out: string): string {
  out = startTag(e, style, out);
  if (isEmpty(e, style)) return out + "/>";
  out += ">";
  if (!hasElementContent(e)) {
    for (const c of e.children) out = writeInline(c, style, out);
    return out + "</" + e.name + ">";
  }
  const inner = newlineIndent(depth + 1);
  for (const c of e.children) {
    if (c.kind === "text") continue; // whitespace between elements: replaced by our own indentation
    out += inner;
    out = c.kind === "element" ? writeElement(c, depth + 1, style, out) : writeInline(c, style, out);
  }
  return out + newlineIndent(depth) + "</" + e.name + ">";
}

/** Writes a node exactly, without layout: used inside text-bearing elements where whitespace is content. */
function writeInline(n: XmlNode, style: Style, out: string): string {
  switch (n.kind) {
    case "text":
      return out + escapeText(n.text, style === "xstream");
    case "cdata":
      // "]]>" cannot occur inside one CDATA section: split it across two.
      return out + "<![CDATA[" + n.text.split("]]>").join("]]]]><![CDATA[>") + "]]>";
    case "comment":
      return out + "<!--" + n.text + "-->";
    case "element":
      out = startTag(n, style, out);
      if (isEmpty(n, style)) return out + "/>";
      out += ">";
      for (const c of n.children) out = writeInline(c, style, out);
      return out + "</" + n.name + ">";
  }
}

// Characters that need a reference in either style. Control characters other than tab and newline cannot appear
// literally (XML 1.1 "restricted" characters; a literal CR would be turned into LF by any reader).
/* eslint-disable no-control-regex -- matching control characters is the point of these patterns */
const TEXT_PRETTY = /[&<>\r\u0001-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;
const TEXT_XSTREAM = /[&<>"'\r\u0001-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;
const ATTR_PRETTY = /[&<>"\t\n\r\u0001-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;
const ATTR_XSTREAM = /[&<>"'\t\n\r\u0001-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;
/* eslint-enable no-control-regex */

function reference(ch: string): string {
  switch (ch) {
    case "&":
      return "&amp;";
    case "<":
      return "&lt;";
    case ">":
      return "&gt;";
    case '"':
      return "&quot;";
    case "'":
      return "&apos;";
    default:
      return `&#x${ch.charCodeAt(0).toString(16)};`;
  }
}

export function escapeText(s: string, xstream: boolean): string {
  return s.replace(xstream ? TEXT_XSTREAM : TEXT_PRETTY, reference);
}

/** Attribute values also escape `"` and whitespace (readers normalise literal tabs/newlines to spaces). */
export function escapeAttribute(s: string, xstream: boolean): string {
  return s.replace(xstream ? ATTR_XSTREAM : ATTR_PRETTY, reference);
}
