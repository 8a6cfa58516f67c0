/** POST /createItem?name=N and /job/F/createItem (ItemGroupMixIn.createTopLevelItem). */
import * as path from "node:path";
import { loadConfig } from "../config-load";
import { contentTypeOf, redirectLocation, type RequestContext, type ServerState } from "../context";
import { itemUrlPath } from "../api-json";
import { Failure, NotFound, Oops } from "../http-errors";
import { checkGoodName, javaTrim } from "../names";
import { PERMISSIONS } from "../permissions";
import { empty, reply, type Reply } from "../reply";
import type { Item } from "../store";
import { decodeXmlStream } from "../xml-body";
import { afterConfigSaved } from "../multibranch";
import { requirePermission, requirePost } from "./common";

const FRAME = "hudson.model.ItemGroupMixIn.createProjectFromXML(ItemGroupMixIn.java:287)";

function resolveCopySource(state: ServerState, parent: Item | undefined, from: string): Item | undefined {
  if (from.startsWith("/")) return state.store.byFullName(from.slice(1));
  return state.store.child(parent, from) ?? state.store.byFullName(from);
}

export function createItem(ctx: RequestContext, state: ServerState, parent: Item | undefined): Reply {
  if (ctx.method !== "POST") {
    // Jenkins.doCreateItem is @RequirePOST; a folder's createItem is only reachable by POST.
    if (parent) throw new NotFound();
    requirePermission(ctx, PERMISSIONS.ITEM_CREATE);
    requirePost(ctx);
  }
  requirePermission(ctx, PERMISSIONS.ITEM_CREATE);
  const contentType = contentTypeOf(ctx);
  const mode = ctx.params.get("mode");
  if (contentType === undefined && mode !== "copy") throw new Failure("No Content-Type header set");
  const isXml =
    contentType !== undefined && (contentType.startsWith("application/xml") || contentType.startsWith("text/xml"));
  const rawName = ctx.params.get("name");
  if (rawName === null) throw new Failure("Query parameter 'name' is required");
  checkGoodName(rawName);
  const name = javaTrim(rawName);
  if (state.store.child(parent, name)) throw new Failure(`A job already exists with the name \u2018${name}\u2019`);

  if (mode === "copy") {
    const from = ctx.params.get("from") ?? "";
    const src = resolveCopySource(state, parent, from);
    if (!src) throw new Failure(`No such job: ${from}`);
    const item = state.store.create(parent, name, src.xml, src.type);
    // Form-style creation sends the browser to the new item's configure page.
    return reply(302, [["Location", redirectLocation(ctx, state, itemUrlPath(item) + "configure")]]);
  }
  if (!isXml) {
    if (mode === null) throw new Failure("No mode given");
    throw new Failure(`No item type \u2018${mode}\u2019 is known`);
  }
  const configPath = path.join(state.store.jobsDirOf(parent), name, "config.xml");
  const { stored, type } = loadConfig(decodeXmlStream(ctx.body), configPath, FRAME);
  try {
    const created = state.store.create(parent, name, stored, type);
    afterConfigSaved(state, created);
  } catch (e) {
    // e.g. a name the filesystem refuses (too long): Jenkins fails the same way, with nothing left behind.
    throw new Oops(
      "java.nio.file.FileSystemException",
      `${configPath}: ${e instanceof Error ? e.message : String(e)}`,
      [],
      FRAME,
    );
  }
  return empty(200);
}
