/**
 * Job names and full paths: Jenkins's naming rules, and how a full path becomes a URL.
 *
 * Names are checked before any request so that a typo fails fast with the message Jenkins itself would give
 * (Jenkins.checkGoodName), rather than half-way through a deployment.
 */
import { InvalidNameError } from "./errors";

/** Characters Jenkins refuses anywhere in an item name. */
const UNSAFE_CHARACTERS = "?*/\\%!@#$^&|<>[]:;";

/** Java's Character.isISOControl: U+0000..U+001F and U+007F..U+009F. */
function isIsoControl(code: number): boolean {
  return code <= 0x1f || (code >= 0x7f && code <= 0x9f);
}

/** Jenkins shows control characters in its message as `\u<decimal code>;`. */
function printableName(name: string): string {
  let out = "";
  for (const ch of name) {
    const code = ch.charCodeAt(0);
    out += isIsoControl(code) ? `\\u${code};` : ch;
  }
  return out;
}

/** Java's String.trim(): strips every char <= U+0020 from both ends (not Unicode whitespace). */
function javaTrim(s: string): string {
  let start = 0;
  let end = s.length;
  while (start < end && s.charCodeAt(start) <= 0x20) start++;
  while (end > start && s.charCodeAt(end - 1) <= 0x20) end--;
  return s.slice(start, end);
}

function invalid(name: string, message: string, hint: string, job?: string): InvalidNameError {
  return new InvalidNameError({
    what: `invalid job name "${printableName(name)}"`,
    job: job === undefined ? undefined : printableName(job),
    jenkinsMessage: message,
    hint,
  });
}

/**
 * Throws InvalidNameError with Jenkins's own message when Jenkins would refuse `name` for a new item.
 *
 * One rule is stricter than Jenkins: leading or trailing spaces. Jenkins accepts such a name but trims it,
 * so the job would live under a different name than the one the program asked for and every later call
 * would miss it.
 */
export function validateJobName(name: string): void {
  checkName(name);
}

function checkName(name: string, job?: string): void {
  if (typeof name !== "string" || name.length === 0) {
    throw invalid(String(name ?? ""), "No name is specified", "Give the job a name.", job);
  }
  const trimmed = javaTrim(name);
  if (trimmed === "." || trimmed === "..") {
    throw invalid(name, `“${trimmed}” is not an allowed name`, "Choose another name.", job);
  }
  for (const ch of name) {
    if (isIsoControl(ch.charCodeAt(0))) {
      throw invalid(name, `No control code is allowed: ${printableName(name)}`, "Remove the control character.", job);
    }
    if (UNSAFE_CHARACTERS.includes(ch)) {
      throw invalid(
        name,
        `‘${ch}’ is an unsafe character`,
        ch === "/"
          ? "A job inside a folder is addressed by its full path; give the folder and the leaf name separately where a single name is expected."
          : `Jenkins does not allow any of ${UNSAFE_CHARACTERS} in item names.`,
        job,
      );
    }
  }
  if (trimmed.endsWith(".")) {
    throw invalid(name, "A name cannot end with ‘.’", "Remove the trailing dot.", job);
  }
  if (trimmed.length === 0) {
    throw invalid(name, "No name is specified", "Give the job a name that is not only spaces.", job);
  }
  if (trimmed !== name) {
    throw invalid(
      name,
      "A name cannot start or end with a space",
      "Jenkins would trim the name and create the job under another name; remove the spaces.",
      job,
    );
  }
}

/** Splits "a/b/c" into its segments without validating them. */
export function splitJobPath(path: string): string[] {
  return path.split("/");
}

/** Checks every segment of a full path "a/b/c" (an empty segment means a stray slash). */
export function validateJobPath(path: string): void {
  if (typeof path !== "string" || path.length === 0) {
    throw invalid("", "No name is specified", "Give the job a name.");
  }
  for (const segment of splitJobPath(path)) {
    if (segment.length === 0) {
      throw new InvalidNameError({
        what: "invalid job path",
        job: printableName(path),
        jenkinsMessage: "No name is specified",
        hint: 'Write a job path as folder names and the job name joined by single slashes, e.g. "team/app/build", with no leading or trailing slash.',
      });
    }
    checkName(segment, path);
  }
}

/**
 * Percent-encodes one path segment as UTF-8. encodeURIComponent leaves ! ' ( ) * unescaped; they are legal in
 * a path but are escaped here too so that every character outside the unreserved set travels encoded.
 */
export function encodeSegment(segment: string): string {
  return encodeURIComponent(segment).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** Encodes a query-string value; `+` must travel as %2B because Jenkins reads `+` in a query as a space. */
export function encodeQueryValue(value: string): string {
  return encodeSegment(value);
}

/** "a b/c" → "/job/a%20b/job/c/" (relative to the Jenkins base URL). The empty path is the root: "/". */
export function jobUrlPath(path: string): string {
  if (path === "") return "/";
  return (
    "/" +
    splitJobPath(path)
      .map((s) => `job/${encodeSegment(s)}/`)
      .join("")
  );
}

/** "a/b/c" → { parent: "a/b", name: "c" }; a top-level job has parent "". */
export function parentAndName(path: string): { parent: string; name: string } {
  const i = path.lastIndexOf("/");
  return i < 0 ? { parent: "", name: path } : { parent: path.slice(0, i), name: path.slice(i + 1) };
}
