/**
 * The `pipelineOwned` output: which parts of a Pipeline job's config its own script set, as the job's tracker actions
 * said when the provider last read the job (refresh, update, adoption). A preview has no remote config; this output
 * is how it knows that a property the program declares is also set by the pipeline, and says so once per job.
 * It is an output only: never an input, so it shows in no diff.
 */
import type { XmlElement } from "../xml/tree";
import { warn } from "../dynamic/engine-log";
import { claimedByDeclared, describeOwned, ownedFromDescription, pipelineOwnedOf } from "./owned/pipeline-properties";
import type { JobOutputs } from "./types";

/** `props` with `pipelineOwned` as `remote`'s trackers say (left out when they list nothing). */
export function withPipelineOwned<T extends object>(props: T, remote: XmlElement): T {
  const owned = describeOwned(pipelineOwnedOf(remote));
  const out = { ...props } as T & { pipelineOwned?: string[] };
  if (owned.length > 0) out.pipelineOwned = owned;
  else delete out.pipelineOwned;
  return out;
}

/** `props` with the `pipelineOwned` output of `olds` carried over (nothing was read that could change it). */
export function keepPipelineOwned<T extends object>(props: T, olds: Partial<JobOutputs>): T {
  return olds.pipelineOwned && olds.pipelineOwned.length > 0 ? { ...props, pipelineOwned: olds.pipelineOwned } : props;
}

/** What the declared config claims of what the job's pipeline set; empty when nothing (or nothing known). */
export function declaredPipelineParts(olds: Partial<JobOutputs>, declared: XmlElement): string[] {
  const list = olds.pipelineOwned;
  if (!Array.isArray(list) || list.length === 0) return [];
  return claimedByDeclared(declared, ownedFromDescription(list));
}

/** One warning naming the job and every part it declares that its pipeline also sets. */
export async function warnAboutPipelineParts(fullName: string, parts: string[]): Promise<void> {
  if (parts.length === 0) return;
  await warn(
    `Jenkins job "${fullName}" declares ${parts.join(", ")}, which its pipeline script also sets (the job's tracker ` +
      `action lists ${parts.length === 1 ? "it" : "them"}). The pipeline's version wins at its next run, so the ` +
      `provider neither compares nor posts the declared one: remove it from the program, or from the script.`,
  );
}
