/**
 * The Job lifecycle called directly (Layer 1) the way the provider host calls it: inputs carry the serialized
 * provider, and what the engine would store carries it too.
 */
import * as lifecycle from "../../provider/resource/lifecycle";

export type Props = Record<string, unknown>;

/** Stands in for the `__provider` text; these tests never load it. */
export const PROVIDER_TEXT = "exports.handler = function () { /* serialized provider stand-in */ };";

/** Check with no prior state; fails the test on check failures. */
export async function checked(inputs: Props): Promise<Props> {
  const res = await lifecycle.check({}, { ...inputs, __provider: PROVIDER_TEXT });
  expect(res.failures ?? []).toEqual([]);
  return res.inputs as Props;
}

/** Check, then Create: the id, the outputs the engine would store, and the checked inputs. */
export async function createJob(inputs: Props): Promise<{ id: string; outs: Props; inputs: Props }> {
  const news = await checked(inputs);
  const res = await lifecycle.create(news);
  return { id: res.id, outs: { ...res.outs, __provider: PROVIDER_TEXT }, inputs: news };
}
