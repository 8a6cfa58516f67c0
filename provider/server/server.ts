/**
 * The request pipeline, in the order Jenkins applies it: semicolons (400) → Basic authentication (401) →
 * crumb for POSTs unless authenticated by API token (403) → URL dispatch (404) → permission (403) → 405.
 * Fault injection wraps the pipeline for item endpoints; before it, the load model (load-model.ts), when on, makes
 * every request wait by the requests in flight or answers 503 past its threshold.
 */
import * as http from "node:http";
import type { Socket } from "node:net";
import { authenticate } from "./auth";
import type { RequestContext, ServerState } from "./context";
import { FaultInjector } from "./faults";
import type { LoadTracker } from "./load-model";
import { containerErrorReply, errorToReply, oopsReply, Oops, type PageInfo } from "./http-errors";
import type { RequestRecord } from "./options";
import { reply, type Reply } from "./reply";
import { decodeSegments, requestParams, splitTarget } from "./request-parse";
import { dispatch } from "./router";
import { pageInfo } from "./handlers/common";
import { MAX_CONFIG_BYTES } from "./store";
import { runStartedBuilds } from "./pipeline/runs";
import { CONVERTER_URL, hasLinter } from "./handlers/pipeline-model-converter";

/** CrumbExclusions of installed plugins: the linter's paths (ModelConverterActionCrumbExclusion). */
function crumbExcluded(segments: string[], state: ServerState): boolean {
  return segments.length >= 2 && segments[0] === CONVERTER_URL && hasLinter(state);
}

export interface Pipeline {
  state: ServerState;
  requests: RequestRecord[];
  faults: FaultInjector;
  /** Requests in flight, and the load model that slows answers down with them. */
  load: LoadTracker;
  /** Called with each request once it is answered (or its connection dropped after the state changed). */
  answered: Set<(record: RequestRecord) => void>;
}

function tell(p: Pipeline, record: RequestRecord): void {
  for (const listener of [...p.answered]) listener(record);
}

