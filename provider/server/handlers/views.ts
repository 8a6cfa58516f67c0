/**
 * Views of the root and of folders: POST createView?name=N with an XML body (View.create), GET|POST
 * view/N/config.xml (View.doConfigDotXml, updateByXml), POST view/N/configSubmit (View.doConfigSubmit: the form,
 * and a rename by its `name`), POST view/N/doDelete (View.doDoDelete), view/N/api/json and the view's page.
 */
import { itemUrlPath } from "../api-json";
import { contentTypeOf, redirectLocation, type RequestContext, type ServerState } from "../context";
import { ContainerError, Failure, NotFound, Oops } from "../http-errors";
import { checkGoodName } from "../names";
import { PERMISSIONS } from "../permissions";
import { empty, reply, text, type Reply } from "../reply";
import type { ViewOwner } from "../view-store";
import { decodeXmlReader, decodeXmlStream } from "../xml-body";
import { loadView, viewClassOf, viewNameOf, ViewLoadError, writeView } from "../xstream/views";
import { viewJson } from "../view-json";
import { submittedView, type ViewForm } from "../view-form";
import { fullNameOf, type Item } from "../store";
import { activePlugins } from "./plugin-manager";
import { escapeHtml } from "../html";
import { htmlReply, jsonReply, requirePermission, requirePost } from "./common";

const CREATE_FRAME = "hudson.model.View.createViewFromXML(View.java:1395)";
const UPDATE_FRAME = "hudson.model.View.updateByXml(View.java:1290)";

function load(state: ServerState, body: string, name: string, frame: string) {
  try {
    return loadView(body, name, activePlugins(state));
  } catch (e) {
    if (!(e instanceof ViewLoadError)) throw e;
    throw new Oops("java.io.IOException", "Unable to read", [{ javaClass: e.javaClass, message: e.message }], frame);
  }
}

export function ownerUrlPath(owner: ViewOwner): string {
  return owner ? itemUrlPath(owner) : "/";
}

export function createView(ctx: RequestContext, state: ServerState, owner: ViewOwner): Reply {
  requirePermission(ctx, PERMISSIONS.VIEW_CREATE);
  requirePost(ctx);
  const contentType = contentTypeOf(ctx);
  const mode = ctx.params.get("mode");
  if (contentType === undefined && mode !== "copy") throw new Failure("No Content-Type header set");
  const isXml =
    contentType !== undefined && (contentType.startsWith("application/xml") || contentType.startsWith("text/xml"));
  const name = ctx.params.get("name");
  checkGoodName(name);
  const viewName = name as string;
  const group = state.views.group(owner);
  if (group.views.some((v) => viewNameOf(v) === viewName))
    throw new Failure(`A view already exists with the name "${viewName}"`);
  if (mode === "copy") {
    const from = group.views.find((v) => viewNameOf(v) === (ctx.params.get("from") ?? ""));
    if (!from) throw new Failure(`No such view: ${ctx.params.get("from") ?? ""}`);
    state.views.save(owner, [...group.views, load(state, writeView(from), viewName, CREATE_FRAME)]);
    return reply(302, [
      [
        "Location",
        redirectLocation(ctx, state, `${ownerUrlPath(owner)}view/${encodeURIComponent(viewName)}/configure`),
      ],
    ]);
  }
  if (mode !== null && mode !== "") throw new Failure(`No view type \u2018${mode}\u2019 is known`);
  if (!isXml) throw new Failure("No mode given");
  const view = load(state, decodeXmlStream(ctx.body), viewName, CREATE_FRAME);
  state.views.save(owner, [...group.views, view]);
  return empty(200);
}

function viewConfig(
  ctx: RequestContext,
  state: ServerState,
  owner: ViewOwner,
  view: ReturnType<typeof loadView>,
): Reply {
  if (ctx.method === "GET" || ctx.method === "HEAD") {
    requirePermission(ctx, PERMISSIONS.VIEW_READ);
    return text(200, "application/xml", writeView(view));
  }
  if (ctx.method !== "POST") throw new ContainerError(400, `Unexpected request method ${ctx.method}`);
  requirePermission(ctx, PERMISSIONS.VIEW_CONFIGURE);
  const name = viewNameOf(view);
  const updated = load(state, decodeXmlReader(ctx.body, contentTypeOf(ctx)), name, UPDATE_FRAME);
  if (viewClassOf(updated) !== viewClassOf(view)) {
    throw new Oops(
      "java.io.IOException",
      `Expecting view type: class ${viewClassOf(view)} but got: class ${viewClassOf(updated)} instead.\n` +
        "Should you needed to change to a new view type, you must first delete and then re-create the view with the new view type.",
      [],
      UPDATE_FRAME,
    );
  }
  const group = state.views.group(owner);
  state.views.save(
    owner,
    group.views.map((v) => (viewNameOf(v) === name ? updated : v)),
  );
  return empty(200);
}

