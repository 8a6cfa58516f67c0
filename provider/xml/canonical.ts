/**
 * The canonical text form of a job config: what the resource keeps as its `configXml` input (and digests in its
 * outputs), so that `pulumi preview --diff` between two versions shows only the lines a change touches.
 *
 * Rules: declaration `<?xml version='1.1' encoding='UTF-8'?>`; two-space indentation; whitespace-only text between
 * elements dropped; text kept character for character (CDATA becomes escaped text, since XStream never writes
 * CDATA); comments dropped; `<a></a>` written as `<a/>`; attributes kept in source order, `plugin="x@1.2"` included.
 *
 * Why keep `plugin` attributes: they are part of what Jenkins stores, and dropping them would make the canonical
 * text of a config differ from what Jenkins serves. They never count as a change: the semantic comparison
 * (semantic.ts) ignores them, so a plugin upgrade on the server shows no diff, and a change elsewhere shows the
 * line with whatever plugin version the new text carries.
 */
import { writeCanonical } from "./canonical-writer";
import { parseXml, type ParseOptions, type XmlDocument, type XmlElement, type XmlNode } from "./tree";

export const CANONICAL_DECLARATION = "<?xml version='1.1' encoding='UTF-8'?>";

/** Canonical form of `xml`; throws XmlSyntaxError for input that is not well-formed. Idempotent. */
export function canonicalizeConfig(xml: string, opts?: ParseOptions): string {
  return canonicalizeDocument(parseXml(xml, opts));
}

/**
 * Canonical form of an already parsed document (or of its root element): the same text canonicalizeConfig gives
 * for the document's source, for callers that parse a config once and also read or compare the tree. Equal to
 * `writeXml(canonicalElement(root), { declaration: CANONICAL_DECLARATION, style: "pretty" })`; the tree is not
 * modified.
 */
export function canonicalizeDocument(doc: XmlDocument | XmlElement): string {
  const root = "kind" in doc ? doc : doc.root;
  return writeCanonical(root, 0, CANONICAL_DECLARATION + "\n");
}

/** The canonical tree of an element: comments gone, CDATA turned into text, adjacent text merged. */
export function canonicalElement(e: XmlElement): XmlElement {
  const children: XmlNode[] = [];
  for (const c of e.children) {
    if (c.kind === "comment") continue;
    if (c.kind === "element") {
      children.push(canonicalElement(c));
      continue;
    }
    const last = children[children.length - 1];
    if (last && last.kind === "text") last.text += c.text;
    else children.push({ kind: "text", text: c.text });
  }
  // An element with no text left (after dropping comments, `<a></a>`) is empty: `<a/>`.
  const kept = children.filter((c) => c.kind !== "text" || c.text !== "");
  return { kind: "element", name: e.name, attrs: e.attrs.map(([k, v]) => [k, v]), children: kept };
}
