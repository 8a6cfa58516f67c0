/**
 * The node types of the XML tree. They live apart from the parser (tree.ts) and the writer (writer.ts) so that both
 * depend on them and neither depends on the other.
 */

/**
 * An element. `<a></a>` is kept as one empty text child and `<a/>` as no children, so that Jenkins's bytes can be
 * reproduced; code that does not care should use textOf/elementChildren, for which both are the same.
 */
export interface XmlElement {
  kind: "element";
  name: string;
  attrs: [string, string][];
  children: XmlNode[];
}
/** Text content, already entity-decoded. */
export interface XmlText {
  kind: "text";
  text: string;
}
export interface XmlComment {
  kind: "comment";
  text: string;
}
export interface XmlCData {
  kind: "cdata";
  text: string;
}
export type XmlNode = XmlElement | XmlText | XmlComment | XmlCData;
export interface XmlDocument {
  root: XmlElement;
  declaration?: { version: string; encoding?: string };
  hasDoctype: boolean;
}
