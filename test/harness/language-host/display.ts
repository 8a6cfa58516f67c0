/**
 * What `pulumi preview --diff` prints for a step, as the CLI computes it.
 * - Without a detailed diff (a dynamic provider never sends one): for an update or a replacement, the old inputs in
 *   the state against the new checked inputs (the display's `printOldNewDiffs` at the step's pre-event, when the new
 *   state has no outputs yet), key by key, internal keys (starting with `__`, e.g. `__provider`) left out
 *   (`resource.IsInternalPropertyKey`).
 * - With a plugin's detailed diff: exactly the property paths it lists (pkg/engine `TranslateDetailedDiff`), each
 *   an addition (new value only), a deletion (old value only) or an update; the old value from the old outputs, or
 *   from the old inputs where the path is an `inputDiff`, the new one from the new inputs.
 * Laid out by scripts/property-diff.ts.
 */
import { propertyDiff } from "../../../scripts/property-diff";
import type { PropertyMap } from "../provider-process";
import type { Step } from "./deployment";

/** A property path's segments: `a.b[0]["c.d"]` is `a`, `b`, 0, `c.d`. */
export function pathSegments(path: string): Array<string | number> {
  const out: Array<string | number> = [];
  const re = /([^.[\]]+)|\[(\d+)\]|\["((?:[^"\\]|\\.)*)"\]/g;
  for (const m of path.matchAll(re)) {
    if (m[1] !== undefined) out.push(m[1]);
    else if (m[2] !== undefined) out.push(Number(m[2]));
    else out.push(JSON.parse(`"${m[3]}"`) as string);
  }
  return out;
}

function getAt(v: unknown, segs: Array<string | number>): unknown {
  let cur = v;
  for (const s of segs) {
    if (cur === null || typeof cur !== "object") return undefined;
    cur = (cur as Record<string | number, unknown>)[s];
  }
  return cur;
}

function setAt(target: PropertyMap, segs: Array<string | number>, value: unknown): void {
  if (value === undefined) return;
  let cur: Record<string | number, unknown> = target;
  segs.forEach((s, i) => {
    if (i === segs.length - 1) {
      cur[s] = value;
      return;
    }
    cur[s] ??= typeof segs[i + 1] === "number" ? [] : {};
    cur = cur[s] as Record<string | number, unknown>;
  });
}

/** The old and new values the CLI shows for a step with a detailed diff: only the listed paths, each where due. */
function detailedSides(step: Step): { olds: PropertyMap; news: PropertyMap; keys: string[] } {
  const olds: PropertyMap = {};
  const news: PropertyMap = {};
  const keys = new Set<string>();
  for (const [path, d] of Object.entries(step.detailedDiff ?? {})) {
    const segs = pathSegments(path);
    keys.add(String(segs[0]));
    const oldSource = d.inputDiff ? (step.oldInputs ?? {}) : (step.olds ?? {});
    if (!d.kind.startsWith("add")) setAt(olds, segs, getAt(oldSource, segs));
    if (!d.kind.startsWith("delete")) setAt(news, segs, getAt(step.news ?? {}, segs));
  }
  return { olds, news, keys: [...keys].sort() };
}

/**
 * The properties the CLI shows as changing: the detailed diff's paths when the provider sent one, else the property
 * names whose values differ between the step's old inputs and new inputs, internal keys left out.
 */
export function changedInputs(step: Step): string[] {
  if (step.detailedDiff) return Object.keys(step.detailedDiff).sort();
  const olds = step.oldInputs ?? {};
  const news = step.news ?? {};
  const keys = [...new Set([...Object.keys(olds), ...Object.keys(news)])].filter((k) => !k.startsWith("__"));
  return keys.filter((k) => JSON.stringify(olds[k]) !== JSON.stringify(news[k])).sort();
}

/** The step's diff as the CLI lays it out: `~ key: old => new`, `+ key`, `- key`, multi-line strings as line diffs. */
export function previewDiff(step: Step): string {
  if (step.detailedDiff) {
    const { olds, news, keys } = detailedSides(step);
    return propertyDiff(olds, news, keys);
  }
  return propertyDiff(step.oldInputs ?? {}, step.news ?? {}, changedInputs(step));
}

/** What a refresh found for one resource, as the engine records its step (pkg/resource/deploy/step.go RefreshStep). */
export interface RefreshStepDiff {
  /** `update`: the read differs from the program's desired state; `same`: it does not. */
  op: "same" | "update";
  /** Inputs and outputs in the state before the refresh, and as the read reported them; secrets as `[secret]`. */
  oldInputs: Record<string, unknown>;
  newInputs: Record<string, unknown>;
  oldOutputs: Record<string, unknown>;
  newOutputs: Record<string, unknown>;
  /**
   * The properties the engine's detailed diff lists, when it has one: the inputs that differ, which the engine
   * finds itself when the provider's diff answers "unknown" (step_generator.go diffResource, `inputDiff`).
   */
  detailedDiff?: string[];
  /** Of `detailedDiff`, the properties the provider marked as no input diff: shown from the old and new outputs. */
  fromOutputs?: string[];
}

/**
 * What `pulumi refresh --diff` prints under a refreshed resource, as the CLI renders it (display/diff.go for a
 * refresh step): nothing for `same`; with a detailed diff, each listed property from the old inputs to the new
 * ones; without one, the old outputs against the new outputs, key by key. Internal keys (`__…`) never show.
 */
export function refreshDiff(step: RefreshStepDiff): string {
  if (step.op === "same") return "";
  const visible = (keys: Iterable<string>) => [...new Set(keys)].filter((k) => !k.startsWith("__")).sort();
  if (step.detailedDiff !== undefined) {
    // engine.TranslateDetailedDiff for a refresh: a path that is no input diff is shown from the outputs.
    const outs = new Set(step.fromOutputs ?? []);
    const side = (inputs: Record<string, unknown>, outputs: Record<string, unknown>) =>
      Object.fromEntries(
        step.detailedDiff!.map((k) => [k, outs.has(k) ? outputs[k] : inputs[k]]).filter(([, v]) => v !== undefined),
      );
    return propertyDiff(
      side(step.oldInputs, step.oldOutputs),
      side(step.newInputs, step.newOutputs),
      visible(step.detailedDiff),
    );
  }
  const keys = visible([...Object.keys(step.oldOutputs), ...Object.keys(step.newOutputs)]);
  return propertyDiff(step.oldOutputs, step.newOutputs, keys);
}

/**
 * The outputs of a resource that an `up` changed, laid out as the `--outputs:--` section of `pulumi up --diff`
 * shows them for it: old against new, internal keys (`__…`, such as a config's digest) left out.
 */
export function outputsDiff(olds: Record<string, unknown>, news: Record<string, unknown>): string {
  const keys = [...new Set([...Object.keys(olds), ...Object.keys(news)])].filter((k) => !k.startsWith("__")).sort();
  return propertyDiff(olds, news, keys);
}
