/**
 * Credentials that the jobs of shared samples, examples and saved configs name, so that a server a test starts
 * holds them as the Jenkins those jobs come from does: a job naming an id found nowhere in its scope fails the
 * preview (the credentials reference check), as it should.
 */
import { UNKNOWN } from "../../provider/dynamic/props";
import { idsInConfig } from "../../provider/references/ids";
import { parseXml } from "../../provider/xml/tree";
import { usernamePassword } from "./credential-configs";
import type { JenkinsUser } from "./jenkins-user";

/** Ids named by test/specs/samples.ts, examples/typed-jobs, examples/multibranch and test/resource/specs.test.ts. */
export const SAMPLE_CREDENTIAL_IDS = ["git-read", "git-ro", "github-app"];

/** Ids named by the saved configs of real Jenkins in test/fixtures/jenkins-saved-configs. */
export const FIXTURE_CREDENTIAL_IDS = ["MarkEWaite-github-token-2019-05-25", "invalid-user-and-password"];

/**
 * Adds a username/password for each id to the system store (where every job sees it): the type git checkouts
 * take, from the credentials plugin itself, which every controller with folders or git has.
 */
export async function addCredentials(user: JenkinsUser, ids: readonly string[]): Promise<void> {
  for (const id of ids)
    await user.addCredential(undefined, usernamePassword({ id, username: "ci", password: `not-a-real-secret-${id}` }));
}

/** Adds every credential the given job configs name (a Jenkins home's, say), as its controller holds them. */
export async function addCredentialsNamedIn(user: JenkinsUser, configs: Iterable<string | undefined>): Promise<void> {
  const named = new Set<string>();
  for (const config of configs)
    if (config !== undefined) for (const id of idsInConfig(parseXml(config).root, UNKNOWN)) named.add(id);
  await addCredentials(user, [...named]);
}
