/**
 * Which listed items become `Job` resources. Pure.
 *
 * Items inside a computed folder (the branches of a multibranch pipeline, the repositories of an organization
 * folder) are created and deleted by Jenkins from the folder's own configuration; declaring them as well would
 * fight Jenkins on every scan. So a computed folder is imported, its contents are not (and are not fetched).
 */
import type { JobSummary } from "../client/jenkins-client";

/** Item classes whose children are ordinary items that people create: only the plain Folder. */
const PLAIN_FOLDER_CLASSES = new Set(["com.cloudbees.hudson.plugins.folder.Folder"]);

export interface SkippedItem {
  fullName: string;
  reason: string;
}

export interface Selection {
  /** Items to fetch and declare, in listing order. */
  items: JobSummary[];
  skipped: SkippedItem[];
}

function parentOf(fullName: string): string {
  const cut = fullName.lastIndexOf("/");
  return cut < 0 ? "" : fullName.slice(0, cut);
}

export function selectItems(listing: readonly JobSummary[]): Selection {
  const byName = new Map(listing.map((i) => [i.fullName, i]));
  const items: JobSummary[] = [];
  const skipped: SkippedItem[] = [];
  for (const item of listing) {
    const computedAncestor = ancestorNotPlain(item.fullName, byName);
    if (computedAncestor) {
      // Only the topmost level is reported; deeper levels of the same computed folder add nothing.
      if (parentOf(item.fullName) === computedAncestor) {
        skipped.push({ fullName: item.fullName, reason: `managed by Jenkins through ${computedAncestor}` });
      }
      continue;
    }
    items.push(item);
  }
  return { items, skipped };
}

/** The topmost listed ancestor folder that is not a plain Folder, if any. */
function ancestorNotPlain(fullName: string, byName: Map<string, JobSummary>): string | undefined {
  let found: string | undefined;
  for (let p = parentOf(fullName); p !== ""; p = parentOf(p)) {
    const parent = byName.get(p);
    if (parent && !PLAIN_FOLDER_CLASSES.has(parent.className)) found = p;
  }
  return found;
}
