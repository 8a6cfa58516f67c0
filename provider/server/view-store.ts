/**
 * Where views live, as in a Jenkins home: the root's in $JENKINS_HOME/config.xml (here `config.xml` of the data
 * folder, holding only the views), a folder's inside the folder's own config.xml (`<folderViews>`, the
 * DefaultFolderViewHolder). Every view group has at least its default view: the root's `all`, a folder's `All`.
 *
 * List views follow their jobs (ListView.Listener): a rename rewrites an entry, a move out of the view's group or a
 * delete removes it, and the group holding the view is saved.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { parseXml, type XmlElement } from "../xml/tree";
import { writeXml } from "../xml/writer";
import type { ActivePlugins } from "./xstream/plugins";
import { readBack, resave, SAVED_DECLARATION } from "./xstream";
import {
  allView,
  jobNamesOf,
  LIST_VIEW_CLASS,
  viewClassOf,
  viewNameOf,
  withJobNames,
  withOwner,
  withoutOwner,
} from "./xstream/views";
import { fullNameOf, type Item, type JobStore } from "./store";

const FOLDER = "com.cloudbees.hudson.plugins.folder.Folder";
const HOLDER = "com.cloudbees.hudson.plugins.folder.views.DefaultFolderViewHolder";

/** A view group: the root (undefined) or a plain folder. */
export type ViewOwner = Item | undefined;

export interface ViewGroup {
  views: XmlElement[];
  primaryView: string;
}

const elements = (e: XmlElement): XmlElement[] => e.children.filter((c): c is XmlElement => c.kind === "element");
const textOf = (e: XmlElement): string => e.children.map((c) => (c.kind === "text" ? c.text : "")).join("");

export function isViewGroup(item: Item): boolean {
  return item.type.root === FOLDER;
}

export class ViewStore {
  /** A folder's views read from its stored config, re-read only when that text changes (api/json asks often). */
  private readonly folderGroups = new WeakMap<Item, { xml: string; group: ViewGroup }>();

  constructor(
    private readonly store: JobStore,
    private readonly active: () => ActivePlugins | undefined,
  ) {}

  private rootFile(): string {
    return path.join(this.store.dataDir, "config.xml");
  }

  group(owner: ViewOwner): ViewGroup {
    if (owner === undefined) {
      let text: string | undefined;
      try {
        text = fs.readFileSync(this.rootFile(), "utf8");
      } catch {
        text = undefined;
      }
      if (text === undefined) return { views: [allView("all")], primaryView: "all" };
      const root = parseXml(text).root;
      const views = elements(root).find((c) => c.name === "views");
      const primary = elements(root).find((c) => c.name === "primaryView");
      return {
        views: views ? elements(views).map(withoutOwner) : [allView("all")],
        primaryView: primary ? textOf(primary) : "all",
      };
    }
    const hit = this.folderGroups.get(owner);
    if (hit && hit.xml === owner.xml) return { views: [...hit.group.views], primaryView: hit.group.primaryView };
    const group = this.readFolderGroup(owner);
    this.folderGroups.set(owner, { xml: owner.xml, group });
    return { views: [...group.views], primaryView: group.primaryView };
  }

  private readFolderGroup(owner: Item): ViewGroup {
    // The folder as Jenkins holds it in memory: with its holder and `All` view even when its file has none yet.
    const root = parseXml(readBack(owner.xml, "current", this.active())).root;
    const holder = elements(root).find((c) => c.name === "folderViews");
    const views = holder ? elements(holder).find((c) => c.name === "views") : undefined;
    const list = views ? elements(views).map(withoutOwner) : [allView("All")];
    const primary = holder ? elements(holder).find((c) => c.name === "primaryView") : undefined;
    return { views: list, primaryView: primary ? textOf(primary) : viewNameOf(list[0]) };
  }

