/**
 * The CloudBees Folders relocation action: `GET <item>/move/` (the page) and `POST <item>/move/move` with form field
 * `destination` = "/" + the target folder's full name ("/" for the root), as RelocationAction and
 * DefaultRelocationUI.doMove answer it. Job/Move on the item is required (403), POST only (405). A destination is
 * accepted only when it is among those offered to this user: the root and plain folders where the user may create
 * items, other than the item itself, its descendants and its current parent, holding no item of the same name
 * (case-insensitive). Any other destination is refused silently: a 302 back to the move page, nothing moved. A
 * building item is not refused. Build history follows the item.
 */
import { itemUrlPath } from "../api-json";
import { redirectLocation, type RequestContext, type ServerState } from "../context";
import { NotFound } from "../http-errors";
import { PERMISSIONS } from "../permissions";
import { reply, type Reply } from "../reply";
import { fullNameOf, type Item } from "../store";
import { can, htmlReply, requirePermission, requirePost } from "./common";
import { escapeHtml } from "../html";

const FOLDER = "com.cloudbees.hudson.plugins.folder.Folder";

function checkMovable(ctx: RequestContext, item: Item): void {
  // Items inside computed folders (multibranch, organization) are made by their parent and have no move action.
  if (item.parent && item.parent.type.root !== FOLDER) throw new NotFound();
  requirePermission(ctx, PERMISSIONS.ITEM_MOVE);
}

function isInside(candidate: Item, item: Item): boolean {
  for (let p: Item | undefined = candidate; p; p = p.parent) if (p === item) return true;
  return false;
}

/** Destinations offered to this user, as "/" + full name, "/" for the root. */
function destinations(ctx: RequestContext, state: ServerState, item: Item): Map<string, Item | undefined> {
  const offered = new Map<string, Item | undefined>();
  const consider = (target: Item | undefined): void => {
    if (target === item.parent || (target && isInside(target, item))) return;
    if (!can(ctx, PERMISSIONS.ITEM_CREATE)) return;
    if (state.store.child(target, item.name)) return;
    offered.set(target ? `/${fullNameOf(target)}` : "/", target);
  };
  consider(undefined);
  const walk = (parent: Item | undefined): void => {
    for (const child of state.store.children(parent)) {
      if (child.type.root !== FOLDER) continue;
      consider(child);
      walk(child);
    }
  };
  walk(undefined);
  return offered;
}

export function movePage(ctx: RequestContext, state: ServerState, item: Item): Reply {
  checkMovable(ctx, item);
  const options = [...destinations(ctx, state, item).keys()].map(
    (d) => `<option value="${escapeHtml(d)}">${escapeHtml(d)}</option>`,
  );
  return htmlReply(
    ctx,
    state,
    `Move ${fullNameOf(item)}`,
    `<h1>Move</h1>\n<form method="post" action="move"><select name="destination">${options.join("")}</select></form>`,
  );
}

export function move(ctx: RequestContext, state: ServerState, item: Item): Reply {
  checkMovable(ctx, item);
  requirePost(ctx);
  const destination = ctx.params.get("destination") ?? "";
  const offered = destinations(ctx, state, item);
  if (!offered.has(destination)) {
    return reply(302, [["Location", redirectLocation(ctx, state, `${itemUrlPath(item)}move/`)]]);
  }
  const from = fullNameOf(item);
  state.store.move(item, offered.get(destination));
  state.queue.renameJob(from, fullNameOf(item));
  return reply(302, [["Location", redirectLocation(ctx, state, itemUrlPath(item))]]);
}
