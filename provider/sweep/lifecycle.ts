/**
 * What the FolderSweep resource does at each step. Loaded by the thin serialized provider from the installed
 * package at call time.
 *
 * - check: validates the inputs before any request, then lists the folder and writes the plan into the checked
 *   inputs ("delete apps/old-job"), so the preview shows a reviewer what `up` will do. The plan follows the server,
 *   so a job made by hand in the folder shows up in the next preview.
 * - create/update: list again (the preview's view may be stale), then act on the items directly in the folder
 *   that `keep` does not name: report them (a warning), disable them, or delete them. An item that holds builds is
 *   not deleted unless `deleteWithBuilds` says so; then nothing is deleted and the error names the items. Declared
 *   jobs are in `keep`, whose values are their `fullName` outputs: the sweep runs after they exist.
 * - read/delete: nothing on the server; removing the sweep removes no job.
 *
 * An item whose mark of ownership names another owner than the sweep's stack is never reported, disabled or
 * deleted: another stack manages it in the same folder. The plan lists it as left alone.
 */
import { randomUUID } from "node:crypto";
import type * as dynamic from "@pulumi/pulumi/dynamic";
import { JobNotFoundError } from "../client/errors";
import type { JenkinsClient } from "../client/jenkins-client";
import type { ConfigSource } from "../connection/settings";
import { StackConnections } from "../connection/stack-connections";
import { warn } from "../dynamic/engine-log";
import { strip, UNKNOWN, type Props } from "../dynamic/props";
import { computesItsItems } from "../client/item-classes";
import { ComputedFolderSweepError } from "./errors";
import { checkSweepInputs, leftAlone, planOf, unmanaged, type OwnedItem } from "./inputs";
import { readMark } from "../ownership/mark";
import type { SweepInputs, SweepOutputs } from "./types";

const connections = new StackConnections();

export async function configure(req: { config: ConfigSource }): Promise<void> {
  connections.configure(req.config);
}

/** The folder is read in every check (to plan), so its connection is checked there, once per connection. */
function client(controller: string | undefined): Promise<JenkinsClient> {
  return connections.usableClient(controller);
}

interface Child {
  fullName: string;
  isFolder: boolean;
  /** The owner the item's mark names, if it carries one. */
  owner?: string;
}

/**
 * The items directly in the folder; none when the folder does not exist yet (it is made in the same `up`). A folder
 * whose items Jenkins computes (a multibranch project's branch jobs) is refused: sweeping them would fight indexing.
 */
async function childrenOf(c: JenkinsClient, folder: string): Promise<Child[]> {
  const depth = folder.split("/").length + 1;
  try {
    const { className, items } = await c.listFolder(folder);
    if (computesItsItems(className)) throw new ComputedFolderSweepError(folder, className);
    return items
      .filter((j) => j.fullName.split("/").length === depth)
      .map((j) => ({ fullName: j.fullName, isFolder: j.isFolder, owner: readMark(j.description).owner }));
  } catch (e) {
    if (e instanceof JobNotFoundError) return [];
    throw e;
  }
}

function sweepOf(news: Props): SweepInputs {
  return news as unknown as SweepInputs;
}

export async function check(_olds: Props, newsRaw: Props): Promise<dynamic.CheckResult> {
  const { inputs, failures } = checkSweepInputs(newsRaw);
  const problem = inputs.controller === UNKNOWN ? undefined : connections.controllerProblem(inputs.controller);
  if (problem !== undefined) failures.push({ property: "controller", reason: problem });
  if (failures.length > 0) return { inputs, failures };
  const sweep = sweepOf(inputs);
  if (sweep.folder === UNKNOWN || sweep.keep.includes(UNKNOWN) || (sweep.action as string) === UNKNOWN)
    return { inputs };
  const unusable = await connections.unusable(sweep.controller);
  if (unusable !== undefined) {
    return {
      inputs,
      failures: [{ property: "", reason: `FolderSweep of "${sweep.folder}" cannot be planned: ${unusable}` }],
    };
  }
  let children: Child[];
  try {
    children = await childrenOf(await client(sweep.controller), sweep.folder);
  } catch (e) {
    if (e instanceof ComputedFolderSweepError) return { inputs, failures: [{ property: "folder", reason: e.message }] };
    throw e;
  }
  const { mine, others } = byOwner(children, sweep.__owner);
  const items = unmanaged(
    mine.map((c) => c.fullName),
    sweep.keep,
  );
  return { inputs: { ...inputs, plan: planOf(items, sweep.action, othersUndeclared(others, sweep.keep)) } };
}

const COMPARED = ["folder", "keep", "action", "deleteWithBuilds", "controller", "plan"] as const;

/** `diffs` names the properties that change (for the provider plugin's detailed diff; the dynamic host drops it). */
export interface SweepDiffResult extends dynamic.DiffResult {
  diffs?: string[];
}

