/**
 * Parts of a job's config.xml that belong to Jenkins or to the job itself rather than to whoever declared it.
 *
 * Real Jenkins writes into a saved config more than a user posted: a pipeline's run sets job properties and records
 * them in a tracker action, the folders plugin gives every folder a view holder with its `All` view and keeps the
 * folder's credentials in its config, branch sources get ids. A comparison that counts those as drift fights Jenkins
 * forever, and an update that posts the declared config alone throws them away (a folder's views and credentials,
 * the tracker that tells a pipeline which properties are its own).
 *
 * Each rule (one module per kind of part, listed in `OWNED_PART_RULES`) says two things:
 *  - `forComparison`: the remote config as it should be compared with the declared one, with the parts that
 *    Jenkins owns (and the declaration does not claim) taken out;
 *  - `keep`: the config to post, the declared one with those parts of the remote config put back where the remote
 *    config has them (owned/placement.ts), for rules whose `needsRemote` says an update must read the remote config
 *    first.
 * All functions are pure and never modify their arguments (unchanged subtrees may be shared).
 */
import type { XmlElement } from "../xml/tree";
import { branchSourceIds } from "./owned/branch-source-ids";
import { pipelinePropertiesRule } from "./owned/pipeline-properties";
import { FOLDER_VIEWS_RULE } from "./owned/folder-views";
import { FOLDER_CREDENTIALS_RULE } from "./owned/folder-credentials";
import type { OwnedPartRule } from "./owned/rule";

/** Every rule, applied in this order. */
export const OWNED_PART_RULES: readonly OwnedPartRule[] = [
  pipelinePropertiesRule,
  branchSourceIds,
  FOLDER_VIEWS_RULE,
  FOLDER_CREDENTIALS_RULE,
];

/** The remote config as the comparison with `declared` should see it. */
export function withoutOwnedParts(remote: XmlElement, declared: XmlElement): XmlElement {
  return OWNED_PART_RULES.reduce((r, rule) => rule.forComparison(r, declared), remote);
}

/**
 * Whether an update to `declared` must read the remote config first; for a job known never to have run
 * (`neverRan`), only rules whose parts exist without a run count.
 */
export function updateNeedsRemote(declared: XmlElement, neverRan = false): boolean {
  return OWNED_PART_RULES.some((rule) => rule.needsRemote(declared) && !(neverRan && rule.setByRuns === true));
}

/** The config to post: `declared` with what Jenkins owns in `remote` kept. */
export function keepOwnedParts(declared: XmlElement, remote: XmlElement): XmlElement {
  return OWNED_PART_RULES.reduce((d, rule) => (rule.needsRemote(declared) ? rule.keep(d, remote) : d), declared);
}
