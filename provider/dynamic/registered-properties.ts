/**
 * The property map a resource class registers: the inputs the program gave, without those it left `undefined`, and
 * the outputs every resource of the kind has (registered as `undefined`, so that the SDK makes them Outputs).
 *
 * Why not every property the class knows: the SDK makes four promises for each registered property of each resource,
 * each with a stack trace, which the program's source-map support (ts-node's, under the Pulumi CLI) maps frame by
 * frame. A property a resource does not use cost the program that much for nothing, once per resource. What is
 * sent to the engine does not change: an `undefined` input is never serialized.
 */
import type { Props } from "./props";

export function registeredProperties(given: Props, outputs: readonly string[]): Props {
  const out: Props = {};
  for (const [key, value] of Object.entries(given)) if (value !== undefined) out[key] = value;
  for (const key of outputs) if (!(key in out)) out[key] = undefined;
  return out;
}
