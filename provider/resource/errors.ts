/**
 * Errors raised by the Job resource itself (the client has its own, in ../client/errors; the connection's are in
 * ../connection/errors; the partial failure every dynamic resource reports is in ../dynamic/partial-failure).
 *
 * Their messages reach the user through `pulumi up`, so each one says what is wrong and how to fix it, and none
 * of them ever carries a credential.
 */

/** The job exists already and the program did not ask to take it over. */
export class JobExistsError extends Error {
  constructor(readonly fullName: string) {
    super(
      `Jenkins job "${fullName}" already exists and is not managed by this stack. ` +
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
