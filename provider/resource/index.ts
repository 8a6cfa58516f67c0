/** The Job resource: public surface of provider/resource. */
export { Job, type JobArgs } from "./job";
export type { JobInputs, JobOutputs } from "./types";
export { AdoptionError, ConnectionConfigError, JobExistsError, JobGoneError, PartialFailureError } from "./errors";
