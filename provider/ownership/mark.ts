/**
 * The mark of ownership: the last line of an item's description names the stack (or the owner name the user set)
 * that manages the item. The description is the one place every item type has (jobs, folders, multibranch
 * projects, views, credentials) that Jenkins keeps as written across saves, restarts and renames, and that a person
 * sees on the item's page. Pure functions only: where the mark is written and read is the lifecycles' business.
 */

/** The words that open the mark's line; what follows up to the first ". " is the owner. */
export const MARK_PREFIX = "Managed as code by ";

/** The sentence that closes the mark's line, after the owner. */
export const MARK_SUFFIX = ". Changes made in Jenkins are put back by its next update.";

/**
 * Owner names: a Pulumi project and stack (`project/stack`, or `org/project/stack`) or a name set in config.
 * Letters, digits and `._-/@` only, so the mark reads as one token and parses back unchanged.
 */
const OWNER_PATTERN = /^[A-Za-z0-9._@-]+(?:\/[A-Za-z0-9._@-]+)*$/;

/**
 * The mark as a last line: the owner is written between the prefix and the fixed sentence after it. Only the blank
 * line `withMark` writes before it belongs to the mark, so a description that ends with newlines of its own reads
 * back exactly as written.
 */
const MARK_LINE =
  /(?:^|\r?\n\r?\n)Managed as code by ([A-Za-z0-9._@/-]+)\. Changes made in Jenkins are put back by its next update\.[ \t]*(?:\r?\n)*$/;

/** Why an owner name cannot be used, or undefined when it can. */
export function ownerNameProblem(owner: string): string | undefined {
  if (owner.length === 0) return "an owner name cannot be empty";
  if (owner.length > 200) return "an owner name is at most 200 characters";
  if (!OWNER_PATTERN.test(owner)) {
    return "an owner name holds letters, digits and . _ @ - only, in parts separated by /";
  }
  return undefined;
}

/** The line that marks an item as `owner`'s. */
export function markLine(owner: string): string {
  return `${MARK_PREFIX}${owner}${MARK_SUFFIX}`;
}

/** A description and the owner its last line names, if it has a mark. */
export interface ReadMark {
  /** The description without the mark (and without the blank line written before it). */
  description: string;
  /** The owner the mark names; undefined when the description carries no mark. */
  owner?: string;
}

/** Splits a description into what a person wrote and the owner the mark names. */
export function readMark(description: string | undefined): ReadMark {
  const text = description ?? "";
  const match = MARK_LINE.exec(text);
  if (match === null) return { description: text };
  return { description: text.slice(0, match.index), owner: match[1] };
}

/**
 * The description to write for `owner`: what was asked for, then a blank line and the mark (the mark alone when
 * nothing was asked for). A mark already in `description` is replaced, never doubled.
 */
export function withMark(description: string | undefined, owner: string): string {
  const own = readMark(description).description;
  return own.length === 0 ? markLine(owner) : `${own}\n\n${markLine(owner)}`;
}

/** The description without any mark: what an item let go keeps, and what every comparison sees. */
export function withoutMark(description: string | undefined): string {
  return readMark(description).description;
}

/** The default owner of a stack's items: the Pulumi project and stack, as `project/stack`. */
export function stackOwner(project: string, stack: string): string {
  return `${project}/${stack}`;
}
