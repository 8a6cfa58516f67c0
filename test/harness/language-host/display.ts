/**
 * What `pulumi preview --diff` prints for a step, as the CLI computes it: for an update or a replacement, the old
 * inputs in the state against the new checked inputs (the display's `printOldNewDiffs` at the step's pre-event,
 * when the new state has no outputs yet), key by key, internal keys (starting with `__`, e.g. `__provider`) left out
 * (`resource.IsInternalPropertyKey`). Laid out by scripts/property-diff.ts.
 */
import { propertyDiff } from "../../../scripts/property-diff";
import type { Step } from "./deployment";

/** The property names whose values differ between the step's old inputs and new inputs, internal keys left out. */
export function changedInputs(step: Step): string[] {
  const olds = step.oldInputs ?? {};
  const news = step.news ?? {};
  const keys = [...new Set([...Object.keys(olds), ...Object.keys(news)])].filter((k) => !k.startsWith("__"));
  return keys.filter((k) => JSON.stringify(olds[k]) !== JSON.stringify(news[k])).sort();
}

/** The step's diff as the CLI lays it out: `~ key: old => new`, `+ key`, `- key`, multi-line strings as line diffs. */
export function previewDiff(step: Step): string {
  return propertyDiff(step.oldInputs ?? {}, step.news ?? {}, changedInputs(step));
}
