/**
 * Errors raised by the Job resource itself (the client has its own, in ../client/errors).
 *
 * Their messages reach the user through `pulumi up`, so each one says what is wrong and how to fix it, and none
 * of them ever carries a credential.
 */

/** The connection to Jenkins is not configured (or configured in a way that cannot work). */
export class ConnectionConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ConnectionConfigError";
  }
}

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

/**
 * A create or update that may have changed the job on the server but could not finish (or confirm) everything. The dynamic provider host
 * turns an error with `id`, `properties` and `reasons` into a partial failure: the resource is kept in state, so
 * the job is not orphaned, and the next `pulumi up` runs an update that converges it.
 */
export class PartialFailureError extends Error {
  constructor(
    message: string,
    readonly id: string,
    readonly properties: Record<string, unknown>,
    readonly reasons: string[],
  ) {
    super(message);
    this.name = "PartialFailureError";
  }
}
