/**
 * Statements and closures of a lexed script, as far as the declarative model needs them: each block is a list of
 * statements, each statement its tokens (newlines inside brackets dropped) and the closures written at its top level
 * (`stage('x') { … }`) or inside its arguments (`parallel(a: { … })`).
 */
import type { Token } from "./groovy-lexer";

export interface Statement {
  tokens: Token[];
  /** Closures written directly after the call (`name(…) { … }`, `name { … }`). */
  blocks: Block[];
  /** Closures inside the arguments. */
  argBlocks: Block[];
  start: number;
  end: number;
}

export interface Block {
  statements: Statement[];
  start: number;
  end: number;
}

/** A line break continues the statement after these (an operand must follow). */
const CONTINUES_AFTER = new Set([
  ",",
  "=",
  "+",
  "-",
  "*",
  "/",
  "%",
  "&&",
  "||",
  "?",
  ":",
  ".",
  "?.",
  "*.",
  "->",
  "==",
  "!=",
  "<",
  ">",
  "<=",
  ">=",
  "+=",
  "-=",
  "<<",
  "?:",
  "=~",
  "==~",
  "&",
  "|",
  "^",
  "..",
  "..<",
]);
/** …and before these. */
const CONTINUES_BEFORE = new Set([".", "?.", "*.", "?:"]);
const CONTINUING_KEYWORDS = new Set(["else", "catch", "finally"]);

/** Splits tokens into a block's statements; `i.at` moves past the closing brace when `nested`. */
function parseBlock(tokens: Token[], i: { at: number }, nested: boolean, start: number): Block {
  const statements: Statement[] = [];
  let cur: Statement | undefined;
  let depth = 0;
  const finish = (): void => {
    if (cur && (cur.tokens.length > 0 || cur.blocks.length > 0)) statements.push(cur);
    cur = undefined;
  };
  const nextSignificant = (from: number): Token | undefined => {
    for (let j = from; j < tokens.length; j++) if (tokens[j].kind !== "newline") return tokens[j];
    return undefined;
  };
  while (i.at < tokens.length) {
    const t = tokens[i.at];
    if (t.kind === "newline" || (t.kind === "punct" && t.text === ";" && depth === 0)) {
      i.at++;
      if (depth > 0 || !cur) continue;
      const last = cur.tokens[cur.tokens.length - 1];
      const next = nextSignificant(i.at);
      const continues =
        t.kind === "newline" &&
        ((last !== undefined && last.kind === "punct" && CONTINUES_AFTER.has(last.text) && cur.blocks.length === 0) ||
          (next !== undefined && next.kind === "punct" && CONTINUES_BEFORE.has(next.text)) ||
          (next !== undefined && next.kind === "ident" && CONTINUING_KEYWORDS.has(next.text)));
      if (!continues) finish();
      continue;
    }
    if (t.kind === "punct" && t.text === "}") {
      if (nested) {
        finish();
        i.at++;
        return { statements, start, end: t.end };
      }
      i.at++;
      continue;
    }
    cur ??= { tokens: [], blocks: [], argBlocks: [], start: t.start, end: t.end };
    if (t.kind === "punct" && t.text === "{") {
      i.at++;
      const block = parseBlock(tokens, i, true, t.start);
      (depth === 0 ? cur.blocks : cur.argBlocks).push(block);
      cur.end = block.end;
      continue;
    }
    if (t.kind === "punct" && (t.text === "(" || t.text === "[")) depth++;
    if (t.kind === "punct" && (t.text === ")" || t.text === "]")) depth--;
    cur.tokens.push(t);
    cur.end = t.end;
    i.at++;
  }
  finish();
  return { statements, start, end: tokens.length > 0 ? tokens[tokens.length - 1].end : 0 };
}

/** The script's top-level statements. */
export function statementsOf(tokens: Token[]): Block {
  return parseBlock(tokens, { at: 0 }, false, 0);
}

/** Words that start a statement which is no method call (a declaration, control flow, a constructor call). */
const NOT_CALLS = new Set([
  "def",
  "if",
  "else",
  "for",
  "while",
  "do",
  "try",
  "catch",
  "finally",
  "switch",
  "case",
  "return",
  "throw",
  "break",
  "continue",
  "final",
  "assert",
  "import",
  "class",
  "new",
  "this",
  "super",
  "true",
  "false",
  "null",
]);
const ASSIGNMENTS = new Set([
  "=",
  "+=",
  "-=",
  "*=",
  "/=",
  "%=",
  "<<=",
  ">>=",
  ">>>=",
  "&=",
  "|=",
  "^=",
  "**=",
  "++",
  "--",
]);

/** An assignment or declaration at the statement's own level (not inside its arguments). */
function assigns(s: Statement): boolean {
  let depth = 0;
  for (const t of s.tokens) {
    if (t.kind !== "punct") continue;
    if (t.text === "(" || t.text === "[") depth++;
    else if (t.text === ")" || t.text === "]") depth--;
    else if (depth === 0 && ASSIGNMENTS.has(t.text)) return true;
  }
  return false;
}

/** The method a statement calls (`name …`, `name(…)`, `name { … }`), or undefined when it is no call. */
export function calledName(s: Statement): string | undefined {
  const [first, second] = s.tokens;
  if (first?.kind !== "ident" || NOT_CALLS.has(first.text) || assigns(s)) return undefined;
  if (second === undefined) return s.blocks.length > 0 ? first.text : undefined;
  if (second.kind === "punct") return second.text === "(" ? first.text : undefined;
  return first.text;
}

/** Whether a statement is a method call at all, also on a receiver (`currentBuild.displayName()`, `a.b { … }`). */
export function isMethodCall(s: Statement): boolean {
  if (calledName(s) !== undefined) return true;
  const [first, second] = s.tokens;
  if (first?.kind !== "ident" || NOT_CALLS.has(first.text) || assigns(s)) return false;
  if (second?.kind !== "punct" || (second.text !== "." && second.text !== "?.")) return false;
  const last = s.tokens[s.tokens.length - 1];
  return s.blocks.length > 0 || (last.kind === "punct" && last.text === ")");
}

/** The literal arguments of a call, in order: strings (with whether they interpolate), numbers and names. */
export function argumentsOf(s: Statement): Token[] {
  const out: Token[] = [];
  const rest = s.tokens[1]?.kind === "punct" && s.tokens[1].text === "(" ? s.tokens.slice(2, -1) : s.tokens.slice(1);
  let depth = 0;
  let startOfArg = true;
  for (const t of rest) {
    if (t.kind === "punct" && (t.text === "(" || t.text === "[")) depth++;
    else if (t.kind === "punct" && (t.text === ")" || t.text === "]")) depth--;
    else if (t.kind === "punct" && t.text === "," && depth === 0) startOfArg = true;
    else if (depth === 0 && startOfArg) {
      out.push(t);
      startOfArg = false;
    }
  }
  return out;
}

/** The closure a section takes: `name { … }` or `name({ … })`. */
export function blockOf(s: Statement): Block | undefined {
  return s.blocks[0] ?? (s.tokens.length > 0 ? s.argBlocks[0] : undefined);
}
