/**
 * Writes a tree back without touching its layout: the form of the file Jenkins stores right after createItem, where
 * the posted document went through an identity transformation. Whitespace and comments stay where they were;
 * attribute values are re-quoted with double quotes; empty elements become `<a/>`. Escaping is the XML module's
 * minimal ("pretty") escaping, which is what an XML serializer applies.
 */
import type { XmlElement, XmlNode } from "../../xml/tree";
import { escapeAttribute, escapeText } from "../../xml/writer";

function writeNode(n: XmlNode, out: string[]): void {
  switch (n.kind) {
    case "text":
      out.push(escapeText(n.text, false));
      return;
    case "cdata":
      // "]]>" cannot occur inside one CDATA section: split it across two.
      out.push("<![CDATA[", n.text.split("]]>").join("]]]]><![CDATA[>"), "]]>");
      return;
    case "comment":
      out.push("<!--", n.text, "-->");
      return;
    case "element":
      writeElement(n, out);
      return;
  }
}

function writeElement(e: XmlElement, out: string[]): void {
  out.push("<", e.name);
  for (const [k, v] of e.attrs) out.push(" ", k, '="', escapeAttribute(v, false), '"');
  if (e.children.every((c) => c.kind === "text" && c.text === "")) {
    out.push("/>");
    return;
  }
  out.push(">");
  for (const c of e.children) writeNode(c, out);
  out.push("</", e.name, ">");
}

/** The element and everything inside it, byte for byte as laid out in the tree. */
export function writePreservingLayout(root: XmlElement): string {
  const out: string[] = [];
  writeElement(root, out);
  return out.join("");
}
