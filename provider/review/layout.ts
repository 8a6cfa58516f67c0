/**
 * A review laid out as blocks: each block is a whole unit (a heading, one entry with its diff, one collapsed
 * config), so the budget can leave blocks out but never cut into one. `Fold` says how much detail goes in.
 */
import { bodyOf } from "./body";
import { changesText } from "./change-text";
import type { Format } from "./format";
import { credentialIdOf, KIND_NOUN, KINDS, type Item, type Kind } from "./items";
import { CREDENTIAL_HIDDEN, type Changed, type Destructive, type Group, type Review } from "./review";

export interface Fold {
  /** The whole inputs of new items. */
  bodies: boolean;
  /** Unchanged lines around each change. */
  context: boolean;
  /**
   * How lists of items are named: `all` every one (no budget); `head` every one, except the items sharing a change,
   * which show their first names and a count; `counts` long lists of every kind as their first names and a count.
   */
  lists: "all" | "head" | "counts";
}

/** Everything, for a report without a budget. */
export const EVERYTHING: Fold = { bodies: true, context: true, lists: "all" };
/** The first layout tried within a budget. */
export const FULL: Fold = { bodies: true, context: true, lists: "head" };

export interface Block {
  text: string;
  /** Follows the previous block on the next line (an item of the same list), not after a blank line. */
  tight?: boolean;
  /** A heading: left out when nothing of its section follows. */
  heading?: boolean;
}

/** Names shown of a folded list. */
export const LIST_HEAD = 5;
/** Names shown of the items sharing a change, within a budget. */
export const GROUP_HEAD = 10;
/** A list longer than this is folded into a count when lists are folded. */
const LONG_LIST = 20;

