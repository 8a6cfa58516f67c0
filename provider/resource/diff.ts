/**
 * `diff`: old outputs against new (checked) inputs. `__provider` is ignored, configs are compared semantically
 * (compare.ts), a new name or folder is a rename or move in place, another item type is a replacement.
 */
import type * as dynamic from "@pulumi/pulumi/dynamic";
import equal from "fast-deep-equal";
import { planMove } from "../dynamic/planned-moves";
import { unknownPath } from "../specs/unknown";
import { configChanged } from "./compare";
import { currentOutputs, rootOfOutputs } from "./config-digest";
import { declare, fullNameOf, strip, type Props } from "./desired";
import { holdsFoundConfig } from "./found-config";
import { rootNameOf } from "./job-config";
import { declaredPipelineParts, warnAboutPipelineParts } from "./pipeline-owned";
import { secretsChanged } from "./secrets/state";
import { sameSpec } from "./same-spec";
import { sourceOf, specRoot, type SourceKey } from "./sources";
import { UNKNOWN, type JobInputs, type JobOutputs } from "./types";

/**
 * The engine only reads `changes`, `replaces` and `deleteBeforeReplace`. `diffs` names the properties that change
 * in place, for callers of the lifecycle and for tests; left out when empty and when the job is replaced (then
 * `replaces` says why, and everything is made anew).
 */
export interface JobDiffResult extends dynamic.DiffResult {
  diffs?: string[];
  /**
   * Of `diffs`, the properties to show from the old outputs rather than the old inputs (a provider plugin's
   * detailed diff says so per property): a config only the outputs kept before a refresh found an edit.
   */
  fromOutputs?: string[];
}

function safeRootName(xml: unknown): string | undefined {
  if (typeof xml !== "string" || xml === "" || xml === UNKNOWN) return undefined;
  try {
    return rootNameOf(xml);
  } catch {
    return undefined;
  }
}

/** Root element a set of inputs or outputs declares, without rendering; undefined when not known. */
function rootOf(props: Props, key: SourceKey): string | undefined {
  if (key !== "configXml") return specRoot(key);
  // Outputs keep the config's root with its digest when they do not keep the config (config-digest.ts).
  return safeRootName(props.configXml) ?? rootOfOutputs(props as Partial<JobOutputs>);
}

export async function diff(_id: string, oldsRaw: Props, newsRaw: Props): Promise<JobDiffResult> {
  const oldProps = currentOutputs(strip(oldsRaw));
  const newProps = strip(newsRaw);
  const olds = oldProps as Partial<JobOutputs>;
  const news = newProps as Partial<JobInputs>;
  const replaces: string[] = [];
  const diffs = new Set<string>();
  const fromOutputs: string[] = [];
  let deleteBeforeReplace = false;

  // A new folder is a move in place (history kept); a job declared in a renamed or moved folder finds itself
  // already there and records its new path.
  if (news.folder === UNKNOWN || (olds.folder ?? "") !== (news.folder ?? "")) diffs.add("folder");

  if (news.name === UNKNOWN || news.name !== olds.name) diffs.add("name"); // rename in place
  // Recorded for the credentials of a folder's store and its views, which go with the folder (dynamic/planned-moves.ts).
  if ((diffs.has("folder") || diffs.has("name")) && news.folder !== UNKNOWN && news.name !== UNKNOWN && olds.fullName)
    planMove(olds.controller, olds.fullName, fullNameOf({ name: news.name as string, folder: news.folder }));
  // Another controller is another Jenkins: the job is made there and deleted from the old one.
  if ((news.controller as unknown) === UNKNOWN) diffs.add("controller");
  else if ((olds.controller ?? "") !== (news.controller ?? "")) replaces.push("controller");

  const newKey = sourceOf(newProps);
  const oldKey = sourceOf(oldProps);
  const unknownConfig = unknownPath(newProps[newKey], UNKNOWN, newKey) !== undefined;
  const oldRoot = rootOf(oldProps, oldKey);
  const newRoot = unknownConfig && newKey === "configXml" ? undefined : rootOf(newProps, newKey);
  let declared: ReturnType<typeof declare> | undefined;
  if (oldRoot !== undefined && newRoot !== undefined && oldRoot !== newRoot) {
    // Jenkins cannot change an item's type in place (config.xml POST of another type is refused).
    replaces.push(newKey);
    const oldFull = olds.fullName ?? "";
    const newFull = typeof news.name === "string" ? fullNameOf({ name: news.name, folder: news.folder }) : "";
    deleteBeforeReplace = oldFull.toLowerCase() === newFull.toLowerCase();
  } else if (unknownConfig || newProps[newKey] === undefined) {
    diffs.add(newKey);
  } else {
    declared = declare(news as JobInputs);
    if (!sameSpec(oldProps, newProps, newKey) && configChanged(olds as JobOutputs, declared)) {
      if (holdsFoundConfig(olds)) {
        // Jenkins's config beside the declared spec: the change is those lines (found-config.ts), and the spec's
        // own, if the program changed it too.
        diffs.add("configXml");
        fromOutputs.push("configXml");
        if (!equal(oldProps[newKey], newProps[newKey])) diffs.add(newKey);
      } else diffs.add(newKey);
    }
  }
  // A new secret value, or one a refresh found changed in Jenkins (shown as the encrypted input, never a value).
  if ((news.secretValues as unknown) === UNKNOWN || secretsChanged(olds, news.secretValues)) diffs.add("secretValues");

  if (unknownConfig || news.description === UNKNOWN || (news.enabled as unknown) === UNKNOWN) {
    if (news.description === UNKNOWN) diffs.add("description");
    if ((news.enabled as unknown) === UNKNOWN) diffs.add("enabled");
    if (unknownConfig) diffs.add(newKey);
  } else if (news.name !== undefined && newProps[newKey] !== undefined) {
    const wanted = (declared ?? declare(news as JobInputs)).fields();
    if (wanted.description !== olds.description) diffs.add("description");
    if (wanted.enabled !== olds.enabled) diffs.add("enabled");
  }

  // Parts the program declares that the job's pipeline also sets (known from the last read): said once, here.
  if (olds.pipelineOwned?.length && !unknownConfig && replaces.length === 0 && newProps[newKey] !== undefined) {
    const parts = declaredPipelineParts(olds, (declared ?? declare(news as JobInputs)).root());
    await warnAboutPipelineParts(olds.fullName ?? fullNameOf(news as JobInputs), parts);
  }

  const result: JobDiffResult = {
    changes: diffs.size > 0 || replaces.length > 0,
    replaces,
    deleteBeforeReplace,
  };
  if (diffs.size > 0 && replaces.length === 0) {
    result.diffs = [...diffs];
    if (fromOutputs.length > 0) result.fromOutputs = fromOutputs;
  }
  return result;
}
