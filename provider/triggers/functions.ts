/**
 * Builds and SCM checks for scripts: plain async functions, no Pulumi needed.
 *
 * ```ts
 * const { queueUrl } = await triggerBuild({ url: "https://jenkins.example.com/" }, "team/api-build", {
 *   parameters: { VERSION: "1.4.2" },
 * });
 * await triggerScmCheck(undefined, "team/api-build"); // URL and credentials from JENKINS_* variables
 * ```
 */
import type { BuildParameters } from "../client/jenkins-client";
import { withClient, type ConnectionLike } from "../connection/script";
import { fireBuild, fireScmCheck } from "./fire";

export interface TriggerBuildOptions {
  /** Parameter values; the build goes through `buildWithParameters`. Omit for a job without parameters. */
  parameters?: BuildParameters;
  /** Environment to read missing connection settings from (default process.env). */
  env?: NodeJS.ProcessEnv;
}

/** Queues one build of `jobPath` ("folder/job") and returns the absolute URL of its queue item. Sent once, never retried. */
export function triggerBuild(
  connection: ConnectionLike,
  jobPath: string,
  options: TriggerBuildOptions = {},
): Promise<{ queueUrl: string }> {
  return withClient(connection, (client) => fireBuild(client, jobPath, options.parameters), options.env);
}

/** Asks Jenkins to check the SCM of `jobPath` now (`/polling`). Jenkins does not report the result. */
export function triggerScmCheck(
  connection: ConnectionLike,
  jobPath: string,
  options: { env?: NodeJS.ProcessEnv } = {},
): Promise<void> {
  return withClient(connection, (client) => fireScmCheck(client, jobPath), options.env);
}
