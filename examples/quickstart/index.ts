/** Entry point of the quickstart Pulumi program (see program.ts). */
import { quickstart } from "./program";

const outputs = quickstart();

export const teamUrl = outputs.teamUrl;
export const apiBuildUrl = outputs.apiBuildUrl;
export const apiDeployUrl = outputs.apiDeployUrl;
export const nightlyCleanupUrl = outputs.nightlyCleanupUrl;
