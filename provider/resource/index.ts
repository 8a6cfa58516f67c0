/** The Job resource: public surface of provider/resource. */
export { Job, type JobArgs } from "./job";
export type { JobInputs, JobOutputs } from "./types";
export type { JobDiffResult } from "./diff";
// The spec types of the `pipeline`, `freestyle` and `folderSpec` inputs are exported by the package entry (../specs).
export { AdoptionError, JobExistsError, JobGoneError } from "./errors";
export { ConnectionConfigError } from "../connection/errors";
export { PartialFailureError } from "../dynamic/partial-failure";
