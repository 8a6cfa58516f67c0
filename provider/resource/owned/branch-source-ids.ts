/**
 * The ids of a multibranch project's branch sources. branch-api gives every source
 * (`<sources><data><jenkins.branch.BranchSource><source class="…">`) an `<id>` when its config has none, and the
 * branch jobs remember the id of the source they came from: a source whose id changes is another source, and the
 * next indexing deletes its branch jobs and makes new ones (build history gone).
 *
 * So an id that Jenkins assigned (the declared source has no `<id>`) is not drift, and an update keeps it: the
 * declared config is posted with the id Jenkins holds for the source at the same position, when that source is of
 * the same class. A declared id is the declaration's: kept as declared and compared.
 */
import { elementChildren, type XmlElement, type XmlNode } from "../../xml/tree";
import type { OwnedPartRule } from "./rule";

const BRANCH_SOURCE = "jenkins.branch.BranchSource";

function child(e: XmlElement, name: string): XmlElement | undefined {
  return elementChildren(e).find((c) => c.name === name);
}

function classOf(e: XmlElement): string | undefined {
  return e.attrs.find(([k]) => k === "class")?.[1];
}

/** The `<source>` of each branch source, in order; empty for a config that has none. */
function sourcesOf(root: XmlElement): XmlElement[] {
  const data = child(child(root, "sources") ?? { kind: "element", name: "", attrs: [], children: [] }, "data");
  if (!data) return [];
  return elementChildren(data)
    .filter((bs) => bs.name === BRANCH_SOURCE)
    .map((bs) => child(bs, "source"))
    .filter((s): s is XmlElement => s !== undefined);
}

const hasId = (source: XmlElement): boolean => child(source, "id") !== undefined;

/**
 * `root` with each branch source replaced by `change(source, index)`; the same object when nothing changed, so
 * unchanged subtrees stay shared.
 */
function mapSources(root: XmlElement, change: (source: XmlElement, index: number) => XmlElement): XmlElement {
  let index = 0;
  let changed = false;
  const mapChildren = (e: XmlElement, depth: number): XmlElement => {
    const children: XmlNode[] = e.children.map((c) => {
      if (c.kind !== "element") return c;
      if (depth === 3 && c.name === "source") {
        const next = change(c, index++);
        if (next !== c) changed = true;
        return next;
      }
      const wanted =
        (depth === 0 && c.name === "sources") ||
        (depth === 1 && c.name === "data") ||
        (depth === 2 && c.name === BRANCH_SOURCE);
      return wanted ? mapChildren(c, depth + 1) : c;
    });
    return { ...e, children };
  };
  const out = mapChildren(root, 0);
  return changed ? out : root;
}

export const branchSourceIds: OwnedPartRule = {
  what: "the ids Jenkins gives a multibranch project's branch sources",

  forComparison(remote, declared) {
    const wanted = sourcesOf(declared);
    if (wanted.length === 0 || wanted.every(hasId)) return remote;
    return mapSources(remote, (source, i) => {
      if (!wanted[i] || hasId(wanted[i]) || !hasId(source)) return source;
      return { ...source, children: source.children.filter((c) => !(c.kind === "element" && c.name === "id")) };
    });
  },

  reads(declared) {
    const wanted = sourcesOf(declared);
    if (wanted.length === 0 || wanted.every(hasId)) return [];
    // The sources in order, each saying only whether it has an id of its own.
    const el = (name: string, children: XmlElement[] = []): XmlElement => ({
      kind: "element",
      name,
      attrs: [],
      children,
    });
    const sources = wanted.map((s) => el(BRANCH_SOURCE, [el("source", hasId(s) ? [el("id")] : [])]));
    return [el("sources", [el("data", sources)])];
  },

  needsRemote(declared) {
    return sourcesOf(declared).some((s) => !hasId(s));
  },

  keep(declared, remote) {
    const held = sourcesOf(remote);
    return mapSources(declared, (source, i) => {
      const id = held[i] && child(held[i], "id");
      if (hasId(source) || !id || classOf(held[i]) !== classOf(source)) return source;
      return { ...source, children: [id, ...source.children] };
    });
  },
};
