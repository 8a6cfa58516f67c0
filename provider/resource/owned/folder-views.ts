/**
 * A folder's views: the folders plugin keeps them inside the folder's config.xml (`<folderViews>`, a
 * DefaultFolderViewHolder), gives every folder one holding its `All` view, even a folder created from a config
 * without them, and every view created in the folder (by hand, or by a `View` resource) is written there.
 *
 * A folder declared without `<folderViews>`, or with only the default holder and its `All` view, leaves its views
 * to Jenkins and to View resources: the remote views are not compared, and an update posts the folder's config
 * with the remote views put back (posting the declared config alone would delete every view of the folder).
 * A folder that declares views of its own keeps them compared and posted as declared.
 */
import { equivalenceForm } from "../../xml/semantic";
import { elementChildren, textOf, type XmlElement } from "../../xml/tree";
import type { OwnedPartRule } from "./rule";
import { placeAsRemote } from "./placement";

const FOLDER = "com.cloudbees.hudson.plugins.folder.Folder";
const HOLDER_CLASS = "com.cloudbees.hudson.plugins.folder.views.DefaultFolderViewHolder";
const FIELD = "folderViews";

const attrOf = (e: XmlElement, name: string): string | undefined => e.attrs.find(([k]) => k === name)?.[1];
const childOf = (e: XmlElement, name: string): XmlElement | undefined =>
  elementChildren(e).find((c) => c.name === name);

/**
 * The default `All` view (named `all` by some versions of the folders plugin): nothing but its owner reference, its
 * name and default-valued fields.
 */
function isDefaultAllView(view: XmlElement): boolean {
  if (view.name !== "hudson.model.AllView") return false;
  return elementChildren(view).every((c) => {
    switch (c.name) {
      case "owner":
        return true;
      case "name":
        return textOf(c).toLowerCase() === "all";
      case "filterExecutors":
      case "filterQueue":
        return textOf(c).trim() === "false";
      case "properties":
      case "description":
        return elementChildren(c).length === 0 && textOf(c).trim() === "";
      default:
        return false;
    }
  });
}

/** Whether a declared `<folderViews>` is only what Jenkins would give the folder anyway. */
export function isDefaultViewHolder(holder: XmlElement): boolean {
  const cls = attrOf(holder, "class");
  if (cls !== undefined && cls !== HOLDER_CLASS) return false;
  return elementChildren(holder).every((c) => {
    if (c.name === "views") {
      const views = elementChildren(c);
      return views.length === 1 && isDefaultAllView(views[0]);
    }
    if (c.name === "primaryView") return textOf(c).trim().toLowerCase() === "all";
    if (c.name === "tabBar") return elementChildren(c).length === 0;
    return false;
  });
}

/** A plain folder whose declaration leaves its views to Jenkins and View resources. */
function leavesViews(declared: XmlElement): boolean {
  if (declared.name !== FOLDER) return false;
  const holder = childOf(declared, FIELD);
  return holder === undefined || isDefaultViewHolder(holder);
}

/**
 * `e` with its `<folderViews>` replaced by `holder` (removed when undefined). A holder `e` lacks goes where `from`
 * (the remote config) has it, or after `<properties>`.
 */
function withHolder(e: XmlElement, holder: XmlElement | undefined, from?: XmlElement): XmlElement {
  const at = e.children.findIndex((c) => c.kind === "element" && c.name === FIELD);
  const children = [...e.children];
  if (at >= 0) {
    if (holder === undefined) children.splice(at, 1);
    else children[at] = holder;
  } else if (holder !== undefined && from !== undefined) {
    return { ...e, children: placeAsRemote(e.children, elementChildren(from), (c) => c === holder) };
  } else if (holder !== undefined) {
    const props = children.findIndex((c) => c.kind === "element" && c.name === "properties");
    children.splice(props >= 0 ? props + 1 : children.length, 0, holder);
  } else {
    return e;
  }
  return { ...e, children };
}

export const FOLDER_VIEWS_RULE: OwnedPartRule = {
  what: "a folder's views (kept in <folderViews> of the folder's config.xml)",
  forComparison(remote, declared) {
    if (!leavesViews(declared) || remote.name !== FOLDER) return remote;
    const declaredHolder = childOf(declared, FIELD);
    const remoteHolder = childOf(remote, FIELD);
    if (remoteHolder === undefined && declaredHolder === undefined) return remote;
    return withHolder(remote, declaredHolder);
  },
  reads(declared) {
    const holder = declared.name === FOLDER ? childOf(declared, FIELD) : undefined;
    if (holder === undefined) return [];
    // The default holder goes into the comparison as declared (in the form the digest compares, which is smaller);
    // views of its own only need to say so.
    if (isDefaultViewHolder(holder)) return [equivalenceForm(holder, declared.name)];
    const views: XmlElement = { kind: "element", name: "views", attrs: [], children: [] };
    return [{ kind: "element", name: FIELD, attrs: [], children: [views] }];
  },
  needsRemote(declared) {
    return leavesViews(declared);
  },
  keep(declared, remote) {
    if (remote.name !== FOLDER) return declared;
    const remoteHolder = childOf(remote, FIELD);
    return remoteHolder === undefined ? declared : withHolder(declared, remoteHolder, remote);
  },
};
