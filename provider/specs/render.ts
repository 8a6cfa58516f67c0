/**
 * One entry point for all spec kinds, for callers that hold the kind as data (the Job resource's inputs).
 */
import { JobSpecError } from "./errors";
import { renderFolder } from "./folder";
import { renderFreestyle } from "./freestyle";
import { renderMultibranch } from "./multibranch";
import { renderPipeline } from "./pipeline";
import type { JobSpecFields, JobSpecKind, JobSpecs } from "./types";
import { JOB_SPEC_KINDS } from "./validate";

/** config.xml for a spec of the given kind. Throws JobSpecError (listing every problem) for an invalid spec. */
export function renderJobSpec<K extends JobSpecKind>(kind: K, spec: JobSpecs[K], fields?: JobSpecFields): string {
  switch (kind) {
    case "pipeline":
      return renderPipeline(spec as JobSpecs["pipeline"], fields);
    case "freestyle":
      return renderFreestyle(spec as JobSpecs["freestyle"], fields);
    case "folder":
      return renderFolder(spec as JobSpecs["folder"], fields);
    case "multibranch":
      return renderMultibranch(spec as JobSpecs["multibranch"], fields);
    default:
      throw new JobSpecError(String(kind), [
        { path: "kind", message: `unknown job spec kind; expected one of ${JOB_SPEC_KINDS.join(", ")}` },
      ]);
  }
}
