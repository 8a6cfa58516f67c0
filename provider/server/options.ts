/** Public option and record types of the Jenkins-compatible server, and their defaults. */
import { INSTALLED_PLUGINS } from "./xstream/plugins";
import { randomBytes } from "node:crypto";
import type { AgentSpec, CloudSpec, NodeModel } from "./nodes/specs";
import { TOOL_TYPES } from "./lint/declarative";
import type { LoadSettings } from "./load-model";

export type { AgentSpec, CloudSpec } from "./nodes/specs";
export type { LoadSettings, LoadStats } from "./load-model";

/** A tool installation of the global tool configuration: `type` as a declarative `tools {}` block names it. */
export interface ToolSpec {
  /** "maven", "jdk", "gradle", "nodejs", "ant", "git", "dockerTool", ... */
  type: string;
  name: string;
}

export type ServerMode = "legacy" | "current";
export type PermissionLevel = "admin" | "read";

export interface UserSpec {
  name: string;
  password: string;
  apiToken?: string;
  permissions: PermissionLevel;
  /** Single permission ids granted on top of the level (e.g. "com.cloudbees.plugins.credentials.CredentialsProvider.View"). */
  grants?: readonly string[];
}

export interface JenkinsServerOptions {
  /** 0 = random (default). */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** config.xml GET: stored bytes ("legacy") or re-serialized ("current", default). */
  mode?: ServerMode;
  /** X-Jenkins value; default "2.580" for current, "2.555" for legacy. */
  version?: string;
  /** Jenkins-home-like folder; default: a fresh temporary folder removed by close(). */
  dataDir?: string;
  /** Default: admin/admin (with an API token) and reader/reader (read-only). */
  users?: UserSpec[];
  /** CSRF protection (crumbs); default true. */
  csrf?: boolean;
  /** Jetty 12 writes path-only redirect Locations (default true); false → absolute like older containers. */
  pathOnlyRedirects?: boolean;
  /** Quiet period of the build queue in ms (Jenkins default 5 s): builds triggered while queued are merged. */
  quietPeriodMs?: number;
  /** PEM certificate and key: serve HTTPS instead of HTTP (Jenkins behind TLS, e.g. with a private CA). */
  tls?: { cert: string; key: string };
  /**
   * Installed plugins, short name → version. Default: what the server's own item types and the usual job configs
   * use (xstream/plugins.ts). Elements of plugins that are not installed (or disabled) are dropped on save.
   */
  plugins?: Readonly<Record<string, string>>;
  /** Installed but disabled plugins: listed by the plugin manager, their elements dropped as if missing. */
  disabledPlugins?: readonly string[];
  /**
   * The Jenkinsfile a build of a Pipeline job from SCM (`CpsScmFlowDefinition`) runs, by the job's full name. A
   * job without one runs nothing that changes its config; inline scripts need no entry.
   */
  jenkinsfiles?: Readonly<Record<string, string>>;
  /**
   * The branches each repository has, by URL (a git source's `remote`; a GitHub source's
   * `https://github.com/<owner>/<repository>`): what branch indexing of a multibranch project finds. Default none.
   */
  repositories?: Readonly<Record<string, readonly string[]>>;
  /** Executors of the built-in node (label `built-in`); Jenkins's default is 2. */
  builtInExecutors?: number;
  /** Labels of the built-in node besides `built-in`; default none. */
  builtInLabels?: readonly string[];
  /** Agents with their labels and executors (each also carries its own name as a label). Default none. */
  agents?: readonly AgentSpec[];
  /** Clouds and the label atoms they can provision agents for. Default none. */
  clouds?: readonly CloudSpec[];
  /** Tool installations (Manage Jenkins → Tools), what a declarative `tools {}` block may name. Default none. */
  tools?: readonly ToolSpec[];
  /** Names of the global shared libraries (GlobalLibraries). Default none. */
  globalLibraries?: readonly string[];
  /**
   * Slow down with load as a busy controller does, and answer 503 past a number of requests in flight
   * (load-model.ts). Default: off.
   */
  load?: LoadSettings;
}

export interface RequestRecord {
  method: string;
  /** Raw request path as sent, without the query string. */
  path: string;
  /** Raw query string without "?", "" when none. */
  query: string;
  /** 0 when the connection was dropped before an answer was written. */
  status: number;
  user?: string;
  viaToken: boolean;
  /** Set when an injected fault decided the outcome. */
  /** "overload": the load model answered 503 (option `load`). */
  fault?: "error" | "dropBefore" | "dropAfter" | "overload";
  /** The wait the load model gave it, in ms; only while the model is on. */
  loadWaitMs?: number;
}

