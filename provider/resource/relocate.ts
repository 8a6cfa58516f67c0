/**
 * Bringing an item to a new folder and/or name in place, keeping its config, history and build numbers (and, for
 * a folder, everything inside it): Jenkins's rename (`confirmRename`) and the folders plugin's move.
 *
 * - An item already at its new path and gone from the old one has moved with its folder (the folder was renamed
 *   or moved first, in this `up` or an interrupted one): nothing is sent.
 * - Otherwise everything that can be checked is checked before the first write (the item is there; nothing else
 *   holds the new name at the destination), then the rename goes first: Jenkins refuses to rename a building
 *   item, and refused before anything moved, the item stays where it was. The move follows.
 * - `at` always says where the item is, so a failure after the first step is recorded where the item really is.
 * - An item whose recorded path is gone may sit inside a folder that moved first: in this `up` the moves made so far
 *   say where; after an interrupted `up`, an item at the new path (and none at the old) is taken to be it, and
 *   failing that the one item of that name on the server.
 */
import type { JenkinsClient } from "../client/jenkins-client";
import { JobAlreadyExistsError, JobNotFoundError } from "../client/errors";
import { computesItsItems } from "../client/item-classes";
import { fullNameOf } from "./desired";

export interface Place {
  folder: string;
  name: string;
}

export function placeOf(fullName: string): Place {
  const i = fullName.lastIndexOf("/");
  return i < 0 ? { folder: "", name: fullName } : { folder: fullName.slice(0, i), name: fullName.slice(i + 1) };
}

const same = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

/**
 * A rename within the folder: one request, Jenkins checks the rest (name in use, item gone). A 404 is looked
 * into: an interrupted run may have renamed it already.
 */
async function rename(client: JenkinsClient, at: { fullName: string }, target: string, name: string): Promise<void> {
  try {
    await client.rename(at.fullName, name);
  } catch (e) {
    if (!(e instanceof JobNotFoundError) || !(await client.exists(target))) throw e;
  }
  at.fullName = target;
}

/** Where an item whose recorded path is gone is now: the one item on the server with its name, if there is one. */
async function find(client: JenkinsClient, fullName: string): Promise<string | undefined> {
  const name = placeOf(fullName).name.toLowerCase();
  const listing = await client.listJobs();
  // Branch jobs of a multibranch project are Jenkins's (one per branch, often named "main"): never taken for it.
  const computed = new Set(listing.filter((j) => computesItsItems(j.className)).map((j) => j.fullName.toLowerCase()));
  const found = listing.filter(
    (j) => placeOf(j.fullName).name.toLowerCase() === name && !computed.has(placeOf(j.fullName).folder.toLowerCase()),
  );
  return found.length === 1 ? found[0].fullName : undefined;
}

/**
 * Old path → new path of every item moved or renamed through each client (one client per Jenkins connection) in
 * this provider process, lower-case keys as names are case-insensitive.
 */
const movedBy = new WeakMap<JenkinsClient, Map<string, string>>();

/** The path an item has now, given the moves of its ancestors (or itself) made through this client. */
function current(client: JenkinsClient, fullName: string): string {
  const moved = movedBy.get(client);
  if (!moved) return fullName;
  const segments = fullName.split("/");
  for (let n = segments.length; n > 0; n--) {
    const to = moved.get(segments.slice(0, n).join("/").toLowerCase());
    if (to !== undefined) return [to, ...segments.slice(n)].join("/");
  }
  return fullName;
}

export async function relocate(client: JenkinsClient, at: { fullName: string }, to: Place): Promise<void> {
  const recorded = at.fullName;
  for (let attempt = 1; ; attempt++) {
    at.fullName = current(client, at.fullName);
    try {
      await relocateOnce(client, at, to);
      break;
    } catch (e) {
      // A folder above it moved while this ran (the engine runs unrelated updates in parallel): once more, from
      // where it is now.
      if (attempt > 1 || !(e instanceof JobNotFoundError) || current(client, at.fullName) === at.fullName) throw e;
    }
  }
  if (!movedBy.has(client)) movedBy.set(client, new Map());
  movedBy.get(client)!.set(recorded.toLowerCase(), at.fullName);
}

async function relocateOnce(client: JenkinsClient, at: { fullName: string }, to: Place): Promise<void> {
  const from = placeOf(at.fullName);
  const target = fullNameOf({ name: to.name, folder: to.folder || undefined });
  if (at.fullName === target) return;
  if (same(from.folder, to.folder)) return rename(client, at, target, to.name);
  const [oldThere, newThere] = [
    await client.exists(at.fullName),
    same(target, at.fullName) ? true : await client.exists(target),
  ];
  if (!oldThere && newThere) {
    at.fullName = target;
    return;
  }
  if (!oldThere && !newThere) {
    const found = await find(client, at.fullName);
    if (found !== undefined && found.toLowerCase() !== target.toLowerCase()) {
      at.fullName = found;
      return relocateOnce(client, at, to);
    }
  }
  if (!oldThere) {
    throw new JobNotFoundError({
      job: at.fullName,
      action: `move or rename it to "${target}"`,
      what: "it is neither at its old path nor at the new one",
      hint: "Run `pulumi refresh` to see where the job is, then `pulumi up` again.",
    });
  }
  if (newThere && !same(target, at.fullName)) {
    throw new JobAlreadyExistsError({
      job: at.fullName,
      action: `move or rename it to "${target}"`,
      what: "another item already has that name there",
      hint: "Rename or remove the other item in Jenkins, or choose another name; nothing was changed.",
    });
  }
  const moving = !same(from.folder, to.folder);
  const renaming = from.name !== to.name;
  // Rename first when its intermediate name is free in the old folder; else move first.
  const intermediate = fullNameOf({ name: to.name, folder: from.folder || undefined });
  const renameFirst = renaming && (!moving || !(await client.exists(intermediate)));
  if (renameFirst) {
    await client.rename(at.fullName, to.name);
    at.fullName = intermediate;
  }
  if (moving) {
    await client.move(at.fullName, to.folder);
    at.fullName = fullNameOf({ name: placeOf(at.fullName).name, folder: to.folder || undefined });
  }
  if (renaming && !renameFirst) {
    await client.rename(at.fullName, to.name);
    at.fullName = target;
  }
}
