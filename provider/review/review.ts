/**
 * The review of one preview, before any layout: the summary, the preview's errors and warnings, and the items in
 * the order a reviewer needs them (destructive first, then moves, changes with identical ones grouped, creates).
 * Everything is sorted, so the same digest always gives the same review.
 */
import { changesOf, markChangeOf, type Change } from "./changes";
import type { PreviewDigest } from "./digest";
import { itemsOf, kindOf, nameOfUrn, typeOfUrn, type Item } from "./items";

/** Lines of context around a changed line: `diff -u`'s default. */
export const CONTEXT = 3;

export interface Diagnostic {
  severity: "error" | "warning";
  /** The resource's name, when the message is about one. */
  resource?: string;
  message: string;
}

export interface Destructive {
  item: Item;
  changes: Change[];
}

/** The same change (same property, same removed and added lines or values) in several items. */
export interface Group {
  change: Change;
  items: Item[];
  /** The text around the change differs between the items: the context shown is the first item's. */
  contextVaries: boolean;
}

export interface Changed {
  item: Item;
  /** The changes this item alone has (the shared ones are in groups). */
  changes: Change[];
  /** How many of its changes are shown in groups. */
  shared: number;
}

export interface Review {
  /** Pulumi's own count per operation (`changeSummary`), `same` last. */
  plan: Array<[string, number]>;
  /** Steps per kind of resource and operation, ours by kind, others by type. */
  byKind: Array<{ kind: string; ops: Record<string, number> }>;
  /** Changing items per controller ("" the stack-wide connection). */
  byController: Array<[string, number]>;
  diagnostics: Diagnostic[];
  destructive: Destructive[];
  moves: Item[];
  groups: Group[];
  changed: Changed[];
  creates: Item[];
}

const OP_ORDER = ["create", "update", "replace", "delete", "read", "refresh", "import", "discard"];

function opRank(op: string): number {
  const i = OP_ORDER.indexOf(op);
  return i < 0 ? OP_ORDER.length : i;
}

/**
 * Names in the order a person expects, numbers by value ("job-2" before "job-10"), the same on every machine
 * (no locale): runs of digits compare as numbers, everything else by code unit.
 */
export function naturalOrder(a: string, b: string): number {
  const pa = a.split(/(\d+)/);
  const pb = b.split(/(\d+)/);
  for (let i = 0; i < Math.min(pa.length, pb.length); i++) {
    if (pa[i] === pb[i]) continue;
    if (i % 2 === 1) {
      const x = pa[i].replace(/^0+(?=\d)/, "");
      const y = pb[i].replace(/^0+(?=\d)/, "");
      if (x.length !== y.length) return x.length - y.length;
      if (x !== y) return x < y ? -1 : 1;
      return pa[i] < pb[i] ? -1 : 1; // the same number spelt differently ("07", "7")
    }
    return pa[i] < pb[i] ? -1 : 1;
  }
  return pa.length - pb.length;
}

const byPath = (a: Item, b: Item): number =>
  naturalOrder(a.path, b.path) || (a.urn < b.urn ? -1 : a.urn > b.urn ? 1 : 0);

/** The key of a change without its context lines: what makes two changes "the same". */
export function changeKey(c: Change): string {
  switch (c.kind) {
    case "text":
      return `t\0${c.property}\0${c.hunk.lines
        .filter((l) => l.tag !== " ")
        .map((l) => l.tag + l.text)
        .join("\n")}`;
    case "value":
      return `v\0${c.property}\0${c.old ?? ""}\0${c.new ?? ""}`;
    case "list":
      return `l\0${c.property}\0${c.added.join("\0")}\0\0${c.removed.join("\0")}\0${c.reordered}`;
    case "secret":
      return `s\0${c.property}\0${c.known}`;
  }
}

const fullText = (c: Change): string =>
  c.kind === "text" ? c.hunk.lines.map((l) => l.tag + l.text).join("\n") : changeKey(c);

function planOf(digest: PreviewDigest): Array<[string, number]> {
  const entries = Object.entries(digest.changeSummary).filter(([, n]) => n > 0);
  if (entries.length === 0) {
    const counts = new Map<string, number>();
    for (const s of digest.steps) counts.set(s.op, (counts.get(s.op) ?? 0) + 1);
    entries.push(...counts);
  }
  const rank = (op: string): number => (op === "same" ? OP_ORDER.length + 1 : opRank(op));
  return entries.sort(([a], [b]) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0));
}

function byKindOf(digest: PreviewDigest): Review["byKind"] {
  const rows = new Map<string, Record<string, number>>();
  for (const s of digest.steps) {
    const type = s.newState?.type ?? s.oldState?.type ?? typeOfUrn(s.urn);
    if (type === "pulumi:pulumi:Stack" || type.startsWith("pulumi:providers:") || s.op === "same") continue;
    const kind = kindOf(type) ?? type;
    const row = rows.get(kind) ?? {};
    row[s.op] = (row[s.op] ?? 0) + 1;
    rows.set(kind, row);
  }
  return [...rows].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([kind, ops]) => ({ kind, ops }));
}

