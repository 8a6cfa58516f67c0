/**
 * Description and enabled state of canonical configs that `check` has just produced, remembered so that the
 * diff/create/update calls that follow in the same provider process (the engine sends the checked inputs right
 * back) need not parse the whole config again only to read two root fields.
 *
 * Only exact: an entry is recorded only when both fields hold no child elements, because then the canonical text
 * keeps their text unchanged (comments dropped, CDATA written as text: the same textOf). Bounded in count and text
 * size, so a stack of thousands of jobs keeps only the most recent ones.
 */
import { elementChildren, type XmlElement } from "../xml/tree";
import { fieldsOf, type JobFields } from "./job-config";
import { TextCache } from "./text-cache";

/** Enough for every resource in flight between its check and its diff/create/update, in texts of a few MB. */
const known = new TextCache<JobFields>(256, 8 * 1024 * 1024);

function textOnly(root: XmlElement, name: string): boolean {
  const e = elementChildren(root).find((c) => c.name === name);
  return e === undefined || e.children.every((c) => c.kind !== "element");
}

/** Records the fields of `root` (parsed from any text) for `canonical`, its canonical form. */
export function rememberFields(canonical: string, root: XmlElement): void {
  if (!textOnly(root, "description") || !textOnly(root, "disabled")) return;
  const fields = fieldsOf(root);
  // The description is charged too: it may be a slice that keeps the parsed source text alive.
  known.set(canonical, fields, canonical.length + fields.description.length);
}

/** The fields recorded for exactly this canonical text, if any. */
export function knownFields(canonical: string): JobFields | undefined {
  return known.get(canonical);
}
