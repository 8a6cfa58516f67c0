/**
 * The steps of a preview as the things a reviewer knows: a job, a view, a build trigger, a folder sweep or a
 * credential at a Jenkins path, with its URL, its controller and what the step does to it. The stack, providers and
 * resources of other packages are counted in the summary only.
 */
import type { PreviewStep, ResourceState } from "./digest";
import { UNKNOWN, type Inputs } from "./changes";

export type Kind = "Job" | "View" | "BuildTrigger" | "FolderSweep" | "Credential";

export const KINDS: readonly Kind[] = ["Job", "View", "BuildTrigger", "FolderSweep", "Credential"];

/** What a reviewer calls each kind. */
export const KIND_NOUN: Record<Kind, string> = {
  Job: "job",
  View: "view",
  BuildTrigger: "build trigger",
  FolderSweep: "folder sweep",
  Credential: "credential",
};

export interface Item {
  kind: Kind;
  op: string;
  urn: string;
  /**
   * The Jenkins path: the item's full name (a trigger: the job it builds; a sweep: its folder; a credential: its
   * store, domain and id, as the client's errors name it: `system/_/deploy-key`, `team/folder/_/deploy-key`).
   */
  path: string;
  /** The path before the step, when the step moves or renames the item. */
  oldPath?: string;
  url?: string;
  /** The controller's name, "" for the stack-wide connection. */
  controller: string;
  olds: Inputs;
  news: Inputs;
  replaceReasons: string[];
  /** The property paths the provider said differ; undefined when it does not say (a dynamic provider). */
  detailedDiff?: string[];
  /**
   * For a sweep whose action is `delete`: the items it deletes, as its last preview or `up` planned them (empty when
   * it has not looked yet). Undefined for anything else.
   */
  sweepDeletes?: string[];
}

/**
 * `pulumi-nodejs:dynamic/jenkins:Job` (the dynamic provider's type) or `jenkins:index:Job` (the provider plugin's) →
 * "Job"; another package's type → undefined.
 */
export function kindOf(type: string): Kind | undefined {
  const m = /^(?:pulumi-nodejs:dynamic\/jenkins|jenkins:index):(\w+)$/.exec(type);
  return m && (KINDS as readonly string[]).includes(m[1]) ? (m[1] as Kind) : undefined;
}

/** The type token of a URN (`…::pulumi-nodejs:dynamic/jenkins:Job::name` → the type; a child's type is the last). */
export function typeOfUrn(urn: string): string {
  const parts = urn.split("::");
  return (parts[2] ?? "").split("$").pop() ?? "";
}

export const nameOfUrn = (urn: string): string => urn.split("::").slice(3).join("::");

const text = (v: unknown): string | undefined => (typeof v === "string" && v !== UNKNOWN && v !== "" ? v : undefined);

function pathOf(kind: Kind, inputs: Inputs, outputs: Inputs): string | undefined {
  switch (kind) {
    case "Job":
    case "View": {
      const full = text(inputs.fullName) ?? text(outputs.fullName);
      if (full !== undefined) return full;
      const name = text(inputs.name);
      if (name === undefined) return undefined;
      const folder = inputs.folder === UNKNOWN ? "…" : text(inputs.folder);
      return folder ? `${folder}/${name}` : name;
    }
    case "BuildTrigger":
      return text(inputs.job);
    case "FolderSweep":
      return text(inputs.folder);
    case "Credential": {
      const id = text(inputs.credentialId) ?? text(outputs.credentialId);
      if (id === undefined) return undefined;
      const folder = inputs.folder === UNKNOWN ? "…" : text(inputs.folder);
      const domain = inputs.domain === UNKNOWN ? "…" : (text(inputs.domain) ?? "_");
      return `${folder ? `${folder}/folder` : "system"}/${domain}/${id}`;
    }
  }
}

/** The id jobs name a credential by (`credentialsId`), when the inputs know it. */
export const credentialIdOf = (inputs: Inputs): string | undefined => text(inputs.credentialId);

const inputsOf = (s: ResourceState | undefined): Inputs => s?.inputs ?? {};
const outputsOf = (s: ResourceState | undefined): Inputs => s?.outputs ?? {};

/** The items of the preview's steps of our own resources, in the digest's order. */
export function itemsOf(steps: readonly PreviewStep[]): Item[] {
  const items: Item[] = [];
  for (const step of steps) {
    const kind = kindOf(step.newState?.type ?? step.oldState?.type ?? typeOfUrn(step.urn));
    if (kind === undefined) continue;
    const olds = inputsOf(step.oldState);
    const news = inputsOf(step.newState);
    const before = step.oldState ? pathOf(kind, olds, outputsOf(step.oldState)) : undefined;
    const after = step.newState ? pathOf(kind, news, outputsOf(step.newState)) : undefined;
    const path = after ?? before ?? nameOfUrn(step.urn);
    const url =
      text(news.url) ?? text(outputsOf(step.newState).url) ?? text(outputsOf(step.oldState).url) ?? text(olds.url);
    const controller = text(news.controller) ?? text(olds.controller) ?? "";
    const plan = outputsOf(step.oldState).plan;
    const sweepDeletes =
      kind === "FolderSweep" && news.action === "delete"
        ? (Array.isArray(plan) ? plan : [])
            .filter((p): p is string => typeof p === "string" && p.startsWith("delete "))
            .map((p) => p.slice("delete ".length))
            .sort()
        : undefined;
    items.push({
      kind,
      op: step.op,
      urn: step.urn,
      path,
      ...(before !== undefined && after !== undefined && before !== after ? { oldPath: before } : {}),
      ...(url !== undefined ? { url } : {}),
      controller,
      olds,
      news,
      replaceReasons: step.replaceReasons ?? [],
      ...(step.detailedDiff !== undefined ? { detailedDiff: step.detailedDiff } : {}),
      ...(sweepDeletes !== undefined ? { sweepDeletes } : {}),
    });
  }
  return items;
}
