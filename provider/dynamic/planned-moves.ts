/**
 * Items whose path changes in this provider process (a folder moved or renamed in place), as the Job diff saw
 * them: a Credential in that folder's store, and a View of that folder, must follow the folder, not be replaced,
 * because Jenkins moves a folder with its config and so with its store and its views. The Job's diff runs before the diff of anything that takes the
 * folder's `fullName` output, in a preview as in an `up`. Keyed by connection (the controller's name, "" for the
 * stack-wide one); paths compare case-insensitively, as Jenkins's names do. Imports nothing.
 */
const moves = new Map<string, Map<string, string>>();

export function planMove(controller: string | undefined, from: string, to: string): void {
  if (from === "" || to === "" || from.toLowerCase() === to.toLowerCase()) return;
  const key = controller ?? "";
  if (!moves.has(key)) moves.set(key, new Map());
  moves.get(key)!.set(from.toLowerCase(), to);
}

/** Where `path` is after the planned moves of it or of a folder above it; undefined when none applies. */
export function plannedPath(controller: string | undefined, path: string): string | undefined {
  const planned = moves.get(controller ?? "");
  if (planned === undefined || path === "") return undefined;
  const segments = path.split("/");
  for (let n = segments.length; n > 0; n--) {
    const to = planned.get(segments.slice(0, n).join("/").toLowerCase());
    if (to !== undefined) {
      const rest = segments.slice(n).join("/");
      // The longest recorded path wins: each item records its own old path, so a folder moved inside a moved
      // folder is found under its own entry.
      return rest === "" ? to : `${to}/${rest}`;
    }
  }
  return undefined;
}
