/**
 * The Job's side of ownership (docs/guide/ownership.md): which owner a write marks the item with, the preview's
 * look at the owners of the items a stack creates or adopts (one listing of descriptions per folder, kept for the
 * process), and the owner a delete finds.
 */
import { JobNotFoundError } from "../client/errors";
import type { JenkinsClient } from "../client/jenkins-client";
import { readMark } from "../ownership/mark";
import type { XmlElement } from "../xml/tree";
import { fieldsOf } from "./job-config";
import type { JobInputs, JobOutputs } from "./types";

/** The owner a config's root `<description>` names, if it carries a mark. */
export function ownerInConfig(root: XmlElement): string | undefined {
  return readMark(fieldsOf(root).description).owner;
}

/** The owner whose mark the stack last wrote on the item, as its outputs record it; undefined when it wrote none. */
export function ownerRecorded(olds: Pick<JobOutputs, "__owner">): string | undefined {
  return typeof olds.__owner === "string" ? olds.__owner : undefined;
}

/**
 * Whether an update must refuse an item whose mark names `found`: another owner than the one the stack last wrote,
 * the stack's own name, or the owner it takes the item over from. An item without a mark is any stack's to write.
 */
export function updateRefused(
  found: string | undefined,
  olds: Pick<JobOutputs, "__owner">,
  news: Pick<JobInputs, "__owner" | "takeOverFrom">,
): found is string {
  if (found === undefined) return false;
  return found !== ownerRecorded(olds) && found !== news.__owner && found !== news.takeOverFrom;
}

/** Where a job sits: its folder ("" at the root) and its full name. */
function folderOf(fullName: string): string {
  const slash = fullName.lastIndexOf("/");
  return slash < 0 ? "" : fullName.slice(0, slash);
}

/** One listing of descriptions per Jenkins and folder, for the life of the provider process. */
const listings = new Map<string, Promise<Map<string, string | undefined>>>();

/**
 * The owner whose mark the item `fullName` carries (undefined when it carries none), and whether it exists, from
 * one listing of its folder kept for the process: a preview that creates many jobs in one folder asks once.
 */
export async function foundOwner(
  client: JenkinsClient,
  jenkinsUrl: string,
  fullName: string,
): Promise<{ exists: boolean; owner?: string }> {
  const folder = folderOf(fullName);
  const key = `${jenkinsUrl}\n${folder}`;
  let listing = listings.get(key);
  if (listing === undefined) {
    listing = client.itemDescriptions(folder, 1).then(
      ({ items }) => new Map(items.map((i) => [i.fullName, readMark(i.description).owner])),
      (e: unknown) => {
        // A folder not made yet holds nothing; anything else is the caller's to report.
        if (e instanceof JobNotFoundError) return new Map<string, string | undefined>();
        throw e;
      },
    );
    listings.set(key, listing);
    listing.catch(() => listings.delete(key));
  }
  const owners = await listing;
  return owners.has(fullName) ? { exists: true, owner: owners.get(fullName) } : { exists: false };
}

/**
 * Records in the listing kept for the process (when there is one) the mark this process just wrote on an item, or
 * that it holds none: a later look in the same process (an update after a create) then sees the item as it is.
 */
export function noteOwner(jenkinsUrl: string, fullName: string, owner: string | undefined): void {
  const listing = listings.get(`${jenkinsUrl}\n${folderOf(fullName)}`);
  if (listing === undefined) return;
  void listing.then(
    (owners) => owners.set(fullName, owner),
    () => undefined,
  );
}

/** What a delete finds: the item gone, or the owner its mark names and the items inside marked by others. */
export type FoundForDelete =
  { gone: true } | { gone: false; owner?: string; othersInside: Array<{ fullName: string; owner: string }> };

/**
 * One request before a delete: the owner the item's mark names, and, for a folder, the items inside (six levels
 * deep) whose mark names another owner than `owner`, which deleting the folder would delete too.
 */
export async function foundForDelete(
  client: JenkinsClient,
  fullName: string,
  owner: string | undefined,
): Promise<FoundForDelete> {
  try {
    const { description, items } = await client.itemDescriptions(fullName, 6);
    const othersInside: Array<{ fullName: string; owner: string }> = [];
    for (const item of items) {
      const found = readMark(item.description).owner;
      if (found !== undefined && found !== owner) othersInside.push({ fullName: item.fullName, owner: found });
    }
    return { gone: false, owner: readMark(description).owner, othersInside };
  } catch (e) {
    if (e instanceof JobNotFoundError) return { gone: true };
    throw e;
  }
}