export async function diff(_id: string, oldsRaw: Props, newsRaw: Props): Promise<SweepDiffResult> {
  const olds = strip(oldsRaw);
  const news = strip(newsRaw);
  const changed = COMPARED.filter((k) => JSON.stringify(olds[k] ?? null) !== JSON.stringify(news[k] ?? null));
  const replaces = (olds.controller ?? "") !== (news.controller ?? "") ? ["controller"] : [];
  const result: SweepDiffResult = { changes: changed.length > 0, replaces, deleteBeforeReplace: false };
  if (changed.length > 0 && replaces.length === 0) result.diffs = changed;
  return result;
}

/** Whether an item holds builds (for a folder: any job inside it). */
async function holdsBuilds(c: JenkinsClient, item: Child): Promise<boolean> {
  if (!item.isFolder) return (await c.buildNumbers(item.fullName)).length > 0;
  for (const job of await c.listJobs(item.fullName)) {
    if (!job.isFolder && (await c.buildNumbers(job.fullName)).length > 0) return true;
  }
  return false;
}

/**
 * The children this stack may sweep (unmarked, or marked by its own owner) and those another owner marked. A sweep
 * whose program passes no owner (an earlier version's) leaves every marked item.
 */
function byOwner(children: Child[], own: string | undefined): { mine: Child[]; others: OwnedItem[] } {
  const mine: Child[] = [];
  const others: OwnedItem[] = [];
  for (const child of children) {
    if (child.owner === undefined || child.owner === own) mine.push(child);
    else others.push({ fullName: child.fullName, owner: child.owner });
  }
  return { mine, others };
}

/** Other owners' items the stack does not declare itself (one it declares is its resource's business). */
function othersUndeclared(others: OwnedItem[], keep: string[]): OwnedItem[] {
  const names = new Set(
    unmanaged(
      others.map((o) => o.fullName),
      keep,
    ),
  );
  return others.filter((o) => names.has(o.fullName));
}

async function sweep(newsRaw: Props): Promise<SweepOutputs> {
  const news = sweepOf(strip(newsRaw));
  const c = await client(news.controller);
  const { mine: children, others: owned } = byOwner(await childrenOf(c, news.folder), news.__owner);
  const others = othersUndeclared(owned, news.keep);
  const left = others.map(leftAlone);
  const names = unmanaged(
    children.map((x) => x.fullName),
    news.keep,
  );
  const items = children.filter((x) => names.includes(x.fullName));
  const done: string[] = [];
  let remaining = items;
  if (news.action === "report") {
    if (items.length > 0) {
      await warn(
        `FolderSweep of "${news.folder}": ${items.length} item(s) in the folder are not declared by this stack: ` +
          `${names.join(", ")}. Declare them (and add them to keep), or set action "disable" or "delete".`,
      );
    }
    done.push(...names.map((n) => `reported ${n}`), ...left);
  } else if (news.action === "disable") {
    for (const item of items) {
      // Folders cannot be disabled in Jenkins: they stay reported.
      if (item.isFolder) continue;
      await c.disable(item.fullName);
      done.push(`disabled ${item.fullName}`);
    }
    remaining = items.filter((i) => i.isFolder);
    done.push(...left);
  } else {
    if (!news.deleteWithBuilds) {
      const withBuilds: string[] = [];
      for (const item of items) if (await holdsBuilds(c, item)) withBuilds.push(item.fullName);
      if (withBuilds.length > 0) {
        throw new Error(
          `FolderSweep of "${news.folder}" did not delete anything: ${withBuilds.join(", ")} hold(s) build history. ` +
            `Set deleteWithBuilds: true to delete them with their builds, or declare them (and add them to keep).`,
        );
      }
    }
    for (const item of items) {
      await c.deleteJob(item.fullName);
      done.push(`deleted ${item.fullName}`);
    }
    remaining = [];
    done.push(...left);
  }
  const plan =
    news.action === "report"
      ? planOf(names, "report", others)
      : planOf(
          remaining.map((r) => r.fullName),
          news.action,
          others,
        );
  return { ...news, plan, done };
}

export async function create(inputsRaw: Props): Promise<dynamic.CreateResult> {
  return { id: randomUUID(), outs: await sweep(inputsRaw) };
}

export async function update(_id: string, _oldsRaw: Props, newsRaw: Props): Promise<dynamic.UpdateResult> {
  return { outs: await sweep(newsRaw) };
}

export async function read(id: string, props: Props): Promise<dynamic.ReadResult> {
  return { id, props: strip(props) };
}

export async function deleteSweep(): Promise<void> {
  // A sweep owns no Jenkins item: removing it from the program leaves the folder as it is.
}

export { deleteSweep as delete };
