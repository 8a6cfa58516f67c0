/**
 * A folder's credentials: the folders plugin keeps a folder's credentials store inside the folder's own config.xml
 * (`<properties>` holds `FolderCredentialsProvider$FolderCredentialsProperty` with every credential, secrets
 * encrypted), so a credential added by hand, or by a `Credential` resource, changes the folder's config.
 *
 * A folder declared without that property leaves its credentials to Jenkins and to `Credential` resources: the
 * remote property is not compared, and an update posts the folder's config with the property put back exactly as
 * Jenkins has it, where Jenkins has it (posting the declared config alone deletes every credential of the folder).
 * A folder whose declared config holds the property manages its credentials in the folder's XML: compared and posted
 * as declared, its secrets handled as every Secret field (resource/secrets/).
 */
import { elementChildren, type XmlElement } from "../../xml/tree";
import { describeRoot } from "../job-kinds";
import type { OwnedPartRule } from "./rule";
import { placeAsRemote } from "./placement";

export const FOLDER_CREDENTIALS_PROPERTY =
  "com.cloudbees.hudson.plugins.folder.properties.FolderCredentialsProvider_-FolderCredentialsProperty";

const childOf = (e: XmlElement, name: string): XmlElement | undefined =>
  elementChildren(e).find((c) => c.name === name);

function propertyOf(root: XmlElement): XmlElement | undefined {
  const props = childOf(root, "properties");
  return props === undefined ? undefined : childOf(props, FOLDER_CREDENTIALS_PROPERTY);
}

/** A folder (any kind: plain, multibranch, organization) whose declaration leaves its credentials to Jenkins. */
function leavesCredentials(declared: XmlElement): boolean {
  return describeRoot(declared.name)?.kind === "folder" && propertyOf(declared) === undefined;
}

export const FOLDER_CREDENTIALS_RULE: OwnedPartRule = {
  what: "a folder's credentials (kept in the FolderCredentialsProperty of the folder's config.xml)",
  forComparison(remote, declared) {
    if (!leavesCredentials(declared) || remote.name !== declared.name) return remote;
    const props = childOf(remote, "properties");
    if (props === undefined || childOf(props, FOLDER_CREDENTIALS_PROPERTY) === undefined) return remote;
    const nextProps: XmlElement = {
      ...props,
      children: props.children.filter((c) => !(c.kind === "element" && c.name === FOLDER_CREDENTIALS_PROPERTY)),
    };
    return { ...remote, children: remote.children.map((c) => (c === props ? nextProps : c)) };
  },
  reads(declared) {
    if (describeRoot(declared.name)?.kind !== "folder" || propertyOf(declared) === undefined) return [];
    const property: XmlElement = { kind: "element", name: FOLDER_CREDENTIALS_PROPERTY, attrs: [], children: [] };
    return [{ kind: "element", name: "properties", attrs: [], children: [property] }];
  },
  needsRemote(declared) {
    return leavesCredentials(declared);
  },
  keep(declared, remote) {
    if (remote.name !== declared.name) return declared;
    const remoteProps = childOf(remote, "properties");
    const property = propertyOf(remote);
    if (remoteProps === undefined || property === undefined) return declared;
    const isProperty = (e: XmlElement): boolean => e === property;
    const props = childOf(declared, "properties");
    if (props !== undefined) {
      const children = placeAsRemote(props.children, elementChildren(remoteProps), isProperty);
      const nextProps: XmlElement = { ...props, children };
      return { ...declared, children: declared.children.map((c) => (c === props ? nextProps : c)) };
    }
    // No <properties> declared: one holding the property alone, where the remote config has its <properties>.
    const holder: XmlElement = { ...remoteProps, children: [property] };
    const children = placeAsRemote(
      declared.children,
      elementChildren(remote).map((c) => (c === remoteProps ? holder : c)),
      (e) => e === holder,
    );
    return { ...declared, children };
  },
};
