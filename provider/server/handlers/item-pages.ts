/** GET /job/N/ (the item's page) and GET /job/N/api/json. */
import { itemJson } from "../api-json";
import type { RequestContext, ServerState } from "../context";
import { escapeHtml } from "../html";
import { infoOf } from "../item-info";
import type { Reply } from "../reply";
import { fullNameOf, type Item } from "../store";
import { htmlReply, jsonReply } from "./common";

export function itemPage(ctx: RequestContext, state: ServerState, item: Item): Reply {
  const info = infoOf(item);
  const children = item.type.isFolder
    ? `<table id="projectstatus">${state.store
        .children(item)
        .map(
          (c) =>
            `<tr id="job_${escapeHtml(c.name)}"><td><a href="job/${encodeURIComponent(c.name)}/">${escapeHtml(c.name)}</a></td></tr>`,
        )
        .join("")}</table>`
    : "";
  const status =
    item.type.canDisable && info.disabled ? '<div class="warning">This project is currently disabled</div>' : "";
  return htmlReply(
    ctx,
    state,
    fullNameOf(item),
    `<h1 class="job-index-headline page-headline">${escapeHtml(item.name)}</h1>\n<div id="description"><div>${escapeHtml(info.description)}</div></div>\n${status}${children}`,
  );
}

export function itemApiJson(ctx: RequestContext, state: ServerState, item: Item): Reply {
  return jsonReply(ctx, state, itemJson(item, state, ctx.origin, ctx.params.has("tree")));
}
