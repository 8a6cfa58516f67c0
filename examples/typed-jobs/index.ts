/** Entry point of the typed-jobs Pulumi program (see program.ts). */
import { typedJobs } from "./program";

const outputs = typedJobs();

export const buildUrl = outputs.buildUrl;
export const deployUrl = outputs.deployUrl;
export const releaseQueueUrl = outputs.releaseQueueUrl;
