/**
 * How a refresh shows an edit found in Jenkins as the lines that changed.
 *
 * Since Pulumi 3.120 a refresh compares the resource read with the program's desired state: right after `read`, in
 * the same provider process, the engine calls `diff` with the outputs the read returned as the old outputs and the
 * inputs from the state before the refresh as the new inputs, and shows the inverted answer. Our `diff` answers
 * whether an `up` must act, without saying which properties differ, so the CLI would then compare the whole old and
 * new outputs. When the read reports inputs that say what Jenkins holds (in the declared layout, the edit alone
 * different), the refresh's `diff` answers "unknown" instead: the engine then compares those inputs with the old ones
 * itself and shows only the properties that differ (a config as its changed lines).
 *
 * The refresh's `diff` is told apart as the first `diff` of the resource after a `read` that reported such inputs
 * (kept here, in the provider process only, and forgotten when used). The legacy refresh
 * (`PULUMI_ENABLE_LEGACY_REFRESH_DIFF`) calls no `diff` after its reads: nothing is kept then, so the `diff` of an
 * `up --refresh` that follows is the usual one.
 */
import equal from "fast-deep-equal";
import type { Props } from "./props";

/** Inputs the last read of each resource id reported, until that resource's next diff. */
const pending = new Map<string, Props>();

/** Whether the CLI that started this process runs the refresh of Pulumi before 3.120 (no diff after a read). */
function legacyRefresh(): boolean {
  const v = (process.env.PULUMI_ENABLE_LEGACY_REFRESH_DIFF ?? "").trim().toLowerCase();
  return v === "1" || v === "true";
}

/** A read of `id` found an edit and reports `inputs` for it: its next diff is the refresh's. */
export function readReported(id: string, inputs: Props): void {
  if (legacyRefresh()) return;
  pending.set(id, inputs);
}

/** A read of `id` found nothing to report: a diff that follows is not shown as an edit. */
export function readFoundNothing(id: string): void {
  pending.delete(id);
}

const isInternal = (key: string): boolean => key.startsWith("__");

/**
 * Called first by every diff: true when this is the refresh's diff after a read that reported inputs differing from
 * `oldInputs` (the state's inputs, which the refresh's diff gets as its new inputs) in a property the CLI shows; the
 * diff then answers "unknown" so the engine shows those properties. Forgets what the read reported either way.
 */
export function isRefreshDiffOfEdit(id: string, oldInputs: Props): boolean {
  const reported = pending.get(id);
  if (reported === undefined) return false;
  pending.delete(id);
  const keys = new Set([...Object.keys(reported), ...Object.keys(oldInputs)].filter((k) => !isInternal(k)));
  return [...keys].some((k) => !equal(reported[k], oldInputs[k]));
}

/** `result` of a read of `id`, noted: its inputs, when it reports some, make the next diff of `id` the refresh's. */
export function noted<R extends { inputs?: Props }>(id: string, result: R): R {
  if (result.inputs !== undefined) readReported(id, result.inputs);
  else readFoundNothing(id);
  return result;
}
