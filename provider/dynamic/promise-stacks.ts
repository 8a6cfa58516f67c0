/**
 * Registering a resource without formatting the stack traces the SDK records for its output promises.
 *
 * Why: for every registered property the SDK makes four promises, and its `debuggablePromise` reads
 * `new Error().stack` for each, so the program formats (under ts-node, source-maps) ten frames about forty times per
 * Job and keeps the strings as long as the resource lives: about a third of the program's memory per resource and
 * most of the garbage it makes while registering. The SDK prints those strings only when the program leaks a promise
 * and `PULUMI_DEBUG_PROMISE_LEAKS` is set; otherwise nothing reads them. So while a resource of ours registers (the
 * base class constructor, synchronous), a stack whose top frame is `debuggablePromise` formats to "Error" instead,
 * one shared string. Every other stack is formatted by the formatter in place, unchanged: the SDK's source position
 * of the resource, the error it keeps for a failed registration, anything thrown. With `PULUMI_DEBUG_PROMISE_LEAKS`
 * set, nothing changes at all.
 */

/** The frame function the SDK records its promise stack traces from. */
const RECORDING_FRAME = "debuggablePromise";

type Formatter = (error: Error, frames: NodeJS.CallSite[]) => unknown;

/**
 * Makes the promise stack traces recorded from now on cheap, and returns the function that puts the formatter back:
 * call it in a `finally` right after the base class constructor.
 */
export function quietPromiseStacks(): () => void {
  const original = Error.prepareStackTrace as Formatter | undefined;
  // Without a formatter of the runtime's to hand over to, or when the promise stacks are wanted, change nothing.
  if (typeof original !== "function" || process.env.PULUMI_DEBUG_PROMISE_LEAKS) return () => {};
  const quiet: Formatter = (error, frames) =>
    frames.length > 0 && frames[0].getFunctionName() === RECORDING_FRAME ? "Error" : original(error, frames);
  Error.prepareStackTrace = quiet as typeof Error.prepareStackTrace;
  return () => {
    // Only if nothing replaced it meanwhile (a program's transformation installing its own formatter, say).
    if (Error.prepareStackTrace === (quiet as typeof Error.prepareStackTrace)) Error.prepareStackTrace = original;
  };
}
