/**
 * What every lifecycle that marks its items decides the same way (docs/guide/ownership.md): the owner a write marks
 * the item with, whether the mark alone moves, the messages of a hand-over found and of an item left in Jenkins, and
 * the per-process cache of the listings a preview reads owners from. Pure, apart from the cache.
 */
import type { ItemKind } from "./errors";

/** The hidden inputs of ownership, as every resource carries them (settings.ts). */
export interface OwnershipInputs {
  __owner?: unknown;
  __retain?: unknown;
  letGo?: unknown;
  takeOverFrom?: unknown;
}

/**
 * The owner a write marks the item with: the stack's, unless marks are off or the resource lets the item go
 * (`retainOnDelete` through the classes, `letGo` through either provider).
 */
export function writtenOwner(news: OwnershipInputs, marksOn: boolean): string | undefined {
  if (!marksOn || news.__retain === true || news.letGo === true || typeof news.__owner !== "string") return undefined;
  return news.__owner;
}

/**
 * Whether the mark must change although nothing declared did: the item carries one owner's mark (or none) and the
 * stack now writes another or none (a new `jenkins:owner`, marks turned off, `retainOnDelete`), or it carries none
 * and the stack writes one. A state that names no owner was written before the item kind carried marks (or with
 * marks off): its item gets the stack's mark with the next `up`, one write of the mark alone. An item read by id
 * alone (`pulumi import`) gets it with its first update instead (`__markAtUpdate`): an import plans no change.
 */
export function ownerMoves(olds: { __owner?: unknown; __markAtUpdate?: unknown }, wanted: string | undefined): boolean {
  if (olds.__markAtUpdate === true) return false;
  return (typeof olds.__owner === "string" ? olds.__owner : undefined) !== wanted;
}

/**
 * The keys a diff names for a change of the mark alone: `__owner` for a mark written (what a provider plugin's
 * detailed diff shows), `letGo` for a mark cleared by that input, none for one cleared by `retainOnDelete` or by
 * marks turned off (inputs the display cannot name).
 */
export function markChangeShown(
  olds: { letGo?: unknown },
  news: OwnershipInputs,
  wanted: string | undefined,
): string[] {
  if (wanted !== undefined) return ["__owner"];
  return news.letGo === true && olds.letGo !== true ? ["letGo"] : [];
}

/** Whether a mark found on an item names another owner than the one this stack last wrote (or any, if none). */
export function handedOver(found: string | undefined, olds: { __owner?: unknown }): found is string {
  return found !== undefined && found !== olds.__owner;
}

/** The warning of a refresh that finds the item handed over to `owner`. */
export function handedOverWarning(kind: ItemKind, item: string, owner: string): string {
  return (
    `${kind} "${item}" is now managed by ${owner}: this stack leaves it alone and never deletes it. ` +
    "Remove its resource from the program; the next `pulumi up` then drops it from this stack's state."
  );
}

/** The warning of a delete that leaves an item another owner marked. */
export function leftInJenkinsWarning(kind: ItemKind, item: string, owner: string): string {
  return (
    `${kind} "${item}" was left in Jenkins: its mark of ownership names ${owner}, not this stack. ` +
    "It is removed from this stack's state only."
  );
}

/** Owners by item name, as one listing gives them (undefined for an item without a mark). */
export type OwnerListing = Map<string, string | undefined>;

const listings = new Map<string, Promise<OwnerListing>>();

/**
 * The listing `key` names, read once for the provider process by `load`: a preview that plans many items of one
 * place asks once. A listing that fails is forgotten, so the next caller asks again.
 */
export function cachedListing(key: string, load: () => Promise<OwnerListing>): Promise<OwnerListing> {
  let listing = listings.get(key);
  if (listing === undefined) {
    listing = load();
    listings.set(key, listing);
    listing.catch(() => listings.delete(key));
  }
  return listing;
}

/** The listing `key` names, when one was read (or is being read) in this process; never reads one. */
export function knownListing(key: string): Promise<OwnerListing> | undefined {
  return listings.get(key);
}
