/** The typed refusal of an item another owner's mark names. */

/** What kind of item, as the messages name it. */
export type ItemKind = "Jenkins job" | "Jenkins view" | "Jenkins credential";

/**
 * Creating over, adopting or importing an item whose mark of ownership names another owner, without handing it
 * over. Carries the item, its owner, and what to set to take it.
 */
export class OwnedElsewhereError extends Error {
  constructor(
    readonly kind: ItemKind,
    readonly item: string,
    readonly owner: string,
    readonly action: string,
  ) {
    super(
      `${kind} "${item}" cannot be ${action}: it is managed as code by ${owner} (the mark of ownership in its ` +
        `description). To hand it over to this stack, set \`takeOverFrom: "${owner}"\` on this resource (with ` +
        `\`adopt: true\`); ${owner} then leaves it alone after its next refresh. Otherwise remove the resource or ` +
        "give it another name (docs/guide/ownership.md).",
    );
    this.name = "OwnedElsewhereError";
  }
}

/** Whether `found`, the owner an item's mark names, forbids `owner` to take the item (unless handed over). */
export function ownedElsewhere(
  found: string | undefined,
  owner: string | undefined,
  takeOverFrom: unknown,
): found is string {
  return found !== undefined && found !== owner && found !== takeOverFrom;
}

/**
 * Updating an item whose mark of ownership names another owner than the one this stack wrote: the item was handed
 * over (or its mark changed by hand) since the stack's last refresh. Refused before anything is written, naming the
 * owner and the way out: the refresh records the hand-over, then the resource leaves the program.
 */
export class ManagedElsewhereError extends Error {
  constructor(
    readonly kind: ItemKind,
    readonly item: string,
    readonly owner: string,
  ) {
    super(
      `${kind} "${item}" cannot be updated: it is managed as code by ${owner} (the mark of ownership in its ` +
        "description), not by this stack: it was handed over, or its mark changed, since this stack's last refresh. " +
        `Nothing was written to Jenkins. Run \`pulumi refresh\`, which records the hand-over, then remove the ` +
        `resource from the program: the next \`pulumi up\` drops it from this stack's state and leaves the item to ` +
        `${owner} (docs/guide/ownership.md).`,
    );
    this.name = "ManagedElsewhereError";
  }
}
