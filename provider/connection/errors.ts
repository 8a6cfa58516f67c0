/** Errors of the connection layer: their messages name the stack config keys and variables to set. */

/** The connection to Jenkins is not configured (or configured in a way that cannot work). */
export class ConnectionConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ConnectionConfigError";
  }
}

/** The connection is configured but cannot be used: Jenkins refused the credentials, is not a Jenkins, or is not reachable. */
export class ConnectionCheckError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = "ConnectionCheckError";
  }
}
