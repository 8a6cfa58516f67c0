/**
 * What to say when Jenkins refuses to create a job because the item exists: whether it is one this stack already
 * manages (the same name in any letter case) or an item whose name differs from the declared one only in case.
 * Either way it is never a job to adopt.
 */
import type { JenkinsClient } from "../client/jenkins-client";
import { JobCaseClashError, JobManagedTwiceError } from "./errors";
import { managedItem } from "./managed-names";

/** The error for a declared job that is the same Jenkins item as a managed one; undefined when it is not. */
export function managedTwice(fullName: string, jenkinsUrl: string): JobManagedTwiceError | undefined {
  const managed = managedItem(fullName, jenkinsUrl);
  return managed ? new JobManagedTwiceError(fullName, managed.fullName, managed.id) : undefined;
}

/** managedTwice, only for a managed job whose name differs from `fullName` in letter case. */
export function caseOnlyTwice(fullName: string, jenkinsUrl: string): JobManagedTwiceError | undefined {
  const twice = managedTwice(fullName, jenkinsUrl);
  return twice && twice.managedAs !== fullName ? twice : undefined;
}

/**
 * After "already exists", and before taking over a job found where the declared one would be: the clash with a
 * managed job, or with an item of another letter case (Jenkins finds items by name in any case: its name read, one
 * small request, not a listing of the folder), or undefined for a plain existing job.
 */
export async function caseClash(
  client: JenkinsClient,
  fullName: string,
  jenkinsUrl: string,
): Promise<Error | undefined> {
  const twice = managedTwice(fullName, jenkinsUrl);
  if (twice) return twice;
  const slash = fullName.lastIndexOf("/");
  const name = await client.itemName(fullName);
  if (name === undefined || name === fullName.slice(slash + 1)) return undefined;
  return new JobCaseClashError(fullName, slash < 0 ? name : `${fullName.slice(0, slash)}/${name}`);
}
