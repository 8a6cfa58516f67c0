/**
 * The changes of one item (or of a group of items), as a reviewer reads them: a text's hunks as one diff block per
 * property, with `@@` positions and (unless folded) the unchanged lines around them; a value as old → new; a secret
 * only as changed.
 */
import type { Change } from "./changes";
import type { Format } from "./format";
import type { DiffLine } from "./line-diff";

function diffLines(hunkLines: readonly DiffLine[], context: boolean): string[] {
  return hunkLines.filter((l) => context || l.tag !== " ").map((l) => `${l.tag}${l.text}`);
}

/** The changes in property order; bullets that follow each other form one list. */
export function changesText(f: Format, changes: readonly Change[], context: boolean): string {
  const parts: string[] = [];
  let i = 0;
  while (i < changes.length) {
    const c = changes[i];
    if (c.kind === "text") {
      const lines: string[] = [];
      while (i < changes.length && changes[i].kind === "text" && changes[i].property === c.property) {
        const h = (changes[i++] as Extract<Change, { kind: "text" }>).hunk;
        lines.push(`@@ -${h.oldStart},${h.oldLines} +${h.newStart},${h.newLines} @@`, ...diffLines(h.lines, context));
      }
      parts.push(`${f.code(c.property)}:\n\n${f.block(lines, "diff")}`);
      continue;
    }
    i++;
    if (c.kind === "value") {
      const what =
        c.old === undefined
          ? `added ${f.code(c.new ?? "")}`
          : c.new === undefined
            ? `removed (was ${f.code(c.old)})`
            : `${f.code(c.old)} → ${f.code(c.new)}`;
      parts.push(f.bullet(`${f.code(c.property)}: ${what}`));
    } else if (c.kind === "list") {
      const values = (vs: readonly string[]) => vs.map((v) => f.code(v)).join(", ");
      const what = c.reordered
        ? "the same values in another order"
        : [
            ...(c.added.length > 0 ? [`added ${values(c.added)}`] : []),
            ...(c.removed.length > 0 ? [`removed ${values(c.removed)}`] : []),
          ].join("; ");
      parts.push(f.bullet(`${f.code(c.property)}: ${what}`));
    } else {
      parts.push(
        f.bullet(
          c.known
            ? `${f.code(c.property)}: changed (${c.notSecret ? "" : "a secret: "}its value is never shown)`
            : `${f.code(c.property)}: a secret; the preview does not show whether it changed`,
        ),
      );
    }
  }
  // Bullets that follow each other form one list; a diff stands apart.
  return parts.reduce((acc, p, k) => {
    if (k === 0) return p;
    const tight = p.startsWith(f.bullet("")) && parts[k - 1].startsWith(f.bullet(""));
    return `${acc}${tight ? "\n" : "\n\n"}${p}`;
  }, "");
}
