/** Errors of the connection layer: their messages name the stack config keys and variables to set. */

/** The connection to Jenkins is not configured (or configured in a way that cannot work). */
export class ConnectionConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ConnectionConfigError";
  }
}
