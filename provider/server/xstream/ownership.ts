/**
 * `plugin="shortName@version"` attributes and the elements of plugins that are not installed.
 *
 * Jenkins' reflection converter keeps a stack of the plugins owning the objects being written and adds the attribute
 * when an object's plugin differs from that of the closest ancestor owned by a plugin; core classes own nothing and
 * are skipped in that comparison. Elements written as references are not marshalled and carry no attribute.
 *
 * The owner of an element comes from its class (plugins.ts). For a field whose class the XML does not name, the
 * `plugin` attribute written by the Jenkins that produced the file is the only clue, and it is trusted.
 */
import type { XmlElement } from "../../xml/tree";
import { attr, classOfElement, isReference } from "./element-class";
import { isInstalled, pluginOfClass, pluginReference, shortNameOf, type ActivePlugins } from "./plugins";

const PLUGIN = "plugin";

/** Short name of the plugin owning `e`, or null for core classes and fields of unknown type. */
export function ownerOf(e: XmlElement, rootClass?: string): string | null {
  const className = classOfElement(e, rootClass);
  const fromClass = className === undefined ? undefined : pluginOfClass(className);
  if (fromClass !== undefined) return fromClass;
  const written = attr(e, PLUGIN);
  return written === undefined || shortNameOf(written) === "" ? null : shortNameOf(written);
}

/** Removes, in place, every element whose owning plugin is not installed. Returns the names of removed elements. */
export function dropUninstalled(root: XmlElement, active?: ActivePlugins): string[] {
  const dropped: string[] = [];
  const visit = (e: XmlElement): void => {
    e.children = e.children.filter((c) => {
      if (c.kind !== "element") return true;
      const owner = isReference(c) ? null : ownerOf(c);
      if (owner !== null && !isInstalled(owner, active)) {
        dropped.push(c.name);
        return false;
      }
      visit(c);
      return true;
    });
  };
  // The root's own plugin is checked by the item-type catalogue; here only its content is filtered.
  visit(root);
  return dropped;
}

function setPluginAttr(e: XmlElement, value: string | undefined): void {
  const at = e.attrs.findIndex(([k]) => k === PLUGIN);
  if (value === undefined) {
    if (at >= 0) e.attrs.splice(at, 1);
  } else if (at >= 0) {
    e.attrs[at] = [PLUGIN, value];
  } else {
    // XStream adds it after `class` and `resolves-to`, before anything a converter writes later.
    let pos = 0;
    while (pos < e.attrs.length && (e.attrs[pos][0] === "class" || e.attrs[pos][0] === "resolves-to")) pos++;
    e.attrs.splice(pos, 0, [PLUGIN, value]);
  }
}

/** Rewrites, in place, the `plugin` attributes of the whole tree with the installed versions. */
export function assignPluginAttributes(root: XmlElement, rootClass?: string, active?: ActivePlugins): void {
  const visit = (e: XmlElement, nearestOwner: string | null, isRoot: boolean): void => {
    let owner: string | null = null;
    if (isReference(e)) {
      setPluginAttr(e, undefined);
    } else {
      owner = ownerOf(e, isRoot ? rootClass : undefined);
      const shown = owner !== null && owner !== nearestOwner && isInstalled(owner, active);
      setPluginAttr(e, shown && owner !== null ? pluginReference(owner, active) : undefined);
    }
    const next = owner ?? nearestOwner;
    for (const c of e.children) if (c.kind === "element") visit(c, next, false);
  };
  visit(root, null, true);
}
