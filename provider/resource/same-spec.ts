/**
 * Whether a job declared with a typed spec declares the very spec its old outputs were made from. Then the config
 * has not changed: compare.ts renders both specs with the code installed now and compares the trees without
 * `<description>` and `<disabled>` (compared through their own outputs), and the same spec renders to the same
 * tree. The diff of an unchanged spec job, every one in a no-op plan, skips that rendering and parse.
 */
import equal from "fast-deep-equal";
import type { Props } from "./desired";
import { sourceOf, type SourceKey } from "./sources";

export function sameSpec(olds: Props, news: Props, newKey: SourceKey): boolean {
  // Unless a refresh found a config the spec cannot hold: then the spec is the declared one, Jenkins's config not.
  return (
    newKey !== "configXml" &&
    olds.__foundConfig !== true &&
    sourceOf(olds) === newKey &&
    equal(olds[newKey], news[newKey])
  );
}
