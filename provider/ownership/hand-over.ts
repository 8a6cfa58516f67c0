/** The `takeOverFrom` input, checked before any request. Pure. */
import { UNKNOWN } from "../dynamic/props";
import { ownerNameProblem } from "./mark";

/** Why a `takeOverFrom` value cannot name an owner, or undefined when it can (or is absent, or not known yet). */
export function takeOverFromProblem(value: unknown): string | undefined {
  if (value === undefined || value === UNKNOWN) return undefined;
  if (typeof value !== "string")
    return `takeOverFrom must be an owner's name (as its mark names it), not ${JSON.stringify(value)}.`;
  const problem = ownerNameProblem(value);
  return problem === undefined
    ? undefined
    : `takeOverFrom "${value}" cannot be an owner's name: ${problem}. Give the owner the item's mark names.`;
}
