/** POST /job/N/enable and /disable (ParameterizedJobMixIn.doEnable/doDisable). */
import { itemUrlPath } from "../api-json";
import { redirectLocation, type RequestContext, type ServerState } from "../context";
import { infoOf } from "../item-info";
import { PERMISSIONS } from "../permissions";
import { reply, type Reply } from "../reply";
import { fullNameOf, type Item } from "../store";
import { resave } from "../xstream";
import { secretsOf, writeLoaded } from "../secrets/item-secrets";
import { activePlugins } from "./plugin-manager";
import { requirePermission, requirePost } from "./common";

export function setEnabled(ctx: RequestContext, state: ServerState, item: Item, enable: boolean): Reply {
  requirePermission(ctx, PERMISSIONS.ITEM_CONFIGURE);
  requirePost(ctx);
  // A plain folder cannot be disabled: the call is a silent no-op.
  if (item.type.canDisable) {
    const disabled = !enable;
    // makeDisabled returns early when nothing changes, so the stored file is left alone.
    if (infoOf(item).disabled !== disabled) {
      state.store.save(
        item,
        resave(item.xml, { disabled }, activePlugins(state), writeLoaded(secretsOf(state.secretKey, item))),
      );
      if (disabled) state.queue.cancel(fullNameOf(item));
    }
  }
  return reply(302, [["Location", redirectLocation(ctx, state, itemUrlPath(item))]]);
}
