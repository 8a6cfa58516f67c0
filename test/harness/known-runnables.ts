/**
 * What the jobs of shared samples, examples and saved configs name in order to run, so that a server a test starts
 * has it as the Jenkins those jobs come from does: agents with the labels they are tied to, and the jobs their
 * triggers name. A job naming a label no node has, or a job that does not exist, fails the preview (the runnable
 * check), as it should.
 */
import { namesInConfig } from "../../provider/runnable/job-names";
import { parseXml } from "../../provider/xml/tree";
import { freestyle } from "./job-configs";
import type { JenkinsUser } from "./jenkins-user";

/**
 * Agents of every server startServer starts unless a test gives its own: the labels of the saved configs in
 * test/fixtures/jenkins-saved-configs (`windows`, `Unix`; `!windows && !cloud` matches the built-in node) and of
 * the samples and examples (`linux`, `docker`).
 */
export const KNOWN_AGENTS = [
  { name: "linux-1", labels: ["linux", "docker", "Unix"], executors: 2 },
  { name: "windows-1", labels: ["windows"], executors: 1 },
];

/** Jobs named by the triggers of the saved configs (pipeline-declarative-reverse-trigger.xml). */
export const FIXTURE_JOB_NAMES = ["JENKINS-14572-fetch-tags", "JENKINS-14917-new-tags-do-not-trigger-build"];

/** Creates a plain freestyle job for each name (top level), as the controller the configs come from has them. */
export async function addJobs(user: JenkinsUser, names: readonly string[]): Promise<void> {
  for (const name of names) if (!(await user.exists(name))) await user.createJob(name, freestyle());
}

/** Creates every job the given configs' triggers name (a Jenkins home's, say), by full name from the root. */
export async function addJobsNamedIn(user: JenkinsUser, configs: Iterable<string | undefined>): Promise<void> {
  const named = new Set<string>();
  for (const config of configs)
    if (config !== undefined)
      for (const n of namesInConfig(parseXml(config).root).jobs)
        if (!n.includes("/") && !n.startsWith(".")) named.add(n);
  await addJobs(user, [...named]);
}
