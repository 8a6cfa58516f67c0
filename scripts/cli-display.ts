/**
 * A step of `pulumi preview --diff` as the CLI prints it (pkg/backend/display: the `<sign> <type>: (<op>)` header,
 * the `[id=…]` of a resource that has one and its `[urn=…]`, then the changed inputs as
 * test/harness/language-host/display.ts lays them out). Used by the demo and by the tests that check the docs'
 * captures of a diff.
 */
import { previewDiff, type Step, type StepOp } from "../test/harness/language-host";

/** The type token and name of a resource, from its URN (`urn:pulumi:stack::project::type::name`). */
export function typeAndName(urn: string): { type: string; name: string } {
  const parts = urn.split("::");
  const qualified = parts[2] ?? "";
  return { type: qualified.slice(qualified.lastIndexOf("$") + 1), name: parts[3] ?? urn };
}

export const SIGN: Record<StepOp, string> = { create: "+", update: "~", replace: "+-", delete: "-", same: " " };

/** The lines the CLI prints for an update or replacement of a resource under the stack. */
export function stepDiffText(step: Step): string {
  const { type } = typeAndName(step.urn);
  const lines = [`    ${SIGN[step.op]} ${type}: (${step.op})`];
  if (step.oldState?.id) lines.push(`        [id=${step.oldState.id}]`);
  lines.push(`        [urn=${step.urn}]`, previewDiff(step));
  return lines.join("\n");
}
