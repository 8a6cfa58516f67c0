/**
 * The null provider's `__provider` text, as a program would send it: the provider-host contender `null-provider`
 * drives it with the same host, driver and jobs as ours, so `ours / null provider` is what our own code adds.
 */
import { providerTextOf } from "../harness/serialized-provider";
import { NullJob } from "./null-job";

export function providerTextOfNull(): Promise<string> {
  return providerTextOf(() => new NullJob("probe", { name: "probe", configXml: "<project/>" }));
}
