/**
 * Collects the problems of untyped input (specs arrive from Pulumi programs, possibly plain JavaScript) with the
 * path of each field. `null` counts as "not given", as Pulumi passes it for unset optional values.
 */
import type { SpecIssue } from "./errors";

export type Fields = Record<string, unknown>;

export function isGiven(v: unknown): boolean {
  return v !== undefined && v !== null;
}

// Characters XML cannot hold at all, not even as a character reference.
// eslint-disable-next-line no-control-regex -- matching NUL is the point
const NOT_XML = /[\u0000\uFFFE\uFFFF]/;

export class Checker {
  readonly issues: SpecIssue[] = [];

  add(path: string, message: string): void {
    this.issues.push({ path, message });
  }

  /** A plain object (not an array); reports and returns false otherwise. */
  object(v: unknown, path: string): v is Fields {
    if (typeof v === "object" && v !== null && !Array.isArray(v)) return true;
    this.add(path, `must be an object, got ${describe(v)}`);
    return false;
  }

  array(v: unknown, path: string): v is unknown[] {
    if (Array.isArray(v)) return true;
    this.add(path, `must be a list, got ${describe(v)}`);
    return false;
  }

  /** Reports keys outside `allowed` (a typo would otherwise be ignored silently); `hint` may add advice per key. */
  onlyKeys(
    o: Fields,
    path: string,
    allowed: readonly string[],
    hint?: string | ((key: string) => string | undefined),
  ): void {
    for (const key of Object.keys(o)) {
      if (allowed.includes(key)) continue;
      const advice = typeof hint === "function" ? hint(key) : hint;
      this.add(`${path}.${key}`, `unknown field; expected one of: ${allowed.join(", ")}${advice ? `. ${advice}` : ""}`);
    }
  }

  /** Checks an optional (or, with `required`, mandatory) string field. */
  string(
    o: Fields,
    key: string,
    path: string,
    opts: { required?: boolean; nonEmpty?: boolean; singleLine?: boolean } = {},
  ): void {
    const v = o[key];
    const at = `${path}.${key}`;
    if (!isGiven(v)) {
      if (opts.required) this.add(at, "is required");
      return;
    }
    this.stringValue(v, at, opts);
  }

  stringValue(v: unknown, at: string, opts: { nonEmpty?: boolean; singleLine?: boolean } = {}): v is string {
    if (typeof v !== "string") {
      this.add(at, `must be a string, got ${describe(v)}`);
      return false;
    }
    if (opts.nonEmpty && v.trim() === "") this.add(at, "must not be empty");
    else if (opts.singleLine && /[\r\n]/.test(v)) this.add(at, "must be a single line");
    if (NOT_XML.test(v)) this.add(at, "must not contain NUL, U+FFFE or U+FFFF (XML cannot hold them)");
    return true;
  }

  boolean(o: Fields, key: string, path: string): void {
    const v = o[key];
    if (isGiven(v) && typeof v !== "boolean") this.add(`${path}.${key}`, `must be true or false, got ${describe(v)}`);
  }

  /** An optional whole number of at least `min`. */
  integer(o: Fields, key: string, path: string, min: number): void {
    const v = o[key];
    if (!isGiven(v)) return;
    if (typeof v !== "number" || !Number.isInteger(v)) {
      this.add(`${path}.${key}`, `must be a whole number, got ${describe(v)}`);
    } else if (v < min) {
      this.add(`${path}.${key}`, `must be at least ${min}`);
    } else if (v > 2147483647) {
      this.add(`${path}.${key}`, "must fit a Java int (at most 2147483647)");
    }
  }
}

/** The type of a value for messages; never the value itself (it may be a secret). */
export function describe(v: unknown): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "a list";
  if (typeof v === "string") return v === "" ? "an empty string" : "a string";
  const t = typeof v;
  return /^[aeiou]/.test(t) ? `an ${t}` : `a ${t}`;
}
