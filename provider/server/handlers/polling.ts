/** POST /job/N/polling (AbstractProject.doPolling): schedules an SCM poll; the result is never reported. */
import { itemUrlPath } from "../api-json";
import { redirectLocation, type RequestContext, type ServerState } from "../context";
import { MethodNotAllowed, NotFound } from "../http-errors";
import { PERMISSIONS } from "../permissions";
import { reply, type Reply } from "../reply";
import { fullNameOf, type Item } from "../store";
import { requirePermission } from "./common";

export function polling(ctx: RequestContext, state: ServerState, item: Item): Reply {
  if (!item.type.hasScmPolling) throw new NotFound();
  requirePermission(ctx, PERMISSIONS.ITEM_BUILD);
  const viaToken = ctx.auth.kind === "user" && ctx.auth.viaToken;
  if (ctx.method !== "POST" && !viaToken) throw new MethodNotAllowed();
  // Accepted also when the job is disabled or has no SCM trigger.
  state.polls.push({ job: fullNameOf(item) });
  return reply(302, [["Location", redirectLocation(ctx, state, itemUrlPath(item))]]);
}
