/**
 * Reading and setting simple fields directly under the root of a config (`<description>`, `<disabled>`), which
 * the resource also exposes as inputs of their own. Results are in canonical form (canonical.ts).
 */
import { canonicalElement, CANONICAL_DECLARATION } from "./canonical";
import { parseXml, textOf, writeXml, type ParseOptions, type XmlElement } from "./tree";

/** Name of the root element (`project`, `flow-definition`, `com.cloudbees.hudson.plugins.folder.Folder`, ...). */
export function rootElementName(xml: string, opts?: ParseOptions): string {
  return parseXml(xml, opts).root.name;
}

/** Text of the first `<field>` directly under the root, or undefined when there is none. */
export function rootFieldText(xml: string, field: string, opts?: ParseOptions): string | undefined {
  const child = parseXml(xml, opts).root.children.find((c): c is XmlElement => c.kind === "element" && c.name === field);
  return child ? textOf(child) : undefined;
}

/**
 * The canonical config with `<field>` under the root set to `value` (replacing the first one in place, or added
 * where XStream would put it: `description` first after `actions`, anything else last), or removed when `value` is
 * undefined.
 */
export function withRootField(xml: string, field: string, value: string | undefined, opts?: ParseOptions): string {
  const root = canonicalElement(parseXml(xml, opts).root);
  const index = root.children.findIndex((c) => c.kind === "element" && c.name === field);
  const replacement: XmlElement = {
    kind: "element",
    name: field,
    attrs: [],
    children: value === undefined || value === "" ? [] : [{ kind: "text", text: value }],
  };
  if (value === undefined) {
    if (index >= 0) root.children.splice(index, 1);
  } else if (index >= 0) {
    const old = root.children[index] as XmlElement;
    root.children[index] = { ...replacement, attrs: old.attrs };
  } else if (field === "description") {
    const afterActions = root.children.findIndex((c) => c.kind === "element" && c.name === "actions") + 1;
    root.children.splice(afterActions, 0, replacement);
  } else {
    root.children.push(replacement);
  }
  return writeXml(root, { declaration: CANONICAL_DECLARATION, style: "pretty" });
}
