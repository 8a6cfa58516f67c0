/**
 * What `check` refuses about secrets, before anything is stored: a secret left in clear in a config (the Job class
 * moves every known one out; this catches any other way in) and values that do not fit the placeholders.
 * Messages name places, never values.
 */
import type * as dynamic from "@pulumi/pulumi/dynamic";
import type { XmlElement } from "../../xml/tree";
import { mayHoldSecrets, placeholderIndex } from "./fields";
import { maskSecrets, secretsProblem } from "./state";
import { UNKNOWN } from "../types";

type Props = Record<string, unknown>;

function specProblem(key: string, spec: unknown, values: unknown[]): string | undefined {
  const params = (spec as { parameters?: unknown } | undefined)?.parameters;
  if (!Array.isArray(params))
    return values.length === 0 ? undefined : `${values.length} secret value(s) but no placeholder.`;
  let count = 0;
  for (const [i, p] of params.entries()) {
    if ((p as { type?: unknown })?.type !== "password") continue;
    const d = (p as { default?: unknown }).default;
    if (d === UNKNOWN) return undefined;
    if (typeof d !== "string" || placeholderIndex(d) !== count) {
      return (
        `${key}.parameters[${i}].default is not a secret placeholder, so it would be stored in the state in clear. ` +
        `Declare the job with the Job class of this package, which moves it into an encrypted input.`
      );
    }
    count++;
  }
  if (count !== values.length)
    return `the spec has ${count} password parameter(s) but ${values.length} secret value(s) were given.`;
  return undefined;
}

/** The failure for checked inputs (`root`: the config's tree when check read it), or undefined. */
export function secretsFailure(
  inputs: Props,
  key: string,
  root: XmlElement | undefined,
): dynamic.CheckFailure | undefined {
  if (inputs.secretValues === null) delete inputs.secretValues;
  const values = inputs.secretValues;
  if (values === UNKNOWN) return undefined;
  if (values !== undefined && (!Array.isArray(values) || !values.every((v) => typeof v === "string"))) {
    return { property: "secretValues", reason: "secretValues must be a list of strings." };
  }
  const list = (values as string[] | undefined) ?? [];
  if (key !== "configXml") {
    const problem = specProblem(key, inputs[key], list);
    return problem === undefined ? undefined : { property: key, reason: problem };
  }
  const xml = inputs.configXml;
  // A text checked before (same digest) was checked then; an unknown one is checked at the real run.
  if (root === undefined || typeof xml !== "string") return undefined;
  if (!mayHoldSecrets(xml) && list.length === 0) return undefined;
  const problem = secretsProblem(maskSecrets(root), list);
  return problem === undefined ? undefined : { property: "configXml", reason: problem };
}
