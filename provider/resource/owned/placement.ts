/**
 * Where a kept part goes back: owned parts an update carries over are put where Jenkins had them, not appended, so
 * an update (or an adoption) whose config already matches Jenkins's posts the same order Jenkins holds. A config.xml
 * POST is stored in the posted order and a list's order shows in the next GET, so a part moved to the end reads as
 * a change to every tool that compares configs, and a matching adoption would write.
 */
import type { XmlElement, XmlNode } from "../../xml/tree";

/** How an element is matched between the remote list and the declared one (its element name by default). */
export type PartKey = (e: XmlElement) => string;

const byName: PartKey = (e) => e.name;

/**
 * `declared` (a list of nodes, text included) with every element of `remote` that `isKept` selects inserted where
 * `remote` has it: after its nearest preceding remote sibling found in the result (a kept part already placed, or a
 * declared element of the same key), else before its nearest following one, else last (nothing to go by: where
 * Jenkins's own next save would add it). `remote` is read in order, so kept parts keep their order too.
 */
export function placeAsRemote(
  declared: readonly XmlNode[],
  remote: readonly XmlElement[],
  isKept: (e: XmlElement) => boolean,
  key: PartKey = byName,
): XmlNode[] {
  const out: XmlNode[] = [...declared];
  const placed = new Set<XmlElement>();
  const indexOfRemote = (sibling: XmlElement): number => {
    if (placed.has(sibling)) return out.indexOf(sibling);
    if (isKept(sibling)) return -1;
    const k = key(sibling);
    return out.findIndex((n) => n.kind === "element" && !placed.has(n) && key(n) === k);
  };
  const positionOf = (i: number): number => {
    for (let j = i - 1; j >= 0; j--) {
      const found = indexOfRemote(remote[j]);
      if (found >= 0) return found + 1;
    }
    for (let j = i + 1; j < remote.length; j++) {
      const found = indexOfRemote(remote[j]);
      if (found >= 0) return found;
    }
    return out.length;
  };
  remote.forEach((part, i) => {
    if (!isKept(part)) return;
    out.splice(positionOf(i), 0, part);
    placed.add(part);
  });
  return out;
}
