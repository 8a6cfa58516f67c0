/**
 * The views an import declares: list views of the root (read through the remote API) and of each imported folder
 * (read from the folder's config.xml, where the folders plugin keeps them), written as `View` resources with a
 * `listView` spec whose jobs refer to the generated `Job` resources. Jenkins's own default views (`all` at the
 * root, a folder's `All`) are left to Jenkins, and so is anything a spec cannot say (other view types, job
 * filters): those are listed as not imported. Pure, apart from `fetchRootViews`.
 */
import type { JenkinsClient } from "../client/jenkins-client";
import { ALL_VIEW, FOLDER_ROOT, isDefaultAllView, viewNameOf } from "../resource/found/folder-views";
import { elementChildren, parseXml } from "../xml/tree";
import { writeXml } from "../xml/writer";
import { parseListView, type NormalListView } from "../view/list-view";
import type { SkippedItem } from "./select";

export interface ImportedView {
  /** The folder holding the view ("" for the root). */
  folder: string;
  name: string;
  configXml: string;
}

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
      name: viewNameOf(v),
      configXml: writeXml(
        { ...v, children: v.children.filter((c) => !(c.kind === "element" && c.name === "owner")) },
        { style: "pretty", declaration: null },
      ),
    }));
}

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