function readBody(req: http.IncomingMessage): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on("data", (c: Buffer) => {
      size += c.length;
      if (size > MAX_CONFIG_BYTES) tooLarge = true;
      else chunks.push(c);
    });
    req.on("end", () => resolve(tooLarge ? undefined : Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

function faultReply(status: number, info: PageInfo, retryAfterS?: number): Reply {
  if (status === 500) return oopsReply(new Oops("java.lang.IllegalStateException", "Injected failure"), info);
  const phrase = http.STATUS_CODES[status] ?? "Error";
  // What a reverse proxy in front of Jenkins answers by itself: its own small page and Server header, no X-Jenkins.
  return reply(
    status,
    [
      ["Content-Type", "text/html"],
      ["Server", "nginx"],
      ...(retryAfterS === undefined ? [] : [["Retry-After", String(retryAfterS)] as [string, string]]),
    ],
    `<html><head><title>${status} ${phrase}</title></head><body><center><h1>${status} ${phrase}</h1></center><hr><center>nginx</center></body></html>\n`,
  );
}

/**
 * What Jenkins answers while it starts up: a page of its own drawn before Jenkins can advertise itself, so without
 * X-Jenkins (HudsonIsLoading), told by its booting block.
 */
function restartingReply(): Reply {
  return reply(
    503,
    [
      ["Content-Type", "text/html;charset=utf-8"],
      ["Expires", "0"],
      ["Cache-Control", "no-cache,no-store,must-revalidate"],
      ["Retry-After", "1"],
    ],
    '<!DOCTYPE html><html><head><title>Starting Jenkins</title></head><body><div class="simple-page" role="main">' +
      '<div class="app-jenkins-booting"><h1 class="loading">Please wait while Jenkins is getting ready to work\u2026</h1>' +
      '<p class="restarting">Your browser will reload automatically when Jenkins is ready.</p></div></div></body></html>\n',
  );
}

/** Everything up to and including the handler; never throws. */
export function answer(
  ctx: Omit<RequestContext, "segments" | "params" | "auth" | "sessionId">,
  state: ServerState,
  record: RequestRecord,
): Reply {
  const info = pageInfo(ctx, state);
  // Builds whose quiet period ended have run by now: a pipeline's run may have rewritten its job's config.
  runStartedBuilds(state);
  if (ctx.rawPath.includes(";")) return containerErrorReply(400, "Semicolons are not allowed in the request URI", info);
  let segments: string[];
  try {
    segments = decodeSegments(ctx.rawPath);
  } catch (e) {
    return errorToReply(e, info);
  }
  const auth = authenticate(ctx.headers, state.options.users);
  if (auth.kind === "invalid") {
    return containerErrorReply(401, "Unauthorized", info, [["WWW-Authenticate", 'Basic realm="Jenkins"']]);
  }
  if (auth.kind === "user") {
    record.user = auth.name;
    record.viaToken = auth.viaToken;
  }
  const contentType = ctx.headers["content-type"];
  const params = requestParams(ctx.rawQuery, contentType, ctx.body);
  const sessionId = state.sessions.find(ctx.headers);
  const full: RequestContext = { ...ctx, segments, params, auth, sessionId };
  if (
    ctx.method === "POST" &&
    state.options.csrf &&
    !(auth.kind === "user" && auth.viaToken) &&
    !crumbExcluded(segments, state)
  ) {
    const header = ctx.headers["jenkins-crumb"];
    const crumb = (Array.isArray(header) ? header[0] : header) ?? params.get("Jenkins-Crumb") ?? undefined;
    const user = auth.kind === "user" ? auth.name : "anonymous";
    if (!state.sessions.isValidCrumb(crumb, sessionId, user)) {
      return containerErrorReply(403, "No valid crumb was included in the request", info);
    }
  }
  try {
    return dispatch(full, state);
  } catch (e) {
    return errorToReply(e, info);
  }
}

function write(res: http.ServerResponse, r: Reply, method: string): void {
  const headers: Record<string, string | string[]> = {};
  for (const [k, v] of r.headers) {
    const prev = headers[k];
    headers[k] = prev === undefined ? v : Array.isArray(prev) ? [...prev, v] : [prev, v];
  }
  if (r.status !== 204 && r.status !== 304) headers["Content-Length"] = String(r.body.length);
  res.writeHead(r.status, headers);
  res.end(method === "HEAD" || r.status === 204 ? undefined : r.body);
}

function drop(socket: Socket): void {
  socket.destroy();
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

export function createHandler(p: Pipeline): http.RequestListener {
  return (req, res) => {
    void (async () => {
      const { rawPath, rawQuery } = splitTarget(req.url ?? "/");
      const method = req.method ?? "GET";
      const record: RequestRecord = { method, path: rawPath, query: rawQuery, status: 0, viaToken: false };
      p.requests.push(record);
      // Decided on arrival, from the requests found in flight; applied once the body is read.
      const load = p.load.arrived();
      res.once("close", () => p.load.left());
      const body = await readBody(req);
      const host = req.headers.host ?? `${p.state.options.host}`;
      const base = {
        method,
        rawPath,
        rawQuery,
        headers: req.headers,
        body: body ?? Buffer.alloc(0),
        origin: `${p.state.options.tls ? "https" : "http"}://${host}`,
      };
      if (body === undefined) {
        record.status = 413;
        write(res, containerErrorReply(413, "Payload Too Large", pageInfo(base, p.state)), method);
        return;
      }
      if (Date.now() < p.state.restartingUntil) {
        record.status = 503;
        write(res, restartingReply(), method);
        return;
      }
      if (load?.kind === "overloaded") {
        record.fault = "overload";
        record.status = 503;
        write(res, faultReply(503, pageInfo(base, p.state), load.retryAfterS), method);
        tell(p, record);
        return;
      }
      if (load !== undefined) {
        record.loadWaitMs = load.waitMs;
        if (load.waitMs > 0) await sleep(load.waitMs);
      }
      let decision: ReturnType<FaultInjector["decide"]> = { kind: "none" };
      if (p.faults.appliesTo(rawPath)) {
        const latencyMs = p.faults.latencyOf(method);
        if (latencyMs > 0) await sleep(latencyMs);
        decision = p.faults.decide();
      }
      if (decision.kind === "dropBefore") {
        record.fault = "dropBefore";
        drop(req.socket);
        return;
      }
      if (decision.kind === "error") {
        record.fault = "error";
        record.status = decision.status;
        write(res, faultReply(decision.status, pageInfo(base, p.state)), method);
        return;
      }
      const r = answer(base, p.state, record);
      if (decision.kind === "dropAfter") {
        // The state change has happened; only the answer is lost.
        record.fault = "dropAfter";
        record.status = r.status;
        drop(req.socket);
        tell(p, record);
        return;
      }
      record.status = r.status;
      write(res, r, method);
      tell(p, record);
    })().catch((e: unknown) => {
      if (!res.headersSent) {
        const info = {
          version: p.state.options.version,
          instanceId: p.state.instanceId,
          rawPath: req.url ?? "/",
          rawQuery: "",
        };
        write(res, errorToReply(e, info), req.method ?? "GET");
      } else {
        res.destroy();
      }
    });
  };
}
