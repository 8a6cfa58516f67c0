/**
 * What a job's outputs keep of its config: the config itself only when a refresh found Jenkins holding another one,
 * otherwise its digest (`__digest`, an internal output: the CLI never shows it, so a diff or the outputs
 * section of `pulumi up` shows no hashes). The config as declared is in the resource's inputs already; a second copy
 * in the outputs doubled the state, and the engine writes the whole state at every step on backends without
 * journaling.
 *
 * The digest answers the two questions the outputs are asked:
 *  - `canonical` and `semantic`, by `diff` and `update` (which get the old outputs and the new inputs): is the
 *    declared config the one applied? Checked inputs are canonical text, so equal digests of the text mean the same
 *    config, and a plan with no changes neither parses nor compares a tree; other text is compared by meaning
 *    (`semanticDigest`, the same answer as `elementsEqual` of the two trees);
 *  - `equivalence`, by a refresh (which gets the old outputs alone): does Jenkins hold what was declared, apart from
 *    what Jenkins does to a config by itself? (`xml/semantic.ts` `equivalenceDigest`, taken of both sides without
 *    the parts Jenkins owns and without description and disabled, which have their own outputs.)
 */
import { createHash } from "node:crypto";
import { withCurrentDigestKey } from "../dynamic/props";
import { JobSpecError } from "../specs/errors";
import { canonicalizeDocument } from "../xml/canonical";
import { equivalenceDigest, semanticDigest } from "../xml/semantic";
import { parseXml, type XmlElement } from "../xml/tree";
import { layoutOf } from "./drift";
import { digestFromText, digestText } from "./digest-text";
import { keptHash } from "./kept-hash";
import { TextCache } from "./text-cache";
import { FIELD_NAMES } from "./job-config";
import { OWNED_PART_RULES, withoutOwnedParts } from "./owned-parts";
import { renderSpec, sourceOf } from "./sources";
import type { ConfigDigest, JobOutputs } from "./types";

/** SHA-256 of a config's canonical text, in hex. */
export function canonicalDigest(canonical: string): string {
  return createHash("sha256").update(canonical, "utf8").digest("hex");
}

/** Semantic digests of declared configs by canonical text, most recent last; bounded. */
const semanticOfText = new TextCache<string>(64, 4 * 1024 * 1024);

/**
 * The semantic digest of a declared config, known by its canonical text: the diff, the update after it and the
 * update's outputs ask for the same one, and each would walk the whole tree again.
 */
export function declaredSemanticDigest(canonical: string, root: () => XmlElement): string {
  const known = semanticOfText.get(canonical);
  if (known !== undefined) return known;
  const digest = semanticDigest(root());
  semanticOfText.set(canonical, digest);
  return digest;
}

const bare = (name: string): XmlElement => ({ kind: "element", name, attrs: [], children: [] });

/**
 * What the owned-part rules (owned-parts.ts) read of a declared config, as a root holding only that, in canonical
 * text; undefined when they read nothing but the root's name. Each rule names the children it reads, cut down to what
 * it needs (`OwnedPartRule.reads`); a child two rules read is kept whole. A refresh compares Jenkins's copy made
 * comparable with this stand-in exactly as the full comparison (drift.ts `sameConfig`) does with the declaration:
 * every rule gives the same answer with either.
 */
export function ownedPartsOf(declared: XmlElement): string | undefined {
  const byName = new Map<string, XmlElement>();
  for (const rule of OWNED_PART_RULES) {
    for (const part of rule.reads(declared)) {
      const whole = declared.children.find((c): c is XmlElement => c.kind === "element" && c.name === part.name);
      byName.set(part.name, byName.has(part.name) && whole !== undefined ? whole : part);
    }
  }
  if (byName.size === 0) return undefined;
  const order = declared.children.flatMap((c) => (c.kind === "element" ? [c.name] : []));
  const children = [...byName.values()].sort((a, b) => order.indexOf(a.name) - order.indexOf(b.name));
  return canonicalizeDocument({ ...declared, attrs: [], children });
}

