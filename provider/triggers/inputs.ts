/**
 * Checking and comparing BuildTrigger inputs: pure functions, no requests.
 *
 * A change of any firing input (job, kind, parameters, triggers) is reported as a replacement, as @pulumi/command
 * does for its `triggers`: the new trigger is created (it fires) and the old one deleted (which does nothing). Any
 * other difference, or none, never fires. During preview an input that is not known yet may hide a change, so it
 * is reported as one: the preview then says the trigger may fire, and the real run diffs the known values again.
 */
import equal from "fast-deep-equal";
import type * as dynamic from "@pulumi/pulumi/dynamic";
import { InvalidNameError } from "../client/errors";
import { validateJobPath } from "../client/names";
import { UNKNOWN } from "../dynamic/props";
import { FIRING_INPUTS, TRIGGER_KINDS, type TriggerInputs } from "./types";

type Props = Record<string, unknown>;

/** Whether a value is, or contains, the engine's marker for a value not known yet. */
export function hasUnknown(value: unknown): boolean {
  if (value === UNKNOWN) return true;
  if (Array.isArray(value)) return value.some(hasUnknown);
  if (value && typeof value === "object") return Object.values(value).some(hasUnknown);
  return false;
}

function failure(property: string, reason: string): dynamic.CheckFailure {
  return { property, reason };
}

function checkJob(job: unknown): dynamic.CheckFailure | undefined {
  if (job === UNKNOWN) return undefined;
  if (typeof job !== "string" || job === "") {
    return failure("job", 'job is required: the full path of the job to trigger, e.g. "team/api-build".');
  }
  try {
    validateJobPath(job);
  } catch (e) {
    if (!(e instanceof InvalidNameError)) throw e;
    return failure("job", e.message);
  }
  return undefined;
}

function checkParameters(parameters: unknown, kind: unknown): dynamic.CheckFailure | undefined {
  if (parameters === undefined || parameters === UNKNOWN) return undefined;
  if (typeof parameters !== "object" || parameters === null || Array.isArray(parameters)) {
    return failure("parameters", 'parameters must be an object of parameter names to values, e.g. { VERSION: "1.2" }.');
  }
  if (kind === "scmCheck") {
    return failure("parameters", 'parameters apply to builds only; remove them or use kind "build".');
  }
  for (const [name, value] of Object.entries(parameters)) {
    if (value === UNKNOWN) continue;
    if (!["string", "number", "boolean"].includes(typeof value)) {
      return failure("parameters", `parameter "${name}" must be a string, number or boolean.`);
    }
  }
  return undefined;
}

/** Validates and normalizes inputs (default kind, nulls dropped); unknown preview values pass through. */
export function checkInputs(newsRaw: Props): dynamic.CheckResult {
  const news: Props = { ...newsRaw };
  for (const key of ["kind", "parameters", "triggers", "controller"])
    if (news[key] === null || (key === "controller" && news[key] === "")) delete news[key];
  if (news.kind === undefined) news.kind = "build";
  const failures: dynamic.CheckFailure[] = [];

  const job = checkJob(news.job);
  if (job) failures.push(job);
  if (news.kind !== UNKNOWN && !TRIGGER_KINDS.includes(news.kind as never)) {
    failures.push(failure("kind", `kind must be one of ${TRIGGER_KINDS.map((k) => `"${k}"`).join(", ")}.`));
  }
  const params = checkParameters(news.parameters, news.kind);
  if (params) failures.push(params);
  if (news.triggers !== undefined && news.triggers !== UNKNOWN && !Array.isArray(news.triggers)) {
    failures.push(failure("triggers", "triggers must be an array of values; a change of any of them fires again."));
  }
  return { inputs: news, failures };
}

/** The firing inputs that differ between the last fired outputs and new inputs. */
export function changedFiringInputs(olds: Partial<TriggerInputs>, news: Props): string[] {
  const changed: string[] = [];
  for (const key of FIRING_INPUTS) {
    const before = (olds as Props)[key];
    const after = news[key];
    if (hasUnknown(after) || !equal(before ?? null, after ?? null)) changed.push(key);
  }
  return changed;
}