/** 12345 → "12,345", the same on every machine whatever its locale. */
export function count(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

const plural = (n: number, one: string, many = `${one}s`): string => `${count(n)} ${n === 1 ? one : many}`;

const nounOf = (kind: Kind): string => KIND_NOUN[kind];
/** How an entry names its item: "job `team/api`", "build trigger of `team/api`". */
const labelOf = (kind: Kind): string =>
  kind === "BuildTrigger" || kind === "FolderSweep" ? `${KIND_NOUN[kind]} of` : KIND_NOUN[kind];
const pluralOf = (kind: Kind): string => (kind === "FolderSweep" ? "folder sweeps" : `${KIND_NOUN[kind]}s`);

function itemsNoun(items: readonly Item[]): string {
  const kinds = new Set(items.map((i) => i.kind));
  if (kinds.size !== 1) return plural(items.length, "item");
  const [kind] = kinds;
  return `${count(items.length)} ${items.length === 1 ? nounOf(kind) : pluralOf(kind)}`;
}

function names(f: Format, items: readonly Item[], head: number | undefined): string {
  const shown = head === undefined ? items : items.slice(0, head);
  const listed = shown.map((i) => f.code(i.path)).join(", ");
  const rest = items.length - shown.length;
  return rest > 0 ? `${listed} and ${count(rest)} more` : listed;
}

const OP_WORDS: Record<string, string> = {
  create: "to create",
  update: "to update",
  replace: "to replace",
  delete: "to delete",
  same: "unchanged",
};

function where(f: Format, item: Item): string {
  return `${f.code(item.path)}${item.url ? ` ${f.link(item.url)}` : ""}`;
}

function summary(review: Review, f: Format): Block[] {
  const blocks: Block[] = [{ text: f.title("Jenkins change review") }];
  const changing = review.plan.filter(([op]) => op !== "same");
  const plan = review.plan.map(([op, n]) => `${count(n)} ${OP_WORDS[op] ?? op}`).join(", ");
  blocks.push({
    text: `${f.strong("Plan:")} ${changing.length === 0 ? `no changes${plan ? ` (${plan})` : ""}` : plan}.`,
  });
  if (review.byKind.length > 0) {
    const ops = [...new Set(review.byKind.flatMap((r) => Object.keys(r.ops)))].sort(
      (a, b) => Object.keys(OP_WORDS).indexOf(a) - Object.keys(OP_WORDS).indexOf(b) || (a < b ? -1 : 1),
    );
    const label = (kind: string): string => ((KINDS as readonly string[]).includes(kind) ? kind : f.code(kind));
    blocks.push({
      text: f.table(
        ["Resource", ...ops],
        review.byKind.map((r) => [label(r.kind), ...ops.map((op) => count(r.ops[op] ?? 0))]),
      ),
    });
  }
  if (review.byController.length > 0) {
    const list = review.byController
      .map(([name, n]) => `${name === "" ? "stack-wide connection" : f.code(name)}: ${count(n)}`)
      .join(", ");
    blocks.push({ text: `${f.strong("By controller:")} ${list}.` });
  }
  return blocks;
}

function diagnostics(review: Review, f: Format): Block[] {
  if (review.diagnostics.length === 0) return [];
  const errors = review.diagnostics.filter((d) => d.severity === "error").length;
  const blocks: Block[] = [
    {
      text: f.section(errors > 0 ? `The preview failed: ${plural(errors, "error")}` : "Warnings of the preview"),
    },
  ];
  if (errors > 0) {
    blocks.push({
      text: "What follows is what the preview planned before it stopped; the program does not apply as it is.",
    });
  }
  for (const d of review.diagnostics) {
    const about = d.resource === undefined ? "" : ` in ${f.code(d.resource)}`;
    blocks.push({ text: `${f.strong(d.severity)}${about}:\n\n${f.block(d.message.split("\n"), "text")}` });
  }
  return blocks;
}

function destructiveEntry(f: Format, d: Destructive, fold: Fold): string {
  const { item } = d;
  const noun = labelOf(item.kind);
  if (item.kind === "FolderSweep") {
    const found = item.sweepDeletes ?? [];
    const listed =
      found.length === 0
        ? "none at its last look; it looks again when `up` runs"
        : (fold.lists !== "counts" ? found : found.slice(0, LIST_HEAD)).map((p) => f.code(p)).join(", ") +
          (fold.lists !== "counts" || found.length <= LIST_HEAD ? "" : ` and ${count(found.length - LIST_HEAD)} more`);
    return f.bullet(
      `${f.strong("sweep")} of folder ${f.code(item.path)} deletes every item in it the program does not declare ` +
        `(found: ${listed})`,
    );
  }
  if (item.kind === "Credential") return credentialEntry(f, d, fold);
  if (item.op === "delete") {
    // The verb is the op's, once: what goes with the item is said after it.
    const loss = item.kind === "Job" ? ", with its build history" : "";
    return f.bullet(`${f.strong("delete")} ${noun} ${where(f, item)}${loss}`);
  }
  const because =
    item.replaceReasons.length > 0 ? ` because ${item.replaceReasons.map((r) => f.code(r)).join(", ")} changes` : "";
  const loss = item.kind === "Job" ? ": its build history is lost" : "";
  const head = f.bullet(`${f.strong("replace")} ${noun} ${where(f, item)}${because}${loss}`);
  return d.changes.length === 0 ? head : `${head}\n\n${f.nested(changesText(f, d.changes, fold.context))}`;
}

/**
 * A credential deleted or replaced: what the builds of the jobs that name it meet. A replace under a new id (or in
 * another store) names the old path too; a secret among its changes is only said to be changed.
 */
function credentialEntry(f: Format, d: Destructive, fold: Fold): string {
  const { item } = d;
  const oldId = credentialIdOf(item.olds);
  const fails = (id: string | undefined, until: string, sep = ": "): string =>
    id === undefined ? "" : `${sep}jobs naming ${f.code(id)} fail their builds ${until}`;
  if (item.op === "delete") {
    return f.bullet(`${f.strong("delete")} credential ${where(f, item)}${fails(oldId, "until it exists again")}`);
  }
  const newId = credentialIdOf(item.news);
  const because =
    item.replaceReasons.length > 0 ? ` because ${item.replaceReasons.map((r) => f.code(r)).join(", ")} changes` : "";
  const from = item.oldPath === undefined ? "" : `${f.code(item.oldPath)} → `;
  const loss =
    oldId !== undefined && newId !== undefined && oldId !== newId
      ? `: ${f.code(newId)} takes the place of ${f.code(oldId)}${fails(oldId, "until they name the new id", "; ")}`
      : fails(oldId ?? newId, "in between");
  const head = f.bullet(`${f.strong("replace")} credential ${from}${where(f, item)}${because}${loss}`);
  return d.changes.length === 0 ? head : `${head}\n\n${f.nested(changesText(f, d.changes, fold.context))}`;
}

function destructive(review: Review, f: Format, fold: Fold): Block[] {
  const list = review.destructive;
  if (list.length === 0) return [];
  const blocks: Block[] = [{ text: f.section(`Destructive changes (${count(list.length)})`), heading: true }];
  if (fold.lists === "counts" && list.length > LONG_LIST) {
    const byOp = new Map<string, Item[]>();
    for (const d of list) {
      const key = d.item.kind === "FolderSweep" ? "sweep" : d.item.op;
      byOp.set(key, [...(byOp.get(key) ?? []), d.item]);
    }
    for (const [op, items] of byOp) {
      const what = op === "sweep" ? "folder sweeps that delete" : `${op === "delete" ? "deleted" : "replaced"}`;
      blocks.push({
        text: f.bullet(`${f.strong(`${itemsNoun(items)} ${what}`)}: ${names(f, items, LIST_HEAD)}`),
        tight: true,
      });
    }
    return blocks;
  }
  list.forEach((d, k) => {
    const text = destructiveEntry(f, d, fold);
    blocks.push({ text, tight: k > 0 && !blocks[blocks.length - 1].text.includes("\n") && !text.includes("\n") });
  });
  return blocks;
}

function moves(review: Review, f: Format, fold: Fold): Block[] {
  const list = review.moves;
  if (list.length === 0) return [];
  const blocks: Block[] = [{ text: f.section(`Moves and renames (${count(list.length)})`), heading: true }];
  if (fold.lists === "counts" && list.length > LONG_LIST) {
    blocks.push({
      text: `${f.strong(`${itemsNoun(list)} move or change name, history kept`)}: ${names(f, list, LIST_HEAD)}`,
    });
    return blocks;
  }
  for (const item of list) {
    // A credential moves only with its folder (the store goes with the folder): the same credential, not a new one.
    // A view is renamed in place or goes with its folder (its folder's config holds it): the same view.
    const kept =
      item.kind === "Credential"
        ? "credential follows its folder"
        : item.kind === "View"
          ? "same view"
          : "history kept";
    blocks.push({ text: f.bullet(`${f.code(item.oldPath ?? "")} → ${f.code(item.path)} (${kept})`), tight: true });
  }
  return blocks;
}

function groupEntry(f: Format, g: Group, fold: Fold): string {
  const head = f.entry(`The same change in ${itemsNoun(g.items)}`);
  const around =
    g.contextVaries && fold.context
      ? `\n\n${f.note(`The lines around it are those of ${f.code(g.items[0].path)}; they differ from one to another.`)}`
      : "";
  const label = f.strong(`In ${itemsNoun(g.items)}:`);
  // Without a budget every item is listed with its URL; within one, the first names and a count.
  const holders =
    fold.lists === "all"
      ? `${label}\n\n${g.items.map((i) => f.bullet(where(f, i))).join("\n")}`
      : `${label} ${names(f, g.items, fold.lists === "head" ? GROUP_HEAD : LIST_HEAD)}`;
  return `${head}\n\n${changesText(f, [g.change], fold.context)}${around}\n\n${holders}`;
}

function changedEntry(f: Format, c: Changed, fold: Fold): string {
  const head = f.entry(`${labelOf(c.item.kind)} ${where(f, c.item)}`);
  const body =
    c.changes.length > 0
      ? changesText(f, c.changes, fold.context)
      : c.shared > 0
        ? ""
        : "No input changes: the provider brings Jenkins back to the declared state.";
  const shared = c.shared > 0 ? `${plural(c.shared, "more change")} shown above with other items.` : "";
  return [head, body, shared].filter((s) => s !== "").join("\n\n");
}

function changes(review: Review, f: Format, fold: Fold): Block[] {
  const { groups, changed } = review;
  if (groups.length === 0 && changed.length === 0) return [];
  const blocks: Block[] = [{ text: f.section("Changes"), heading: true }];
  for (const g of groups) blocks.push({ text: groupEntry(f, g, fold) });
  for (const c of changed) blocks.push({ text: changedEntry(f, c, fold) });
  return blocks;
}

function creates(review: Review, f: Format, fold: Fold): Block[] {
  const list = review.creates;
  if (list.length === 0) return [];
  const blocks: Block[] = [{ text: f.section(`New (${count(list.length)})`), heading: true }];
  if (fold.lists === "counts" && list.length > LONG_LIST) {
    for (const kind of KINDS) {
      const items = list.filter((i) => i.kind === kind);
      if (items.length > 0)
        blocks.push({ text: f.bullet(`${f.strong(itemsNoun(items))}: ${names(f, items, LIST_HEAD)}`), tight: true });
    }
    return blocks;
  }
  for (const item of list) {
    if (fold.bodies) {
      blocks.push({
        text: f.details(
          labelOf(item.kind),
          item.path,
          item.url,
          f.block(bodyOf(item.news, item.kind === "Credential" ? CREDENTIAL_HIDDEN : undefined), "yaml"),
        ),
      });
    } else {
      blocks.push({ text: f.bullet(`${labelOf(item.kind)} ${where(f, item)}`), tight: true });
    }
  }
  return blocks;
}

/** The whole review as blocks; `notice` (what was folded) goes right under the summary and the diagnostics. */
export function layout(review: Review, f: Format, fold: Fold, notice?: string): Block[] {
  return [
    ...summary(review, f),
    ...diagnostics(review, f),
    ...(notice ? [{ text: f.note(notice) }] : []),
    ...destructive(review, f, fold),
    ...moves(review, f, fold),
    ...changes(review, f, fold),
    ...creates(review, f, fold),
  ];
}

/** Blocks as one text, ending with a newline. */
export function joined(blocks: readonly Block[]): string {
  return `${blocks.map((b, i) => (i === 0 ? "" : b.tight ? "\n" : "\n\n") + b.text).join("")}\n`;
}
