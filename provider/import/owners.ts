/**
 * Which imported items are another owner's. Pure: the configs in, the items to declare and those left out.
 *
 * An item whose description carries the mark of an owner other than the one the program is for (`--owner`) is
 * managed as code elsewhere: declaring it here would make two stacks fight over it, so it is left out, unless the
 * import is asked to take such items over (`--take-over`), when it is declared with the hand-over input. Every
 * config keeps no mark: a program never declares an owner's line, the provider writes it.
 */
import { configWithoutMark, ownerOfConfig } from "../ownership/config-owner";
import type { SkippedItem } from "./select";
import type { ImportedView } from "./views";

/** The input that hands an item another owner marked over to the program that declares it, naming that owner. */
export const HAND_OVER_INPUT = "takeOverFrom";

export interface OwnerChoice {
  /** The owner the generated program's stack will be: items it marked are imported as its own. */
  owner?: string;
  /** Also declare the items other owners marked, each handed over to this program by its first `up`. */
  takeOver: boolean;
}

/** An item and the owner its mark names. */
export interface OwnedItem {
  fullName: string;
  owner: string;
}

export interface OwnerSplit<T> {
  /** What to declare, every config without its mark. */
  kept: T[];
  /** Items of other owners, left out. */
  skipped: SkippedItem[];
  /** Every marked item and its owner, in listing order. */
  owners: OwnedItem[];
  /** Other owners' items declared to be taken over (with `takeOver`), and the owner each is taken from. */
  takenOver: OwnedItem[];
}

interface Marked {
  fullName: string;
  configXml: string;
}

function split<T extends Marked>(items: readonly T[], choice: OwnerChoice, kind: string): OwnerSplit<T> {
  const out: OwnerSplit<T> = { kept: [], skipped: [], owners: [], takenOver: [] };
  for (const item of items) {
    const owner = ownerOfConfig(item.configXml);
    const clean = { ...item, configXml: configWithoutMark(item.configXml) };
    if (owner === undefined) {
      out.kept.push(clean);
      continue;
    }
    out.owners.push({ fullName: item.fullName, owner });
    if (owner === choice.owner) out.kept.push(clean);
    else if (choice.takeOver) {
      out.kept.push(clean);
      out.takenOver.push({ fullName: item.fullName, owner });
    } else {
      out.skipped.push({
        fullName: item.fullName,
        reason:
          `the ${kind} is managed as code by ${owner}; --take-over declares it to be handed over to this program` +
          (choice.owner === undefined ? ", --owner <name> imports the items that owner marked as its own" : ""),
      });
    }
  }
  return out;
}

/** Jobs, folders and multibranch projects (an import's items), by the mark in their config.xml. */
export function splitItemsByOwner<T extends Marked>(items: readonly T[], choice: OwnerChoice): OwnerSplit<T> {
  return split(items, choice, "item");
}

/** The root's views, likewise. */
export function splitViewsByOwner(views: readonly ImportedView[], choice: OwnerChoice): OwnerSplit<ImportedView> {
  const named = views.map((v) => ({ ...v, fullName: v.folder === "" ? v.name : `${v.folder}/${v.name}` }));
  const result = split(named, choice, "view");
  return { ...result, kept: result.kept.map(({ fullName: _f, ...v }) => v) };
}
