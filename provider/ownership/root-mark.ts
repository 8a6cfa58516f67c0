/**
 * The mark of ownership in a config whose root element has its own `<description>`: a view's config.xml, a
 * credential's. Only the root's direct `<description>` child is read or written (a nested element of the same name,
 * a view property's say, is someone else's). Pure.
 */
import { writeXml } from "../xml/writer";
import { parseXml, textOf, type XmlElement } from "../xml/tree";
import { MARK_PREFIX, readMark, withMark } from "./mark";

const isDescription = (c: XmlElement["children"][number]): c is XmlElement =>
  c.kind === "element" && c.name === "description";

const descriptionElement = (text: string): XmlElement => ({
  kind: "element",
  name: "description",
  attrs: [],
  children: text === "" ? [] : [{ kind: "text", text }],
});

/** The root's own description, "" when it has none. */
export function rootDescription(root: XmlElement): string {
  const d = root.children.find(isDescription);
  return d === undefined ? "" : textOf(d);
}

/** The root with its description replaced by `text` (added after the last of `after` it holds, else first). */
function withRootDescription(root: XmlElement, text: string, after: readonly string[]): XmlElement {
  const at = root.children.findIndex(isDescription);
  const children = [...root.children];
  if (at >= 0) children[at] = descriptionElement(text);
  else {
    let anchor = -1;
    children.forEach((c, i) => {
      if (c.kind === "element" && after.includes(c.name)) anchor = i;
    });
    children.splice(anchor + 1, 0, descriptionElement(text));
  }
  return { ...root, children };
}

/**
 * The owner the root's description names, and the root without the mark (the same object when it has none). A
 * description that held the mark alone goes with it: the mark added it to a config that had none (a view saved
 * without one; a credential's reads the same absent as empty), and an empty element left behind would show as a
 * line of its own in every diff of the config.
 */
export function unmarkRoot(root: XmlElement): { root: XmlElement; owner?: string } {
  const { description, owner } = readMark(rootDescription(root));
  if (owner === undefined) return { root };
  if (description === "") return { root: { ...root, children: root.children.filter((c) => !isDescription(c)) }, owner };
  return { root: withRootDescription(root, description, []), owner };
}

/**
 * A config as Jenkins holds it, read: the owner its root's mark names, and the text without the mark (the very text
 * given when it carries none; otherwise written again, which every reader of it parses anyway).
 */
export function unmarkConfig(xml: string): { xml: string; owner?: string } {
  if (!xml.includes(MARK_PREFIX)) return { xml };
  const doc = parseXml(xml);
  const { root, owner } = unmarkRoot(doc.root);
  if (owner === undefined) return { xml };
  return { xml: writeXml({ ...doc, root }, { style: "pretty" }), owner };
}

/**
 * The root with its description marked for `owner` (any mark it held replaced); a description the root lacks is
 * added after the last of the fields `after` names that it holds, else as its first child.
 */
export function markRoot(root: XmlElement, owner: string, after: readonly string[]): XmlElement {
  return withRootDescription(root, withMark(rootDescription(root), owner), after);
}
