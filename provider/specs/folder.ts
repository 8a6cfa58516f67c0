/**
 * Folders (cloudbees-folder's Folder), fields in AbstractFolder's class order: actions, description, displayName,
 * properties, folderViews, healthMetrics, icon. A new folder is saved with its "All" view, the worst-child health
 * metric and the stock icon, so those are written as well.
 */
import type { XmlElement } from "../xml/tree";
import { descriptionElement, writeConfig } from "./document";
import { bool, classAttr, obj, str } from "./nodes";
import { pluginAttr } from "./plugins";
import type { FolderSpec, JobSpecFields } from "./types";
import { validateJobSpec } from "./validate";

export const FOLDER_CLASS = "com.cloudbees.hudson.plugins.folder.Folder";

function folderViews(): XmlElement {
  return obj(
    "folderViews",
    [
      obj("views", [
        obj("hudson.model.AllView", [
          // Back-reference to the folder itself: folderViews/views/AllView/owner → four levels up.
          obj("owner", [], [classAttr(FOLDER_CLASS), ["reference", "../../../.."]]),
          str("name", "All"),
          bool("filterExecutors", false),
          bool("filterQueue", false),
          obj("properties", [], [classAttr("hudson.model.View$PropertyList")]),
        ]),
      ]),
      obj("tabBar", [], [classAttr("hudson.views.DefaultViewsTabBar")]),
    ],
    [classAttr("com.cloudbees.hudson.plugins.folder.views.DefaultFolderViewHolder")],
  );
}

/** The config tree of a folder (validated input). */
export function folderTree(spec: FolderSpec, fields?: JobSpecFields): XmlElement {
  const displayName = spec.displayName ?? "";
  return obj(
    FOLDER_CLASS,
    [
      obj("actions"),
      descriptionElement(fields),
      ...(displayName === "" ? [] : [str("displayName", displayName)]),
      obj("properties"),
      folderViews(),
      obj("healthMetrics", [
        obj("com.cloudbees.hudson.plugins.folder.health.WorstChildHealthMetric", [bool("nonRecursive", false)]),
      ]),
      obj("icon", [], [classAttr("com.cloudbees.hudson.plugins.folder.icons.StockFolderIcon")]),
    ],
    [pluginAttr("cloudbees-folder")],
  );
}

/** config.xml of a folder, as a current Jenkins saves it. Throws JobSpecError for an invalid spec. */
export function renderFolder(spec: FolderSpec, fields?: JobSpecFields): string {
  validateJobSpec("folder", spec, fields);
  return writeConfig(folderTree(spec, fields));
}
