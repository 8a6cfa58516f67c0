/**
 * Jobs that Jenkins computes (the branch jobs of a multibranch project, the projects of an organization folder) are
 * never declared: Jenkins makes, disables and deletes them at every indexing, so a Job resource for one would fight
 * it. Jenkins has no `createItem` for such a folder (404), which reads like "the folder does not exist"; this says
 * what is really the matter. Looked at only after a create was refused, so a normal create costs nothing.
 */
import { JobNotFoundError } from "../client/errors";
import { computesItsItems } from "../client/item-classes";
import type { JenkinsClient } from "../client/jenkins-client";
import { placeOf } from "./relocate";

/** A Job declared inside a folder whose items Jenkins computes. */
export class ComputedItemError extends Error {
  constructor(
    readonly fullName: string,
    readonly folder: string,
    readonly status: number | undefined,
  ) {
    super(
      `Jenkins job "${fullName}" cannot be declared: "${folder}" is a multibranch project (or organization folder), ` +
        `whose items Jenkins creates, disables and deletes by itself from its branch sources. Declare the project ` +
        `(the Job's \`multibranch\` input) and let its branch indexing make the branch jobs; remove this Job from ` +
        `the program.${status === undefined ? "" : ` (Jenkins answered ${status}.)`}`,
    );
    this.name = "ComputedItemError";
  }
}

/** The refusal to report for a create of `fullName` that Jenkins answered with 404, if its folder computes items. */
export async function computedParentRefusal(
  client: JenkinsClient,
  fullName: string,
  cause: JobNotFoundError,
): Promise<ComputedItemError | undefined> {
  const { folder } = placeOf(fullName);
  if (folder === "") return undefined;
  try {
    const { className } = await client.listFolder(folder);
    return computesItsItems(className) ? new ComputedItemError(fullName, folder, cause.status) : undefined;
  } catch {
    return undefined;
  }
}
