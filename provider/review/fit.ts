/**
 * The size budget of a report (GitHub refuses a comment over 65,536 characters). Over the budget the report folds,
 * in this order, until it fits: the whole configs of new items, the context lines around changes, long lists of
 * items into their first names and a count; it says under the summary what it folded. If it still does not fit,
 * whole blocks are left out from the end (never part of one), and the last line says how many.
 */
import type { Format } from "./format";
import { count, EVERYTHING, FULL, joined, layout, type Block, type Fold } from "./layout";
import type { Review } from "./review";

export const DEFAULT_MAX_CHARS = 60_000;

const STEPS: ReadonlyArray<{ fold: Partial<Fold>; says: string }> = [
  { fold: { bodies: false }, says: "the whole configs of new items" },
  { fold: { context: false }, says: "the unchanged lines around changes" },
  { fold: { lists: "counts" }, says: "long lists of items, to their first names and a count" },
];

function notice(maxChars: number, folded: readonly string[]): string {
  return (
    `Shortened to fit ${count(maxChars)} characters: left out ${folded.join("; ")}. ` +
    "`pulumi-jenkins review --max-chars 0` writes everything."
  );
}

/** Leaves whole blocks out from the end until the text and a closing note fit in `maxChars`. */
function truncated(blocks: readonly Block[], f: Format, maxChars: number): string {
  const kept = [...blocks];
  const closing = (left: number): Block => ({
    text: f.note(
      `${count(left)} more ${left === 1 ? "entry" : "entries"} left out to stay within ${count(maxChars)} characters; ` +
        "`--max-chars 0` writes everything.",
    ),
  });
  let left = 0;
  while (kept.length > 1 && joined([...kept, closing(left)]).length > maxChars) {
    kept.pop();
    left++;
    while (kept.length > 1 && kept[kept.length - 1].heading) kept.pop();
  }
  return joined([...kept, closing(left)]);
}

/** The report of `review` within `maxChars` characters (0: no limit). */
export function fitted(review: Review, f: Format, maxChars: number): string {
  if (maxChars <= 0) return joined(layout(review, f, EVERYTHING));
  let fold: Fold = FULL;
  let blocks = layout(review, f, fold);
  let bare = joined(blocks);
  if (bare.length <= maxChars) return bare;
  const folded: string[] = [];
  for (const step of STEPS) {
    fold = { ...fold, ...step.fold };
    const next = joined(layout(review, f, fold));
    // A step that folds nothing here (no new items, no context lines) is not named in the notice.
    if (next === bare) continue;
    bare = next;
    folded.push(step.says);
    blocks = layout(review, f, fold, notice(maxChars, folded));
    const text = joined(blocks);
    if (text.length <= maxChars) return text;
  }
  return truncated(blocks, f, maxChars);
}
