/**
 * A lifecycle's look at the owner of an item it is about to create, adopt or change (docs/guide/ownership.md), the
 * same for jobs, views and credentials: a look that fails does not fail the preview but is skipped with a warning
 * (the write looks again before it sends anything), and an item another owner marked is refused with the owner
 * and the option that hands it over.
 */
import { type ItemKind, OwnedElsewhereError, ownedElsewhere } from "./errors";

/**
 * What `look` found, or undefined when it failed: `warn` has then said that the check of `item` was skipped, and
 * why.
 */
export async function lookedUp<T>(
  kind: ItemKind,
  item: string,
  look: () => Promise<T>,
  warn: (message: string) => Promise<void>,
): Promise<{ found: T } | undefined> {
  try {
    return { found: await look() };
  } catch (e) {
    await warn(`the ownership check of ${kind} "${item}" was skipped: ${e instanceof Error ? e.message : String(e)}`);
    return undefined;
  }
}

/**
 * The error of a create or an adoption of `item` whose mark names `found`, another owner than the stack's and than
 * the one its `takeOverFrom` names; undefined when the stack may take it.
 */
export function takeoverRefusal(
  kind: ItemKind,
  item: string,
  found: string | undefined,
  news: { __owner?: unknown; takeOverFrom?: unknown; adopt?: unknown },
): OwnedElsewhereError | undefined {
  const owner = typeof news.__owner === "string" ? news.__owner : undefined;
  if (!ownedElsewhere(found, owner, news.takeOverFrom)) return undefined;
  return new OwnedElsewhereError(kind, item, found, news.adopt === true ? "adopted" : "created");
}
