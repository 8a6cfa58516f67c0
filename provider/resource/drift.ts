/**
 * How a refresh reports a config that was edited in Jenkins.
 *
 * Jenkins's copy of a config differs from the declared one in many ways that mean nothing (plugin versions, fields
 * written with their default values, actions Jenkins manages). If the refreshed output held Jenkins's text as is,
 * the next `pulumi preview --diff` would show all of that next to the one line somebody edited. So the remote
 * config is first made to read like the declared one wherever the two agree: plugin attributes taken from the
 * declaration, elements that only Jenkins has and that carry nothing (empty, default-valued, Jenkins-managed)
 * left out. What remains different is the edit.
 */
import { hash } from "node:crypto";
import { isDefaultField, isManagedContainer } from "../xml/defaults";
import { configsEqual, elementsEquivalent, semanticDigest } from "../xml/semantic";
import { FIELD_NAMES, fieldTextsOf, rootNameOf, transplantFields, withFieldTexts, type FieldTexts } from "./job-config";
import { describeRoot } from "./job-kinds";
import { sourceOf } from "./sources";
import type { DeclaredLayout, JobInputs, JobOutputs } from "./types";
import { parseXml, elementChildren, textOf, type XmlElement, type XmlNode } from "../xml/tree";
import { writeXml } from "../xml/writer";
import { canonicalizeConfig, canonicalizeDocument } from "../xml/canonical";
import { withoutOwnedParts } from "./owned-parts";
import { sameHash } from "./kept-hash";

const NEUTRAL_ATTRS = new Set(["class", "plugin"]);

function isEmptyField(e: XmlElement): boolean {
  return (
    elementChildren(e).length === 0 && textOf(e).trim() === "" && e.attrs.every(([name]) => NEUTRAL_ATTRS.has(name))
  );
}

/** Answers of `carriesNothing` during one walk over a tree, by element (and the parent it was asked under). */
type Answers = Map<XmlElement, { parent: string; answer: boolean }>;

/**
 * Something Jenkins writes by itself: an empty element, a known default, or a container holding only such. `known`
 * keeps the answers of one walk over a tree, where each element is asked about again from every ancestor.
 */
function carriesNothing(parent: string, e: XmlElement, known?: Answers): boolean {
  const kept = known?.get(e);
  if (kept !== undefined && kept.parent === parent) return kept.answer;
  let answer: boolean;
  // An empty element named after a class is an instance someone chose (a health metric, a trait): its presence is
  // the setting.
  if (isEmptyField(e)) answer = !e.name.includes(".");
  else {
    const children = elementChildren(e);
    answer =
      children.length === 0
        ? isDefaultField(parent, e.name, textOf(e))
        : e.attrs.every(([n]) => NEUTRAL_ATTRS.has(n)) && children.every((c) => carriesNothing(e.name, c, known));
  }
  known?.set(e, { parent, answer });
  return answer;
}

function alignAttrs(declared: XmlElement, remote: XmlElement): [string, string][] {
  const declaredPlugin = declared.attrs.find(([n]) => n === "plugin");
  const out = remote.attrs.filter(([n]) => n !== "plugin");
  if (declaredPlugin) {
    const pluginIndex = remote.attrs.findIndex(([n]) => n === "plugin");
    out.splice(pluginIndex >= 0 ? pluginIndex : out.length, 0, declaredPlugin);
  }
  return out;
}

function align(declared: XmlElement, remote: XmlElement, managed: boolean): XmlElement {
  const declaredByKey = new Map<string, XmlElement>();
  const seen = new Map<string, number>();
  for (const c of elementChildren(declared)) {
    const n = seen.get(c.name) ?? 0;
    seen.set(c.name, n + 1);
    declaredByKey.set(`${c.name}#${n}`, c);
  }
  seen.clear();
  const children: XmlNode[] = [];
  for (const child of remote.children) {
    if (child.kind !== "element") {
      children.push(child);
      continue;
    }
    const n = seen.get(child.name) ?? 0;
    seen.set(child.name, n + 1);
    const match = declaredByKey.get(`${child.name}#${n}`);
    if (match) {
      children.push(align(match, child, isManagedContainer(remote.name, child.name)));
    } else if (!managed && !carriesNothing(remote.name, child)) {
      children.push(child);
    }
  }
  return { ...remote, attrs: alignAttrs(declared, remote), children };
}

/**
 * `remoteXml` rewritten to read like `declaredXml` wherever they agree, without the parts Jenkins owns; canonical
 * form.
 */
