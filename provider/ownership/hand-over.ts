/** The `takeOverFrom` input, checked before any request. Pure. */
import { ownerNameProblem } from "./mark";

/**
 * Why a `takeOverFrom` value cannot name an owner, or undefined when it can or is absent. A value not known yet (a
 * preview's) is the caller's to let through.
 */
export function takeOverFromProblem(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== "string")
    return `takeOverFrom must be an owner's name (as its mark names it), not ${JSON.stringify(value)}.`;
  const problem = ownerNameProblem(value);
  return problem === undefined
    ? undefined
    : `takeOverFrom "${value}" cannot be an owner's name: ${problem}. Give the owner the item's mark names.`;
}
