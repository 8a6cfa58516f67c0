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
import { isDefaultField, isManagedContainer } from "../xml/defaults";
import { configsEqual, elementsEquivalent } from "../xml/semantic";
import { FIELD_NAMES, rootNameOf, transplantFields } from "./job-config";
import { describeRoot } from "./job-kinds";
import { sourceOf } from "./sources";
import type { JobInputs, JobOutputs } from "./types";
import { parseXml, elementChildren, textOf, type XmlElement, type XmlNode } from "../xml/tree";
import { writeXml } from "../xml/writer";
import { canonicalizeConfig } from "../xml/canonical";
import { withoutOwnedParts } from "./owned-parts";

const NEUTRAL_ATTRS = new Set(["class", "plugin"]);

function isEmptyField(e: XmlElement): boolean {
  return (
    elementChildren(e).length === 0 && textOf(e).trim() === "" && e.attrs.every(([name]) => NEUTRAL_ATTRS.has(name))
  );
}

/** Something Jenkins writes by itself: an empty element, a known default, or a container holding only such. */
function carriesNothing(parent: string, e: XmlElement): boolean {
  if (isEmptyField(e)) return true;
  const children = elementChildren(e);
  if (children.length === 0) return isDefaultField(parent, e.name, textOf(e));
  return e.attrs.every(([n]) => NEUTRAL_ATTRS.has(n)) && children.every((c) => carriesNothing(e.name, c));
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
 * The config output after a hand edit: Jenkins's copy, reading like the declared one except for the edit, with
 * description/disabled as declared (those drift through their own outputs).
 */
export function driftedConfig(declared: string, remote: string): string {
  const aligned = transplantFields(alignToDeclared(declared, remote), declared);
  // Never let the tidying hide the edit that was found: then show Jenkins's copy as it is.
  return configsEqual(aligned, declared) ? transplantFields(remote, declared) : aligned;
}

/**
 * Inputs that describe the job as Jenkins has it, reported by a refresh that found an edit, so that whichever of
 * old outputs or old inputs the next preview compares with the program, it shows what `up` will put back.
 */
export function inputsReflecting(props: JobOutputs): Partial<JobInputs> & { fullName: string; url: string } {
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
  // A spec-managed job is reported as its spec, so the next preview shows the edit as spec properties.
  const key = sourceOf(props as unknown as Record<string, unknown>);
  if (key === "configXml") inputs.configXml = props.configXml;
  else Object.assign(inputs, { [key]: props[key] });
  if (props.folder) inputs.folder = props.folder;
  if (describeRoot(rootNameOf(props.configXml))?.canDisable !== false) inputs.enabled = props.enabled;
  return inputs;
}
