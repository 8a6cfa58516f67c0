/**
 * In the program: the owner a resource class passes to its provider as the hidden input `__owner`. The dynamic
 * provider's process learns neither the project nor the stack (its Configure carries the config alone), so the
 * class, which runs where `pulumi.getProject()` and `pulumi.getStack()` answer, names it.
 */
import * as pulumi from "@pulumi/pulumi";
import { ownerNameProblem, stackOwner } from "./mark";
import { OWNER_KEY, RETAIN_KEY } from "./settings";

/** Thrown when `jenkins:owner` is not a name a mark can carry. */
export class OwnerNameError extends Error {
  constructor(owner: string, problem: string) {
    super(`jenkins:owner "${owner}" cannot be used: ${problem}. Run \`pulumi config set jenkins:owner <name>\`.`);
    this.name = "OwnerNameError";
  }
}

/** `jenkins:owner` when set, else `<project>/<stack>`. */
export function programOwner(): string {
  const configured = new pulumi.Config("jenkins").get("owner");
  if (configured !== undefined) {
    const problem = ownerNameProblem(configured);
    if (problem !== undefined) throw new OwnerNameError(configured, problem);
    return configured;
  }
  return stackOwner(pulumi.getProject(), pulumi.getStack());
}

/**
 * The hidden inputs of ownership a class adds to its inputs: the owner, and `__retain` for a resource declared with
 * `retainOnDelete` (the engine never calls Delete for it, so the `up` that records the option lets the item go).
 */
export function ownershipInputs(opts: pulumi.CustomResourceOptions | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = { [OWNER_KEY]: programOwner() };
  if (opts?.retainOnDelete === true) out[RETAIN_KEY] = true;
  return out;
}
