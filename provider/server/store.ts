/**
 * Items on disk, laid out like a Jenkins home: jobs/<name>/config.xml, and for folders
 * jobs/<folder>/jobs/<child>/config.xml. Names are case-insensitive within a parent (Jenkins keeps its
 * item map in case-insensitive order), but the directory keeps the name as it was created.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { parseXml } from "../xml/tree";
import { itemTypeOf, type ItemType } from "./xstream";

export interface Item {
  name: string;
  parent: Item | undefined;
  type: ItemType;
  /** The stored config.xml text (what is on disk). */
  xml: string;
  dir: string;
  children: Map<string, Item>;
}

/** Jenkins parses config.xml of any size; the bound only protects the process from runaway input. */
export const MAX_CONFIG_BYTES = 64 * 1024 * 1024;

export function fullNameOf(item: Item): string {
  return item.parent ? `${fullNameOf(item.parent)}/${item.name}` : item.name;
}

/**
 * The root element's name, or undefined when the text is not XML. A cheap scan over the prolog (declaration,
 * comments, processing instructions) avoids parsing a large config a second time; anything unusual, such as a
 * DOCTYPE, goes through the real parser.
 */
export function rootElementOf(xml: string): string | undefined {
  let i = xml.charCodeAt(0) === 0xfeff ? 1 : 0;
  for (;;) {
    while (i < xml.length && /\s/.test(xml[i])) i++;
    if (xml.startsWith("<?", i)) {
      const end = xml.indexOf("?>", i);
      if (end < 0) return undefined;
      i = end + 2;
    } else if (xml.startsWith("<!--", i)) {
      const end = xml.indexOf("-->", i);
      if (end < 0) return undefined;
      i = end + 3;
    } else if (xml.startsWith("<", i) && /[A-Za-z_:]/.test(xml[i + 1] ?? "")) {
      return /^[^\s/>]+/.exec(xml.slice(i + 1, i + 1 + 1024))?.[0];
    } else {
      break;
    }
  }
  try {
    return parseXml(xml, { maxBytes: MAX_CONFIG_BYTES }).root.name;
  } catch {
    return undefined;
  }
}

const key = (name: string): string => name.toLowerCase();

/** Told after an item changed place (ItemListener.onLocationChanged) or was deleted (newFullName undefined). */
export type LocationListener = (oldFullName: string, newFullName: string | undefined) => void;

export class JobStore {
  private root = new Map<string, Item>();
  /** What follows items around, such as list views. */
  onLocationChanged: LocationListener | undefined;

  constructor(readonly dataDir: string) {}

  jobsDirOf(parent: Item | undefined): string {
    // A multibranch project keeps its branch jobs under branches/ (MultiBranchProject.getJobsDir).
    const dir = parent?.type.className === "org.jenkinsci.plugins.workflow.multibranch.WorkflowMultiBranchProject";
    return path.join(parent ? parent.dir : this.dataDir, dir ? "branches" : "jobs");
  }

  childrenMap(parent: Item | undefined): Map<string, Item> {
    return parent ? parent.children : this.root;
  }

  child(parent: Item | undefined, name: string): Item | undefined {
    return this.childrenMap(parent).get(key(name));
  }

  /** Children sorted the way Jenkins lists them (case-insensitive name order). */
  children(parent: Item | undefined): Item[] {
    return [...this.childrenMap(parent).values()].sort((a, b) =>
      key(a.name) < key(b.name) ? -1 : key(a.name) > key(b.name) ? 1 : 0,
    );
  }

  byFullName(fullName: string): Item | undefined {
    let item: Item | undefined;
    for (const seg of fullName.split("/")) {
      item = this.child(item, seg);
      if (!item) return undefined;
    }
    return item;
  }

