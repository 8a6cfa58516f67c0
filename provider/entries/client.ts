/**
 * `pulumi-jenkins-jobs/client`: the Jenkins remote API for scripts and tools, outside a Pulumi program.
 */
import "../runtime/node-version"; // first: an unsupported Node.js stops here with one line
export * from "../client";
export { triggerBuild, triggerScmCheck, type TriggerBuildOptions } from "../triggers/functions";
export type { ScriptConnection, ConnectionLike } from "../connection/script";
export { specIssues, validateJobSpec, renderJobSpec, parseJobSpec, JobSpecError, type SpecIssue } from "../specs";
