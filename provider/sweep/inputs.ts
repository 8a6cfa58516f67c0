/**
 * FolderSweep inputs: checked before any request (an unknown action, a keep entry outside the folder, a missing
 * folder name fail the preview with a clear message), and the plan for a folder's listing. Pure.
 */
import type * as dynamic from "@pulumi/pulumi/dynamic";
import { UNKNOWN, type Props } from "../dynamic/props";
import { SWEEP_ACTIONS, type SweepAction } from "./types";

function failure(property: string, reason: string): dynamic.CheckFailure {
  return { property, reason };
}

export function checkSweepInputs(newsRaw: Props): { inputs: Props; failures: dynamic.CheckFailure[] } {
  const news: Props = { ...newsRaw };
  const failures: dynamic.CheckFailure[] = [];
  for (const key of ["action", "deleteWithBuilds", "controller"])
    if (news[key] === null || news[key] === "") delete news[key];
  if (news.action === undefined) news.action = "report";
  if (typeof news.folder !== "string" || news.folder === "") {
    failures.push(
      failure(
        "folder",
        'folder is required: the full name of the folder this stack owns, e.g. "apps" (often a Job\'s fullName).',
      ),
    );
  }
  if (news.action !== UNKNOWN && !SWEEP_ACTIONS.includes(news.action as SweepAction)) {
    failures.push(
      failure(
        "action",
        `action must be one of ${SWEEP_ACTIONS.map((a) => `"${a}"`).join(", ")}; got ${JSON.stringify(news.action)}.`,
      ),
    );
  }
  if (
    news.deleteWithBuilds !== undefined &&
    news.deleteWithBuilds !== UNKNOWN &&
    typeof news.deleteWithBuilds !== "boolean"
  ) {
    failures.push(failure("deleteWithBuilds", "deleteWithBuilds must be true or false."));
  }
  const keep = news.keep ?? [];
  if (!Array.isArray(keep)) {
    failures.push(failure("keep", "keep must be a list of the full names of the items declared in the folder."));
  } else if (typeof news.folder === "string" && news.folder !== UNKNOWN) {
    const prefix = `${news.folder.toLowerCase()}/`;
    for (const entry of keep) {
      if (entry === UNKNOWN) continue;
      if (
        typeof entry !== "string" ||
        !entry.toLowerCase().startsWith(prefix) ||
        entry.slice(prefix.length).includes("/")
      ) {
        failures.push(
          failure(
            "keep",
            `keep entry ${JSON.stringify(entry)} is not an item directly in folder "${news.folder}"; list the full names of the folder's declared items, e.g. "${news.folder}/build".`,
          ),
        );
      }
    }
  }
  news.keep = keep;
  return { inputs: news, failures };
}

/** The items directly in the folder that the stack does not declare (names are case-insensitive in Jenkins). */
export function unmanaged(children: string[], keep: string[]): string[] {
  const kept = new Set(keep.map((k) => k.toLowerCase()));
  return children.filter((c) => !kept.has(c.toLowerCase())).sort();
}

/** An item in the folder whose mark of ownership names another owner: never swept. */
export interface OwnedItem {
  fullName: string;
  owner: string;
}

/**
 * What the next `up` does to each unmanaged item, as a reviewer reads it; the items other owners marked come last,
 * as left alone.
 */
export function planOf(items: string[], action: SweepAction, others: readonly OwnedItem[] = []): string[] {
  const verb = action === "report" ? "report" : action === "disable" ? "disable" : "delete";
  return [...items.map((i) => `${verb} ${i}`), ...others.map(leftAlone)];
}

/** The plan's (and `done`'s) entry for an item another owner marked. */
export function leftAlone(item: OwnedItem): string {
  return `leave ${item.fullName} (managed as code by ${item.owner})`;
}
