/** POST /job/N/confirmRename?newName=M (AbstractItem.doConfirmRename); /doRename is the older spelling. */
import { itemUrlPath } from "../api-json";
import { redirectLocation, type RequestContext, type ServerState } from "../context";
import { Failure, Oops } from "../http-errors";
import { checkGoodName, javaTrim } from "../names";
import { PERMISSIONS } from "../permissions";
import { reply, type Reply } from "../reply";
import { fullNameOf, type Item } from "../store";
import { isComputedChild } from "../multibranch";
import { can, requirePermission, requirePost } from "./common";

/** FormValidation.error escapes its message (Util.escape); the Failure then carries the escaped text. */
function escapeForValidation(s: string): string {
  return s
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#039;")
    .replace(/\n/g, "<br>")
    .replace(/ (?= )/g, "&nbsp;");
}

function validationFailure(message: string): Failure {
  return new Failure(escapeForValidation(message));
}

export function confirmRename(ctx: RequestContext, state: ServerState, item: Item): Reply {
  if (!can(ctx, PERMISSIONS.ITEM_CONFIGURE)) {
    requirePermission(ctx, PERMISSIONS.ITEM_CREATE);
    requirePermission(ctx, PERMISSIONS.ITEM_DELETE);
  }
  requirePost(ctx);
  // AbstractItem.doConfirmRename: a branch job's name is its branch's (isNameEditable is false).
  if (isComputedChild(item)) throw new Failure("Trying to rename an item that does not support this operation.");
  const raw = ctx.params.get("newName");
  const newName = raw === null ? null : javaTrim(raw);
  try {
    checkGoodName(newName);
  } catch (e) {
    if (e instanceof Failure) throw validationFailure(e.message);
    throw e;
  }
  const name = newName as string;
  if (name === item.name) throw validationFailure("The new name is the same as the current name.");
  const other = state.store.child(item.parent, name);
  if (other && other !== item) throw validationFailure(`The name \u201c${name}\u201d is already in use.`);
  const oldFullName = fullNameOf(item);
  // Job.checkRename / Folder.checkRename: after the name checks, nothing that is building (at any depth) renames.
  if (state.queue.isBuilding(oldFullName)) {
    throw new Failure(
      item.type.isFolder
        ? "Unable to rename a folder while a job inside it is building."
        : "Unable to rename a job while it is building.",
    );
  }
  try {
    state.store.rename(item, name);
  } catch (e) {
    throw new Oops(
      "java.io.IOException",
      `Failed to rename ${item.dir} to ${name}: ${e instanceof Error ? e.message : String(e)}`,
    );
  }
  state.queue.renameJob(oldFullName, fullNameOf(item));
  // Jenkins redirects to "../<new name>", i.e. the new job's URL without a trailing slash.
  const target = itemUrlPath(item).replace(/\/$/, "");
  return reply(302, [["Location", redirectLocation(ctx, state, target)]]);
}
