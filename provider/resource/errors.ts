/**
 * Errors raised by the Job resource itself (the client has its own, in ../client/errors; the connection's are in
 * ../connection/errors; the partial failure every dynamic resource reports is in ../dynamic/partial-failure).
 *
 * Their messages reach the user through `pulumi up`, so each one says what is wrong and how to fix it, and none
 * of them ever carries a credential.
 */

/**
 * The job exists already with another config than the declared one (one held as declared is taken over), and the
 * program did not ask to take it over.
 */
export class JobExistsError extends Error {
  /** `unread`: why its config could not be read to compare it with the declared one. */
  constructor(
    readonly fullName: string,
    unread?: string,
  ) {
    super(
      `Jenkins job "${fullName}" already exists and is not managed by this stack. ` +
        (unread === undefined
          ? `Jenkins holds another configuration for it than the declared one (a job it holds as declared is taken over). `
          : `Its configuration could not be read to compare it with the declared one (${unread}). `) +
        `To manage it from now on, set \`adopt: true\` on this Job: the next \`pulumi up\` replaces its ` +
        `configuration with the declared one (build history is kept). Otherwise choose another name or folder.`,
    );
    this.name = "JobExistsError";
  }
}

/** An update found the job gone: it was deleted in Jenkins after the stack last saw it. */
export class JobGoneError extends Error {
  constructor(
    readonly fullName: string,
    cause: { status?: number },
  ) {
    super(
      `Jenkins job "${fullName}" does not exist any more (deleted outside Pulumi, or no longer visible to this ` +
        `user), so it was not changed. Run \`pulumi refresh\` to drop it from the stack; the next \`pulumi up\` ` +
        `then creates it again. (Jenkins answered ${cause.status ?? 404}.)`,
    );
    this.name = "JobGoneError";
  }
}

/** `adopt: true` on a job Jenkins cannot turn into the declared one (another item type). */
export class AdoptionError extends Error {
  constructor(
    readonly fullName: string,
    cause: Error,
  ) {
    super(
      `Cannot adopt Jenkins job "${fullName}": Jenkins refused the declared configuration for it. ` +
        `A job cannot change its type; delete the existing job in Jenkins first (its build history goes with it) ` +
        `or declare a configuration of the same type. ${cause.message}`,
    );
    this.name = "AdoptionError";
  }
}

/**
 * A new Job names a Jenkins item that another resource of this stack already manages, in the same or another
 * letter case (Jenkins item names ignore case). Adopting it would put one Jenkins job under two resources.
 */
export class JobManagedTwiceError extends Error {
  constructor(
    readonly fullName: string,
    readonly managedAs: string,
    readonly resourceId?: string,
  ) {
    const which = resourceId ? ` as resource ${resourceId} (\`pulumi stack --show-ids\` lists it)` : "";
    super(
      fullName === managedAs
        ? `Jenkins job "${fullName}" is already managed by this stack${which}: two resources cannot manage one job. ` +
            `Remove one of them, or give this one another name or folder.`
        : `Jenkins job "${fullName}" differs only in case from "${managedAs}", which this stack already manages${which}. ` +
            `Jenkins item names ignore letter case, so both resources would manage the same job. ` +
            `Give this one another name, or change the existing resource instead of declaring a second one.`,
    );
    this.name = "JobManagedTwiceError";
  }
}

/** A new Job's name differs only in case from an item Jenkins has that this stack was not seen to manage. */
export class JobCaseClashError extends Error {
  constructor(
    readonly fullName: string,
    readonly existing: string,
  ) {
    super(
      `Jenkins job "${fullName}" differs only in case from "${existing}", which already exists in Jenkins. ` +
        `Jenkins item names ignore letter case, so this would be the same job. If a resource of this stack declares ` +
        `"${existing}", this one would manage it a second time: remove one of them. Otherwise choose another name.`,
    );
    this.name = "JobCaseClashError";
  }
}
