/**
 * The stack config of ownership, read by each lifecycle's `configure`: whether marks are written
 * (`jenkins:ownershipMarks`). The owner itself travels with each resource's inputs (`__owner`), since only the
 * program (or, for the provider plugin, the resource's URN) knows the project and stack.
 */

/** The config as `configure` receives it: one value per full key. */
export interface OwnershipConfigSource {
  get(key: string): unknown;
}

/** The hidden input (and output) that carries the owner of an item: small, and never shown by a display. */
export const OWNER_KEY = "__owner";

/** The hidden input by which a resource declared with `retainOnDelete` asks for its mark to be cleared. */
export const RETAIN_KEY = "__retain";

/** The hidden output that records the owner an item was handed over to, found by a refresh. */
export const HANDED_TO_KEY = "__handedTo";

/** Thrown by `configure` for a value of `jenkins:ownershipMarks` that is not a boolean. */
export class OwnershipConfigError extends Error {
  constructor(value: unknown) {
    super(
      `jenkins:ownershipMarks must be true or false, not ${JSON.stringify(value)}: ` +
        "run `pulumi config set jenkins:ownershipMarks false` to stop writing marks of ownership.",
    );
    this.name = "OwnershipConfigError";
  }
}

/** Whether marks are written: `jenkins:ownershipMarks`, true unless set to false. */
export function marksOn(config: OwnershipConfigSource | undefined): boolean {
  const value = config?.get("jenkins:ownershipMarks");
  if (value === undefined || value === null || value === "") return true;
  if (value === true || value === "true") return true;
  if (value === false || value === "false") return false;
  throw new OwnershipConfigError(value);
}

/**
 * `jenkins:ownershipMarks` as a lifecycle's `configure` keeps it: the value, or the error every check then reports
 * (configure itself must not fail: the engine would show a bare error instead of the check's).
 */
export function marksSetting(config: OwnershipConfigSource | undefined): boolean | OwnershipConfigError {
  try {
    return marksOn(config);
  } catch (e) {
    if (e instanceof OwnershipConfigError) return e;
    throw e;
  }
}