/** The declaration as the owned-part rules see it, from a digest: its claimed parts, or a bare root. */
export function ownedStandIn(digest: ConfigDigest): XmlElement {
  return digest.owned !== undefined ? parseXml(digest.owned).root : bare(digest.root);
}

/** Jenkins's copy as a refresh compares it with a declaration known by its digest. */
export function comparable(remote: XmlElement, digest: ConfigDigest): XmlElement {
  return withoutOwnedParts(remote, ownedStandIn(digest));
}

/** The equivalence digest of a config tree (the declared one, or Jenkins's copy made comparable). */
export function configEquivalence(root: XmlElement): string {
  return equivalenceDigest(root, { ignoreRootFields: FIELD_NAMES });
}

/** The `__digest` output of a declared config: its root, canonical text and tree. */
export function digestOf(
  canonical: string,
  root: XmlElement,
  declaredAsXml: boolean,
  effective: { description: string; enabled: boolean },
): ConfigDigest {
  const digest: ConfigDigest = {
    root: root.name,
    canonical: keptHash(canonicalDigest(canonical)),
    semantic: keptHash(declaredSemanticDigest(canonical, () => root)),
    equivalence: keptHash(configEquivalence(root)),
  };
  const owned = ownedPartsOf(root);
  if (owned !== undefined) digest.owned = owned;
  // A spec is rendered again when its config is needed; a config given as text is known by its layout alone.
  if (declaredAsXml) digest.layout = layoutOf(root, effective);
  return digest;
}

/**
 * Outputs with the digest under its current key, as an object: states written while it was the public output
 * `configDigest` keep it there, which the CLI showed as hashes; the state keeps it as text (digest-text.ts), states
 * written before as an object.
 */
export function currentOutputs<T extends Partial<JobOutputs>>(olds: T): T {
  const current = withCurrentDigestKey(olds);
  const stored: unknown = current.__digest;
  if (typeof stored !== "string") return current;
  const digest = digestFromText(stored);
  const out = { ...current };
  if (digest === undefined) delete out.__digest;
  else out.__digest = digest;
  return out;
}

/** Outputs as the state keeps them: the digest as text (digest-text.ts). */
export function storedOutputs<T extends object>(outs: T): T {
  const digest = (outs as Partial<JobOutputs>).__digest;
  if (!isDigest(digest)) return outs;
  return { ...outs, __digest: digestText(digest) };
}

/** The digest that outputs (as stored, or as the provider reads them) hold, if any. */
export function digestIn(outs: Record<string, unknown>): ConfigDigest | undefined {
  const digest = currentOutputs(outs as Partial<JobOutputs>).__digest;
  return isDigest(digest) ? digest : undefined;
}

/** Whether outputs know the config applied: its text (state of earlier versions, or drift) or its digest. */
export function configKnown(olds: Partial<JobOutputs>): boolean {
  return Boolean(olds.configXml) || isDigest(olds.__digest);
}

export function isDigest(value: unknown): value is ConfigDigest {
  const d = value as Partial<ConfigDigest> | undefined;
  return typeof d === "object" && d !== null && typeof d.canonical === "string" && typeof d.root === "string";
}

/** The root element name of the config the outputs describe, when known. */
export function rootOfOutputs(olds: Partial<JobOutputs>): string | undefined {
  return isDigest(olds.__digest) ? olds.__digest.root : undefined;
}

/**
 * The canonical config the outputs were made from, when it can be had without Jenkins: the config output (state of
 * earlier versions, or the config a refresh found), else the spec rendered again with the description and enabled
 * state applied. Undefined for a job declared as configXml whose outputs hold only the digest.
 */
export function declaredConfigOf(olds: JobOutputs): string | undefined {
  if (olds.configXml) return olds.configXml;
  const key = sourceOf(olds as unknown as Record<string, unknown>);
  if (key === "configXml") return undefined;
  try {
    const xml = renderSpec(key, olds[key], { description: olds.description, enabled: olds.enabled });
    return canonicalizeDocument(parseXml(xml));
  } catch (e) {
    // A spec stored by an older version that the code installed now no longer renders.
    if (e instanceof JobSpecError) return undefined;
    throw e;
  }
}
