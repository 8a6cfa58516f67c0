/**
 * Whether the declared config differs from the one the old outputs describe. Used by diff and by update, so both
 * decide the same way.
 *
 * Between two `configXml` inputs the comparison is the strict semantic one (configsEqual) of the declared texts, as
 * before specs existed. As soon as a spec is on either side, the renderings are compared without `<description>`
 * and `<disabled>` (those travel through the Job's own inputs and outputs and are compared there), and an old spec
 * is rendered again with the code installed now, so writing a default explicitly, or a provider upgrade that
 * renders a spec slightly differently, is not a change.
 */
import { JobSpecError } from "../specs/errors";
import { elementsEqual } from "../xml/semantic";
import { parseXml, type XmlElement } from "../xml/tree";
import type { Declared } from "./desired";
import { TextCache } from "./text-cache";
import { sameHash } from "./kept-hash";
import { FIELD_NAMES } from "./job-config";
import { canonicalDigest, configKnown, declaredSemanticDigest, isDigest } from "./config-digest";
import { holdsFoundConfig } from "./found-config";
import { renderSpec, sourceOf, type SourceKey } from "./sources";
import type { JobOutputs } from "./types";

/**
 * For outputs that keep only the digest of the config applied: a config declared as configXml is the one applied
 * exactly when its canonical text has that digest (checked inputs are canonical, so this needs no parse); an old
 * spec is rendered again and compared as below.
 */
function digestChanged(olds: JobOutputs, oldKey: SourceKey, declared: Declared): boolean {
  if (oldKey !== "configXml") {
    const old = oldSpecRoot(olds, oldKey);
    if (old !== undefined) return !elementsEqual(old, declared.root(), { ignoreRootFields: FIELD_NAMES });
  }
  const digest = olds.__digest;
  if (!isDigest(digest)) return true;
  if (sameHash(digest.canonical, canonicalDigest(declared.canonical()))) return false;
  // Another text of the same meaning (another plugin version, attribute order): not a change, as between two texts.
  return (
    oldKey !== "configXml" ||
    declared.key !== "configXml" ||
    !sameHash(digest.semantic, declaredSemanticDigest(declared.canonical(), declared.root))
  );
}

/** The old spec rendered again, or undefined when the code installed now no longer renders it. */
function oldSpecRoot(olds: JobOutputs, key: Exclude<SourceKey, "configXml">): XmlElement | undefined {
  try {
    return parseXml(renderSpec(key, olds[key])).root;
  } catch (e) {
    if (!(e instanceof JobSpecError)) throw e;
    return undefined;
  }
}

/**
 * The old config's tree: the old spec rendered again, or the old config output (for a spec, when that output is
 * Jenkins's config found beside it: found-config.ts).
 */
function oldRoot(olds: JobOutputs): XmlElement {
  const key = sourceOf(olds as unknown as Record<string, unknown>);
  if (key !== "configXml" && !holdsFoundConfig(olds)) {
    // A spec stored by an older version that the code installed now no longer renders: use what was applied.
    const rendered = oldSpecRoot(olds, key);
    if (rendered !== undefined) return rendered;
  }
  return parseXml(olds.configXml as string).root;
}

/** Answers for two configXml texts (old → declared), most recent last; bounded. Pure function of the texts. */
const recentAnswers = new TextCache<{ declared: string; changed: boolean }>(256, 8 * 1024 * 1024);

export function configChanged(olds: JobOutputs, declared: Declared): boolean {
  // No config known (the answer to a create was lost): send it.
  if (!configKnown(olds)) return true;
  const oldKey = sourceOf(olds as unknown as Record<string, unknown>);
  // A typed job's outputs keep its rendered config beside the digest: the spec decides, as without it; unless that
  // config is Jenkins's, found beside the declared spec (oldRoot).
  const specDecides = oldKey !== "configXml" && isDigest(olds.__digest) && !holdsFoundConfig(olds);
  if (!olds.configXml || specDecides) return digestChanged(olds, oldKey, declared);
  if (oldKey === "configXml" && declared.key === "configXml") {
    const declaredXml = declared.canonical();
    if (olds.configXml === declaredXml) return false;
    // `update` asks again what the `diff` just before it answered, for the same two texts: parse them once.
    const cached = recentAnswers.get(olds.configXml);
    if (cached !== undefined && cached.declared === declaredXml) return cached.changed;
    const changed = !elementsEqual(parseXml(olds.configXml).root, declared.root());
    recentAnswers.set(olds.configXml, { declared: declaredXml, changed }, olds.configXml.length + declaredXml.length);
    return changed;
  }
  return !elementsEqual(oldRoot(olds), declared.root(), { ignoreRootFields: FIELD_NAMES });
}
