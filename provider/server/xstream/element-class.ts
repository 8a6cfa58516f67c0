/**
 * Which Java class an element of a config.xml stands for, as far as the XML tells.
 *
 * XStream names an element after the field it fills (`<scm>`, `<builders>`) or, inside collections, after the
 * class of the value (`<hudson.tasks.Shell>`). A `class` attribute overrides the declared type of a field.
 * Class names are "XML-friendly" encoded: `$` is written `_-` and `_` is written `__`.
 */
import type { XmlElement } from "../../xml/tree";

export function attr(e: XmlElement, name: string): string | undefined {
  for (const [k, v] of e.attrs) if (k === name) return v;
  return undefined;
}

/** `a.B_-C` → `a.B$C`, `github__branch__source` → `github_branch_source`. */
export function decodeClassName(elementName: string): string {
  return elementName.replace(/_([_-])/g, (_m, c: string) => (c === "_" ? "_" : "$"));
}

/** `a.B$C` → `a.B_-C`, `github_branch_source` → `github__branch__source`: the element name XStream writes. */
export function encodeClassName(className: string): string {
  return className.replace(/[_$]/g, (c) => (c === "_" ? "__" : "_-"));
}

/**
 * The class of `e`, or undefined when only the (unknown) declared type of a field would tell.
 * `rootClass` is the class of the item type when `e` is the root element.
 */
export function classOfElement(e: XmlElement, rootClass?: string): string | undefined {
  if (rootClass !== undefined) return rootClass;
  const explicit = attr(e, "class");
  if (explicit !== undefined) return explicit;
  // Field names never contain a dot; element names that do are class names (XStream aliases such as
  // `string` or `a` do not).
  return e.name.includes(".") ? decodeClassName(e.name) : undefined;
}

/** An element that only points at another object (`reference="../.."`) is not marshalled again. */
export function isReference(e: XmlElement): boolean {
  return attr(e, "reference") !== undefined;
}
