/**
 * A plain folder's views as an imported folder is declared: with Jenkins's default `All` view alone. The folder's
 * other views become View resources (or stay Jenkins's), so the folder declared this way leaves them alone and is
 * not compared on them (resource/owned/folder-views.ts). Pure.
 */
import { canonicalizeDocument } from "../../xml/canonical";
import { elementChildren, parseXml, type XmlElement, type XmlNode } from "../../xml/tree";

export const FOLDER_ROOT = "com.cloudbees.hudson.plugins.folder.Folder";
export const ALL_VIEW = "hudson.model.AllView";

/** A view's `<name>`, as written. */
export function viewNameOf(view: XmlElement): string {
  const n = elementChildren(view).find((c) => c.name === "name");
  return n ? n.children.map((c) => (c.kind === "text" ? c.text : "")).join("") : "";
}

/** The folder's own `All` view (named `all` by some versions of the folders plugin). */
export function isDefaultAllView(v: XmlElement): boolean {
  return v.name === ALL_VIEW && viewNameOf(v).toLowerCase() === "all";
}

const nameText = (e: XmlElement): string =>
  e.children
    .map((c) => (c.kind === "text" ? c.text : ""))
    .join("")
    .trim();

/**
 * A folder's config with only Jenkins's default views (its holder and `All`). A folder that had only the default
 * keeps its text as it is (and its typed spec, when it fits one); any other item's config is returned unchanged.
 */
export function withoutFolderViews(configXml: string): string {
  const doc = parseXml(configXml);
  if (doc.root.name !== FOLDER_ROOT) return configXml;
  let changed = false;
  const children = doc.root.children.flatMap((c): XmlNode[] => {
    if (c.kind !== "element" || c.name !== "folderViews") return [c];
    const holder = c.children.flatMap((h): XmlNode[] => {
      if (h.kind !== "element") return [h];
      if (h.name === "primaryView" && nameText(h).toLowerCase() !== "all") {
        changed = true;
        return [];
      }
      if (h.name !== "views") return [h];
      const kept = h.children.filter((v) => v.kind !== "element" || isDefaultAllView(v));
      if (kept.length !== h.children.length) changed = true;
      return [{ ...h, children: kept }];
    });
    return [{ ...c, children: holder }];
  });
  if (!changed) return configXml;
  return canonicalizeDocument({ ...doc, root: { ...doc.root, children } });
}
