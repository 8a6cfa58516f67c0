/**
 * The null provider's resource registers the property names a Job registers, so that the language-host benchmark's
 * ratio is of our work alone: the SDK's work per resource grows with its number of properties (four promises each,
 * each with a stack trace), and a property more on one side showed as our cost. A Job registers the outputs every
 * Job has and, of its other inputs, only those the program gives; so does NullJob, and so does the plugin's Job of the
 * `plugin-program` benchmark (plugin-job.ts), but for `__provider`, which only a dynamic resource has. Under Pulumi's
 * mocks, in process.
 */
import * as pulumi from "@pulumi/pulumi";
import { Job, JOB_OUTPUTS as JOB_CLASS_OUTPUTS, type JobArgs } from "../../provider/resource/job";
import { JOB_OPTIONAL_INPUTS, JOB_OUTPUTS, NullJob } from "./null-job";
import { Job as PluginJob } from "./plugin-job";

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

/** Jobs as programs declare them: each registers the outputs every Job has and the inputs it was given. */
const DECLARED: Array<{ what: string; args: JobArgs; extra: string[] }> = [
  { what: "a config alone", args: { name: "a", configXml: "<project/>" }, extra: [] },
  {
    what: "a config with a description, in a folder",
    args: { name: "b", folder: "team", configXml: "<project/>", description: "Builds b" },
    extra: ["folder"],
  },
  {
    what: "a pipeline spec",
    args: { name: "c", pipeline: { script: "node {}" }, enabled: false },
    extra: ["pipeline"],
  },
  { what: "a freestyle spec", args: { name: "d", freestyle: {} }, extra: ["freestyle"] },
  { what: "a folder spec", args: { name: "e", folderSpec: {} }, extra: ["folderSpec"] },
  {
    what: "a multibranch spec on a named controller, adopted",
    args: {
      name: "f",
      multibranch: { sources: [{ type: "git", remote: "https://example.org/f.git" }] },
      controller: "east",
      adopt: true,
    },
    extra: ["multibranch", "controller", "adopt"],
  },
];

test("the null provider's lists of what a Job registers are the Job's", () => {
  expect(JOB_OUTPUTS).toEqual([...JOB_CLASS_OUTPUTS]);
  expect(DECLARED.flatMap((d) => d.extra).sort()).toEqual([...JOB_OPTIONAL_INPUTS].sort());
});

test.each(DECLARED)(
  "a Job declared with $what registers its outputs and what it was given, as NullJob does",
  async (d) => {
    const job = new Job(`job-${d.args.name as string}`, d.args);
    const nul = new NullJob(`null-${d.args.name as string}`, d.args as unknown as Record<string, unknown>);
    await Promise.all([registeredAll(job), registeredAll(nul)]);
    expect(registered(job)).toEqual(["__owner", "__provider", ...JOB_OUTPUTS, ...d.extra].sort());
    expect(registered(nul)).toEqual(registered(job));
  },
);

test.each(DECLARED)(
  "the plugin's Job declared with $what registers what the Job registers, but `__provider` and `__owner`",
  async (d) => {
    const job = new Job(`job2-${d.args.name as string}`, d.args);
    const plug = new PluginJob(`plugin-${d.args.name as string}`, d.args as unknown as Record<string, unknown>);
    await Promise.all([registeredAll(job), registeredAll(plug)]);
    // The plugin adds the owner in its Check, from the URN: the generated class passes none.
    expect(registered(plug)).toEqual(registered(job).filter((k) => k !== "__provider" && k !== "__owner"));
  },
);

test("what a Job was not declared with is undefined on it, not an Output", async () => {
  const job = new Job("config-only", { name: "config-only", configXml: "<project/>" });
  await registeredAll(job);
  const props = job as unknown as Record<string, unknown>;
  for (const key of JOB_OPTIONAL_INPUTS) expect(props[key]).toBeUndefined();
  for (const key of JOB_OUTPUTS) expect(pulumi.Output.isInstance(props[key])).toBe(true);
});