  /** The view named exactly `name` (view names are case-sensitive), if any. */
  find(owner: ViewOwner, name: string): XmlElement | undefined {
    return this.group(owner).views.find((v) => viewNameOf(v) === name);
  }

  /**
   * Saves the group's views (its owner's config: the folder's config.xml is written by XStream, as on any save);
   * `primaryView` names the primary view when it changes (a renamed primary view, ViewGroupMixIn.onViewRenamed).
   */
  save(owner: ViewOwner, views: XmlElement[], primaryView?: string): void {
    if (owner === undefined) {
      const primary = primaryView ?? this.group(undefined).primaryView;
      const doc: XmlElement = {
        kind: "element",
        name: "hudson",
        attrs: [],
        children: [
          { kind: "element", name: "views", attrs: [], children: views.map((v) => withOwner(v, "hudson", "../../..")) },
          { kind: "element", name: "primaryView", attrs: [], children: [{ kind: "text", text: primary }] },
        ],
      };
      fs.writeFileSync(this.rootFile(), writeXml(doc, { declaration: SAVED_DECLARATION, style: "xstream" }), "utf8");
      return;
    }
    const root = parseXml(resave(owner.xml, {}, this.active())).root;
    let holder = elements(root).find((c) => c.name === "folderViews");
    if (holder === undefined) {
      holder = { kind: "element", name: "folderViews", attrs: [["class", HOLDER]], children: [] };
      root.children.push(holder);
    }
    let list = elements(holder).find((c) => c.name === "views");
    if (list === undefined) {
      list = { kind: "element", name: "views", attrs: [], children: [] };
      holder.children.unshift(list);
    }
    list.children = views.map((v) => withOwner(v, FOLDER, "../../../.."));
    if (primaryView !== undefined) {
      const primary = elements(holder).find((c) => c.name === "primaryView");
      if (primary !== undefined) primary.children = [{ kind: "text", text: primaryView }];
      else
        holder.children.push({
          kind: "element",
          name: "primaryView",
          attrs: [],
          children: [{ kind: "text", text: primaryView }],
        });
    }
    this.store.save(owner, writeXml(root, { declaration: SAVED_DECLARATION, style: "xstream" }));
  }

  /** Every view group, the root first, then folders depth-first. */
  private groups(): ViewOwner[] {
    const out: ViewOwner[] = [undefined];
    const walk = (parent: Item | undefined): void => {
      for (const c of this.store.children(parent)) {
        if (isViewGroup(c)) out.push(c);
        if (c.type.isFolder) walk(c);
      }
    };
    walk(undefined);
    return out;
  }

  /**
   * Rewrites the list views' entries after an item moved from `oldFullName` to `newFullName` (undefined: deleted).
   * An entry that no longer resolves inside the view's group is removed.
   */
  locationChanged(oldFullName: string, newFullName: string | undefined): void {
    const oldKey = oldFullName.toLowerCase();
    for (const owner of this.groups()) {
      const prefix = owner ? `${fullNameOf(owner)}/` : "";
      const { views } = this.group(owner);
      let changed = false;
      const next = views.map((view) => {
        if (viewClassOf(view) !== LIST_VIEW_CLASS) return view;
        const before = jobNamesOf(view);
        const after: string[] = [];
        for (const rel of before) {
          const full = (prefix + rel).toLowerCase();
          const hit =
            full === oldKey ? "" : full.startsWith(`${oldKey}/`) ? (prefix + rel).slice(oldKey.length) : undefined;
          if (hit === undefined) {
            after.push(rel);
            continue;
          }
          if (newFullName === undefined) continue;
          const moved = newFullName + hit;
          if (prefix === "" || moved.toLowerCase().startsWith(prefix.toLowerCase()))
            after.push(moved.slice(prefix.length));
        }
        if (after.length === before.length && after.every((n, i) => n === before[i])) return view;
        changed = true;
        return withJobNames(view, after);
      });
      if (changed) this.save(owner, next);
    }
  }
}
