/**
 * XML writer for our tree.
 *
 * Layout follows XStream (what Jenkins writes): two-space indentation, one element per line where an element holds
 * only elements, text written inline with nothing added around it, empty elements as `<a/>`, no newline at the end.
 * Where an element mixes text and elements (XStream never does, hand-written XML may) nothing is re-indented inside
 * it, so every character of text survives.
 */
import type { XmlDocument, XmlElement, XmlNode } from "./tree";

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

export function writeXml(doc: XmlDocument | XmlElement, opts: WriteOptions): string {
  const root = "kind" in doc ? doc : doc.root;
  let declaration: string | null = null;
  if (opts.declaration !== undefined) declaration = opts.declaration;
  else if (!("kind" in doc) && doc.declaration) {
    const d = doc.declaration;
    declaration = `<?xml version='${d.version}'${d.encoding !== undefined ? ` encoding='${d.encoding}'` : ""}?>`;
  }
  const style = opts.style;
  const out: string[] = [];
  if (declaration !== null) out.push(declaration, style === "identity" ? "" : "\n");
  if (style === "identity") writeInline(root, style, out);
  else writeElement(root, 0, style, out);
  return out.join("");
}

function isBlank(s: string): boolean {
  return /^[ \t\r\n]*$/.test(s);
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
  return e.children.every((c) => c.kind === "text" && c.text === "");
}

function startTag(e: XmlElement, style: Style, out: string[]): void {
  out.push("<", e.name);
  for (const [k, v] of e.attrs) out.push(" ", k, '="', escapeAttribute(v, style === "xstream"), '"');
}

function writeElement(e: XmlElement, depth: number, style: Style, out: string[]): void {
  startTag(e, style, out);
  if (isEmpty(e, style)) {
    out.push("/>");
    return;
  }
  if (!hasElementContent(e)) {
    out.push(">");
    for (const c of e.children) writeInline(c, style, out);
    out.push("</", e.name, ">");
    return;
  }
  out.push(">");
  const inner = INDENT.repeat(depth + 1);
  for (const c of e.children) {
    if (c.kind === "text") continue; // whitespace between elements: replaced by our own indentation
    out.push("\n", inner);
    if (c.kind === "element") writeElement(c, depth + 1, style, out);
    else writeInline(c, style, out);
  }
  out.push("\n", INDENT.repeat(depth), "</", e.name, ">");
}

/** Writes a node exactly, without layout: used inside text-bearing elements where whitespace is content. */
function writeInline(n: XmlNode, style: Style, out: string[]): void {
  switch (n.kind) {
    case "text":
      out.push(escapeText(n.text, style === "xstream"));
      return;
    case "cdata":
      // "]]>" cannot occur inside one CDATA section: split it across two.
      out.push("<![CDATA[", n.text.split("]]>").join("]]]]><![CDATA[>"), "]]>");
      return;
    case "comment":
      out.push("<!--", n.text, "-->");
      return;
    case "element":
      startTag(n, style, out);
      if (isEmpty(n, style)) {
        out.push("/>");
        return;
      }
      out.push(">");
      for (const c of n.children) writeInline(c, style, out);
      out.push("</", n.name, ">");
      return;
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
