/**
 * POST /job/N/build and /job/N/buildWithParameters (ParameterizedJobMixIn, ParametersDefinitionProperty,
 * BuildAuthorizationToken). Order: not buildable (409) → parameter form on GET → Job/Build permission →
 * POST required unless authenticated by API token → parameters.
 */
import { escapeHtml } from "../html";
import type { RequestContext, ServerState } from "../context";
import { Failure, MethodNotAllowed, NotFound, Oops, StatusError } from "../http-errors";
import { infoOf, type ParameterDefinition } from "../item-info";
import { PERMISSIONS } from "../permissions";
import { reply, type Reply } from "../reply";
import { fullNameOf, type Item } from "../store";
import { isMultibranch } from "../multibranch";
import { htmlReply, parseDelay, requirePermission } from "./common";
import { scanNow } from "./scan";

function checkBuildable(item: Item): void {
  if (item.type.isFolder) throw new NotFound();
  if (item.type.canDisable && infoOf(item).disabled) {
    throw new StatusError(409, `${fullNameOf(item)} is not buildable`);
  }
}

function checkBuildPermission(ctx: RequestContext): void {
  requirePermission(ctx, PERMISSIONS.ITEM_BUILD);
  const viaToken = ctx.auth.kind === "user" && ctx.auth.viaToken;
  if (ctx.method !== "POST" && !viaToken) throw new MethodNotAllowed();
}

/** Values from the `json` form field: {"parameter":[{"name":"A","value":"x"}]} or a single object. */
function fromJsonField(json: string | null, defs: ParameterDefinition[]): Record<string, string> {
  if (json === null || json === "") throw new Failure("Nothing is submitted");
  let form: unknown;
  try {
    form = JSON.parse(json);
  } catch (e) {
    throw new Oops("net.sf.json.JSONException", e instanceof Error ? e.message : String(e));
  }
  const raw = (form as { parameter?: unknown } | null)?.parameter;
  const list = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  const values: Record<string, string> = {};
  for (const d of defs) values[d.name] = d.defaultValue;
  for (const entry of list) {
    const { name, value } = (entry ?? {}) as { name?: unknown; value?: unknown };
    if (typeof name !== "string" || !defs.some((d) => d.name === name)) {
      throw new Oops("java.lang.IllegalArgumentException", `No such parameter definition: ${String(name)}`);
    }
    values[name] = value === undefined || value === null ? "" : String(value);
  }
  return values;
}

function schedule(ctx: RequestContext, state: ServerState, item: Item, params: Record<string, string>): Reply {
  const q = state.queue.schedule(fullNameOf(item), params, parseDelay(ctx.params.get("delay")));
  // 201 Locations are always absolute, also on Jetty 12.
  return reply(201, [["Location", `${ctx.origin}/queue/item/${q.id}/`]]);
}

export function build(ctx: RequestContext, state: ServerState, item: Item): Reply {
  if (isMultibranch(item)) return scanNow(ctx, state, item);
  checkBuildable(item);
  const defs = infoOf(item).parameters;
  if (defs && ctx.method !== "POST") {
    const rows = defs.map(
      (d) =>
        `<tr><td>${escapeHtml(d.name)}</td><td><input name="value" value="${escapeHtml(d.defaultValue)}"></td></tr>`,
    );
    return htmlReply(
      ctx,
      state,
      fullNameOf(item),
      `<h1>Pipeline ${escapeHtml(item.name)}</h1>\n<p>This build requires parameters:</p>\n<form method="post" action="build"><table>${rows.join("")}</table></form>`,
    );
  }
  checkBuildPermission(ctx);
  return schedule(ctx, state, item, defs ? fromJsonField(ctx.params.get("json"), defs) : {});
}

export function buildWithParameters(ctx: RequestContext, state: ServerState, item: Item): Reply {
  checkBuildable(item);
  checkBuildPermission(ctx);
  const defs = infoOf(item).parameters;
  if (!defs) {
    throw new StatusError(
      400,
      `${item.type.className}@${(fullNameOf(item).length * 7919).toString(16)}[${fullNameOf(item)}] is not parameterized`,
      "java.lang.IllegalStateException",
    );
  }
  const values: Record<string, string> = {};
  for (const d of defs) values[d.name] = ctx.params.get(d.name) ?? d.defaultValue;
  return schedule(ctx, state, item, values);
}
