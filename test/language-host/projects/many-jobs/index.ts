/** `many-jobs:count` independent Pipeline jobs (default 6), which the engine creates in parallel. */
import * as pulumi from "@pulumi/pulumi";
import { Job } from "pulumi-jenkins-jobs";

const count = new pulumi.Config().getNumber("count") ?? 6;
export const urls = Array.from({ length: count }, (_, i) => {
  const name = `service-${i + 1}`;
  return new Job(name, { name, pipeline: { script: `node {\n  sh 'make ${name}'\n}\n` } }).url;
});
