/**
 * The Job's side of ownership (docs/guide/ownership.md): which owner a write marks the item with, the preview's
 * look at the owners of the items a stack creates or adopts (one listing of descriptions per folder, kept for the
 * process), and the owner a delete finds.
 */
import { CredentialNotFoundError, JenkinsError, JobNotFoundError } from "../client/errors";
import type { JenkinsClient } from "../client/jenkins-client";
import { cachedListing, knownListing } from "../ownership/lifecycle-owner";
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

/** The key of a folder's listing of job owners among the listings kept for the process (lifecycle-owner.ts). */
function listingKey(jenkinsUrl: string, folder: string): string {
  return `job\n${jenkinsUrl}\n${folder}`;
}

/** The jobs the listings kept for the process found never to have run, as `<Jenkins URL>\n<full name>`. */
const neverRan = new Set<string>();

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
  const owners = await cachedListing(listingKey(jenkinsUrl, folder), () =>
    client.itemDescriptions(folder, 1, { nextBuildNumber: true }).then(
      ({ items }) => {
        for (const i of items) if (i.neverRan === true) neverRan.add(`${jenkinsUrl}\n${i.fullName}`);
        return new Map(items.map((i) => [i.fullName, readMark(i.description).owner]));
      },
      (e: unknown) => {
        // A folder not made yet holds nothing; anything else is the caller's to report.
        if (e instanceof JobNotFoundError) return new Map<string, string | undefined>();
        throw e;
      },
    ),
  ).catch((e: unknown) => {
    // One listing answers for every item of the folder: its failure is told about the item the user declared.
    if (!(e instanceof JenkinsError)) throw e;
    throw e.restated({
      job: fullName,
      action: folder === "" ? "list the owners of the root's items" : `list the owners of the items in "${folder}"`,
    });
  });
  return owners.has(fullName) ? { exists: true, owner: owners.get(fullName) } : { exists: false };
}

/**
 * Whether the job `fullName` had never run when the listing of its folder kept for the process was read (reading
 * it when there is none): its next build number was 1. A job the listing did not show, or a listing that cannot be
 * read, counts as one that ran: the update then reads the job's config, as it always may.
 */
export async function foundNeverRan(client: JenkinsClient, jenkinsUrl: string, fullName: string): Promise<boolean> {
  const key = `${jenkinsUrl}\n${fullName}`;
  if (neverRan.has(key)) return true;
  try {
    await foundOwner(client, jenkinsUrl, fullName);
  } catch {
    return false;
  }
  return neverRan.has(key);
}

/** Records that this process just made the job `fullName`: it has not run (read by `foundNeverRan`). */
export function noteMade(jenkinsUrl: string, fullName: string): void {
  neverRan.add(`${jenkinsUrl}\n${fullName}`);
}

/**
 * Records in the listing kept for the process (when there is one) the mark this process just wrote on an item, or
 * that it holds none: a later look in the same process (an update after a create) then sees the item as it is.
 */
export function noteOwner(jenkinsUrl: string, fullName: string, owner: string | undefined): void {
  const listing = knownListing(listingKey(jenkinsUrl, folderOf(fullName)));
  if (listing === undefined) return;
  void listing.then(
    (owners) => owners.set(fullName, owner),
    () => undefined,
  );
}

/** Something inside a folder that a delete would take with it, marked by another owner. */
export interface MarkedInside {
  /** How the warning names it: `"team/app"`, `view "ci" in "team"`, `credential "deploy-key" in "team"`. */
  label: string;
  owner: string;
}

/** What a delete finds: the item gone, or the owner its mark names and what inside it others marked. */
export type FoundForDelete = { gone: true } | { gone: false; owner?: string; othersInside: MarkedInside[] };

/**
 * Before a delete: the owner the item's mark names, and, for a folder, what deleting it would delete too and
 * whose mark names another owner than `owner`: the items inside (six levels deep) and the views of each folder
 * (one request), and the credentials of each folder's store (one more request per folder). A store the user cannot
 * read lists none.
 */
export async function foundForDelete(
  client: JenkinsClient,
  fullName: string,
  owner: string | undefined,
): Promise<FoundForDelete> {
  let listed: Awaited<ReturnType<JenkinsClient["itemDescriptions"]>>;
  try {
    listed = await client.itemDescriptions(fullName, 6, { views: true });
  } catch (e) {
    if (e instanceof JobNotFoundError) return { gone: true };
    throw e;
  }
  const othersInside: MarkedInside[] = [];
  const note = (label: string, description: string) => {
    const found = readMark(description).owner;
    if (found !== undefined && found !== owner) othersInside.push({ label, owner: found });
  };
  for (const item of listed.items) note(`"${item.fullName}"`, item.description);
  for (const view of listed.views ?? []) note(`view "${view.name}" in "${view.folder}"`, view.description);
  const stores = await Promise.all((listed.folders ?? []).map((folder) => storeDescriptions(client, fullName, folder)));
  for (const [i, store] of stores.entries())
    for (const c of store) note(`credential "${c.id}" in "${(listed.folders ?? [])[i]}"`, c.description);
  return { gone: false, owner: readMark(listed.description).owner, othersInside };
}

/**
 * A folder's credentials with their descriptions; none when the store answers 404 (no plugin, or no permission).
 * Any other failure is about the delete of `deleting`, and its message names that item, the one the user declared.
 */
async function storeDescriptions(
  client: JenkinsClient,
  deleting: string,
  folder: string,
): Promise<Array<{ id: string; description: string }>> {
  try {
    return await client.listStoreDescriptions({ folder });
  } catch (e) {
    if (e instanceof CredentialNotFoundError) return [];
    if (e instanceof JenkinsError)
      throw e.restated({
        job: deleting,
        credential: undefined,
        action: `list the credentials of folder "${folder}" to check their owners before the delete`,
      });
    throw e;
  }
}