export function alignToDeclared(declaredXml: string, remoteXml: string): string {
  const declared = parseXml(declaredXml);
  const remote = parseXml(remoteXml);
  if (declared.root.name !== remote.root.name) return canonicalizeConfig(remoteXml);
  const root = align(declared.root, withoutOwnedParts(remote.root, declared.root), false);
  return canonicalizeConfig(writeXml({ ...remote, root }, { style: "pretty" }));
}

/**
 * Whether Jenkins's copy of a config is the one declared, apart from what Jenkins itself does to configs (the
 * parts it owns: owned-parts.ts) and from description/disabled (reported through their own outputs).
 */
export function sameConfig(declared: string | XmlElement, remote: string | XmlElement): boolean {
  const root = (x: string | XmlElement) => (typeof x === "string" ? parseXml(x).root : x);
  const declaredRoot = root(declared);
  return elementsEquivalent(declaredRoot, withoutOwnedParts(root(remote), declaredRoot), {
    ignoreRootFields: FIELD_NAMES,
  });
}

/**
 * `config` with its `<disabled>` saying what Jenkins holds (`enabled`), where the config has that field: the config
 * a refresh reports after an edit keeps the declared description, but never contradicts `enabled`, which a reviewer
 * reads beside it.
 */
export function withDisabledAsFound(config: string, enabled: boolean): string {
  const doc = parseXml(config);
  const texts = fieldTextsOf(doc.root);
  const said = String(!enabled);
  if (texts.disabled === undefined || texts.disabled.trim() === said) return config;
  return canonicalizeConfig(
    writeXml({ ...doc, root: withFieldTexts(doc.root, { ...texts, disabled: said }) }, { style: "pretty" }),
  );
}

/**
 * The config output after a hand edit: Jenkins's copy, reading like the declared one except for the edit, with
 * description/disabled as declared (those drift through their own outputs).
 */
export function driftedConfig(declared: string, remote: string): string {
  const aligned = transplantFields(alignToDeclared(declared, remote), declared);
  // Never let the tidying hide the edit that was found: then show Jenkins's copy as it is.
  return configsEqual(aligned, declared) ? transplantFields(remote, declared) : aligned;
}

function childKeys(e: XmlElement): [XmlElement, string][] {
  const seen = new Map<string, number>();
  return elementChildren(e).map((c) => {
    const n = seen.get(c.name) ?? 0;
    seen.set(c.name, n + 1);
    return [c, `${c.name}#${n}`];
  });
}

/**
 * A short key for an element's path in a layout: 8 hex digits of its SHA-256 (a layout names a few dozen paths; a
 * collision could only keep an empty element in the config a refresh reports).
 */
export function pathKey(path: string): string {
  return hash("sha256", path, "hex").slice(0, 8);
}

/** The layout of a declared config whose description and enabled state the outputs report as `effective`. */
export function layoutOf(declared: XmlElement, effective: { description: string; enabled: boolean }): DeclaredLayout {
  const kept: string[] = [];
  const plugins: Record<string, string> = {};
  const known: Answers = new Map();
  const visit = (e: XmlElement, path: string, managed: boolean): void => {
    const plugin = e.attrs.find(([n]) => n === "plugin");
    if (plugin) plugins[pathKey(path)] = plugin[1];
    for (const [c, key] of childKeys(e)) {
      const childPath = path === "" ? key : `${path}/${key}`;
      if (managed || carriesNothing(e.name, c, known)) kept.push(pathKey(childPath));
      visit(c, childPath, isManagedContainer(e.name, c.name));
    }
  };
  visit(declared, "", false);
  const layout: DeclaredLayout = { kept, plugins };
  const own = fieldTextsOf(declared);
  const said: FieldTexts = { description: effective.description, disabled: String(!effective.enabled) };
  for (const name of FIELD_NAMES) {
    const text = own[name];
    if (text === undefined) (layout.absent ??= []).push(name);
    else if (text !== said[name]) (layout.fields ??= {})[name] = text;
  }
  return layout;
}

/** The config's own description/disabled texts, from its layout and what the outputs say. */
function fieldTextsFrom(layout: DeclaredLayout, effective: { description: string; enabled: boolean }): FieldTexts {
  const out: FieldTexts = {};
  const said: FieldTexts = { description: effective.description, disabled: String(!effective.enabled) };
  for (const name of FIELD_NAMES) {
    if (layout.absent?.includes(name)) continue;
    out[name] = layout.fields?.[name] ?? said[name];
  }
  return out;
}

