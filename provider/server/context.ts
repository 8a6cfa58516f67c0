/** What every handler gets: the parsed request plus the server's state. */
import type { IncomingHttpHeaders } from "node:http";
import type { ResolvedOptions } from "./options";
import type { AuthResult } from "./auth";
import type { JobStore } from "./store";
import type { ViewStore } from "./view-store";
import type { CredentialStores } from "./credentials/stores";
import type { BuildQueue } from "./queue";
import type { SessionStore } from "./sessions";
import type { PollRecord } from "./options";

export interface ServerState {
  options: ResolvedOptions;
  store: JobStore;
  views: ViewStore;
  /** The system store and the folders' stores of the credentials plugin. */
  credentials: CredentialStores;
  queue: BuildQueue;
  sessions: SessionStore;
  polls: PollRecord[];
  /** Changes at every restart, like X-Jenkins-Session. */
  instanceId: string;
  /** While a restart is in progress (epoch ms): every request gets 503. */
  restartingUntil: number;
  /** Repository URL → its branches, what multibranch indexing finds (multibranch.ts). */
  repositories: Map<string, readonly string[]>;
  /** The key of `hudson.util.Secret` fields (secrets/item-secrets.ts), kept in the home across restarts. */
  secretKey: Buffer;
}

export interface RequestContext {
  method: string;
  /** Raw path as sent (percent-encoded). */
  rawPath: string;
  rawQuery: string;
  /** Decoded path segments; a trailing slash gives a final "". */
  segments: string[];
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** Query string parameters, plus form fields for application/x-www-form-urlencoded bodies (like Stapler). */
  params: URLSearchParams;
  auth: AuthResult;
  /** Base URL derived from the Host header, "http://host:port" without trailing slash. */
  origin: string;
  sessionId?: string;
}

/** Jetty 12 writes path-only Locations; older containers made them absolute. */
export function redirectLocation(ctx: RequestContext, state: ServerState, path: string): string {
  return state.options.pathOnlyRedirects ? path : ctx.origin + path;
}

export function contentTypeOf(ctx: RequestContext): string | undefined {
  const ct = ctx.headers["content-type"];
  return ct === undefined ? undefined : String(ct);
}
