/**
 * Renaming an item within its folder (`confirmRename`) and moving it into another folder (the CloudBees Folders
 * relocation action), both keeping the build history. Both go through sendOnceThenLook: the item's old and new
 * paths tell whether the request took effect.
 */
import { FORM_CONTENT_TYPE, parseJson, redirectIntoJenkins } from "./answers";
import { MoveRefusedError } from "./errors";
import type { JenkinsHttp } from "./jenkins-http";
import { itemExists } from "./jobs";
import { encodeQueryValue, jobUrlPath, parentAndName, validateJobName, validateJobPath } from "./names";
import { sendOnceThenLook, type Verdict } from "./send-once";

const FOLDER_CLASS = "com.cloudbees.hudson.plugins.folder.Folder";

/** Where the item is seen: at its old path, at its new one. */
type Seen = [oldThere: boolean, newThere: boolean];

function lookAt(http: JenkinsHttp, oldPath: string, newPath: string): () => Promise<Seen> {
  return async () => [await itemExists(http, oldPath), await itemExists(http, newPath)];
}

const MOVED: Verdict = { done: "the item is at its new path only" };

export async function rename(http: JenkinsHttp, path: string, newName: string): Promise<void> {
  validateJobPath(path);
  validateJobName(newName);
  const { parent } = parentAndName(path);
  const newPath = parent === "" ? newName : `${parent}/${newName}`;
  await sendOnceThenLook(http, {
    ctx: http.ctx(path, `rename the job to "${newName}"`, { notRepeatable: true }),
    endpoint: "confirmRename",
    request: {
      method: "POST",
      path: `${jobUrlPath(path)}confirmRename?newName=${encodeQueryValue(newName)}`,
      retry: false,
    },
    ok: redirectIntoJenkins(http.base),
    look: lookAt(http, path, newPath),
    judge: ([oldThere, newThere]) => {
      if (newThere && !oldThere) return MOVED;
      if (oldThere && !newThere) return { resend: "the item is still at its old path" };
      // Gone from both paths, or both taken: the server changed under us, and resending would not help.
      return "failed";
    },
  });
}

/**
 * Moves the item into `destination` ("" for the top level), keeping its name. Jenkins answers every refusal of the
 * relocation action with a redirect, like a success, so the item is looked for at its new path even after a
 * success; a refused move is a MoveRefusedError naming the reason when the server shows it.
 */
export async function move(http: JenkinsHttp, path: string, destination: string): Promise<void> {
  validateJobPath(path);
  if (destination !== "") validateJobPath(destination);
  const { name } = parentAndName(path);
  const newPath = destination === "" ? name : `${destination}/${name}`;
  const where = destination === "" ? "the top level" : `folder "${destination}"`;
  await sendOnceThenLook(http, {
    ctx: http.ctx(path, `move it to ${where}`, { notRepeatable: true }),
    endpoint: "move",
    request: {
      method: "POST",
      path: `${jobUrlPath(path)}move/move`,
      body: new URLSearchParams({ destination: `/${destination}` }).toString(),
      contentType: FORM_CONTENT_TYPE,
      retry: false,
    },
    ok: redirectIntoJenkins(http.base),
    look: lookAt(http, path, newPath),
    lookAfterSuccess: true,
    judge: async ([oldThere, newThere], failure) => {
      if (newThere && !oldThere) return MOVED;
      if (failure !== undefined) return "failed";
      const refused = new MoveRefusedError({
        job: path,
        what: `Jenkins did not move it to ${where}: ${await moveRefusal(http, path, destination, newPath, oldThere)}`,
        hint: "Nothing was moved. Fix the cause in Jenkins or in the program, then run `pulumi up` again.",
      });
      refused.source = path;
      refused.destination = destination;
      return refused;
    },
  });
}

/** Why the relocation action refused, from what the server shows (reads only). */
async function moveRefusal(
  http: JenkinsHttp,
  path: string,
  destination: string,
  newPath: string,
  oldThere: boolean,
): Promise<string> {
  if (!oldThere) return "the item is not at its old path any more";
  const lower = (s: string): string => s.toLowerCase();
  if (destination !== "" && (lower(destination) === lower(path) || lower(destination).startsWith(`${lower(path)}/`))) {
    return "a folder cannot be moved into itself or into a folder inside it";
  }
  if (destination !== "") {
    const ctx = http.ctx(destination, "look at the destination");
    const res = await http.exchange(ctx, {
      method: "GET",
      path: `${jobUrlPath(destination)}api/json?tree=_class`,
      retry: true,
    });
    if (res.status === 404)
      return `the destination folder "${destination}" does not exist (or the user may not see it)`;
    const { _class } = parseJson<{ _class?: string }>(ctx, res, "api/json");
    if (_class !== FOLDER_CLASS) return `"${destination}" is not a folder that can hold items`;
  }
  if (await itemExists(http, newPath)) return `an item named "${newPath.split("/").pop()}" already exists there`;
  return "the user may lack Job/Create in the destination, or the item cannot be moved (items of a multibranch project cannot)";
}