export interface BuildRecord {
  job: string;
  queueId: number;
  params: Record<string, string>;
}

export interface PollRecord {
  job: string;
}

export interface FaultSettings {
  latencyMs: number;
  /**
   * The wait of requests of one method, in place of `latencyMs` ({ GET: 20, POST: 70 }): on a real controller a
   * POST that saves a config costs more than a read.
   */
  latencyByMethod?: Readonly<Record<string, number>>;
  errorRate: number;
  errorStatuses: number[];
  dropBeforeRate: number;
  dropAfterRate: number;
  /** Changing the seed restarts the random sequence, so a run is reproducible. */
  seed?: number;
  /** "jobs" (default): only item endpoints (/job/…, createItem); "all": every request. */
  scope?: "jobs" | "all";
  /** Within the scope, only requests whose path (without the query) holds this text: one endpoint's failure. */
  pathIncludes?: string;
}

export interface ResolvedOptions {
  port: number;
  host: string;
  mode: ServerMode;
  version: string;
  dataDir?: string;
  users: Required<UserSpec>[];
  csrf: boolean;
  pathOnlyRedirects: boolean;
  quietPeriodMs: number;
  plugins: Readonly<Record<string, string>>;
  disabledPlugins: ReadonlySet<string>;
  jenkinsfiles: Map<string, string>;
  tls?: { cert: string; key: string };
  nodes: NodeModel;
  tools: readonly ToolSpec[];
  globalLibraries: readonly string[];
}

/** API tokens of Jenkins 2.129+ are "11" followed by 32 hex digits. */
export function newApiToken(): string {
  return "11" + randomBytes(16).toString("hex");
}

/** Bad node and tool options stop the server before it starts, naming the entry. */
function checkRunnableOptions(opts: JenkinsServerOptions): void {
  const seen = new Set<string>();
  for (const a of opts.agents ?? []) {
    if (a.name.trim() === "" || a.name === "built-in") throw new Error(`agents: "${a.name}" cannot name an agent`);
    if (seen.has(a.name)) throw new Error(`agents: two agents are called "${a.name}"`);
    seen.add(a.name);
    if (!Number.isInteger(a.executors) || a.executors < 0)
      throw new Error(`agents: "${a.name}" needs a whole number of executors, 0 or more (got ${a.executors})`);
  }
  const executors = opts.builtInExecutors ?? 2;
  if (!Number.isInteger(executors) || executors < 0)
    throw new Error(`builtInExecutors must be a whole number, 0 or more (got ${executors})`);
  for (const t of opts.tools ?? []) {
    if (!TOOL_TYPES.some((k) => k.symbol === t.type || k.className === t.type))
      throw new Error(`tools: unknown tool type "${t.type}" (known: ${TOOL_TYPES.map((k) => k.symbol).join(", ")})`);
  }
}

export function resolveOptions(opts: JenkinsServerOptions = {}): ResolvedOptions {
  checkRunnableOptions(opts);
  const mode = opts.mode ?? "current";
  const users = (
    opts.users ?? [
      { name: "admin", password: "admin", permissions: "admin" as const },
      { name: "reader", password: "reader", permissions: "read" as const },
    ]
  ).map((u) => ({ ...u, apiToken: u.apiToken ?? newApiToken(), grants: u.grants ?? [] }));
  return {
    port: opts.port ?? 0,
    host: opts.host ?? "127.0.0.1",
    mode,
    version: opts.version ?? (mode === "current" ? "2.580" : "2.555"),
    dataDir: opts.dataDir,
    users,
    csrf: opts.csrf ?? true,
    pathOnlyRedirects: opts.pathOnlyRedirects ?? true,
    quietPeriodMs: opts.quietPeriodMs ?? 5000,
    tls: opts.tls,
    plugins: opts.plugins ?? INSTALLED_PLUGINS,
    disabledPlugins: new Set(opts.disabledPlugins ?? []),
    jenkinsfiles: new Map(Object.entries(opts.jenkinsfiles ?? {})),
    nodes: {
      builtInExecutors: opts.builtInExecutors ?? 2,
      builtInLabels: opts.builtInLabels ?? [],
      agents: opts.agents ?? [],
      clouds: opts.clouds ?? [],
    },
    tools: opts.tools ?? [],
    globalLibraries: opts.globalLibraries ?? [],
  };
}

export function defaultFaults(): FaultSettings {
  return {
    latencyMs: 0,
    errorRate: 0,
    errorStatuses: [500, 502, 503],
    dropBeforeRate: 0,
    dropAfterRate: 0,
    scope: "jobs",
  };
}
