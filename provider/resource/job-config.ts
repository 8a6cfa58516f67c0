/**
 * The two fields of a job that live both in config.xml and in their own Jenkins endpoints: `<description>` and
 * `<disabled>`. The resource lets a program set them as inputs of their own (they win over the XML), so it needs
 * to read them out of a config, write them into one (so that a create or config update carries them in the same
 * request), and compare the rest of a config without them.
 *
 * All functions are pure and return the canonical form (../xml/canonical), which is what inputs and outputs hold.
 */
import { canonicalizeDocument } from "../xml/canonical";
import { parseXml, elementChildren, textOf, type XmlElement, type XmlDocument } from "../xml/tree";
import { describeRoot, type RootInfo } from "./job-kinds";

export interface JobFields {
  description: string;
  enabled: boolean;
}

export const FIELD_NAMES = ["description", "disabled"] as const;
type FieldName = (typeof FIELD_NAMES)[number];

function rootChild(root: XmlElement, name: string): XmlElement | undefined {
  return elementChildren(root).find((e) => e.name === name);
}

/** Characters that may start an XML name (ASCII subset; anything else is left to the full parser). */
const NAME_START = /[A-Za-z_:]/;
const NAME_CHARS = /[A-Za-z0-9_:.-]/;

/**
 * Name of the root element, read from the prolog (declaration, comments, processing instructions, whitespace)
 * without parsing the document: diff asks for it on every call. Anything unusual (a DOCTYPE, a non-ASCII name,
 * text that is not XML) is handed to the full parser, which also reports malformed input.
 */
export function rootNameOf(xml: string): string {
  let i = xml.charCodeAt(0) === 0xfeff ? 1 : 0;
  for (;;) {
    while (i < xml.length && /\s/.test(xml[i])) i++;
    if (xml.startsWith("<?", i)) {
      const end = xml.indexOf("?>", i + 2);
      if (end < 0) break;
      i = end + 2;
    } else if (xml.startsWith("<!--", i)) {
      const end = xml.indexOf("-->", i + 4);
      if (end < 0) break;
      i = end + 3;
    } else if (xml[i] === "<" && NAME_START.test(xml[i + 1] ?? "")) {
      let j = i + 2;
      while (j < xml.length && NAME_CHARS.test(xml[j])) j++;
      const next = xml[j] ?? "";
      if (next === ">" || next === "/" || /\s/.test(next)) return xml.slice(i + 1, j);
      break;
    } else {
      break;
    }
  }
  return parseXml(xml).root.name;
}

/** Description and enabled state as Jenkins reads them from a config: a missing element means "" / enabled. */
export function readFields(xml: string): JobFields {
  return fieldsOf(parseXml(xml).root);
}

/** readFields for a parsed root element. */
export function fieldsOf(root: XmlElement): JobFields {
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
  const index = root.children.findIndex((c) => c.kind === "element" && c.name === name);
  if (index >= 0) {
    // A new element rather than an edit in place: the tree may be shared with the caller (withFieldsIn).
    const existing = root.children[index] as XmlElement;
    root.children[index] = { ...existing, children: text === "" ? [] : [{ kind: "text", text }] };
    return;
  }
  const anchors = name === "description" ? ["actions"] : (info?.disabledAfter ?? []);
  insertAfterAnchor(root, element(name, text), anchors);
}

function removeField(root: XmlElement, name: FieldName): void {
  root.children = root.children.filter((c) => !(c.kind === "element" && c.name === name));
}

function finish(doc: XmlDocument): string {
  return canonicalizeDocument(doc);
}

/**
 * `root` with the explicit `description`/`enabled` inputs written into it, as a new element (`root` itself is not
 * modified; unchanged children are shared). Values left undefined keep whatever the XML says. `enabled: true` on a
 * type that cannot be disabled adds nothing.
 */
export function withFieldsIn(root: XmlElement, fields: Partial<JobFields>): XmlElement {
  const out: XmlElement = { ...root, children: [...root.children] };
  const info = describeRoot(out.name);
  if (fields.description !== undefined) setField(out, "description", fields.description, info);
  if (fields.enabled !== undefined) {
    if (info?.canDisable === false) {
      if (rootChild(out, "disabled")) setField(out, "disabled", String(!fields.enabled), info);
    } else {
      setField(out, "disabled", String(!fields.enabled), info);
    }
  }
  return out;
}

/**
 * The config to send to Jenkins: `configXml` with the explicit `description`/`enabled` inputs written into it, in
 * canonical form. With nothing to set, `configXml` is returned as it is (checked inputs are canonical already).
 */
export function withFields(configXml: string, fields: Partial<JobFields>): string {
  if (fields.description === undefined && fields.enabled === undefined) return configXml;
  return canonicalizeDocument(withFieldsIn(parseXml(configXml).root, fields));
}

/** `xml` without `<description>` and `<disabled>`, to compare the rest of two configs. */
export function withoutFields(xml: string): string {
  const doc = parseXml(xml);
  for (const name of FIELD_NAMES) removeField(doc.root, name);
  return finish(doc);
}

/** The texts of a config's own `<description>` and `<disabled>`, each absent when the config has none. */
export interface FieldTexts {
  description?: string;
  disabled?: string;
}

export function fieldTextsOf(root: XmlElement): FieldTexts {
  const out: FieldTexts = {};
  for (const name of FIELD_NAMES) {
    const el = rootChild(root, name);
    if (el) out[name] = textOf(el);
  }
  return out;
}

/** `root` (not modified) with `<description>`/`<disabled>` as `texts` has them: set, or removed where absent. */
export function withFieldTexts(root: XmlElement, texts: FieldTexts): XmlElement {
  const out: XmlElement = { ...root, children: [...root.children] };
  const info = describeRoot(out.name);
  for (const name of FIELD_NAMES) {
    const text = texts[name];
    if (text !== undefined) setField(out, name, text, info);
    else removeField(out, name);
  }
  return out;
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
