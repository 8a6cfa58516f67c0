/**
 * The `__provider` text exactly as a program produces it: a real dynamic resource is constructed under Pulumi's
 * mock runtime and the serialized provider is taken from its registration, as the engine would receive it.
 */
import * as pulumi from "@pulumi/pulumi";
import { Job } from "../../provider/resource";

/** Runs `construct` (which creates one dynamic resource) under mocks and returns its `__provider` text. */
export async function providerTextOf(construct: () => pulumi.CustomResource): Promise<string> {
  let text: string | undefined;
  await pulumi.runtime.setMocks(
    {
      newResource: (args) => {
        text = args.inputs.__provider as string;
        return { id: "probe-id", state: args.inputs };
      },
      call: () => ({}),
    },
    "probe",
    "probe",
    false,
  );
  const resource = construct();
  await new Promise<void>((resolve) => resource.urn.apply(() => resolve()));
  if (typeof text !== "string" || !text.includes("exports.handler")) {
    throw new Error("the registration carried no serialized provider");
  }
  return text;
}

export function providerTextOfJob(): Promise<string> {
  return providerTextOf(() => new Job("probe", { name: "probe", configXml: "<project/>" }));
}

/** The environment for a provider process: no Jenkins settings inherited from the machine running the tests. */
export function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const k of Object.keys(env)) if (k.startsWith("JENKINS_")) delete env[k];
  return { ...env, ...extra };
}
