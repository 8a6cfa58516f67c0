/**
 * What a user saw of a stack's operations, kept for a secret scan at the end of a test: each operation's result
 * (without the language SDK's debug-level RPC traces, printed only with `-v`), each changing step's diff as
 * `preview --diff` prints it, and the stack's state after the operation.
 */
import type { ImportResult, OperationResult, RefreshResult } from "./cli";
import { previewDiff } from "./display";

export type Shown = Array<[label: string, value: unknown]>;

/** A function that records an operation's result under a label in `seen` and gives the result back. */
export function recordShown(
  seen: Shown,
  state: () => unknown,
): <T extends OperationResult | RefreshResult | ImportResult>(label: string, result: T) => T {
  return (label, result) => {
    if ("logs" in result) {
      seen.push([label, { ...result, logs: result.logs.filter((l) => l.severity !== "debug") }]);
      for (const step of result.steps.filter((s) => s.op !== "same")) seen.push([`${label} --diff`, previewDiff(step)]);
    } else {
      seen.push([label, result]);
    }
    seen.push([`state after ${label}`, state()]);
    return result;
  };
}