  /**
   * Writes the new item's directory and config.xml; if anything fails the directory is removed again, so
   * nothing is left half-created (as ItemGroupMixIn.createProjectFromXML does).
   */
  create(parent: Item | undefined, name: string, xml: string, type: ItemType): Item {
    const dir = path.join(this.jobsDirOf(parent), name);
    let existedBefore = false;
    try {
      existedBefore = fs.existsSync(dir);
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, "config.xml"), xml, "utf8");
    } catch (e) {
      if (!existedBefore) fs.rmSync(dir, { recursive: true, force: true });
      throw e;
    }
    const item: Item = { name, parent, type, xml, dir, children: new Map() };
    this.childrenMap(parent).set(key(name), item);
    return item;
  }

  save(item: Item, xml: string): void {
    // Write-then-rename, like Jenkins's AtomicFileWriter: a crash never leaves a truncated config.xml.
    const file = path.join(item.dir, "config.xml");
    const tmp = `${file}.tmp`;
    fs.writeFileSync(tmp, xml, "utf8");
    fs.renameSync(tmp, file);
    item.xml = xml;
  }

  delete(item: Item): void {
    const fullName = fullNameOf(item);
    fs.rmSync(item.dir, { recursive: true, force: true });
    this.childrenMap(item.parent).delete(key(item.name));
    this.onLocationChanged?.(fullName, undefined);
  }

  rename(item: Item, newName: string): void {
    const oldFullName = fullNameOf(item);
    const newDir = path.join(this.jobsDirOf(item.parent), newName);
    if (key(newName) === key(item.name) && newName !== item.name) {
      // Case-only change: go through a temporary name so case-insensitive filesystems cope.
      const tmp = `${item.dir}.renaming`;
      fs.renameSync(item.dir, tmp);
      fs.renameSync(tmp, newDir);
    } else {
      fs.renameSync(item.dir, newDir);
    }
    this.childrenMap(item.parent).delete(key(item.name));
    item.name = newName;
    this.relocate(item, newDir);
    this.childrenMap(item.parent).set(key(newName), item);
    this.onLocationChanged?.(oldFullName, fullNameOf(item));
  }

  /** Moves an item (with everything inside it) under another parent, keeping its name and its files. */
  move(item: Item, parent: Item | undefined): void {
    const oldFullName = fullNameOf(item);
    const dir = path.join(this.jobsDirOf(parent), item.name);
    fs.mkdirSync(this.jobsDirOf(parent), { recursive: true });
    fs.renameSync(item.dir, dir);
    this.childrenMap(item.parent).delete(key(item.name));
    item.parent = parent;
    this.relocate(item, dir);
    this.childrenMap(parent).set(key(item.name), item);
    this.onLocationChanged?.(oldFullName, fullNameOf(item));
  }

  private relocate(item: Item, dir: string): void {
    item.dir = dir;
    for (const c of item.children.values()) this.relocate(c, path.join(this.jobsDirOf(item), c.name));
  }

  /** Forgets everything in memory and loads the items from disk, as Jenkins does at startup. */
  reload(): void {
    this.root = new Map();
    this.loadChildren(undefined);
  }

  private loadChildren(parent: Item | undefined): void {
    const jobsDir = this.jobsDirOf(parent);
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(jobsDir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      if (!e.isDirectory()) continue;
      const dir = path.join(jobsDir, e.name);
      let xml: string;
      try {
        xml = fs.readFileSync(path.join(dir, "config.xml"), "utf8");
      } catch {
        continue;
      }
      // A full parse here: a file that is not well-formed must not load (Jenkins skips it too).
      let root: string | undefined;
      try {
        root = parseXml(xml, { maxBytes: MAX_CONFIG_BYTES }).root.name;
      } catch {
        root = undefined;
      }
      const type = root === undefined ? undefined : itemTypeOf(root);
      // Jenkins logs and skips an item it cannot load (e.g. its plugin is gone); so do we.
      if (!type) continue;
      const item: Item = { name: e.name, parent, type, xml, dir, children: new Map() };
      this.childrenMap(parent).set(key(e.name), item);
      if (type.isFolder) this.loadChildren(item);
    }
  }

  /** The stored bytes of an item's config.xml, straight from disk. */
  configOnDisk(fullName: string): string | undefined {
    const item = this.byFullName(fullName);
    const file = item
      ? path.join(item.dir, "config.xml")
      : path.join(this.dataDir, ...fullName.split("/").flatMap((n) => ["jobs", n]), "config.xml");
    try {
      return fs.readFileSync(file, "utf8");
    } catch {
      return undefined;
    }
  }
}
