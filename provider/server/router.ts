/**
 * URL dispatch, after authentication and the crumb check: Overall/Read, then /job/a/job/b/... walks the item
 * tree (unknown or invisible item → 404), then the action names the handler.
 */
import type { RequestContext, ServerState } from "./context";
import { NotFound } from "./http-errors";
import { PERMISSIONS } from "./permissions";
import type { Reply } from "./reply";
import type { Item } from "./store";
import { can, requirePermission } from "./handlers/common";
import { build, buildWithParameters } from "./handlers/build";
import { configXml } from "./handlers/config-xml";
import { createItem } from "./handlers/create-item";
import { doDelete, httpDelete } from "./handlers/delete";
import { description } from "./handlers/description";
import { setEnabled } from "./handlers/enable-disable";
import { itemApiJson, itemPage } from "./handlers/item-pages";
import { polling } from "./handlers/polling";
import { move, movePage } from "./handlers/move";
import { pluginManager } from "./handlers/plugin-manager";
import { confirmRename } from "./handlers/rename";
import { buildJson } from "./api-json";
import { jsonReply } from "./handlers/common";
import { createView, viewAction } from "./handlers/views";
import { credentialsAction } from "./handlers/credentials";
import { isViewGroup } from "./view-store";
import { computerAction, labelAction } from "./handlers/nodes";
import { descriptorAction } from "./handlers/descriptors";
import { CONVERTER_URL, pipelineModelConverter } from "./handlers/pipeline-model-converter";
import { addSlash, crumbIssuer, dashboard, me, queueApi, queueItemApi, rootApiJson, whoAmI } from "./handlers/root";

type ItemHandler = (ctx: RequestContext, state: ServerState, item: Item) => Reply;

const ITEM_ACTIONS: Record<string, ItemHandler> = {
  "config.xml": configXml,
  description,
  enable: (c, s, i) => setEnabled(c, s, i, true),
  disable: (c, s, i) => setEnabled(c, s, i, false),
  doDelete,
  build,
  buildWithParameters,
  polling,
  confirmRename,
  doRename: confirmRename,
};

const isApiJson = (rest: string[]): boolean =>
  rest.length >= 2 &&
  rest[0] === "api" &&
  rest[1] === "json" &&
  (rest.length === 2 || (rest.length === 3 && rest[2] === ""));

function dropTrailingSlash(rest: string[]): string[] {
  return rest.length > 1 && rest[rest.length - 1] === "" ? rest.slice(0, -1) : rest;
}

function rootAction(ctx: RequestContext, state: ServerState, rest: string[]): Reply {
  if (rest.length === 0 || (rest.length === 1 && rest[0] === "")) return dashboard(ctx, state);
  if (isApiJson(rest)) return rootApiJson(ctx, state);
  const r = dropTrailingSlash(rest);
  if (r.length === 1 && r[0] === "createItem") return createItem(ctx, state, undefined);
  if (r.length === 1 && r[0] === "createView") return createView(ctx, state, undefined);
  if (r[0] === "view" && r.length >= 2) return viewAction(ctx, state, undefined, r[1], rest.slice(2));
  if (r[0] === "crumbIssuer" && isApiJson(r.slice(1))) return crumbIssuer(ctx, state);
  if (r[0] === "pluginManager") return pluginManager(ctx, state, r.slice(1));
  if (r[0] === "credentials" && r[1] === "store") return credentialsAction(ctx, state, undefined, r.slice(2));
  if (r[0] === "me" && isApiJson(r.slice(1))) return me(ctx, state);
  if (r[0] === "label" && rest.length >= 2) return labelAction(ctx, state, rest[1], rest.slice(2));
  if (r[0] === "computer") return computerAction(ctx, state, rest.slice(1));
  if (r[0] === "descriptorByName") return descriptorAction(ctx, state, undefined, r.slice(1));
  if (r[0] === CONVERTER_URL) return pipelineModelConverter(ctx, state, r.slice(1));
  if (r[0] === "queue" && isApiJson(r.slice(1))) return queueApi(ctx, state);
  if (r[0] === "queue" && r[1] === "item" && r.length >= 3 && (r.length === 3 || isApiJson(r.slice(3))))
    return queueItemApi(ctx, state, r[2]);
  throw new NotFound();
}

function itemAction(ctx: RequestContext, state: ServerState, item: Item, rest: string[]): Reply {
  if (rest.length === 0) {
    if (ctx.method === "DELETE") return httpDelete(ctx, state, item);
    return addSlash(ctx, state);
  }
  if (rest.length === 1 && rest[0] === "") {
    if (ctx.method === "DELETE") return httpDelete(ctx, state, item);
    return itemPage(ctx, state, item);
  }
  if (isApiJson(rest)) return itemApiJson(ctx, state, item);
  if (!item.type.isFolder && /^[1-9][0-9]*$/.test(rest[0]) && isApiJson(rest.slice(1))) {
    const run = buildJson(item, state, ctx.origin, Number(rest[0]));
    if (!run) throw new NotFound();
    return jsonReply(ctx, state, run);
  }
  const r = dropTrailingSlash(rest);
  if (r[0] === "descriptorByName") return descriptorAction(ctx, state, item, r.slice(1));
  if (r[0] === "move" && (r.length === 1 || (r.length === 2 && r[1] === ""))) return movePage(ctx, state, item);
  if (r.length === 2 && r[0] === "move" && r[1] === "move") return move(ctx, state, item);
  if (item.type.isFolder && r[0] === "credentials" && r[1] === "store")
    return credentialsAction(ctx, state, item, r.slice(2));
  if (isViewGroup(item)) {
    if (r.length === 1 && r[0] === "createView") return createView(ctx, state, item);
    if (r[0] === "view" && r.length >= 2) return viewAction(ctx, state, item, r[1], rest.slice(2));
  }
  if (r.length === 1) {
    if (r[0] === "createItem") {
      // Only a plain folder takes new items; computed folders (multibranch, organization) make their own.
      if (item.type.root !== "com.cloudbees.hudson.plugins.folder.Folder") throw new NotFound();
      return createItem(ctx, state, item);
    }
    const handler = Object.prototype.hasOwnProperty.call(ITEM_ACTIONS, r[0]) ? ITEM_ACTIONS[r[0]] : undefined;
    if (handler) return handler(ctx, state, item);
  }
  throw new NotFound();
}

export function dispatch(ctx: RequestContext, state: ServerState): Reply {
  const segs = ctx.segments;
  // whoAmI is readable without Overall/Read, so anonymous callers can find out who they are.
  if (segs[0] === "whoAmI" && isApiJson(dropTrailingSlash(segs.slice(1)))) return whoAmI(ctx, state);
  requirePermission(ctx, PERMISSIONS.OVERALL_READ);
  let item: Item | undefined;
  let i = 0;
  while (segs[i] === "job" && i + 1 < segs.length) {
    const child = state.store.child(item, segs[i + 1]);
    if (!child || !can(ctx, PERMISSIONS.ITEM_READ)) throw new NotFound();
    // Only folders have children; /job/x/job/y on a plain job is a 404.
    item = child;
    i += 2;
    if (segs[i] === "job" && !item.type.isFolder) throw new NotFound();
  }
  const rest = segs.slice(i);
  return item ? itemAction(ctx, state, item, rest) : rootAction(ctx, state, rest);
}
