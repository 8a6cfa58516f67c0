/**
 * The two requests a trigger sends, shared by the script functions and the BuildTrigger resource.
 *
 * Neither is ever repeated: the client sends builds and polls without retries, because a retried build after a lost
 * answer could queue a second build. When the outcome is unknown the client's error says so and nothing is resent.
 */
import type { BuildParameters, JenkinsClient } from "../client/jenkins-client";
import { NotBuildableError } from "../client/errors";
import type { TriggerKind } from "./types";

/**
 * A 409 on a build means Jenkins considers the job not buildable, in practice because it is disabled. The
 * client's wording is generic; here we know the caller wanted a build, so the message says how to get one.
 */
function notBuildable(err: NotBuildableError, job: string): NotBuildableError {
  return err.restated({
    job,
    action: "start a build",
    what: "the job is not buildable (it is disabled)",
    hint:
      "Enable the job (in Jenkins, or with `enabled: true` on its Job resource) and trigger the build again; " +
      "nothing was queued.",
  });
}

export async function fireBuild(
  client: JenkinsClient,
  job: string,
  parameters?: BuildParameters,
): Promise<{ queueUrl: string }> {
  try {
    return await client.build(job, parameters);
  } catch (e) {
    if (e instanceof NotBuildableError) throw notBuildable(e, job);
    throw e;
  }
}

export async function fireScmCheck(client: JenkinsClient, job: string): Promise<void> {
  await client.poll(job);
}

/** Fires one trigger of either kind; `queueUrl` only for builds. */
export async function fire(
  client: JenkinsClient,
  kind: TriggerKind,
  job: string,
  parameters?: BuildParameters,
): Promise<{ queueUrl?: string }> {
  if (kind === "scmCheck") {
    await fireScmCheck(client, job);
    return {};
  }
  return fireBuild(client, job, parameters);
}
