/**
 * `/label/<expression>/…` (Jenkins.getLabel: any text is a label, so there is no 404: a label nothing has answers
 * with no nodes and no clouds) and `/computer/…` (ComputerSet). Both need only Overall/Read.
 */
import type { RequestContext, ServerState } from "../context";
import { escapeHtml } from "../html";
import { NotFound } from "../http-errors";
import { labelOf, nameOf } from "../nodes/label-expression";
import { computerSetJson, labelJson } from "../nodes/nodes";
import type { Reply } from "../reply";
import { htmlReply, jsonReply } from "./common";
import { addSlash } from "./root";

const isApiJson = (rest: string[]): boolean =>
  rest[0] === "api" && rest[1] === "json" && (rest.length === 2 || (rest.length === 3 && rest[2] === ""));

/** Api: a `tree` shows what it names at any nesting; otherwise nested nodes show their properties from depth=1. */
function wantsFullNodes(ctx: RequestContext): boolean {
  if (ctx.params.has("tree")) return true;
  const depth = Number.parseInt(ctx.params.get("depth") ?? "0", 10);
  return !Number.isNaN(depth) && depth >= 1;
}

/** `/label/<expression>` and below; `segment` is the decoded path segment. */
export function labelAction(ctx: RequestContext, state: ServerState, segment: string, rest: string[]): Reply {
  if (segment === "") throw new NotFound();
  const label = labelOf(segment);
  if (rest.length === 0) return addSlash(ctx, state);
  if (rest.length === 1 && rest[0] === "") {
    const doc = labelJson(state.options.nodes, label, true) as { nodes: Array<{ nodeName: string }> };
    const rows = doc.nodes.map((n) => `<li>${escapeHtml(n.nodeName === "" ? "Built-In Node" : n.nodeName)}</li>`);
    return htmlReply(
      ctx,
      state,
      `Label ${nameOf(label)}`,
      `<h1>Label ${escapeHtml(nameOf(label))}</h1><ul>${rows.join("")}</ul>`,
    );
  }
  if (isApiJson(rest)) return jsonReply(ctx, state, labelJson(state.options.nodes, label, wantsFullNodes(ctx)));
  throw new NotFound();
}

/** `/computer/…`: the node list. */
export function computerAction(ctx: RequestContext, state: ServerState, rest: string[]): Reply {
  if (rest.length === 0) return addSlash(ctx, state);
  if (isApiJson(rest)) return jsonReply(ctx, state, computerSetJson(state.options.nodes));
  if (rest.length === 1 && rest[0] === "") {
    const doc = computerSetJson(state.options.nodes) as { computer: Array<{ displayName: string }> };
    const rows = doc.computer.map((c) => `<tr><td>${escapeHtml(c.displayName)}</td></tr>`);
    return htmlReply(ctx, state, "Nodes", `<table id="computers">${rows.join("")}</table>`);
  }
  throw new NotFound();
}
