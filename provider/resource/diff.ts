/**
 * `diff`: old outputs against new (checked) inputs. `__provider` is ignored, configs are compared semantically,
 * a new name is an in-place rename, a new folder or another item type is a replacement.
 */
import type * as dynamic from "@pulumi/pulumi/dynamic";
import { configsEqual } from "../xml/semantic";
import { desiredFields, fullNameOf, strip, type Props } from "./desired";
import { rootNameOf } from "./job-config";
import { UNKNOWN, type JobInputs, type JobOutputs } from "./types";

function safeRootName(xml: unknown): string | undefined {
  if (typeof xml !== "string" || xml === "" || xml === UNKNOWN) return undefined;
  try {
    return rootNameOf(xml);
  } catch {
    return undefined;
  }
}

export async function diff(_id: string, oldsRaw: Props, newsRaw: Props): Promise<dynamic.DiffResult> {
  const olds = strip(oldsRaw) as Partial<JobOutputs>;
  const news = strip(newsRaw) as Partial<JobInputs>;
  const replaces: string[] = [];
  let changes = false;
  let deleteBeforeReplace = false;

  // An unknown folder is reported as a change, not a replacement: during preview the output of a parent that
  // is itself changing may not be known yet, and announcing a replacement for every child would mostly be wrong.
  // `pulumi up` diffs again with the value known, and replaces then if the folder really moved.
  if (news.folder === UNKNOWN) changes = true;
  else if ((olds.folder ?? "") !== (news.folder ?? "")) replaces.push("folder");

  if (news.name === UNKNOWN || news.name !== olds.name) changes = true; // rename in place

  const unknownXml = news.configXml === UNKNOWN;
  if (unknownXml) {
    changes = true;
  } else {
    const oldRoot = safeRootName(olds.configXml);
    const newRoot = safeRootName(news.configXml);
    if (oldRoot !== undefined && newRoot !== undefined && oldRoot !== newRoot) {
      // Jenkins cannot change an item's type in place (config.xml POST of another type is refused).
      replaces.push("configXml");
      const oldFull = olds.fullName ?? "";
      const newFull = typeof news.name === "string" ? fullNameOf({ name: news.name, folder: news.folder }) : "";
      deleteBeforeReplace = oldFull.toLowerCase() === newFull.toLowerCase();
    } else if (!olds.configXml || !news.configXml || !configsEqual(olds.configXml, news.configXml)) {
      changes = true;
    }
  }

  if (news.description === UNKNOWN || (news.enabled as unknown) === UNKNOWN || unknownXml) {
    changes = true;
  } else if (news.configXml && news.name !== undefined) {
    const wanted = desiredFields(news as JobInputs);
    if (wanted.description !== olds.description || wanted.enabled !== olds.enabled) changes = true;
  }

  return { changes: changes || replaces.length > 0, replaces, deleteBeforeReplace };
}
