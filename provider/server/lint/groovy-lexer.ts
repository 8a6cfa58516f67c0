/**
 * Enough of Groovy's lexer to tell whether a pipeline script parses, and where it stops parsing: comments, every
 * string form (single, double and triple quoted, slashy `/…/` and dollar-slashy `$/…/$`, `${…}` and `$name`
 * interpolation in the GString forms), numbers, names, operators, and the pairing of brackets. The messages are
 * those of the Groovy 2 parser that Jenkins's CPS engine uses, with its " @ line L, column C." suffix
 * (org.codehaus.groovy.syntax.SyntaxException).
 */

export type TokenKind = "ident" | "string" | "number" | "punct" | "newline";

export interface Token {
  kind: TokenKind;
  /** The name, the operator, or a string's value (interpolations left as written). */
  text: string;
  /** A string with `${…}` or `$name` interpolation: its value is not known before the build. */
  interpolated?: boolean;
  /** Offsets in the source: [start, end). */
  start: number;
  end: number;
  line: number;
  column: number;
}

export class GroovySyntaxError extends Error {
  constructor(
    readonly reason: string,
    readonly line: number,
    readonly column: number,
  ) {
    super(`${reason} @ line ${line}, column ${column}.`);
  }
}

const CLOSER: Record<string, string> = { "(": ")", "[": "]", "{": "}" };
const OPENER: Record<string, string> = { ")": "(", "]": "[", "}": "{" };

/** After these a `/` divides; anywhere else it starts a slashy string. */
const VALUE_END_PUNCT = new Set([")", "]", "}"]);
const KEYWORDS_BEFORE_VALUE = new Set(["return", "in", "case", "assert", "throw", "else", "instanceof", "new"]);

/** Longest first, so that `<->`-like runs split as Groovy does. */
const OPERATORS = [
  ">>>=",
  "<=>",
  "...",
  "..<",
  "**=",
  "<<=",
  ">>=",
  "===",
  "!==",
  "?.",
  "*.",
  ".&",
  ".@",
  "?:",
  "->",
  "==~",
  "=~",
  "==",
  "!=",
  "<=",
  ">=",
  "&&",
  "||",
  "++",
  "--",
  "+=",
  "-=",
  "*=",
  "/=",
  "%=",
  "&=",
  "|=",
  "^=",
  "**",
  "<<",
  "..",
  "::",
];

function isIdentStart(c: string | undefined): boolean {
  if (c === undefined) return false;
  const code = c.charCodeAt(0);
  if ((code >= 97 && code <= 122) || (code >= 65 && code <= 90) || code === 95 || code === 36) return true;
  return code > 127 && /\p{L}/u.test(c);
}

function isIdentPart(c: string | undefined): boolean {
  if (c === undefined) return false;
  const code = c.charCodeAt(0);
  return isIdentStart(c) || (code >= 48 && code <= 57) || (code > 127 && /\p{N}/u.test(c));
}

export class GroovyLexer {
  private readonly lineStarts: number[] = [0];
  readonly tokens: Token[] = [];
  private pos = 0;
  private readonly brackets: Array<{ c: string; at: number }> = [];

  constructor(private readonly src: string) {
    for (let i = 0; i < src.length; i++) if (src[i] === "\n") this.lineStarts.push(i + 1);
  }

