/**
 * What an inline pipeline script names, read from its tokens (groovy-tokens.ts): the agent labels it asks for, the
 * shared libraries it loads and the jobs it builds. Only literal strings count: a name built at run time (a
 * GString with `${…}`, a variable, a method call) cannot be known before the build and is skipped. Pure.
 *
 * - labels: declarative `agent { label '…' }`, `agent { node { label '…' } }` (also inside `docker`/`dockerfile`
 *   agents) at pipeline or stage level, and scripted `node('…')` / `node '…'`;
 * - libraries: `@Library('name')`, `@Library('name@ref')`, `@Library(['a', 'b'])`, `library 'name'`,
 *   `library('name@ref')` and `library identifier: 'name@ref'` (the name is what comes before `@`);
 * - jobs: `build job: '…'`, `build(job: '…')`, `build '…'` and `build('…')`.
 */
import { tokenize, type GroovyToken } from "./groovy-tokens";

export interface ScriptNames {
  labels: string[];
  libraries: string[];
  jobs: string[];
}

type Str = Extract<GroovyToken, { kind: "string" }>;

const isPunct = (t: GroovyToken | undefined, text: string): boolean => t?.kind === "punct" && t.text === text;
const isIdent = (t: GroovyToken | undefined, text: string): boolean => t?.kind === "ident" && t.text === text;
const literal = (t: GroovyToken | undefined): Str | undefined =>
  t?.kind === "string" && !t.interpolated ? t : undefined;

/** A method call's receiver (`x.node(…)`, `this.&build`) makes it something else than the pipeline step. */
function isStep(tokens: GroovyToken[], i: number): boolean {
  const before = tokens[i - 1];
  if (before === undefined) return true;
  if (before.kind === "punct" && [".", "?.", "*.", "&", "::"].includes(before.text)) return false;
  // `def build = …`, `String node`: a declaration, not a call.
  return !(before.kind === "ident" && ["def", "String", "void", "Object", "var"].includes(before.text));
}

/** The library's name in an identifier (`name@ref`); empty when the name is not a plain literal. */
function libraryName(identifier: string): string {
  const at = identifier.indexOf("@");
  return (at < 0 ? identifier : identifier.slice(0, at)).trim();
}

/**
 * The value of a named argument (`key: 'literal'`) of the call whose arguments start at `from`: scans its arguments
 * at nesting level 0 until the call ends (`)` for a call with parentheses, a line end not after `,` or `:` without).
 */
function namedArgument(tokens: GroovyToken[], from: number, key: string, parens: boolean): Str | undefined {
  let depth = 0;
  for (let i = from; i < tokens.length; i++) {
    const t = tokens[i];
    if (t.kind === "punct" && ["(", "[", "{"].includes(t.text)) depth++;
    else if (t.kind === "punct" && [")", "]", "}"].includes(t.text)) {
      if (depth === 0) return undefined;
      depth--;
    } else if (depth === 0 && isIdent(t, key) && isPunct(tokens[i + 1], ":")) {
      const prev = tokens[i - 1];
      if (i === from || isPunct(prev, ",") || isPunct(prev, "(")) {
        const value = literal(tokens[i + 2]);
        const after = tokens[i + 3];
        // The string must be the whole value (`job: 'a' + b` is computed).
        const whole =
          after === undefined ||
          after.line !== value?.line ||
          (after.kind === "punct" && [",", ")", "}", ";"].includes(after.text));
        return whole ? value : undefined;
      }
    }
    const next = tokens[i + 1];
    if (!parens && depth === 0 && next !== undefined && next.line !== t.line && !isPunct(t, ",") && !isPunct(t, ":"))
      return undefined;
  }
  return undefined;
}

/** The first argument of a step call at `i` (the step's name): a literal, a named `key` literal, or undefined. */
function stepArgument(tokens: GroovyToken[], i: number, key: string): { value: Str } | undefined {
  const parens = isPunct(tokens[i + 1], "(");
  const first = parens ? i + 2 : i + 1;
  const direct = literal(tokens[first]);
  if (direct !== undefined) {
    const after = tokens[first + 1];
    // `node('x')`, `node 'x'`: the string is the whole first argument, not the start of an expression.
    const whole = parens
      ? isPunct(after, ")") || isPunct(after, ",")
      : after === undefined ||
        after.line !== direct.line ||
        (after.kind === "punct" && [",", "{", "}", ";", ")"].includes(after.text));
    return whole ? { value: direct } : undefined;
  }
  if (tokens[first]?.kind === "ident" && isPunct(tokens[first + 1], ":")) {
    const named = namedArgument(tokens, first, key, parens);
    return named === undefined ? undefined : { value: named };
  }
  return undefined;
}

/** The string literals of `@Library(…)`'s value: one literal, or a list of literals; none if any is computed. */
function annotationLibraries(tokens: GroovyToken[], i: number): string[] {
  if (!isPunct(tokens[i + 1], "(")) return [];
  let j = i + 2;
  // `@Library(value = 'x')`
  if (isIdent(tokens[j], "value") && isPunct(tokens[j + 1], "=")) j += 2;
  const single = literal(tokens[j]);
  if (single !== undefined) return isPunct(tokens[j + 1], ")") ? [single.value] : [];
  if (!isPunct(tokens[j], "[")) return [];
  const out: string[] = [];
  for (j++; j < tokens.length && !isPunct(tokens[j], "]"); j++) {
    const s = literal(tokens[j]);
    if (s !== undefined) out.push(s.value);
    else if (!isPunct(tokens[j], ",")) return [];
  }
  return out;
}

const AGENT_KINDS = new Set(["node", "docker", "dockerfile"]);

export function scriptNames(script: string): ScriptNames {
  const tokens = tokenize(script);
  const labels = new Set<string>();
  const libraries = new Set<string>();
  const jobs = new Set<string>();
  // The names of the blocks the reader is in (`agent`, `node`, `stage`…), innermost last; "" for other braces.
  const blocks: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (t.kind === "punct" && t.text === "{") {
      const before = tokens[i - 1];
      blocks.push(before?.kind === "ident" ? before.text : "");
      continue;
    }
    if (t.kind === "punct" && t.text === "}") {
      blocks.pop();
      continue;
    }
    if (isPunct(t, "@") && isIdent(tokens[i + 1], "Library")) {
      for (const id of annotationLibraries(tokens, i + 1)) if (libraryName(id) !== "") libraries.add(libraryName(id));
      continue;
    }
    if (t.kind !== "ident" || !isStep(tokens, i)) continue;
    const inner = blocks[blocks.length - 1];
    const outer = blocks[blocks.length - 2];
    if (t.text === "label" && (inner === "agent" || (AGENT_KINDS.has(inner) && outer === "agent"))) {
      const arg = stepArgument(tokens, i, "label");
      if (arg !== undefined && arg.value.value.trim() !== "") labels.add(arg.value.value.trim());
    } else if (t.text === "node" && inner !== "agent") {
      const arg = stepArgument(tokens, i, "label");
      if (arg !== undefined && arg.value.value.trim() !== "") labels.add(arg.value.value.trim());
    } else if (t.text === "library") {
      const arg = stepArgument(tokens, i, "identifier");
      if (arg !== undefined && libraryName(arg.value.value) !== "") libraries.add(libraryName(arg.value.value));
    } else if (t.text === "build") {
      const arg = stepArgument(tokens, i, "job");
      if (arg !== undefined && arg.value.value.trim() !== "") jobs.add(arg.value.value.trim());
    }
  }
  return { labels: [...labels], libraries: [...libraries], jobs: [...jobs] };
}
