/**
 * The views an import declares: list views of the root (read through the remote API) and of each imported folder
 * (read from the folder's config.xml, where the folders plugin keeps them), written as `View` resources with a
 * `listView` spec whose jobs refer to the generated `Job` resources. Jenkins's own default views (`all` at the
 * root, a folder's `All`) are left to Jenkins, and so is anything a spec cannot say (other view types, job
 * filters): those are listed as not imported. Pure, apart from `fetchRootViews`.
 */
import type { JenkinsClient } from "../client/jenkins-client";
import { canonicalizeDocument } from "../xml/canonical";
import { elementChildren, parseXml, type XmlElement, type XmlNode } from "../xml/tree";
import { writeXml } from "../xml/writer";
import { parseListView, type NormalListView } from "../view/list-view";
import type { SkippedItem } from "./select";

export interface ImportedView {
  /** The folder holding the view ("" for the root). */
  folder: string;
  name: string;
  configXml: string;
}

const FOLDER_ROOT = "com.cloudbees.hudson.plugins.folder.Folder";
const ALL_VIEW = "hudson.model.AllView";

/** The folder's own `All` view (named `all` by some versions of the folders plugin). */
const isDefaultAllView = (v: XmlElement): boolean => v.name === ALL_VIEW && nameOf(v).toLowerCase() === "all";

const nameOf = (view: XmlElement): string => {
  const n = elementChildren(view).find((c) => c.name === "name");
  return n ? n.children.map((c) => (c.kind === "text" ? c.text : "")).join("") : "";
};

/** The non-default views of the root, read with one listing and one config.xml GET each. */
export async function fetchRootViews(client: JenkinsClient): Promise<ImportedView[]> {
  const out: ImportedView[] = [];
  for (const v of await client.listViews("")) {
    if (v.className === ALL_VIEW && v.name === "all") continue;
    out.push({ folder: "", name: v.name, configXml: await client.getViewConfig("", v.name) });
  }
  return out;
}

/** The views inside a plain folder's config.xml (other than its default `All`), each as a view config of its own. */
export function folderViewsOf(fullName: string, configXml: string): ImportedView[] {
  const root = parseXml(configXml).root;
  if (root.name !== FOLDER_ROOT) return [];
  const holder = elementChildren(root).find((c) => c.name === "folderViews");
  const views = holder ? elementChildren(holder).find((c) => c.name === "views") : undefined;
  return (views ? elementChildren(views) : [])
    .filter((v) => !isDefaultAllView(v))
    .map((v) => ({
      folder: fullName,
      name: nameOf(v),
      configXml: writeXml(
        { ...v, children: v.children.filter((c) => !(c.kind === "element" && c.name === "owner")) },
        { style: "pretty", declaration: null },
      ),
    }));
}

/**
 * A folder's config with only Jenkins's default views (its holder and `All`): the other views become View resources
 * (or stay Jenkins's), so the folder declared this way leaves them alone and is not compared on them. A folder that
 * had only the default keeps its text as it is (and its typed spec, when it fits one).
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

const nameText = (e: XmlElement): string =>
  e.children
    .map((c) => (c.kind === "text" ? c.text : ""))
    .join("")
    .trim();

export interface PreparedView {
  folder: string;
  name: string;
  spec: NormalListView;
}

/** The list views a spec can say; the others are reported as not imported. */
export function prepareViews(views: readonly ImportedView[]): { views: PreparedView[]; skipped: SkippedItem[] } {
  const out: PreparedView[] = [];
  const skipped: SkippedItem[] = [];
  for (const v of views) {
    const fullName = `view ${v.folder === "" ? v.name : `${v.folder}/${v.name}`}`;
    const spec = parseListView(v.configXml);
    if (spec === undefined) {
      skipped.push({ fullName, reason: "not a list view a listView spec can express; it stays as it is in Jenkins" });
      continue;
    }
    out.push({ folder: v.folder, name: v.name, spec });
  }
  return { views: out, skipped };
}