function diagnosticsOf(digest: PreviewDigest): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const d of digest.diagnostics) {
    if (d.severity !== "error" && d.severity !== "warning") continue;
    const message = d.message.trim();
    if (message === "") continue;
    out.push({ severity: d.severity, ...(d.urn ? { resource: nameOfUrn(d.urn) } : {}), message });
  }
  // Errors first, those about a resource (the cause: a check that failed) before the others (what the program
  // printed as it stopped); otherwise the preview's own order, which is the order they happened in.
  const errors = out.filter((d) => d.severity === "error");
  return [
    ...errors.filter((d) => d.resource !== undefined),
    ...errors.filter((d) => d.resource === undefined),
    ...out.filter((d) => d.severity === "warning"),
  ];
}

/** Updates whose changes repeat in other items: each repeated change once, with every item that has it. */
function grouped(updates: Array<{ item: Item; changes: Change[] }>): { groups: Group[]; changed: Changed[] } {
  const holders = new Map<string, Array<{ item: Item; change: Change }>>();
  for (const u of updates) {
    for (const change of u.changes) {
      const key = changeKey(change);
      const list = holders.get(key) ?? [];
      if (list[list.length - 1]?.item !== u.item) list.push({ item: u.item, change });
      holders.set(key, list);
    }
  }
  const groups: Group[] = [];
  for (const list of holders.values()) {
    if (list.length < 2) continue;
    const first = list[0];
    groups.push({
      change: first.change,
      items: list.map((h) => h.item),
      contextVaries: list.some((h) => fullText(h.change) !== fullText(first.change)),
    });
  }
  groups.sort(
    (a, b) =>
      b.items.length - a.items.length ||
      byPath(a.items[0], b.items[0]) ||
      (changeKey(a.change) < changeKey(b.change) ? -1 : changeKey(a.change) > changeKey(b.change) ? 1 : 0),
  );
  const changed: Changed[] = [];
  for (const u of updates) {
    const own = u.changes.filter((c) => (holders.get(changeKey(c))?.length ?? 0) < 2);
    const shared = u.changes.length - own.length;
    if (own.length > 0 || (shared === 0 && u.item.oldPath === undefined))
      changed.push({ item: u.item, changes: own, shared });
  }
  return { groups, changed };
}

/**
 * What loses something in Jenkins: a job, view or credential deleted or replaced (a job's build history goes with
 * it; the builds of jobs naming a credential fail while it is missing), a sweep that deletes what the program does
 * not declare. Removing a trigger or a sweep from the program deletes nothing.
 */
function isDestructive(item: Item): boolean {
  if (item.kind === "Job" || item.kind === "View" || item.kind === "Credential")
    return item.op === "delete" || item.op === "replace";
  return item.kind === "FolderSweep" && item.sweepDeletes !== undefined && item.op !== "delete";
}

const EXPLAINED: ReadonlySet<string> = new Set(["create", "update", "replace", "delete"]);

/** A move is told by its line `old → new`: the folder and name inputs are not listed again. */
const MOVE_KEYS: ReadonlySet<string> = new Set(["folder", "name"]);

/**
 * A credential's inputs told only as changed or set, never by value: its secrets (Pulumi writes them "[secret]"
 * anyway) and `secretVersion`, which a program may derive from the secret.
 */
export const CREDENTIAL_HIDDEN: ReadonlySet<string> = new Set(["secretValues", "secretVersion"]);

const hiddenOf = (item: Item): ReadonlySet<string> | undefined =>
  item.kind === "Credential" ? CREDENTIAL_HIDDEN : undefined;

export function reviewOf(digest: PreviewDigest): Review {
  const items = itemsOf(digest.steps).sort(byPath);
  const destructive: Destructive[] = [];
  const moves: Item[] = [];
  const updates: Array<{ item: Item; changes: Change[] }> = [];
  const creates: Item[] = [];
  const controllers = new Map<string, number>();
  for (const item of items) {
    // Steps the review does not explain one by one: unchanged resources, a `--refresh` preview's reads, and the
    // replacement's own create and delete (shown only with --show-replacement-steps; the `replace` step tells it).
    if (!EXPLAINED.has(item.op)) continue;
    controllers.set(item.controller, (controllers.get(item.controller) ?? 0) + 1);
    if (item.op === "create") {
      creates.push(item);
      continue;
    }
    const moved = item.op === "update" && item.oldPath !== undefined;
    const changes =
      item.op === "delete"
        ? []
        : changesOf(item.olds, item.news, CONTEXT, moved ? MOVE_KEYS : undefined, hiddenOf(item), item.detailedDiff);
    // Jobs, views and credentials carry the mark; the other kinds are actions, not items.
    const marked = item.kind === "Job" || item.kind === "View" || item.kind === "Credential";
    const mark = marked && item.op === "update" ? markChangeOf(item.olds, item.news) : undefined;
    if (mark !== undefined) changes.push(mark);
    if (isDestructive(item)) {
      destructive.push({ item, changes });
      continue;
    }
    if (moved) moves.push(item);
    updates.push({ item, changes });
  }
  const destructiveRank = (d: Destructive): number => (d.item.op === "delete" ? 0 : d.item.op === "replace" ? 1 : 2);
  destructive.sort((a, b) => destructiveRank(a) - destructiveRank(b) || byPath(a.item, b.item));
  const { groups, changed } = grouped(updates);
  return {
    plan: planOf(digest),
    byKind: byKindOf(digest),
    byController: [...controllers].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
    diagnostics: diagnosticsOf(digest),
    destructive,
    moves,
    groups,
    changed,
    creates,
  };
}
