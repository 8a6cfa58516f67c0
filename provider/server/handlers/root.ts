/** Root-level endpoints: dashboard, /api/json, /crumbIssuer, /whoAmI, /me, the build queue. */
import { itemUrlPath, rootJson } from "../api-json";
import { redirectLocation, type RequestContext, type ServerState } from "../context";
import { escapeHtml } from "../html";
import { NotFound } from "../http-errors";
import type { QueueItem } from "../queue";
import { reply, type Reply } from "../reply";
import { htmlReply, jsonReply } from "./common";
import type { Json } from "../tree-param";

export function dashboard(ctx: RequestContext, state: ServerState): Reply {
  const rows = state.store
    .children(undefined)
    .map(
      (c) =>
        `<tr id="job_${escapeHtml(c.name)}"><td><a href="job/${encodeURIComponent(c.name)}/">${escapeHtml(c.name)}</a></td></tr>`,
    );
  return htmlReply(ctx, state, "Dashboard", `<table id="projectstatus">${rows.join("")}</table>`);
}

export function rootApiJson(ctx: RequestContext, state: ServerState): Reply {
  return jsonReply(ctx, state, rootJson(state, ctx.origin, ctx.params.has("tree")));
}

/** Fetching a crumb always creates a session when the request has none; the crumb is bound to it. */
export function crumbIssuer(ctx: RequestContext, state: ServerState): Reply {
  if (!state.options.csrf) throw new NotFound();
  let sessionId = ctx.sessionId;
  const extra: Array<[string, string]> = [];
  if (!sessionId) {
    const s = state.sessions.create();
    sessionId = s.id;
    extra.push(["Set-Cookie", s.setCookie]);
  }
  const user = ctx.auth.kind === "user" ? ctx.auth.name : "anonymous";
  const r = jsonReply(ctx, state, {
    _class: "hudson.security.csrf.DefaultCrumbIssuer",
    crumb: state.sessions.crumbFor(sessionId, user),
    crumbRequestField: "Jenkins-Crumb",
  });
  r.headers.push(...extra);
  return r;
}

export function whoAmI(ctx: RequestContext, state: ServerState): Reply {
  const name = ctx.auth.kind === "user" ? ctx.auth.name : "anonymous";
  const anonymous = ctx.auth.kind !== "user";
  return jsonReply(ctx, state, {
    _class: "hudson.security.WhoAmI",
    anonymous,
    authenticated: !anonymous,
    authorities: anonymous ? ["anonymous"] : ["authenticated"],
    details: null,
    name,
    toString: `${name}`,
  });
}

export function me(ctx: RequestContext, state: ServerState): Reply {
  const name = ctx.auth.kind === "user" ? ctx.auth.name : "anonymous";
  return jsonReply(ctx, state, {
    _class: "hudson.model.User",
    absoluteUrl: `${ctx.origin}/user/${encodeURIComponent(name)}`,
    description: null,
    fullName: name,
    id: name,
    property: [],
  });
}

const BUILD_CLASS: Record<string, string> = {
  "hudson.model.FreeStyleProject": "hudson.model.FreeStyleBuild",
  "org.jenkinsci.plugins.workflow.job.WorkflowJob": "org.jenkinsci.plugins.workflow.job.WorkflowRun",
  "hudson.matrix.MatrixProject": "hudson.matrix.MatrixBuild",
  "hudson.maven.MavenModuleSet": "hudson.maven.MavenModuleSetBuild",
};

function queueItemJson(q: QueueItem, ctx: RequestContext, state: ServerState): Json {
  const item = state.store.byFullName(q.job);
  const jobUrl = item
    ? ctx.origin + itemUrlPath(item)
    : `${ctx.origin}/job/${q.job.split("/").map(encodeURIComponent).join("/job/")}/`;
  const task = {
    _class: item?.type.className ?? "hudson.model.FreeStyleProject",
    name: q.job.split("/").pop() ?? q.job,
    url: jobUrl,
  };
  const params = Object.entries(q.params)
    .map(([k, v]) => `\n${k}=${v}`)
    .join("");
  const common = {
    actions: [
      {
        _class: "hudson.model.CauseAction",
        causes: [{ _class: "hudson.model.Cause$UserIdCause", shortDescription: "Started by user" }],
      },
    ],
    blocked: false,
    id: q.id,
    inQueueSince: q.queuedAt,
    params,
    stuck: false,
    task,
    url: `queue/item/${q.id}/`,
  };
  if (state.queue.isWaiting(q)) {
    const left = Math.max(0, q.queuedAt + state.options.quietPeriodMs - Date.now());
    return {
      _class: "hudson.model.Queue$WaitingItem",
      ...common,
      buildable: false,
      why: `In the quiet period. Expires in ${left} ms`,
      timestamp: q.queuedAt + state.options.quietPeriodMs,
    };
  }
  return {
    _class: "hudson.model.Queue$LeftItem",
    ...common,
    buildable: false,
    why: null,
    cancelled: q.cancelled,
    executable: q.cancelled
      ? null
      : {
          _class: BUILD_CLASS[task._class] ?? "hudson.model.Run",
          number: q.buildNumber,
          url: `${jobUrl}${q.buildNumber}/`,
        },
  };
}

export function queueItemApi(ctx: RequestContext, state: ServerState, id: string): Reply {
  const q = /^\d+$/.test(id) ? state.queue.get(Number(id)) : undefined;
  if (!q) throw new NotFound();
  return jsonReply(ctx, state, queueItemJson(q, ctx, state));
}

export function queueApi(ctx: RequestContext, state: ServerState): Reply {
  return jsonReply(ctx, state, {
    _class: "hudson.model.Queue",
    discoverableItems: [],
    items: state.queue.waiting().map((q) => queueItemJson(q, ctx, state)),
  });
}

/** Stapler adds the trailing slash to an object's URL with a redirect. */
export function addSlash(ctx: RequestContext, state: ServerState): Reply {
  return reply(302, [
    ["Location", redirectLocation(ctx, state, ctx.rawPath + "/" + (ctx.rawQuery ? "?" + ctx.rawQuery : ""))],
  ]);
}
