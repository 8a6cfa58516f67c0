/** GET/POST /job/N/description (AbstractItem.doDescription). */
import type { RequestContext, ServerState } from "../context";
import { ContainerError, NotFound } from "../http-errors";
import { infoOf } from "../item-info";
import { PERMISSIONS } from "../permissions";
import { empty, text, type Reply } from "../reply";
import type { Item } from "../store";
import { resave } from "../xstream";
import { secretsOf, writeLoaded } from "../secrets/item-secrets";
import { activePlugins } from "./plugin-manager";
import { requirePermission } from "./common";

export function description(ctx: RequestContext, state: ServerState, item: Item): Reply {
  if (item.type.isFolder) throw new NotFound();
  if (ctx.method === "GET" || ctx.method === "HEAD") {
    return text(200, "text/plain;charset=UTF-8", infoOf(item).description);
  }
  if (ctx.method === "POST") {
    requirePermission(ctx, PERMISSIONS.ITEM_CONFIGURE);
    const value = ctx.params.get("description");
    if (value !== null) {
      // setDescription always saves, even when the text is unchanged.
      state.store.save(
        item,
        resave(item.xml, { description: value }, activePlugins(state), writeLoaded(secretsOf(state.secretKey, item))),
      );
      return empty(204);
    }
  }
  throw new ContainerError(400, "Bad Request");
}
