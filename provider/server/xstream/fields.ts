/**
 * Puts the fields of modelled classes in class order, adds missing fields with their defaults, and sets a field's
 * text (description, disabled). Works in place on a tree the caller owns.
 */
import { parseXml, type XmlElement } from "../../xml/tree";
import { classOfElement, isReference } from "./element-class";
import { fieldsOf } from "./field-schemas";
import type { FieldSpec } from "./field-spec";

const parsedDefaults = new Map<string, XmlElement>();

function defaultElement(xml: string): XmlElement {
  let e = parsedDefaults.get(xml);
  if (e === undefined) {
    e = parseXml(xml).root;
    parsedDefaults.set(xml, e);
  }
  return structuredClone(e);
}

/**
 * Stable class order: each known field moves together with the unknown fields that follow it (they most likely
 * belong to the same class level, e.g. fields of a newer or older version), then missing defaults are added.
 */
function arrange(children: XmlElement[], fields: readonly FieldSpec[]): XmlElement[] {
  const rank = new Map(fields.map((spec, i) => [spec.name, i]));
  const segments: Array<{ rank: number; items: XmlElement[] }> = [{ rank: -1, items: [] }];
  const present = new Set<string>();
  for (const c of children) {
    const r = rank.get(c.name);
    if (r === undefined) {
      segments[segments.length - 1].items.push(c);
    } else {
      present.add(c.name);
      segments.push({ rank: r, items: [c] });
    }
  }
  fields.forEach((spec, i) => {
    if (spec.default !== undefined && !present.has(spec.name)) {
      segments.push({ rank: i, items: [defaultElement(spec.default)] });
    }
  });
  // Array.prototype.sort is stable: equal ranks (repeated fields) keep their order.
  segments.sort((a, b) => a.rank - b.rank);
  return segments.flatMap((s) => s.items);
}

function elementsOnly(e: XmlElement): XmlElement[] | undefined {
  const out: XmlElement[] = [];
  for (const c of e.children) {
    if (c.kind !== "element") return undefined;
    out.push(c);
  }
  return out;
}

/** Applies field order and defaults to `e` and everything below it. `rootClass` is the class of `e` itself. */
export function completeFields(e: XmlElement, rootClass?: string): void {
  const fields = isReference(e) ? undefined : fieldsOf(classOfElement(e, rootClass));
  const children = elementsOnly(e);
  if (fields !== undefined && children !== undefined) e.children = arrange(children, fields);
  for (const c of e.children) if (c.kind === "element") completeFields(c);
}

/** Sets the text of field `name` of `e`, adding the field in class order when it is missing. */
export function setFieldText(e: XmlElement, name: string, text: string, rootClass?: string): void {
  const textNode = { kind: "text" as const, text };
  const existing = e.children.find((c): c is XmlElement => c.kind === "element" && c.name === name);
  if (existing !== undefined) {
    existing.children = [textNode];
    return;
  }
  e.children.push({ kind: "element", name, attrs: [], children: [textNode] });
  const fields = fieldsOf(classOfElement(e, rootClass));
  const children = elementsOnly(e);
  if (fields !== undefined && children !== undefined) e.children = arrange(children, fields);
}
