/**
 * The Jenkins items this provider process has seen the stack manage: every job whose old state reached a check,
 * diff, read, update or delete, and every job it created. Jenkins item names are case-insensitive within a folder,
 * so a new resource whose name matches one of these (in any letter case) is a second resource for the same Jenkins
 * item, never a job to adopt. Names and Jenkins URLs only (no credential), kept in this process only.
 */

interface Managed {
  fullName: string;
  /** The resource id, when the call that saw it had one (diff, read, update, delete, create). */
  id?: string;
}

const byKey = new Map<string, Managed>();

/** Per Jenkins (its URL): the same name on another controller is another item. */
function keyOf(fullName: string, jenkinsUrl: string): string {
  return `${jenkinsUrl}\u0000${fullName.toLowerCase()}`;
}

/** Records a job of this stack (from its old state, or just created). A later call with an id fills the id in. */
export function rememberManaged(fullName: unknown, jenkinsUrl: string | undefined, id?: string): void {
  if (typeof fullName !== "string" || fullName === "" || jenkinsUrl === undefined) return;
  const key = keyOf(fullName, jenkinsUrl);
  const known = byKey.get(key)?.fullName === fullName ? byKey.get(key) : undefined;
  byKey.set(key, { fullName, id: id ?? known?.id });
}

/** Forgets a job this stack deleted. */
export function forgetManaged(fullName: string, jenkinsUrl: string): void {
  byKey.delete(keyOf(fullName, jenkinsUrl));
}

/** The job of this stack that is the same Jenkins item as `fullName` (same name in any letter case), if any. */
export function managedItem(fullName: string, jenkinsUrl: string): Managed | undefined {
  return byKey.get(keyOf(fullName, jenkinsUrl));
}
