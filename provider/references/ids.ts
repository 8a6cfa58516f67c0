/**
 * Which credentials a job names, and where Jenkins looks for them. Pure.
 *
 * A job names a credential by id in `<credentialsId>` (git's `UserRemoteConfig`, a multibranch source, many build
 * steps), and in a few older fields of branch sources (`scanCredentialsId`, `checkoutCredentialsId`, where `SAME`
 * means "the scan credential"). A typed spec names it as a `credentialsId` property at any depth. A value with
 * `${…}` is resolved by Jenkins at build time and cannot be checked. Ids inside a pipeline script
 * (`credentials('x')`, `withCredentials`) are code, and not read.
 */
import { elementChildren, textOf, type XmlElement } from "../xml/tree";

export const REFERENCE_ELEMENTS: readonly string[] = ["credentialsId", "scanCredentialsId", "checkoutCredentialsId"];
/** Values that are not ids: "the scan credential" and "no credential" of branch sources. */
const NOT_IDS = new Set(["SAME", "ANONYMOUS", ""]);

function checkable(id: string, unknown: string): boolean {
  return !NOT_IDS.has(id) && !id.includes("${") && !id.includes(unknown);
}

/** Every checkable id named in a job's config, in document order, each once. */
export function idsInConfig(root: XmlElement, unknown: string): string[] {
  const out = new Set<string>();
  const visit = (e: XmlElement): void => {
    for (const c of elementChildren(e)) {
      if (REFERENCE_ELEMENTS.includes(c.name) && elementChildren(c).length === 0) {
        const id = textOf(c).trim();
        if (checkable(id, unknown)) out.add(id);
      } else visit(c);
    }
  };
  visit(root);
  return [...out];
}

/** Every checkable id named as a `credentialsId` (or an older reference field) in a typed spec, each once. */
export function idsInSpec(spec: unknown, unknown: string): string[] {
  const out = new Set<string>();
  const visit = (v: unknown): void => {
    if (Array.isArray(v)) v.forEach(visit);
    else if (v !== null && typeof v === "object") {
      for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
        if (REFERENCE_ELEMENTS.includes(k) && typeof x === "string") {
          if (checkable(x.trim(), unknown)) out.add(x.trim());
        } else visit(x);
      }
    }
  };
  visit(spec);
  return [...out];
}

/**
 * The folders whose stores a job sees, innermost first; the system store comes after them. An item that is itself
 * a folder (a folder, a multibranch project, an organization folder) sees its own store first, as the folders
 * plugin looks from the item itself when it is an item group.
 */
export function folderScope(fullName: string, isFolder: boolean): string[] {
  const segments = fullName.split("/").filter((s) => s !== "");
  const out: string[] = [];
  for (let n = isFolder ? segments.length : segments.length - 1; n > 0; n--) out.push(segments.slice(0, n).join("/"));
  return out;
}

/** Edit distance, for "did you mean" lists. */
function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const cur = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, prev + (a[i - 1].toLowerCase() === b[j - 1].toLowerCase() ? 0 : 1));
      prev = cur;
    }
  }
  return row[b.length];
}

/** Up to `max` existing ids closest to `id` (edit distance at most half its length, or sharing a prefix). */
export function closestIds(id: string, existing: Iterable<string>, max = 3): string[] {
  const limit = Math.max(2, Math.floor(id.length / 2));
  return [...new Set(existing)]
    .map((e) => ({ e, d: distance(id, e) }))
    .filter(
      ({ e, d }) =>
        d <= limit || e.toLowerCase().startsWith(id.toLowerCase()) || id.toLowerCase().startsWith(e.toLowerCase()),
    )
    .sort((x, y) => x.d - y.d || (x.e < y.e ? -1 : 1))
    .slice(0, max)
    .map(({ e }) => e);
}
