/**
 * The null provider's resource registers the property names a Job registers, so that the language-host benchmark's
 * ratio is of our work alone: the SDK's work per resource grows with its number of properties (four promises each,
 * each with a stack trace), and a property more on one side showed as our cost. Under Pulumi's mocks, in process.
 */
import * as pulumi from "@pulumi/pulumi";
import { Job } from "../../provider/resource/job";
import { JOB_PROPERTIES, NullJob } from "./null-job";

beforeAll(async () => {
  await pulumi.runtime.setMocks(
    { newResource: (a) => ({ id: a.name, state: a.inputs }), call: (a) => a.inputs },
    "bench",
    "null-job",
    false,
  );
});

/** The names of the resource's Output properties, besides the urn and id every resource has. */
function registered(resource: pulumi.Resource): string[] {
  const r = resource as unknown as Record<string, unknown>;
  return Object.keys(r)
    .filter((k) => pulumi.Output.isInstance(r[k]) && k !== "urn" && k !== "id")
    .sort();
}

/** Waits until the resource's registration (the provider's serialization included) is done. */
const registeredAll = (r: pulumi.Resource) => new Promise<void>((resolve) => r.urn.apply(() => resolve()));

test("NullJob registers the property names of a Job without secrets", async () => {
  const job = new Job("job", { name: "job", configXml: "<project/>" });
  const nul = new NullJob("null", { name: "null", configXml: "<project/>" });
  await Promise.all([registeredAll(job), registeredAll(nul)]);
  expect(registered(nul)).toEqual(registered(job));
  expect(registered(job)).toEqual(["__provider", ...JOB_PROPERTIES].sort());
});
