/** Facts the handlers need from an item's config.xml: disabled flag, description, parameter definitions. */
import { childText, elementChildren, parseXml, textOf, type XmlElement } from "../xml/tree";
import { MAX_CONFIG_BYTES, type Item } from "./store";

export interface ParameterDefinition {
  name: string;
  defaultValue: string;
}

export interface ItemInfo {
  disabled: boolean;
  description: string;
  /** undefined when the job has no hudson.model.ParametersDefinitionProperty. */
  parameters?: ParameterDefinition[];
}

const cache = new WeakMap<Item, { xml: string; info: ItemInfo }>();

function firstDescendant(e: XmlElement, name: string): XmlElement | undefined {
  for (const c of elementChildren(e)) {
    if (c.name === name) return c;
    const d = firstDescendant(c, name);
    if (d) return d;
  }
  return undefined;
}

function defaultOf(def: XmlElement): string {
  const dv = childText(def, "defaultValue");
  if (dv !== undefined) return dv;
  // Choice parameters default to their first choice.
  const choices = elementChildren(def).find((c) => c.name === "choices");
  const first = choices ? firstDescendant(choices, "string") : undefined;
  return first ? textOf(first) : "";
}

export function parseInfo(xml: string): ItemInfo {
  const root = parseXml(xml, { maxBytes: MAX_CONFIG_BYTES }).root;
  const info: ItemInfo = {
    disabled: childText(root, "disabled")?.trim() === "true",
    description: childText(root, "description") ?? "",
  };
  const props = elementChildren(root).find((c) => c.name === "properties");
  const pdp = props && elementChildren(props).find((c) => c.name === "hudson.model.ParametersDefinitionProperty");
  if (pdp) {
    const defs = elementChildren(pdp).find((c) => c.name === "parameterDefinitions");
    info.parameters = (defs ? elementChildren(defs) : []).map((d) => ({
      name: childText(d, "name") ?? "",
      defaultValue: defaultOf(d),
    }));
  }
  return info;
}

export function infoOf(item: Item): ItemInfo {
  const hit = cache.get(item);
  if (hit && hit.xml === item.xml) return hit.info;
  const info = parseInfo(item.xml);
  cache.set(item, { xml: item.xml, info });
  return info;
}
