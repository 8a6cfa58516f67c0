/**
 * The part of Groovy that pipeline scripts use to declare job properties, read well enough to know what a run would
 * set: method calls with positional and named arguments (`string(name: 'A', defaultValue: 'x')`), command calls
 * (`cron 'H 4 * * *'`), calls with a closure (`parameters { … }`), lists, maps, strings (single, double and triple
 * quoted; `${…}` left as written), numbers, booleans and dotted names (`hudson.model.Result.SUCCESS`).
 *
 * Everything else (assignments, control flow, operators, GStrings that interpolate) is skipped statement by
 * statement: the server only needs the declarations, and a statement it cannot read sets nothing.
 */

export type GroovyValue =
  | { kind: "string"; value: string }
  | { kind: "number"; value: number }
  | { kind: "boolean"; value: boolean }
  | { kind: "null" }
  | { kind: "name"; value: string }
  | { kind: "list"; items: GroovyValue[] }
  | { kind: "map"; entries: Record<string, GroovyValue> }
  | GroovyCall;

export interface GroovyCall {
  kind: "call";
  name: string;
  args: GroovyValue[];
  named: Record<string, GroovyValue>;
  /** The statements of a closure passed last (`name { … }` or `name(…) { … }`). */
  closure?: GroovyStatement[];
}

/** A statement this reader understood (a call), or one it skipped. */
export type GroovyStatement = GroovyCall | { kind: "skipped" };

type Token =
  | { t: "ident"; v: string }
  | { t: "string"; v: string }
  | { t: "number"; v: number }
  | { t: "punct"; v: string }
  | { t: "newline" };

function readString(src: string, i: number): { value: string; end: number } {
  const quote = src[i];
  const triple = src.startsWith(quote.repeat(3), i);
  const close = triple ? quote.repeat(3) : quote;
  let j = i + close.length;
  let value = "";
  while (j < src.length && !src.startsWith(close, j)) {
    if (src[j] === "\\" && j + 1 < src.length) {
      const c = src[j + 1];
      value += c === "n" ? "\n" : c === "t" ? "\t" : c === "r" ? "\r" : c;
      j += 2;
    } else {
      if (!triple && src[j] === "\n") break;
      value += src[j++];
    }
  }
  return { value, end: j + close.length };
}

function tokenize(src: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i];
    if (c === "\n") {
      out.push({ t: "newline" });
      i++;
    } else if (/\s/.test(c)) {
      i++;
    } else if (src.startsWith("//", i)) {
      while (i < src.length && src[i] !== "\n") i++;
    } else if (src.startsWith("/*", i)) {
      const end = src.indexOf("*/", i + 2);
      i = end < 0 ? src.length : end + 2;
    } else if (c === "'" || c === '"') {
      const s = readString(src, i);
      out.push({ t: "string", v: s.value });
      i = s.end;
    } else if (/[0-9]/.test(c)) {
      const m = /^[0-9]+(\.[0-9]+)?/.exec(src.slice(i, i + 64)) as RegExpExecArray;
      out.push({ t: "number", v: Number(m[0]) });
      i += m[0].length;
    } else if (/[A-Za-z_$]/.test(c)) {
      const m = /^[A-Za-z_$][A-Za-z0-9_$]*/.exec(src.slice(i, i + 256)) as RegExpExecArray;
      out.push({ t: "ident", v: m[0] });
      i += m[0].length;
    } else {
      // Operators and anything else: kept as punctuation, so skipping can still balance brackets.
      out.push({ t: "punct", v: c });
      i++;
    }
  }
  return out;
}

const OPEN: Record<string, string> = { "(": ")", "[": "]", "{": "}" };

class Reader {
  i = 0;
  constructor(private readonly tokens: Token[]) {}

  peek(k = 0): Token | undefined {
    return this.tokens[this.i + k];
  }

  isPunct(v: string, k = 0): boolean {
    const t = this.peek(k);
    return t?.t === "punct" && t.v === v;
  }

  skipNewlines(): void {
    while (this.peek()?.t === "newline" || this.isPunct(";")) this.i++;
  }

  /** Skips to the end of the statement: a newline or `;` outside brackets, or the `}` closing the block. */
  skipStatement(): void {
    let depth = 0;
    for (;;) {
      const t = this.peek();
      if (!t) return;
      if (t.t === "punct" && OPEN[t.v]) depth++;
      else if (t.t === "punct" && (t.v === ")" || t.v === "]" || t.v === "}")) {
        if (depth === 0) return;
        depth--;
      } else if (depth === 0 && (t.t === "newline" || (t.t === "punct" && t.v === ";"))) return;
      this.i++;
    }
  }

  /** Statements up to the `}` that closes the block (or the end of the text). */
  block(): GroovyStatement[] {
    const out: GroovyStatement[] = [];
    for (;;) {
      this.skipNewlines();
      const t = this.peek();
      if (!t || (t.t === "punct" && t.v === "}")) return out;
      const start = this.i;
      const call = this.statement();
      if (call && this.atStatementEnd()) {
        out.push(call);
      } else {
        this.i = Math.max(this.i, start + 1);
        this.skipStatement();
        out.push({ kind: "skipped" });
      }
    }
  }

  private atStatementEnd(): boolean {
    const t = this.peek();
    return !t || t.t === "newline" || (t.t === "punct" && (t.v === ";" || t.v === "}"));
  }

