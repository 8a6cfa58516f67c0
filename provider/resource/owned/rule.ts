/**
 * The shape of one owned-part rule (see ../owned-parts.ts for what owned parts are). It lives below both the rules
 * and the list that applies them, so neither imports the other for it.
 */
import type { XmlElement } from "../../xml/tree";

export interface OwnedPartRule {
  /** A short stable name, recorded in state (a job's `configDigest.claims`): never changed once released. */
  readonly id: string;
  /** What the rule keeps, in words (for messages and tests). */
  readonly what: string;
  /** The remote config without what Jenkins owns and `declared` does not claim; `remote` itself when none. */
  forComparison(remote: XmlElement, declared: XmlElement): XmlElement;
  /** Whether an update to `declared` must read the remote config first, so `keep` can carry parts over. */
  needsRemote(declared: XmlElement): boolean;
  /** `declared` with the parts of `remote` that Jenkins owns put back; `declared` itself when none. */
  keep(declared: XmlElement, remote: XmlElement): XmlElement;
}
