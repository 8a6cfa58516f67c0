/**
 * pulumi-jenkins-jobs: Jenkins jobs as code with Pulumi.
 *
 * - `Job`: the Pulumi resource (provider/resource).
 * - `JenkinsClient` and its typed errors: the Jenkins remote API on undici (provider/client).
 * - `startJenkinsServer`: a Jenkins-compatible server for tests and demos (provider/server).
 * - XML helpers: the canonical form and the semantic comparison the diff uses (provider/xml).
 */
export * from "./resource";
export * from "./client";
export { startJenkinsServer, type JenkinsServer, type JenkinsServerOptions } from "./server";
export { canonicalizeConfig, configsEqual, configDifferences, configsEquivalent } from "./xml";
export {
  BuildTrigger,
  triggerBuild,
  triggerScmCheck,
  type BuildTriggerArgs,
  type TriggerBuildOptions,
  type ScriptConnection,
  type ConnectionLike,
  type TriggerKind,
} from "./triggers";
export * from "./specs";
