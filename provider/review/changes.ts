/**
 * What changed between a step's old and new inputs, property by property. A dynamic provider cannot tell the engine
 * which properties differ (`detailedDiff` is null in the preview), so the inputs are compared here: a multi-line
 * text as hunks of a line diff, a spec as the leaf properties that changed, anything else as old → new. The provider
 * plugin's steps come with the paths that differ: the comparison is the same (it shows how a value changed), and
 * the paths say whether a secret changed where the preview shows it as "[secret]" on both sides.
 * Pulumi writes every secret as the string "[secret]": such a value is only ever reported as changed.
 */
import { hunks, type Hunk } from "./line-diff";

export const SECRET = "[secret]";
/** The engine's marker for a value not known until the update runs. */
export const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

export type Change =
  /** One hunk of a multi-line text (a config, a script). */
  | { kind: "text"; property: string; hunk: Hunk }
  /** A value added, removed or changed; `undefined` is absent. Values are shown as JSON. */
  | { kind: "value"; property: string; old: string | undefined; new: string | undefined }
  /**
   * A list of plain values (a view's jobs, a job's labels) whose members changed: the values that left it and those
   * that joined it, in their order; `reordered` when it holds the same values in another order.
   */
  | { kind: "list"; property: string; added: string[]; removed: string[]; reordered: boolean }
  /** A secret: never a value. `known` is false when the preview cannot say whether it changed. */
  | { kind: "secret"; property: string; known: boolean; notSecret?: true };

/** Inputs the review never lists as changes: the path and URL head every entry, `__` keys are internal. */
const DERIVED = new Set(["fullName", "url"]);

export type Inputs = Record<string, unknown>;

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

function shown(v: unknown): string {
  if (v === UNKNOWN) return "(known after apply)";
  return JSON.stringify(v) ?? "undefined";
}

function holdsSecret(v: unknown): boolean {
  if (v === SECRET) return true;
  if (Array.isArray(v)) return v.some(holdsSecret);
  if (isPlainObject(v)) return Object.values(v).some(holdsSecret);
  return false;
}

const multiline = (v: unknown): v is string => typeof v === "string" && v.includes("\n");

type PlainValue = string | number | boolean | null;

const isPlainValue = (v: unknown): v is PlainValue =>
  v === null || typeof v === "string" || typeof v === "number" || typeof v === "boolean";

/** What left and joined a list of plain values, each value counted as often as it occurs (two lists that differ). */
function listChange(property: string, a: readonly PlainValue[], b: readonly PlainValue[]): Change {
  const remaining = (from: readonly PlainValue[], take: readonly PlainValue[]): PlainValue[] => {
    const left = [...take];
    return from.filter((v) => {
      const at = left.indexOf(v);
      if (at === -1) return true;
      left.splice(at, 1);
      return false;
    });
  };
  const removed = remaining(a, b).map(shown);
  const added = remaining(b, a).map(shown);
  return { kind: "list", property, added, removed, reordered: added.length === 0 && removed.length === 0 };
}

function compare(property: string, a: unknown, b: unknown, context: number, out: Change[]): void {
  if (a === b) return;
  if (holdsSecret(a) || holdsSecret(b)) {
    if (JSON.stringify(a) !== JSON.stringify(b)) out.push({ kind: "secret", property, known: true });
    return;
  }
  if ((multiline(a) || a === undefined) && (multiline(b) || b === undefined) && (a ?? b) !== undefined) {
    for (const hunk of hunks(a, b, context)) out.push({ kind: "text", property, hunk });
    return;
  }
  if (isPlainObject(a) && isPlainObject(b)) {
    for (const key of [...new Set([...Object.keys(a), ...Object.keys(b)])].sort()) {
      compare(`${property}.${key}`, a[key], b[key], context, out);
    }
    return;
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    if (
      a.every(isPlainValue) &&
      b.every(isPlainValue) &&
      a.every((v) => v !== UNKNOWN) &&
      b.every((v) => v !== UNKNOWN)
    ) {
      if (JSON.stringify(a) !== JSON.stringify(b)) out.push(listChange(property, a, b));
      return;
    }
    for (let i = 0; i < Math.max(a.length, b.length); i++) compare(`${property}[${i}]`, a[i], b[i], context, out);
    return;
  }
  if (JSON.stringify(a) === JSON.stringify(b)) return;
  out.push({
    kind: "value",
    property,
    old: a === undefined ? undefined : shown(a),
    new: b === undefined ? undefined : shown(b),
  });
}

/**
 * The changes from `olds` to `news`, in property order. `skip` names inputs reported elsewhere (a move's folder and
 * name); `hidden` names inputs reported like secrets, only as changed, whatever their value (a credential's
 * `secretVersion`). A secret shown as "[secret]" on both sides cannot be compared: when the step changes nothing
 * else the provider saw, it is the secret that changed; otherwise the preview cannot tell, and says so.
 */
export function changesOf(
  olds: Inputs,
  news: Inputs,
  context: number,
  skip: ReadonlySet<string> = new Set(),
  hidden: ReadonlySet<string> = new Set(),
  detailed?: readonly string[],
): Change[] {
  const keys = [...new Set([...Object.keys(olds), ...Object.keys(news)])]
    .filter((k) => !k.startsWith("__") && !DERIVED.has(k) && !skip.has(k))
    .sort();
  const out: Change[] = [];
  const opaque: string[] = [];
  for (const key of keys) {
    if (olds[key] === SECRET && news[key] === SECRET) opaque.push(key);
    else if (hidden.has(key)) {
      if (JSON.stringify(olds[key]) !== JSON.stringify(news[key]))
        out.push({
          kind: "secret",
          property: key,
          known: true,
          ...(holdsSecret(olds[key]) || holdsSecret(news[key]) ? {} : { notSecret: true as const }),
        });
    } else compare(key, olds[key], news[key], context, out);
  }
  const nothingElse = out.length === 0 && skip.size === 0;
  if (detailed === undefined) {
    for (const key of opaque) out.push({ kind: "secret", property: key, known: nothingElse });
    return out;
  }
  // The provider named the paths that differ: a secret changed exactly where it says so.
  const under = (path: string, key: string): boolean =>
    path === key || path.startsWith(`${key}.`) || path.startsWith(`${key}[`);
  const listed = (key: string): boolean => detailed.some((p) => under(p, key));
  for (const key of opaque) if (listed(key)) out.push({ kind: "secret", property: key, known: true });
  for (const path of detailed) {
    const key = /^[^.[]+/.exec(path)?.[0] ?? path;
    if (!keys.includes(key) || opaque.includes(key) || hidden.has(key)) continue;
    const seen = out.some((c) => under(c.property, key) || under(path, c.property));
    if (!seen && (holdsSecret(olds[key]) || holdsSecret(news[key])))
      out.push({ kind: "secret", property: path, known: true });
  }
  return out;
}

/**
 * The mark of ownership an update of a job, view or credential writes, when its inputs name an owner the old ones did not (a state an
 * earlier release wrote names none; a new `jenkins:owner` names another): the inputs compared above leave the
 * internal `__owner` out, and without this such an update would show no change at all.
 */
export function markChangeOf(olds: Inputs, news: Inputs): Change | undefined {
  const owner = news.__owner;
  if (typeof owner !== "string" || owner === UNKNOWN || owner === olds.__owner) return undefined;
  const before = olds.__owner;
  return {
    kind: "value",
    property: "mark of ownership",
    old: typeof before === "string" ? shown(before) : undefined,
    new: shown(owner),
  };
}
