/**
 * Which listed items become `Job` resources. Pure.
 *
 * Items inside a computed folder (the branches of a multibranch pipeline, the repositories of an organization
 * folder) are created and deleted by Jenkins from the folder's own configuration; declaring them as well would
 * fight Jenkins on every scan. So a computed folder is imported, its contents are not (and are not fetched).
 */
import type { JobSummary } from "../client/jenkins-client";
import { readMark } from "../ownership/mark";

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

/** The owner whose mark of ownership each listed item carries, for the items that carry one. */
export function ownersOf(listing: readonly JobSummary[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const item of listing) {
    const owner = readMark(item.description).owner;
    if (owner !== undefined) out.set(item.fullName, owner);
  }
  return out;
}

/** The nearest of `fullName` and its folders that `owners` names, if any. */
function ownedAncestor(fullName: string, owners: ReadonlyMap<string, string>): string | undefined {
  for (let at = fullName; at !== ""; at = parentOf(at)) if (owners.has(at)) return at;
  return undefined;
}

/** Whose items an import declares besides unmarked ones (owners.ts). */
export interface OwnerSelection {
  /** The owner the program's stack will be: the items its mark names are declared as its own. */
  owner?: string;
  /** Declare other owners' items too, to be handed over (`--take-over`). */
  takeOver?: boolean;
}

/**
 * Which items to declare. An item another owner marked (and everything in it) is that owner's: left out, with the
 * owner named, unless `takeOver` declares it to be handed over.
 */
export function selectItems(listing: readonly JobSummary[], opts: OwnerSelection = {}): Selection {
  const byName = new Map(listing.map((i) => [i.fullName, i]));
  const owners = new Map(opts.takeOver ? [] : [...ownersOf(listing)].filter(([, owner]) => owner !== opts.owner));
  const items: JobSummary[] = [];
  const skipped: SkippedItem[] = [];
  for (const item of listing) {
    const owned = ownedAncestor(item.fullName, owners);
    if (owned !== undefined) {
      if (owned === item.fullName) {
        skipped.push({
          fullName: item.fullName,
          reason:
            `managed as code by ${owners.get(owned)}${item.isFolder ? ", with everything in it" : ""}; ` +
            `--take-over declares it to be handed ` +
            `over to this program${opts.owner === undefined ? ", --owner <name> imports an owner's items as its own" : ""}`,
        });
      }
      continue;
    }
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
