/**
 * The `__provider` text exactly as a program produces it: a real `Job` is constructed under Pulumi's mock runtime
 * and the serialized provider is taken from the registration, as the engine would receive it.
 */
import * as pulumi from "@pulumi/pulumi";
import { Job } from "../../provider/resource";

export async function providerTextOfJob(): Promise<string> {
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
  const job = new Job("probe", { name: "probe", configXml: "<project/>" });
  await new Promise<void>((resolve) => job.urn.apply(() => resolve()));
  if (typeof text !== "string" || !text.includes("exports.handler")) {
    throw new Error("the Job registration carried no serialized provider");
  }
  return text;
}

/** The environment for a provider process: no Jenkins settings inherited from the machine running the tests. */
export function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const k of Object.keys(env)) if (k.startsWith("JENKINS_")) delete env[k];
  return { ...env, ...extra };
}
