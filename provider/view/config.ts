/**
 * A view's config.xml as the View resource holds and compares it. Jenkins ignores the `<name>` of a posted view
 * (the view keeps its own) and keeps a ListView's `jobNames` sorted case-insensitively, so the canonical form sorts
 * them and the comparison leaves the name out; everything else is compared by meaning, Jenkins's defaults allowed
 * (provider/xml). Pure.
 */
import { canonicalizeDocument } from "../xml/canonical";
import { createHash } from "node:crypto";
import { markRoot } from "../ownership/root-mark";
import { elementsEqual, elementsEquivalent, equivalenceDigest, semanticDigest } from "../xml/semantic";
import { parseXml, textOf, type XmlDocument, type XmlElement } from "../xml/tree";
import { DEFAULT_COLUMNS, LIST_VIEW_ROOT, sortJobNames } from "./list-view";
import type { ViewConfigDigest } from "./types";

const IGNORED = ["name", "owner"];

function sortedJobNames(root: XmlElement): XmlElement {
  if (root.name !== LIST_VIEW_ROOT) return root;
  return {
    ...root,
    children: root.children.map((c) => {
      if (c.kind !== "element" || c.name !== "jobNames") return c;
      const strings = c.children.filter((s): s is XmlElement => s.kind === "element" && s.name === "string");
      const byName = new Map(strings.map((s) => [textOf(s), s]));
      const others = c.children.filter((s) => !(s.kind === "element" && s.name === "string"));
      return {
        ...c,
        children: [...others, ...sortJobNames([...byName.keys()]).map((n) => byName.get(n) as XmlElement)],
      };
    }),
  };
}

/** The canonical form of a declared view config (throws the XML module's errors on malformed text). */
export function canonicalViewConfig(xml: string): string {
  const doc: XmlDocument = parseXml(xml);
  return canonicalizeDocument({ ...doc, root: sortedJobNames(doc.root) });
}

/**
 * The declared config as sent for `owner`: its description ends with the mark of ownership (undefined: the config
 * as declared). A view without a description gets one after its name, where Jenkins writes it.
 */
export function markedViewConfig(canonical: string, owner: string | undefined): string {
  if (owner === undefined) return canonical;
  const doc = parseXml(canonical);
  return canonicalizeDocument({ ...doc, root: markRoot(doc.root, owner, ["owner", "name"]) });
}

export function viewRootOf(xml: string): string {
  return parseXml(xml).root.name;
}

const isColumns = (c: XmlElement["children"][number]): c is XmlElement => c.kind === "element" && c.name === "columns";

/** A ListView declared without columns gets Jenkins's default set (ListView.initColumns): not a difference. */
function withoutDefaultColumns(remote: XmlElement, declared: XmlElement): XmlElement {
  if (remote.name !== LIST_VIEW_ROOT || declared.children.some(isColumns)) return remote;
  const columns = remote.children.find(isColumns);
  if (columns === undefined) return remote;
  const names = columns.children.filter((c): c is XmlElement => c.kind === "element").map((c) => c.name);
  if (JSON.stringify(names) !== JSON.stringify(DEFAULT_COLUMNS)) return remote;
  return { ...remote, children: remote.children.filter((c) => c !== columns) };
}

/** Whether Jenkins's copy holds the declared view, apart from its name and what Jenkins writes by itself. */
export function sameViewConfig(declared: string | XmlElement, remote: string | XmlElement): boolean {
  const root = (x: string | XmlElement) => (typeof x === "string" ? parseXml(x).root : x);
  const d = root(declared);
  return elementsEquivalent(d, withoutDefaultColumns(sortedJobNames(root(remote)), d), { ignoreRootFields: IGNORED });
}

/** Strict equality of two declared configs, apart from the name. */
export function viewConfigChanged(a: string, b: string): boolean {
  if (a === b) return false;
  return !elementsEqual(parseXml(a).root, parseXml(b).root, { ignoreRootFields: IGNORED });
}

export function viewDigestOf(canonical: string): ViewConfigDigest {
  const root = parseXml(canonical).root;
  return {
    root: root.name,
    canonical: createHash("sha256").update(canonical, "utf8").digest("hex"),
    semantic: semanticDigest(root, { ignoreRootFields: IGNORED }),
    equivalence: equivalenceDigest(root, { ignoreRootFields: IGNORED }),
    columns: root.children.some(isColumns),
  };
}

export function isViewDigest(value: unknown): value is ViewConfigDigest {
  const d = value as Partial<ViewConfigDigest> | undefined;
  return typeof d === "object" && d !== null && typeof d.canonical === "string" && typeof d.root === "string";
}

/** viewConfigChanged, for an old config known by its digest. */
export function viewChangedFrom(old: ViewConfigDigest, declared: string): boolean {
  if (old.canonical === createHash("sha256").update(declared, "utf8").digest("hex")) return false;
  return old.semantic !== semanticDigest(parseXml(declared).root, { ignoreRootFields: IGNORED });
}

/** sameViewConfig, for a declared config known by its digest. */
export function sameAsDigest(old: ViewConfigDigest, remote: string): boolean {
  const standIn: XmlElement = { kind: "element", name: old.root, attrs: [], children: [] };
  if (old.columns) standIn.children.push({ kind: "element", name: "columns", attrs: [], children: [] });
  const seen = withoutDefaultColumns(sortedJobNames(parseXml(remote).root), standIn);
  return equivalenceDigest(seen, { ignoreRootFields: IGNORED }) === old.equivalence;
}
