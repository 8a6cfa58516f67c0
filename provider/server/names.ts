/**
 * Jenkins's item name rules (Jenkins.checkGoodName), run on the untrimmed name; the caller trims afterwards.
 * Messages are Jenkins's own, curly quotes included.
 */
import { Failure } from "./http-errors";

const UNSAFE = "?*/\\%!@#$^&|<>[]:;";

/** Character.isISOControl: U+0000–U+001F and U+007F–U+009F. */
function isIsoControl(ch: string): boolean {
  const c = ch.charCodeAt(0);
  return c <= 0x1f || (c >= 0x7f && c <= 0x9f);
}

/** Jenkins prints control characters as "\u" + decimal code + ";" in the message. */
function toPrintableName(name: string): string {
  let out = "";
  for (const ch of name) out += isIsoControl(ch) ? `\\u${ch.charCodeAt(0)};` : ch;
  return out;
}

export function checkGoodName(name: string | null | undefined): void {
  if (name === null || name === undefined || name === "") throw new Failure("No name is specified");
  const trimmed = javaTrim(name);
  if (trimmed === "." || trimmed === "..") throw new Failure(`\u201c${trimmed}\u201d is not an allowed name`);
  for (const ch of name) {
    if (isIsoControl(ch)) throw new Failure(`No control code is allowed: ${toPrintableName(name)}`);
    if (UNSAFE.includes(ch)) throw new Failure(`\u2018${ch}\u2019 is an unsafe character`);
  }
  if (trimmed.endsWith(".")) throw new Failure("A name cannot end with \u2018.\u2019");
}

/** Java's String.trim(): strips every char ≤ U+0020 at both ends (not Unicode spaces). */
export function javaTrim(s: string): string {
  let a = 0;
  let b = s.length;
  while (a < b && s.charCodeAt(a) <= 0x20) a++;
  while (b > a && s.charCodeAt(b - 1) <= 0x20) b--;
  return s.slice(a, b);
}
