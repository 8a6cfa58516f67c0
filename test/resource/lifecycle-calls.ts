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

/** Check of a change to a job the stack holds (its old inputs `olds`): the new checked inputs. */
export async function changed(olds: Props, change: Props): Promise<Props> {
  const res = await lifecycle.check(olds, { ...olds, ...change, __provider: PROVIDER_TEXT });
  expect(res.failures ?? []).toEqual([]);
  return res.inputs as Props;
}

export type Lifecycle = typeof lifecycle;

/**
 * The lifecycle as a new provider process has it (the next `pulumi preview` or `up`): its own caches, the listing of
 * descriptions among them, and its own connections. What an earlier run wrote is in Jenkins; what it kept is not.
 */
export async function nextRun(
  configure: (l: Lifecycle) => Promise<void>,
): Promise<{ run: Lifecycle; end: () => Promise<void> }> {
  let run: Lifecycle | undefined;
  let settings: { closeClients: () => Promise<void> } | undefined;
  // A module registry of its own, as a new process has: `require` is how jest hands one out.
  jest.isolateModules(() => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    run = require("../../provider/resource/lifecycle") as Lifecycle;
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    settings = require("../../provider/connection/settings") as typeof settings;
  });
  await configure(run!);
  return { run: run!, end: () => settings!.closeClients() };
}
