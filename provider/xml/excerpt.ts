/**
 * A few lines of an XML text around a position, for an error message: the line with the problem and up to two
 * before it, each cut to a window around the column, and a caret under the column. Never the whole document
 * (a config can be thousands of lines), and never what looks like a secret: the text of elements named like one
 * (password, secret, token, passphrase, private key) and Jenkins's encrypted values (`{AQAAAB…}`) are masked.
 */

const WIDTH = 100;
const BEFORE = 2;

const SECRET_ELEMENT =
  /(<([\w.-]*?(?:password|passwd|secret|token|passphrase|privatekey|credential)[\w.-]*)\b[^>]*>)([^<]*)/gi;
const ENCRYPTED = /\{AQAAAB[A-Za-z0-9+/=]*\}/g;

function mask(line: string): string {
  return line
    .replace(SECRET_ELEMENT, (_m, open: string, _name: string, text: string) =>
      text.trim() === "" ? `${open}${text}` : `${open}****`,
    )
    .replace(ENCRYPTED, "{****}");
}

/** `line` cut to WIDTH characters around `column` (1-based), with the column's offset in the cut. */
function windowOf(line: string, column: number): { text: string; at: number } {
  if (line.length <= WIDTH) return { text: line, at: column - 1 };
  const start = Math.max(0, Math.min(column - 1 - WIDTH / 2, line.length - WIDTH));
  const head = start > 0 ? "…" : "";
  const tail = start + WIDTH < line.length ? "…" : "";
  return { text: `${head}${line.slice(start, start + WIDTH)}${tail}`, at: column - 1 - start + head.length };
}

/** Lines `line - 2` to `line` of `text`, numbered, with a caret under `column`; "" when the line is not in the text. */
export function excerptAt(text: string, line: number, column: number): string {
  const lines = text.split(/\r\n|\r|\n/);
  if (line < 1 || line > lines.length) return "";
  const first = Math.max(1, line - BEFORE);
  const gutter = String(line).length;
  const out: string[] = [];
  for (let n = first; n <= line; n++) {
    const raw = mask(lines[n - 1]);
    const { text: shown, at } = n === line ? windowOf(raw, column) : windowOf(raw, 1);
    out.push(`${String(n).padStart(gutter)} | ${shown}`);
    if (n === line) out.push(`${" ".repeat(gutter)} | ${" ".repeat(Math.max(0, at))}^`);
  }
  return out.join("\n");
}
