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