/** The JSON form of a submission (StaplerRequest.getSubmittedForm), refused as Jenkins refuses a request without one. */
function submittedForm(ctx: RequestContext): ViewForm {
  const json = ctx.params.get("json");
  if (json === null) {
    const params = Object.fromEntries([...ctx.params.keys()].map((k) => [k, ctx.params.getAll(k)]));
    throw new Oops(
      "jakarta.servlet.ServletException",
      `This page expects a form submission but had only ${JSON.stringify(params)}`,
    );
  }
  try {
    const form: unknown = JSON.parse(json);
    return typeof form === "object" && form !== null ? (form as ViewForm) : {};
  } catch {
    throw new Oops("net.sf.json.JSONException", "A JSONObject text must begin with '{' at character 1 of " + json);
  }
}

/** Relative names of the items a list view of `owner` may tick: its own, or all below it with `recurse`. */
function viewCandidates(state: ServerState, owner: ViewOwner, recurse: boolean): string[] {
  const prefix = owner === undefined ? "" : `${fullNameOf(owner)}/`;
  const out: string[] = [];
  const walk = (parent: Item | undefined): void => {
    for (const c of state.store.children(parent)) {
      out.push(fullNameOf(c).slice(prefix.length));
      if (recurse && c.type.isFolder) walk(c);
    }
  };
  walk(owner);
  return out;
}

/**
 * `POST view/N/configSubmit`: the form replaces what it carries, then `name` renames the view (View.rename: the
 * same name is no change; a bad name is refused by checkGoodName, a taken one with "A view already exists with
 * the name"), a renamed primary view stays primary, and the answer redirects to the view under its new name.
 * Refused before anything changes, as Jenkins saves only after the rename.
 */
function configSubmit(
  ctx: RequestContext,
  state: ServerState,
  owner: ViewOwner,
  view: ReturnType<typeof loadView>,
): Reply {
  requirePermission(ctx, PERMISSIONS.VIEW_CONFIGURE);
  requirePost(ctx);
  const form = submittedForm(ctx);
  const oldName = viewNameOf(view);
  const newName = ctx.params.get("name");
  const group = state.views.group(owner);
  if (newName !== oldName) {
    checkGoodName(newName);
    if (group.views.some((v) => viewNameOf(v) === newName))
      throw new Failure(`A view already exists with the name "${newName as string}"`);
  }
  const name = newName as string;
  const submitted = submittedView(view, form, ctx.params, (recurse) => viewCandidates(state, owner, recurse));
  const updated = load(state, writeView(submitted), name, UPDATE_FRAME);
  state.views.save(
    owner,
    group.views.map((v) => (viewNameOf(v) === oldName ? updated : v)),
    group.primaryView === oldName && name !== oldName ? name : undefined,
  );
  return reply(302, [
    ["Location", redirectLocation(ctx, state, `${ownerUrlPath(owner)}view/${encodeURIComponent(name)}`)],
  ]);
}

function deleteView(ctx: RequestContext, state: ServerState, owner: ViewOwner, name: string): Reply {
  requirePermission(ctx, PERMISSIONS.VIEW_DELETE);
  requirePost(ctx);
  const group = state.views.group(owner);
  if (group.views.length <= 1) throw new Oops("java.lang.IllegalStateException", "Cannot delete last view");
  if (group.primaryView === name) throw new Oops("java.lang.IllegalStateException", "Cannot delete primary view");
  state.views.save(
    owner,
    group.views.filter((v) => viewNameOf(v) !== name),
  );
  return reply(302, [["Location", redirectLocation(ctx, state, ownerUrlPath(owner))]]);
}

/** `rest` is what follows `view/N/` (empty for the view's page). */
export function viewAction(
  ctx: RequestContext,
  state: ServerState,
  owner: ViewOwner,
  name: string,
  rest: string[],
): Reply {
  const view = state.views.find(owner, name);
  if (!view) throw new NotFound();
  requirePermission(ctx, PERMISSIONS.VIEW_READ);
  const r = rest.length > 1 && rest[rest.length - 1] === "" ? rest.slice(0, -1) : rest;
  if (r.length === 0 || (r.length === 1 && r[0] === "")) {
    const jobs = viewJson(state, owner, view, ctx.origin).jobs as Array<{ name: string }>;
    const rows = jobs.map((j) => `<tr id="job_${escapeHtml(j.name)}"><td>${escapeHtml(j.name)}</td></tr>`);
    return htmlReply(ctx, state, name, `<table id="projectstatus">${rows.join("")}</table>`);
  }
  if (r.length === 2 && r[0] === "api" && r[1] === "json")
    return jsonReply(ctx, state, viewJson(state, owner, view, ctx.origin));
  if (r.length === 1 && r[0] === "config.xml") return viewConfig(ctx, state, owner, view);
  if (r.length === 1 && r[0] === "configSubmit") return configSubmit(ctx, state, owner, view);
  if (r.length === 1 && r[0] === "doDelete") return deleteView(ctx, state, owner, name);
  throw new NotFound();
}