  /** Line and column (both from 1) of an offset. */
  where(offset: number): { line: number; column: number } {
    let lo = 0;
    let hi = this.lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.lineStarts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - this.lineStarts[lo] + 1 };
  }

  private fail(reason: string, offset: number): never {
    const { line, column } = this.where(offset);
    throw new GroovySyntaxError(reason, line, column);
  }

  /** antlr's message when the input ends inside a token. */
  private endOfInput(): never {
    return this.fail("unexpected char: 0xFFFF", this.src.length);
  }

  private push(kind: TokenKind, text: string, start: number, extra: Partial<Token> = {}): void {
    const { line, column } = this.where(start);
    this.tokens.push({ kind, text, start, end: this.pos, line, column, ...extra });
  }

  private slashAllowed(): boolean {
    for (let i = this.tokens.length - 1; i >= 0; i--) {
      const t = this.tokens[i];
      if (t.kind === "newline") return true;
      if (t.kind === "string" || t.kind === "number") return false;
      if (t.kind === "ident") return KEYWORDS_BEFORE_VALUE.has(t.text);
      return !VALUE_END_PUNCT.has(t.text);
    }
    return true;
  }

  /** Lexes the whole text; throws GroovySyntaxError at the first error. */
  run(): Token[] {
    const src = this.src;
    if (src.startsWith("#!")) while (this.pos < src.length && src[this.pos] !== "\n") this.pos++;
    while (this.pos < src.length) this.next();
    if (this.brackets.length > 0) {
      const open = this.brackets[this.brackets.length - 1];
      this.fail(`expecting '${CLOSER[open.c]}', found ''`, src.length);
    }
    return this.tokens;
  }

  private next(): void {
    const src = this.src;
    const c = src[this.pos];
    const start = this.pos;
    if (c === "\n") {
      this.pos++;
      this.push("newline", "\n", start);
    } else if (c === " " || c === "\t" || c === "\r" || c === "\f") {
      this.pos++;
    } else if (c === "\\" && (src[this.pos + 1] === "\n" || src.startsWith("\r\n", this.pos + 1))) {
      this.pos += src[this.pos + 1] === "\n" ? 2 : 3;
    } else if (src.startsWith("//", this.pos)) {
      while (this.pos < src.length && src[this.pos] !== "\n") this.pos++;
    } else if (src.startsWith("/*", this.pos)) {
      const end = src.indexOf("*/", this.pos + 2);
      if (end < 0) this.endOfInput();
      this.pos = end + 2;
    } else if (c === "'" || c === '"') {
      this.quoted(c);
    } else if (c === "$" && src[this.pos + 1] === "/") {
      this.pos += 2;
      const r = this.interpolatedBody("$/");
      this.push("string", r.text, start, { interpolated: r.interpolated });
    } else if (c === "/" && this.slashAllowed()) {
      this.pos++;
      const r = this.interpolatedBody("/");
      this.push("string", r.text, start, { interpolated: r.interpolated });
    } else if (/[0-9]/.test(c) || (c === "." && /[0-9]/.test(src[this.pos + 1] ?? ""))) {
      const m = /^(0[xX][0-9a-fA-F_]+|0[bB][01_]+|[0-9_]*\.?[0-9_]+([eE][+-]?[0-9]+)?)[lLgGiIdDfF]?/.exec(
        src.slice(this.pos, this.pos + 128),
      );
      this.pos += m ? m[0].length : 1;
      this.push("number", src.slice(start, this.pos), start);
    } else if (isIdentStart(c)) {
      while (isIdentPart(src[this.pos])) this.pos++;
      this.push("ident", src.slice(start, this.pos), start);
    } else if (c in CLOSER) {
      this.pos++;
      this.brackets.push({ c, at: start });
      this.push("punct", c, start);
    } else if (c in OPENER) {
      const open = this.brackets.pop();
      if (open === undefined) this.fail(`unexpected token: ${c}`, start);
      if (open.c !== OPENER[c]) this.fail(`expecting '${CLOSER[open.c]}', found '${c}'`, start);
      this.pos++;
      this.push("punct", c, start);
    } else {
      const op = OPERATORS.find((o) => src.startsWith(o, this.pos));
      this.pos += op ? op.length : 1;
      this.push("punct", op ?? c, start);
    }
  }

  private quoted(quote: string): void {
    const src = this.src;
    const start = this.pos;
    const triple = src.startsWith(quote.repeat(3), this.pos);
    this.pos += triple ? 3 : 1;
    if (quote === '"') {
      const r = this.interpolatedBody(triple ? '"""' : '"');
      this.push("string", r.text, start, { interpolated: r.interpolated });
      return;
    }
    const close = triple ? "'''" : "'";
    let text = "";
    for (;;) {
      if (this.pos >= src.length) this.endOfInput();
      if (src.startsWith(close, this.pos)) break;
      const ch = src[this.pos];
      if (!triple && (ch === "\n" || ch === "\r")) this.fail("expecting ''', found '\\n'", this.pos);
      if (ch === "\\" && this.pos + 1 < src.length) {
        text += unescape(src[this.pos + 1]);
        this.pos += 2;
      } else {
        text += ch;
        this.pos++;
      }
    }
    this.pos += close.length;
    this.push("string", text, start);
  }

  /**
   * The body of a GString form up to its closing delimiter (`"`, `"""`, `/` or `$/` … `/$`), with `${…}` lexed as
   * code (its brackets must pair) and `$name.name` taken as a reference.
   */
  private interpolatedBody(kind: '"' | '"""' | "/" | "$/"): { text: string; interpolated: boolean } {
    const src = this.src;
    const close = kind === "$/" ? "/$" : kind;
    const bodyStart = this.pos;
    let interpolated = false;
    let text = "";
    for (;;) {
      if (this.pos >= src.length) this.endOfInput();
      if (src.startsWith(close, this.pos)) break;
      const ch = src[this.pos];
      if (kind === '"' && (ch === "\n" || ch === "\r"))
        this.fail("expecting anything but ''\\n''; got it anyway", this.pos);
      if (kind === "$/" && ch === "$" && (src[this.pos + 1] === "$" || src[this.pos + 1] === "/")) {
        text += src[this.pos + 1];
        this.pos += 2;
      } else if (ch === "\\" && kind !== "$/" && this.pos + 1 < src.length) {
        text +=
          kind === "/"
            ? src[this.pos + 1] === "/"
              ? "/"
              : src.slice(this.pos, this.pos + 2)
            : unescape(src[this.pos + 1]);
        this.pos += 2;
      } else if (ch === "$" && src[this.pos + 1] === "{") {
        interpolated = true;
        const from = this.pos;
        this.pos += 2;
        this.embedded();
        text += src.slice(from, this.pos);
      } else if (ch === "$" && isIdentStart(src[this.pos + 1])) {
        interpolated = true;
        const from = this.pos;
        this.pos++;
        while (isIdentPart(src[this.pos])) this.pos++;
        while (src[this.pos] === "." && isIdentStart(src[this.pos + 1])) {
          this.pos++;
          while (isIdentPart(src[this.pos])) this.pos++;
        }
        text += src.slice(from, this.pos);
      } else if (ch === "$" && (kind === '"' || kind === '"""')) {
        this.fail(
          `illegal string body character after dollar sign;\nsolution: either escape a literal dollar sign "\\$5" or bracket the value expression "\${5}"`,
          this.pos,
        );
      } else {
        text += ch;
        this.pos++;
      }
    }
    if (kind === "/" && this.pos === bodyStart) this.fail("unexpected token: /", bodyStart - 1);
    this.pos += close.length;
    return { text, interpolated };
  }

  /** The code of a `${…}`: its own tokens and brackets, up to the brace that closes it. */
  private embedded(): void {
    const depth = this.brackets.length;
    this.brackets.push({ c: "{", at: this.pos - 1 });
    const outer = this.tokens.length;
    while (this.brackets.length > depth) {
      if (this.pos >= this.src.length) this.endOfInput();
      this.next();
    }
    // The embedded code is part of the string token, not of the statement around it.
    this.tokens.length = outer;
  }
}

function unescape(c: string): string {
  const known: Record<string, string> = { n: "\n", t: "\t", r: "\r", b: "\b", f: "\f", "\n": "" };
  return known[c] ?? c;
}

/** The tokens of a script, or the first syntax error. */
export function lexGroovy(src: string): Token[] {
  return new GroovyLexer(src).run();
}