/** align() with a declared layout in place of the declared tree. */
function alignToLayout(remote: XmlElement, path: string, managed: boolean, layout: DeclaredLayout, kept: Set<string>) {
  const children: XmlNode[] = [];
  const keyed = new Map(childKeys(remote));
  for (const child of remote.children) {
    if (child.kind !== "element") {
      children.push(child);
      continue;
    }
    const key = keyed.get(child) as string;
    const childPath = path === "" ? key : `${path}/${key}`;
    if (kept.has(pathKey(childPath)) || (!managed && !carriesNothing(remote.name, child))) {
      children.push(alignToLayout(child, childPath, isManagedContainer(remote.name, child.name), layout, kept));
    }
  }
  const plugin = layout.plugins[pathKey(path)];
  const attrs = remote.attrs.filter(([n]) => n !== "plugin");
  if (plugin !== undefined) {
    const at = remote.attrs.findIndex(([n]) => n === "plugin");
    attrs.splice(at >= 0 ? at : attrs.length, 0, ["plugin", plugin]);
  }
  return { ...remote, attrs, children };
}

/**
 * The config output after a hand edit found against a digest (the declared config is not at hand): Jenkins's copy
 * made to read like the declared one by its layout (as alignToDeclared does), without the parts Jenkins owns, with
 * description/disabled as declared. `semantic` is the declared config's semanticDigest: should the tidying make the
 * copy read exactly like the declared config, hiding the edit, Jenkins's copy is shown as it is.
 */
export function foundConfig(
  remote: string,
  declared: { layout?: DeclaredLayout; semantic?: string; root?: string; owned?: string } | undefined,
  effective: { description: string; enabled: boolean },
  compare = true,
): string {
  const doc = parseXml(remote);
  const standIn = declared?.owned !== undefined ? parseXml(declared.owned).root : undefined;
  const own = withoutOwnedParts(doc.root, standIn ?? { kind: "element", name: doc.root.name, attrs: [], children: [] });
  const layout = declared?.layout;
  const semantic = compare ? declared?.semantic : undefined;
  const fields = layout
    ? fieldTextsFrom(layout, effective)
    : { ...fieldTextsOf(doc.root), description: effective.description };
  const aligned = layout ? alignToLayout(own, "", false, layout, new Set(layout.kept)) : own;
  const text = canonicalizeConfig(writeXml({ ...doc, root: withFieldTexts(aligned, fields) }, { style: "pretty" }));
  if (semantic === undefined || !sameHash(semantic, semanticDigest(parseXml(text).root))) return text;
  return canonicalizeDocument({ ...doc, root: withFieldTexts(doc.root, fields) });
}

/**
 * Inputs that describe the job as Jenkins has it, reported by a refresh that found an edit, so that whichever of
 * old outputs or old inputs the next preview compares with the program, it shows what `up` will put back.
 * `configXml`: the config for a job declared as configXml whose outputs keep only a digest of it (an edit of its
 * description, enabled state or secrets alone).
 */
export function inputsReflecting(
  props: JobOutputs,
  configXml: string | undefined = props.configXml,
): Partial<JobInputs> & { fullName: string; url: string } {
  // The keys check returns (filled-fields.ts, knownOutputs), so the next preview lists only values that differ;
  // the internal `__` inputs are left out, so the config is read again.
  const inputs: Partial<JobInputs> & { fullName: string; url: string } = {
    name: props.name,
    description: props.description,
    fullName: props.fullName,
    url: props.url,
  };
  if (props.controller) inputs.controller = props.controller;
  if (props.adopt === true) inputs.adopt = true;
  if (props.letGo === true) inputs.letGo = true;
  // A spec-managed job is reported as its spec, so the next preview shows the edit as spec properties.
  const key = sourceOf(props as unknown as Record<string, unknown>);
  if (key === "configXml") inputs.configXml = configXml;
  else Object.assign(inputs, { [key]: props[key] });
  // Jenkins's config beside the declared spec (found-config.ts): the next check puts the spec's config beside it.
  if (key !== "configXml" && props.__foundConfig === true) inputs.configXml = configXml;
  if (props.folder) inputs.folder = props.folder;
  if (describeRoot(rootNameOf(configXml ?? ""))?.canDisable !== false) inputs.enabled = props.enabled;
  return inputs;
}
