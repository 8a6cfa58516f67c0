/**
 * Captured output in the docs: a fenced block right after a `<!-- capture: NAME -->` line holds what a command
 * printed. A test produces the output afresh and compares it with the block, with what changes from run to run
 * masked on both sides (ports, temporary paths, ids, times); `npm run captures` runs those tests with
 * `UPDATE_CAPTURES=1`, which writes the fresh output into the blocks instead.
 */
import { readFileSync, writeFileSync } from "node:fs";
import * as os from "node:os";
import { lineDiff } from "../harness/line-diff";
import { repoRoot, shown } from "./markdown";
import * as path from "node:path";

const MARKER = /^<!-- capture: ([a-z0-9-]+) -->$/;
const FENCE = /^(`{3,}|~{3,})/;

export interface Capture {
  name: string;
  /** 0-based indexes of the opening and closing fence lines. */
  open: number;
  close: number;
  text: string;
}

/** Every capture of a page, in order; a marker not followed by a closed fence is an error naming its line. */
export function capturesIn(markdown: string, file = "page"): Capture[] {
  const lines = markdown.split("\n");
  const out: Capture[] = [];
  lines.forEach((line, i) => {
    const m = MARKER.exec(line);
    if (!m) return;
    const fence = FENCE.exec(lines[i + 1] ?? "");
    const close = fence ? lines.findIndex((l, j) => j > i + 1 && l.trim() === fence[1]) : -1;
    if (!fence || close < 0) throw new Error(`${file}:${i + 1}: capture "${m[1]}" is not followed by a fenced block`);
    out.push({ name: m[1], open: i + 1, close, text: lines.slice(i + 2, close).join("\n") });
  });
  return out;
}

/** What differs from run to run, masked: ports of the loopback address, temporary paths, UUIDs, times. */
export function maskVolatile(text: string): string {
  const tmp = os.tmpdir().replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return text
    .replace(/\b(127\.0\.0\.1|localhost):\d{2,5}\b/g, "$1:<port>")
    .replace(new RegExp(`${tmp}/[^\\s'"\`)]+`, "g"), "<tmp>")
    .replace(/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/g, "<id>")
    .replace(/\b\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z\b/g, "<time>")
    .replace(/\b\d+(\.\d+)?(ms|s)\b/g, "<duration>");
}

/** Why the capture `name` of a page does not match `fresh` (masked, trailing blank lines aside), or undefined. */
export function captureMismatch(markdown: string, name: string, fresh: string, file = "page"): string | undefined {
  const found = capturesIn(markdown, file).filter((c) => c.name === name);
  if (found.length !== 1) return `${file}: ${found.length} captures named "${name}" (expected one)`;
  const [capture] = found;
  const want = maskVolatile(fresh.replace(/\n+$/, ""));
  const have = maskVolatile(capture.text.replace(/\n+$/, ""));
  if (want === have) return undefined;
  return `${file}:${capture.open + 2}: capture "${name}" differs from a fresh run (- committed, + fresh; \`npm run captures\` rewrites it):\n${lineDiff(have, want)}`;
}

/** The page with the capture `name`'s block replaced by `fresh`. */
export function withCapture(markdown: string, name: string, fresh: string, file = "page"): string {
  const capture = capturesIn(markdown, file).find((c) => c.name === name);
  if (!capture) throw new Error(`${file}: no capture named "${name}"`);
  const lines = markdown.split("\n");
  lines.splice(capture.open + 1, capture.close - capture.open - 1, ...fresh.replace(/\n+$/, "").split("\n"));
  return lines.join("\n");
}

/**
 * Holds the capture `name` of the page `relative` (to the repository) to `fresh`: with `UPDATE_CAPTURES=1` the block
 * is rewritten (the build's copy under dist/ is not a page), otherwise a mismatch fails the calling test.
 */
export function expectCapture(relative: string, name: string, fresh: string): void {
  const file = path.join(repoRoot, relative);
  const markdown = readFileSync(file, "utf8");
  const mismatch = captureMismatch(markdown, name, fresh, shown(file));
  if (mismatch === undefined) return;
  // A block that differs only in what is masked (ports, ids, times) is left as it is, so a rewrite shows the change.
  if (process.env.UPDATE_CAPTURES === "1") writeFileSync(file, withCapture(markdown, name, fresh, shown(file)));
  else throw new Error(mismatch);
}
