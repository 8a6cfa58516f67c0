/**
 * Shared libraries as the pipeline-groovy-lib plugin finds them for a job (LibraryResolver): the folder libraries
 * of each enclosing folder (FolderLibraries.ForJob walks the parents while they are folders; a folder's
 * `org.jenkinsci.plugins.workflow.libs.FolderLibraries` property holds
 * `libraries/org.jenkinsci.plugins.workflow.libs.LibraryConfiguration/name`) and the global libraries
 * (GlobalLibraries, set by the server's options).
 */
import { childText, elementChildren, parseXml, type XmlElement } from "../xml/tree";
import type { ServerState } from "./context";
import { MAX_CONFIG_BYTES, type Item } from "./store";

const FOLDER_LIBRARIES = "org.jenkinsci.plugins.workflow.libs.FolderLibraries";
const LIBRARY_CONFIGURATION = "org.jenkinsci.plugins.workflow.libs.LibraryConfiguration";

const child = (e: XmlElement, name: string): XmlElement | undefined => elementChildren(e).find((c) => c.name === name);

/** The library names a folder's stored config.xml defines, in its order; none when it does not parse. */
export function folderLibraryNames(configXml: string): string[] {
  let root: XmlElement;
  try {
    root = parseXml(configXml, { maxBytes: MAX_CONFIG_BYTES }).root;
  } catch {
    return [];
  }
  const properties = child(root, "properties");
  const prop = properties && child(properties, FOLDER_LIBRARIES);
  const libraries = prop && child(prop, "libraries");
  if (!libraries) return [];
  return elementChildren(libraries)
    .filter((e) => e.name === LIBRARY_CONFIGURATION)
    .map((e) => childText(e, "name")?.trim() ?? "")
    .filter((name) => name !== "");
}

/**
 * What LibraryResolver.suggestedConfigurations gives for an item group (a folder, or the root when undefined):
 * the folder chain's libraries, nearest first, then the global ones; duplicates kept, as each resolver lists its own.
 */
export function librariesVisibleFrom(state: ServerState, group: Item | undefined): string[] {
  const names: string[] = [];
  for (let g = group; g !== undefined && g.type.isFolder; g = g.parent) names.push(...folderLibraryNames(g.xml));
  names.push(...state.options.globalLibraries);
  return names;
}
