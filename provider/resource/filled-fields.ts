/**
 * The description and enabled state every set of checked inputs carries, filled in from the declared config when
 * the program leaves them out, so that the inputs a refresh reports (which always hold them: drift.ts) and the
 * inputs the next check returns have the same keys. `pulumi preview --diff` compares exactly those two: a job
 * disabled in Jenkins then reads `enabled: false => true`, never `- enabled: false`.
 *
 * The config's own fields travel in the internal input `__configXmlFields` (keys starting with `__` are never shown
 * in a diff), so a check that takes the canonical config from the old inputs (check.ts) fills them in without
 * reading the XML.
 */
import { describeRoot } from "./job-kinds";
import type { JobFields } from "./job-config";
import { specRoot, sourceOf, type SpecKey } from "./sources";
import { UNKNOWN } from "./types";
import type { Props } from "../dynamic/props";

/** The internal input holding the config text's own description and enabled state. */
export const CONFIG_FIELDS_KEY = "__configXmlFields";

/** A config's own fields as kept in `__configXmlFields`, or undefined when the value is not one. */
export function configFieldsOf(value: unknown): JobFields | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const { description, enabled } = value as Record<string, unknown>;
  return typeof description === "string" && typeof enabled === "boolean" ? { description, enabled } : undefined;
}

/**
 * Fills `description` and `enabled` (for items that can be disabled) into checked inputs, in place: the program's
 * values when given, else the config's own (`own`, for configXml) or a spec's defaults ("" and enabled).
 */
export function fillFields(inputs: Props, rootName: string | undefined, own: JobFields | undefined): void {
  const key = sourceOf(inputs);
  const root = key === "configXml" ? rootName : specRoot(key as SpecKey);
  const defaults = key === "configXml" ? own : { description: "", enabled: true };
  if (defaults === undefined || root === undefined) return;
  if (inputs.description === undefined) inputs.description = defaults.description;
  if (inputs.enabled === undefined && inputs.enabled !== UNKNOWN && describeRoot(root)?.canDisable !== false) {
    inputs.enabled = defaults.enabled;
  }
}
