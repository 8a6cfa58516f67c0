/**
 * Counts the stack traces the runtime formats for the SDK's output promises (those recorded from
 * `debuggablePromise`), by wrapping the formatter in place (ts-node's, under the CLI), while the program declares
 * resources of this package and a resource of the SDK's own. Also keeps what an error thrown inside a Job's
 * registration says about where it came from.
 */
import * as pulumi from "@pulumi/pulumi";
import { Job, View } from "pulumi-jenkins-jobs";

const RECORDING_FRAME = "debuggablePromise";
let promiseStacks = 0;
const runtimeFormat = Error.prepareStackTrace!;
Error.prepareStackTrace = (error, frames) => {
  if (frames[0]?.getFunctionName() === RECORDING_FRAME) promiseStacks++;
  return runtimeFormat(error, frames);
};

const team = new Job("team", { name: "team", folderSpec: {} });
const api = new Job("api", { name: "api", folder: team.fullName, pipeline: { script: "node { sh 'make' }" } });
new View("all-of-team", { name: "all-of-team", folder: team.fullName, listView: { jobs: ["api"] } });
export const packageStacks = promiseStacks;

// The SDK's own resources keep recording theirs.
promiseStacks = 0;
new pulumi.ComponentResource("test:index:Group", "group");
export const componentStacks = promiseStacks;

// An error thrown inside the registration (the SDK's parent check) still points at this file.
let thrown = "";
try {
  new Job("orphan", { name: "orphan", configXml: "<project/>" }, { parent: {} as pulumi.Resource });
} catch (e) {
  thrown = (e as Error).stack ?? "";
}
export const thrownAtLine = /promise-stacks\/index\.ts:(\d+)/.exec(thrown)?.[1] ?? "none";
export const thrownMessage = thrown.split("\n")[0];
export const apiUrl = api.url;
