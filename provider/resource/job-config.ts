/**
 * The two fields of a job that live both in config.xml and in their own Jenkins endpoints: `<description>` and
 * `<disabled>`. The resource lets a program set them as inputs of their own (they win over the XML), so it needs
 * to read them out of a config, write them into one (so that a create or config update carries them in the same
 * request), and compare the rest of a config without them.
 *
 * All functions are pure and return the canonical form (../xml/canonical), which is what inputs and outputs hold.
 */
import { canonicalizeConfig } from "../xml/canonical";
import { parseXml, writeXml, elementChildren, textOf, type XmlElement, type XmlDocument } from "../xml/tree";
import { describeRoot, type RootInfo } from "./job-kinds";

export interface JobFields {
  description: string;
  enabled: boolean;
}

const FIELD_NAMES = ["description", "disabled"] as const;
type FieldName = (typeof FIELD_NAMES)[number];

function rootChild(root: XmlElement, name: string): XmlElement | undefined {
  return elementChildren(root).find((e) => e.name === name);
}

export function rootNameOf(xml: string): string {
  return parseXml(xml).root.name;
}

/** Description and enabled state as Jenkins reads them from a config: a missing element means "" / enabled. */
export function readFields(xml: string): JobFields {
  return fieldsOf(parseXml(xml).root);
}

function fieldsOf(root: XmlElement): JobFields {
  const description = rootChild(root, "description");
  const disabled = rootChild(root, "disabled");
  return {
    description: description ? textOf(description) : "",
    enabled: !(disabled && textOf(disabled).trim() === "true"),
  };
}

function element(name: string, text: string): XmlElement {
  return { kind: "element", name, attrs: [], children: text === "" ? [] : [{ kind: "text", text }] };
}

/** Inserts `el` where XStream would write it: after the first anchor present, else as the first child. */
function insertAfterAnchor(root: XmlElement, el: XmlElement, anchors: readonly string[]): void {
  for (const anchor of anchors) {
    const idx = root.children.findIndex((c) => c.kind === "element" && c.name === anchor);
    if (idx >= 0) {
      root.children.splice(idx + 1, 0, el);
      return;
    }
  }
  root.children.unshift(el);
}

function setField(root: XmlElement, name: FieldName, text: string, info: RootInfo | undefined): void {
  const existing = rootChild(root, name);
  if (existing) {
    existing.children = text === "" ? [] : [{ kind: "text", text }];
    return;
  }
  const anchors = name === "description" ? ["actions"] : (info?.disabledAfter ?? []);
  insertAfterAnchor(root, element(name, text), anchors);
}

function removeField(root: XmlElement, name: FieldName): void {
  root.children = root.children.filter((c) => !(c.kind === "element" && c.name === name));
}

function finish(doc: XmlDocument): string {
  return canonicalizeConfig(writeXml(doc, { style: "pretty" }));
}

/**
 * The config to send to Jenkins: `configXml` with the explicit `description`/`enabled` inputs written into it.
 * Values left undefined keep whatever the XML says. `enabled: true` on a type that cannot be disabled adds nothing.
 */
export function withFields(configXml: string, fields: Partial<JobFields>): string {
  const doc = parseXml(configXml);
  const info = describeRoot(doc.root.name);
  if (fields.description !== undefined) setField(doc.root, "description", fields.description, info);
  if (fields.enabled !== undefined) {
    if (info?.canDisable === false) {
      if (rootChild(doc.root, "disabled")) setField(doc.root, "disabled", String(!fields.enabled), info);
    } else {
      setField(doc.root, "disabled", String(!fields.enabled), info);
    }
  }
  return finish(doc);
}

/** `xml` without `<description>` and `<disabled>`, to compare the rest of two configs. */
export function withoutFields(xml: string): string {
  const doc = parseXml(xml);
  for (const name of FIELD_NAMES) removeField(doc.root, name);
  return finish(doc);
}

/**
 * `remoteXml` with its `<description>`/`<disabled>` replaced by those of `fromXml` (removed where `fromXml` has
 * none). Refresh uses it so that a drifted config output differs from the declared one only where the config
 * itself was edited; description and enabled drift are reported through their own outputs.
 */
export function transplantFields(remoteXml: string, fromXml: string): string {
  const remote = parseXml(remoteXml);
  const from = parseXml(fromXml).root;
  const info = describeRoot(remote.root.name);
  for (const name of FIELD_NAMES) {
    const source = rootChild(from, name);
    if (source) setField(remote.root, name, textOf(source), info);
    else removeField(remote.root, name);
  }
  return finish(remote);
}