  /** `name(…)`, `name(…) { … }`, `name { … }` or `name arg, key: v` (a command call); undefined otherwise. */
  private statement(): GroovyCall | undefined {
    const t = this.peek();
    if (t?.t !== "ident") return undefined;
    const next = this.peek(1);
    if (next?.t === "punct" && (next.v === "(" || next.v === "{")) return this.call();
    if (next && (next.t === "string" || next.t === "number" || next.t === "ident" || this.isPunct("[", 1))) {
      this.i++;
      const call: GroovyCall = { kind: "call", name: t.v, args: [], named: {} };
      return this.argumentList(call, (r) => r.atStatementEnd(), false) ? call : undefined;
    }
    return undefined;
  }

  /** A call at the cursor (an identifier followed by `(` or `{`). */
  call(): GroovyCall | undefined {
    const name = this.peek() as { t: "ident"; v: string };
    this.i++;
    const call: GroovyCall = { kind: "call", name: name.v, args: [], named: {} };
    if (this.isPunct("(")) {
      this.i++;
      if (!this.argumentList(call, (r) => r.isPunct(")"))) return undefined;
      this.i++;
    }
    if (this.isPunct("{")) {
      this.i++;
      call.closure = this.block();
      if (!this.isPunct("}")) return undefined;
      this.i++;
    }
    return call;
  }

  /** Arguments until `done` says the list ended; false when something in it is not readable. */
  private argumentList(call: GroovyCall, done: (r: Reader) => boolean, inBrackets = true): boolean {
    // Inside brackets a newline is only layout; a command call's arguments end at the end of the line.
    const skipNewlines = () => {
      while (inBrackets && this.peek()?.t === "newline") this.i++;
    };
    for (;;) {
      skipNewlines();
      if (done(this)) return true;
      const t = this.peek();
      if ((t?.t === "ident" || t?.t === "string") && this.isPunct(":", 1)) {
        this.i += 2;
        const v = this.value();
        if (!v) return false;
        call.named[t.v as string] = v;
      } else {
        const v = this.value();
        if (!v) return false;
        call.args.push(v);
      }
      skipNewlines();
      if (this.isPunct(",")) this.i++;
      else if (!done(this)) return false;
    }
  }

  /** One value; undefined when it is not one this reader knows. */
  value(): GroovyValue | undefined {
    const t = this.peek();
    if (!t) return undefined;
    if (t.t === "string") {
      this.i++;
      return { kind: "string", value: t.v };
    }
    if (t.t === "number") {
      this.i++;
      return { kind: "number", value: t.v };
    }
    if (t.t === "punct" && t.v === "-" && this.peek(1)?.t === "number") {
      this.i += 2;
      return { kind: "number", value: -(this.tokens[this.i - 1] as { v: number }).v };
    }
    if (t.t === "punct" && t.v === "[") return this.listOrMap();
    if (t.t !== "ident") return undefined;
    if (t.v === "true" || t.v === "false") {
      this.i++;
      return { kind: "boolean", value: t.v === "true" };
    }
    if (t.v === "null") {
      this.i++;
      return { kind: "null" };
    }
    if (this.isPunct("(", 1) || this.isPunct("{", 1)) return this.call();
    let name = t.v;
    this.i++;
    while (this.isPunct(".") && this.peek(1)?.t === "ident") {
      name += "." + (this.peek(1) as { v: string }).v;
      this.i += 2;
    }
    return { kind: "name", value: name };
  }

  private listOrMap(): GroovyValue | undefined {
    this.i++; // [
    while (this.peek()?.t === "newline") this.i++;
    if (this.isPunct(":") && this.isPunct("]", 1)) {
      this.i += 2;
      return { kind: "map", entries: {} };
    }
    const holder: GroovyCall = { kind: "call", name: "", args: [], named: {} };
    if (!this.argumentList(holder, (r) => r.isPunct("]"))) return undefined;
    this.i++;
    if (Object.keys(holder.named).length > 0) {
      return holder.args.length === 0 ? { kind: "map", entries: holder.named } : undefined;
    }
    return { kind: "list", items: holder.args };
  }

  /** Every call of `name(…)` anywhere in the text, in order (for steps that may sit inside `node { … }`). */
  callsNamed(name: string): GroovyCall[] {
    const out: GroovyCall[] = [];
    for (let k = 0; k < this.tokens.length; k++) {
      const t = this.tokens[k];
      const next = this.tokens[k + 1];
      const prev = this.tokens[k - 1];
      const member = prev?.t === "punct" && prev.v === ".";
      if (t.t === "ident" && t.v === name && !member && next?.t === "punct" && next.v === "(") {
        this.i = k;
        const call = this.call();
        if (call) out.push(call);
      }
    }
    return out;
  }
}

/** The top-level statements of a script. */
export function parseStatements(script: string): GroovyStatement[] {
  const r = new Reader(tokenize(script));
  const out: GroovyStatement[] = [];
  for (;;) {
    out.push(...r.block());
    // A stray `}` at the top level: step over it and read on.
    if (!r.peek()) return out;
    r.i++;
  }
}

/** Every `name(…)` call in the script, wherever it is, in the order written. */
export function callsNamed(script: string, name: string): GroovyCall[] {
  return new Reader(tokenize(script)).callsNamed(name);
}
