/**
 * The inputs that can define a job: raw `configXml` or one typed spec (`pipeline`, `freestyle`, `folderSpec`,
 * `multibranch`).
 * Exactly one of them is given. The folder spec's input is `folderSpec` because `folder` already names the parent
 * folder path.
 */
import { FOLDER_CLASS } from "../specs/folder";
import { MULTIBRANCH_CLASS } from "../specs/multibranch";
import { renderJobSpec } from "../specs/render";
import type { JobSpecFields, JobSpecKind, JobSpecs } from "../specs/types";

export type SpecKey = "pipeline" | "freestyle" | "folderSpec" | "multibranch";
export type SourceKey = "configXml" | SpecKey;

export const SPEC_KEYS: readonly SpecKey[] = ["pipeline", "freestyle", "folderSpec", "multibranch"];
export const SOURCE_KEYS: readonly SourceKey[] = ["configXml", ...SPEC_KEYS];

const KIND_OF: Record<SpecKey, JobSpecKind> = {
  pipeline: "pipeline",
  freestyle: "freestyle",
  folderSpec: "folder",
  multibranch: "multibranch",
};
const KEY_OF: Record<JobSpecKind, SpecKey> = {
  pipeline: "pipeline",
  freestyle: "freestyle",
  folder: "folderSpec",
  multibranch: "multibranch",
};

/** Root element each spec kind renders to: known without rendering, even while parts of the spec are unknown. */
const SPEC_ROOTS: Record<JobSpecKind, string> = {
  pipeline: "flow-definition",
  freestyle: "project",
  folder: FOLDER_CLASS,
  multibranch: MULTIBRANCH_CLASS,
};

export function specKind(key: SpecKey): JobSpecKind {
  return KIND_OF[key];
}

export function specKeyOf(kind: JobSpecKind): SpecKey {
  return KEY_OF[kind];
}

export function specRoot(key: SpecKey): string {
  return SPEC_ROOTS[KIND_OF[key]];
}

/** Pulumi passes unset optional inputs as null or leaves them out. */
export function isGiven(v: unknown): boolean {
  return v !== undefined && v !== null;
}

/** The source inputs present in a property map, in SOURCE_KEYS order. */
export function givenSources(props: Record<string, unknown>): SourceKey[] {
  return SOURCE_KEYS.filter((k) => isGiven(props[k]));
}

/**
 * Which input defines the job in a set of inputs or outputs: the spec key present, else `configXml` (outputs keep
 * the spec a config was rendered from, and the config's digest or, after a refresh that found an edit, the config).
 */
export function sourceOf(props: Record<string, unknown>): SourceKey {
  return SPEC_KEYS.find((k) => isGiven(props[k])) ?? "configXml";
}

/** A spec issue's path as the program writes it: the folder kind's fields live under `folderSpec`. */
export function inputPath(key: SpecKey, path: string): string {
  const kind = KIND_OF[key];
  if (kind === key) return path;
  return path === kind || path.startsWith(`${kind}.`) || path.startsWith(`${kind}[`)
    ? key + path.slice(kind.length)
    : path;
}

/** config.xml of a spec input; throws JobSpecError for an invalid spec. */
export function renderSpec(key: SpecKey, spec: unknown, fields?: JobSpecFields): string {
  return renderJobSpec(KIND_OF[key], spec as JobSpecs[JobSpecKind], fields);
}
