/** GET/POST /job/N/config.xml (AbstractItem.doConfigDotXml / updateByXml). */
import * as path from "node:path";
import { loadConfig } from "../config-load";
import { contentTypeOf, type RequestContext, type ServerState } from "../context";
import { ContainerError, Oops } from "../http-errors";
import { PERMISSIONS } from "../permissions";
import { empty, text, type Reply } from "../reply";
import type { Item } from "../store";
import { decodeXmlReader } from "../xml-body";
import { readBack, resave } from "../xstream";
import { reloadSecrets, secretsOf, writeFresh, writeLoaded, type LoadedSecrets } from "../secrets/item-secrets";
import { activePlugins } from "./plugin-manager";
import { afterConfigSaved } from "../multibranch";
import { requirePermission } from "./common";

const FRAME = "hudson.model.AbstractItem.updateByXml(AbstractItem.java:1062)";

/** Re-serializing a large config on every GET is costly and its result depends only on the stored text. */
const served = new WeakMap<Item, { stored: string; mode: string; secrets: LoadedSecrets; text: string }>();

function readBackCached(item: Item, mode: "legacy" | "current", state: ServerState): string {
  const hit = served.get(item);
  const secrets = secretsOf(state.secretKey, item);
  if (hit && hit.stored === item.xml && hit.mode === mode && hit.secrets === secrets) return hit.text;
  const out = readBack(item.xml, mode, activePlugins(state), writeLoaded(secrets));
  served.set(item, { stored: item.xml, mode, secrets, text: out });
  return out;
}

export function configXml(ctx: RequestContext, state: ServerState, item: Item): Reply {
  if (ctx.method === "GET" || ctx.method === "HEAD") {
    requirePermission(ctx, PERMISSIONS.ITEM_EXTENDED_READ);
    // Written to the output stream, so the container adds no charset.
    return text(200, "application/xml", readBackCached(item, state.options.mode, state));
  }
  if (ctx.method !== "POST") throw new ContainerError(400, "Bad Request");
  requirePermission(ctx, PERMISSIONS.ITEM_CONFIGURE);
  const configPath = path.join(item.dir, "config.xml");
  const { stored, type } = loadConfig(decodeXmlReader(ctx.body, contentTypeOf(ctx)), configPath, FRAME);
  if (type.className !== item.type.className) {
    // The job keeps its type: changing it needs delete + create.
    throw new Oops(
      "java.io.IOException",
      `Expecting class ${item.type.className} but got class ${type.className} instead`,
      [],
      FRAME,
    );
  }
  // Before 2.568 the posted document was stored as transformed; since then Jenkins saves the reloaded object.
  state.store.save(
    item,
    state.options.mode === "current"
      ? resave(stored, {}, activePlugins(state), writeFresh(state.secretKey, stored))
      : stored,
  );
  // The job is loaded again from the stored file: its Secret objects are new.
  reloadSecrets(state.secretKey, item);
  afterConfigSaved(state, item);
  return empty(200);
}
