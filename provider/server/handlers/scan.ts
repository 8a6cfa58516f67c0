/**
 * `POST /job/P/build` on a multibranch project: "Scan Multibranch Pipeline Now" (ComputedFolder.doBuild), which
 * starts a branch indexing instead of a build, then sends the browser back to the project.
 */
import { itemUrlPath } from "../api-json";
import { redirectLocation, type RequestContext, type ServerState } from "../context";
import { indexBranches } from "../multibranch";
import { PERMISSIONS } from "../permissions";
import { reply, type Reply } from "../reply";
import type { Item } from "../store";
import { requirePermission, requirePost } from "./common";

export function scanNow(ctx: RequestContext, state: ServerState, project: Item): Reply {
  requirePermission(ctx, PERMISSIONS.ITEM_BUILD);
  requirePost(ctx);
  indexBranches(state, project);
  return reply(302, [["Location", redirectLocation(ctx, state, itemUrlPath(project))]]);
}
