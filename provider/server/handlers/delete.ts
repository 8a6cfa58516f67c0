/** POST /job/N/doDelete (302 to the parent) and DELETE /job/N/ (204). */
import { itemUrlPath } from "../api-json";
import { redirectLocation, type RequestContext, type ServerState } from "../context";
import { PERMISSIONS } from "../permissions";
import { empty, reply, type Reply } from "../reply";
import type { Item } from "../store";
import { requirePermission, requirePost } from "./common";

export function doDelete(ctx: RequestContext, state: ServerState, item: Item): Reply {
  requirePermission(ctx, PERMISSIONS.ITEM_DELETE);
  requirePost(ctx);
  state.store.delete(item);
  const parentPath = item.parent ? itemUrlPath(item.parent) : "/";
  return reply(302, [["Location", redirectLocation(ctx, state, parentPath)]]);
}

export function httpDelete(ctx: RequestContext, state: ServerState, item: Item): Reply {
  requirePermission(ctx, PERMISSIONS.ITEM_DELETE);
  state.store.delete(item);
  return empty(204);
}
