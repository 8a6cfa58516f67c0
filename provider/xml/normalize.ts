/**
 * The comparison model of a config: what is left of an element once everything that does not change its meaning
 * to Jenkins is removed. Two configs are semantically equal exactly when their normalized roots are deep-equal.
 *
 * Removed: comments; whitespace-only text beside child elements (indentation); the split between text, CDATA and
 * entity spellings (text is decoded and concatenated); `<a/>` vs `<a></a>` (both have text ""); `plugin`
 * attributes (plugin versions change on the server without any user action); attribute order (sorted by name).
 *
 * Element order: XStream reads fields by name, so the order of differently named fields carries no meaning (and a
 * Jenkins save rewrites fields in class order). The order of list entries does carry meaning (build steps run in
 * order). List entries are recognised structurally: an element named after a Java class (the name contains a dot,
 * e.g. `hudson.tasks.Shell`) is a list entry, and so is any element whose name repeats among its siblings
 * (`<string>` items). Normalization therefore sorts children by "group": all class-named entries form one group
 * that keeps its order, each other name is its own group; groups are ordered by name, entries within a group keep
 * document order.
 */
import type { XmlElement } from "./tree";
import { isBlank } from "./writer";

export interface NormElement {
  name: string;
  /** Sorted by name, `plugin` removed. */
  attrs: [string, string][];
  /** Decoded text and CDATA, concatenated; "" when it is only indentation beside child elements. */
  text: string;
  children: NormElement[];
}

/** Attributes that never count as a difference. */
export const IGNORED_ATTRIBUTES: ReadonlySet<string> = new Set(["plugin"]);

/** Group key of a child element; all list entries named after a class share the key "". */
export function groupKey(name: string): string {
  return name.includes(".") ? "" : name;
}

/** Decoded text directly inside `e`, with indentation beside child elements dropped. */
export function significantText(e: XmlElement): string {
  let text = "";
  let hasElements = false;
  for (const c of e.children) {
    if (c.kind === "text" || c.kind === "cdata") text += c.text;
    else if (c.kind === "element") hasElements = true;
  }
  if (hasElements && isBlank(text)) return "";
  return text;
}

export function comparableAttributes(e: XmlElement): [string, string][] {
  if (e.attrs.length === 0) return [];
  const out = e.attrs.filter(([k]) => !IGNORED_ATTRIBUTES.has(k)).map(([k, v]): [string, string] => [k, v]);
  out.sort((x, y) => (x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : 0));
  return out;
}

export function childElements(e: XmlElement): XmlElement[] {
  const out: XmlElement[] = [];
  for (const c of e.children) if (c.kind === "element") out.push(c);
  return out;
}

/** Children in normalized order (see the module comment): stable sort by group key. */
export function orderedChildren(e: XmlElement): XmlElement[] {
  const kids = childElements(e);
  // Lists (all entries in group "") and XStream's own field order are often already in order: check first.
  let sorted = true;
  for (let i = 1; i < kids.length && sorted; i++) sorted = groupKey(kids[i - 1].name) <= groupKey(kids[i].name);
  if (sorted) return kids;
  // Array.prototype.sort is stable, so entries of one group keep document order.
  return kids.sort((x, y) => {
    const kx = groupKey(x.name);
    const ky = groupKey(y.name);
    return kx < ky ? -1 : kx > ky ? 1 : 0;
  });
}

export function normalizeElement(e: XmlElement): NormElement {
  return {
    name: e.name,
    attrs: comparableAttributes(e),
    text: significantText(e),
    children: orderedChildren(e).map(normalizeElement),
  };
}
