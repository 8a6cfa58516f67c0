/** Helpers shared by the handlers: permission checks, method checks, JSON and HTML answers. */
import { grantsOf, levelOf, userNameOf } from "../auth";
import type { RequestContext, ServerState } from "../context";
import { AccessDenied, jenkinsHeaders, MethodNotAllowed, type PageInfo } from "../http-errors";
import { jenkinsPage } from "../html";
import { hasPermission, type Permission } from "../permissions";
import { HTML, JSON_TYPE, reply, type Reply } from "../reply";
import { applyTree, parseTree, type Json } from "../tree-param";

export function pageInfo(ctx: Pick<RequestContext, "rawPath" | "rawQuery">, state: ServerState): PageInfo {
  return { version: state.options.version, instanceId: state.instanceId, rawPath: ctx.rawPath, rawQuery: ctx.rawQuery };
}

export function can(ctx: RequestContext, p: Permission): boolean {
  return hasPermission(levelOf(ctx.auth), p, grantsOf(ctx.auth));
}

export function requirePermission(ctx: RequestContext, p: Permission): void {
  if (!can(ctx, p)) throw new AccessDenied(userNameOf(ctx.auth), p);
}

/** @RequirePOST: other methods get 405 with Allow: POST. */
export function requirePost(ctx: RequestContext): void {
  if (ctx.method !== "POST") throw new MethodNotAllowed();
}

/** api/json answers carry X-Jenkins; a `tree` parameter filters the document. */
export function jsonReply(ctx: RequestContext, state: ServerState, doc: Json): Reply {
  const tree = ctx.params.get("tree");
  const out = tree ? applyTree(doc, parseTree(tree)) : doc;
  return reply(200, [["Content-Type", JSON_TYPE], ...jenkinsHeaders(pageInfo(ctx, state))], JSON.stringify(out));
}

export function htmlReply(ctx: RequestContext, state: ServerState, title: string, main: string): Reply {
  return reply(200, [["Content-Type", HTML], ...jenkinsHeaders(pageInfo(ctx, state))], jenkinsPage(title, main));
}

/** Stapler's TimeDuration: a bare number is milliseconds, "10sec" seconds, "2min" minutes. */
export function parseDelay(value: string | null): number | undefined {
  if (value === null || value.trim() === "") return undefined;
  const m = /^\s*(\d+)\s*(ms|milli|millis|sec|secs|second|seconds|min|mins|minute|minutes)?\s*$/i.exec(value);
  if (!m) return undefined;
  const n = Number(m[1]);
  const unit = (m[2] ?? "ms").toLowerCase();
  if (unit.startsWith("s")) return n * 1000;
  if (unit.startsWith("min")) return n * 60_000;
  return n;
}
