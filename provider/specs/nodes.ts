/**
 * Small constructors for the XML tree (../xml/tree) so renderers read like the config they produce.
 *
 * XStream writes an empty string as `<a></a>` and an empty object or list as `<a/>`; in the tree the first is an
 * element with one empty text child, the second an element without children (the "xstream" writer keeps both).
 */
import type { XmlElement } from "../xml/tree";

type Attr = [string, string];

/** An object or list element: `<name attrs>children</name>`, or `<name attrs/>` without children. */
export function obj(name: string, children: XmlElement[] = [], attrs: Attr[] = []): XmlElement {
  return { kind: "element", name, attrs, children };
}

/** A string field: `<name>value</name>`, `<name></name>` for "". */
export function str(name: string, value: string): XmlElement {
  return { kind: "element", name, attrs: [], children: [{ kind: "text", text: value }] };
}

export function bool(name: string, value: boolean): XmlElement {
  return str(name, value ? "true" : "false");
}

export function int(name: string, value: number): XmlElement {
  return str(name, String(value));
}

/** `class="…"` first, as XStream writes it. */
export function classAttr(className: string): Attr {
  return ["class", className];
}
