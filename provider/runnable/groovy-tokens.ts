/**
 * Just enough of a Groovy tokenizer to find what a pipeline script names: identifiers, punctuation and string
 * literals, with comments dropped and line numbers kept. A name inside a comment or inside a longer string is then
 * never taken for a reference. A double-quoted string with `$name` or `${…}` is marked `interpolated`: its value is
 * computed at build time and cannot be checked. Slashy strings are not recognised (a `/` is punctuation): the
 * references this reads are never written as slashy strings. Pure.
 */

export type GroovyToken =
  | { kind: "ident"; text: string; line: number }
  | { kind: "punct"; text: string; line: number }
  | { kind: "number"; text: string; line: number }
  | { kind: "string"; value: string; interpolated: boolean; line: number };

const IDENT_START = /[A-Za-z_$]/;
const IDENT_PART = /[A-Za-z0-9_$]/;
/** Two-character operators that matter to the reader (`&&` inside an argument list is still one token). */
const PAIRS = new Set(["&&", "||", "==", "!=", "<=", ">=", "->", "?.", "*.", "?:", "::", "..", "<<", ">>", "++", "--"]);

/** Whether a double-quoted string's text interpolates (`$x`, `${…}`; `\$` is a literal dollar). */
function interpolates(raw: string): boolean {
  for (let i = 0; i < raw.length; i++) {
    if (raw[i] === "\\") i++;
    else if (raw[i] === "$" && i + 1 < raw.length && (raw[i + 1] === "{" || IDENT_START.test(raw[i + 1]))) return true;
  }
  return false;
}

/** The value of a string's text with the common escapes resolved. */
function unescape(raw: string): string {
  return raw.replace(/\\(u[0-9a-fA-F]{4}|.)/gs, (_, e: string) => {
    if (e.length === 5) return String.fromCharCode(parseInt(e.slice(1), 16));
    return { n: "\n", t: "\t", r: "\r", b: "\b", f: "\f" }[e] ?? (e === "\n" ? "" : e);
  });
}

export function tokenize(source: string): GroovyToken[] {
  const out: GroovyToken[] = [];
  let i = 0;
  let line = 1;
  const n = source.length;
  // A shebang line is a comment in Groovy.
  if (source.startsWith("#!")) while (i < n && source[i] !== "\n") i++;
  while (i < n) {
    const c = source[i];
    if (c === "\n") {
      line++;
      i++;
      continue;
    }
    if (c === " " || c === "\t" || c === "\r" || c === "\f") {
      i++;
      continue;
    }
    if (c === "/" && source[i + 1] === "/") {
      while (i < n && source[i] !== "\n") i++;
      continue;
    }
    if (c === "/" && source[i + 1] === "*") {
      i += 2;
      while (i < n && !(source[i] === "*" && source[i + 1] === "/")) {
        if (source[i] === "\n") line++;
        i++;
      }
      i += 2;
      continue;
    }
    if (c === "'" || c === '"') {
      const start = line;
      const triple = source.startsWith(c.repeat(3), i);
      const close = triple ? c.repeat(3) : c;
      i += close.length;
      let raw = "";
      while (i < n && !source.startsWith(close, i)) {
        // A single-quoted (non-triple) string ends at the line's end in Groovy; stop there so an unterminated one
        // does not swallow the rest of the script.
        if (!triple && source[i] === "\n") break;
        if (source[i] === "\\" && i + 1 < n) {
          if (source[i + 1] === "\n") line++;
          raw += source.slice(i, i + 2);
          i += 2;
          continue;
        }
        if (source[i] === "\n") line++;
        raw += source[i];
        i++;
      }
      if (source.startsWith(close, i)) i += close.length;
      out.push({ kind: "string", value: unescape(raw), interpolated: c === '"' && interpolates(raw), line: start });
      continue;
    }
    if (IDENT_START.test(c)) {
      let j = i + 1;
      while (j < n && IDENT_PART.test(source[j])) j++;
      out.push({ kind: "ident", text: source.slice(i, j), line });
      i = j;
      continue;
    }
    if (/[0-9]/.test(c)) {
      let j = i + 1;
      while (j < n && /[0-9A-Za-z_.]/.test(source[j])) j++;
      out.push({ kind: "number", text: source.slice(i, j), line });
      i = j;
      continue;
    }
    const pair = source.slice(i, i + 2);
    if (PAIRS.has(pair)) {
      out.push({ kind: "punct", text: pair, line });
      i += 2;
      continue;
    }
    out.push({ kind: "punct", text: c, line });
    i++;
  }
  return out;
}
