/**
 * The shape of one owned-part rule (see ../owned-parts.ts for what owned parts are). It lives below both the rules
 * and the list that applies them, so neither imports the other for it.
 */
import type { XmlElement } from "../../xml/tree";

export interface OwnedPartRule {
  /** What the rule keeps, in words (for messages and tests). */
  readonly what: string;
  /** The remote config without what Jenkins owns and `declared` does not claim; `remote` itself when none. */
  forComparison(remote: XmlElement, declared: XmlElement): XmlElement;
  /**
   * What `forComparison` reads of `declared` beyond its root's name: the root's children it looks at, each cut down
   * to what the rule needs of it (a copy; may be a marker that answers the rule's questions the same way). A
   * config's digest keeps these in place of the config (config-digest.ts `ownedPartsOf`), so `forComparison` must
   * give the same answer with a root holding only them as with the whole declaration. Empty when it reads nothing.
   */
  reads(declared: XmlElement): XmlElement[];
  /** Whether an update to `declared` must read the remote config first, so `keep` can carry parts over. */
  needsRemote(declared: XmlElement): boolean;
  /**
   * Whether the parts this rule keeps come only from the job's runs (a pipeline's `properties` step): a job that
   * never ran holds none, and its update need not read them.
   */
  readonly setByRuns?: boolean;
  /** `declared` with the parts of `remote` that Jenkins owns put back; `declared` itself when none. */
  keep(declared: XmlElement, remote: XmlElement): XmlElement;
}
