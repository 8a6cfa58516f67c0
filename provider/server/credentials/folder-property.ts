/**
 * A folder's credentials store lives in the folder's own config.xml (cloudbees-folder
 * `FolderCredentialsProvider$FolderCredentialsProperty`, a folder property holding the `domainCredentialsMap`), so
 * adding a credential rewrites the folder's config, and posting a folder config without the property deletes them.
 * Pure functions over the folder's XML tree.
 */
import { elementChildren, type XmlElement } from "../../xml/tree";
import { readDomainMap, writeDomainMap, type DomainCredentials } from "./domains";

export const FOLDER_CREDENTIALS_PROPERTY =
  "com.cloudbees.hudson.plugins.folder.properties.FolderCredentialsProvider_-FolderCredentialsProperty";

const child = (e: XmlElement, name: string): XmlElement | undefined => elementChildren(e).find((c) => c.name === name);

/** The folder's credentials by domain (the global domain alone, empty, when the folder has no property). */
export function folderDomains(folder: XmlElement): DomainCredentials[] {
  const properties = child(folder, "properties");
  const property = properties === undefined ? undefined : child(properties, FOLDER_CREDENTIALS_PROPERTY);
  return readDomainMap(property === undefined ? undefined : child(property, "domainCredentialsMap"));
}

/**
 * Sets, in place, the folder's credentials: the property keeps its place among the folder's properties, a new one is
 * added last (Jenkins appends a property added by its descriptor).
 */
export function setFolderDomains(folder: XmlElement, domains: readonly DomainCredentials[]): void {
  let properties = child(folder, "properties");
  if (properties === undefined) {
    properties = { kind: "element", name: "properties", attrs: [], children: [] };
    folder.children.push(properties);
  }
  let property = child(properties, FOLDER_CREDENTIALS_PROPERTY);
  if (property === undefined) {
    property = { kind: "element", name: FOLDER_CREDENTIALS_PROPERTY, attrs: [], children: [] };
    properties.children.push(property);
  }
  const map = writeDomainMap(domains);
  const at = property.children.findIndex((c) => c.kind === "element" && c.name === "domainCredentialsMap");
  if (at >= 0) property.children[at] = map;
  else property.children.unshift(map);
}
