/**
 * A Jenkins-compatible HTTP server for tests, the demo and users' own tests. It answers the job-management
 * calls the way a real Jenkins 2.x does (see the behaviour notes of the project), stores configs like a
 * Jenkins home, and can inject faults.
 *
 * Endpoints: GET / (dashboard), /api/json (tree= supported), /crumbIssuer/api/json, /whoAmI/api/json,
 * /me/api/json, /queue/api/json, /queue/item/ID/api/json; POST /createItem (and /job/F/createItem, mode=copy);
 * per item (/job/a/job/b/...): GET / (page), DELETE / (204), api/json, config.xml GET/POST, description
 * GET/POST, enable, disable, doDelete, build, buildWithParameters, polling, confirmRename (and doRename). On a
 * multibranch project, `build` is "Scan Multibranch Pipeline Now" (branch indexing, multibranch.ts).
 * Views (root and folders): POST createView, /view/N/ config.xml GET/POST, doDelete, api/json.
 * What a job needs to run: /label/<expression>/api/json and /computer/api/json (the nodes and clouds of the options),
 * POST /pipeline-model-converter/validateJenkinsfile (the declarative linter), and the shared-library identifiers
 * under …/descriptorByName/org.jenkinsci.plugins.workflow.libs.LibraryStep/autoCompleteIdentifier.
 */
import * as fs from "node:fs";
import * as http from "node:http";
import * as https from "node:https";
import * as os from "node:os";
import * as path from "node:path";
import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import type { ServerState } from "./context";
import { FaultInjector } from "./faults";
import { LoadTracker, type LoadSettings, type LoadStats } from "./load-model";
import {
  defaultFaults,
  resolveOptions,
  type BuildRecord,
  type FaultSettings,
  type JenkinsServerOptions,
  type PollRecord,
  type RequestRecord,
  type UserSpec,
} from "./options";
import { BuildQueue } from "./queue";
import { createHandler } from "./server";
import { runStartedBuilds } from "./pipeline/runs";
import { SessionStore } from "./sessions";
import { JobStore } from "./store";
import { indexBranches, isMultibranch, type IndexingResult } from "./multibranch";
import { decryptSecret, loadOrCreateKey } from "./secrets/secret-key";
import { ViewStore } from "./view-store";
import { activePlugins } from "./handlers/plugin-manager";
import { CredentialStores } from "./credentials/stores";

export type { IndexingResult } from "./multibranch";
export type {
  JenkinsServerOptions,
  RequestRecord,
  BuildRecord,
  PollRecord,
  FaultSettings,
  LoadSettings,
  LoadStats,
  UserSpec,
  AgentSpec,
  CloudSpec,
  ToolSpec,
} from "./options";

export interface JenkinsServer {
  /** "http://127.0.0.1:PORT/" ("https://…" with the `tls` option) */
  url: string;
  /**
   * Users with their secrets (API tokens are generated when not given). Mutable at run time: a user's new
   * `apiToken` is a rotated token, as when the old one is revoked in Jenkins (it is refused from then on).
   */
  users: Required<UserSpec>[];
  dataDir: string;
  /** Every request, in arrival order. */
  requests: RequestRecord[];
  /** Every accepted build trigger (a trigger merged into a waiting queue item repeats its queueId). */
  builds: BuildRecord[];
  polls: PollRecord[];
  /**
   * With `true`, builds that start from now on keep running (a rename is then refused, the ball is `_anime`);
   * `false` finishes them. Builds start when their queue item's quiet period ends.
   */
  holdBuilds(hold: boolean): void;
  resetCounters(): void;
  /**
   * Calls `listener` with each request once it is answered (its status set, its change made), until the function
   * returned is called: a test acts at a chosen point of a run, e.g. stops a client after its 100th create.
   */
  onAnswered(listener: (request: RequestRecord) => void): () => void;
  /** The stored bytes of a job's config.xml ("folder/job"), read from disk; undefined when there is none. */
  jobConfigOnDisk(fullName: string): string | undefined;
  /** Sets the Jenkinsfile that builds of a Pipeline-from-SCM job run from now on (option `jenkinsfiles`). */
  setJenkinsfile(fullName: string, text: string): void;
  /**
   * The plaintext of a `hudson.util.Secret` text this server encrypted (`{AQAAABAAAA…}`), or undefined when it is
   * not one: tests use it to see which value Jenkins holds, as the script console's `Secret.decrypt` would.
   */
  decryptSecret(text: string): string | undefined;
  /**
   * Drops all sessions, renames the session cookie and reloads the jobs from the data folder. With
   * `downtimeMs`, every request during that time gets Jenkins's 503 "getting ready" page first.
   */
  restart(opts?: { downtimeMs?: number }): Promise<void>;
  /**
   * Sets the branches a repository has (by URL, as the `repositories` option). Takes effect at the next branch
   * indexing of a multibranch project: a config POST, `POST …/build`, or `indexBranches`.
   */
  setRepositoryBranches(url: string, branches: readonly string[]): void;
  /** Runs branch indexing of a multibranch project now, as its periodic trigger would ("folder/project"). */
  indexBranches(fullName: string): IndexingResult;
  /** Mutable at run time; changing `seed` (or assigning a new object) restarts the random sequence. */
  faults: FaultSettings;
  /**
   * How the server slows down with the requests in flight, and past how many it answers 503 (option `load`);
   * undefined: it does not. Mutable at run time.
   */
  load: LoadSettings | undefined;
  /** Requests in flight now, the most at once and the load model's 503s since the start or `resetLoadStats()`. */
  readonly loadStats: Readonly<LoadStats>;
  /** Starts the peak in flight and the count of the load model's 503s afresh. */
  resetLoadStats(): void;
  /** The current session cookie name (JSESSIONID.<8 hex>). */
  readonly sessionCookieName: string;
  close(): Promise<void>;
}

export async function startJenkinsServer(opts: JenkinsServerOptions = {}): Promise<JenkinsServer> {
  const options = resolveOptions(opts);
  const ownDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "jenkins-home-"));
  fs.mkdirSync(path.join(dataDir, "jobs"), { recursive: true });
  options.dataDir = dataDir;

  const store = new JobStore(dataDir);
  store.reload();
  const state: ServerState = {
    options,
    store,
    views: new ViewStore(store, () => activePlugins(state)),
    credentials: new CredentialStores(
      store,
      () => state.secretKey,
      () => activePlugins(state),
    ),
    queue: new BuildQueue(options.quietPeriodMs),
    sessions: new SessionStore(),
    polls: [],
    instanceId: randomBytes(4).toString("hex"),
    restartingUntil: 0,
    repositories: new Map(Object.entries(opts.repositories ?? {})),
    secretKey: loadOrCreateKey(dataDir),
  };
  store.onLocationChanged = (from, to) => state.views.locationChanged(from, to);
  const pipeline = {
    state,
    requests: [] as RequestRecord[],
    faults: new FaultInjector(defaultFaults()),
    load: new LoadTracker(opts.load),
    answered: new Set<(record: RequestRecord) => void>(),
  };
  const handler = createHandler(pipeline);
  const httpServer: http.Server = options.tls
    ? https.createServer({ cert: options.tls.cert, key: options.tls.key }, handler)
    : http.createServer(handler);
  // Jetty keeps idle connections for 30 s; Node's 5 s default would make keep-alive clients see resets.
  httpServer.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve, reject) => {
    httpServer.once("error", reject);
    httpServer.listen(options.port, options.host, () => resolve());
  });
  const port = (httpServer.address() as AddressInfo).port;
  const hostForUrl = options.host.includes(":") ? `[${options.host}]` : options.host;

  const server: JenkinsServer = {
    url: `${options.tls ? "https" : "http"}://${hostForUrl}:${port}/`,
    users: options.users,
    dataDir,
    get requests() {
      return pipeline.requests;
    },
    set requests(v: RequestRecord[]) {
      pipeline.requests = v;
    },
    get builds() {
      return state.queue.builds;
    },
    set builds(v: BuildRecord[]) {
      state.queue.builds = v;
    },
    get polls() {
      return state.polls;
    },
    set polls(v: PollRecord[]) {
      state.polls = v;
    },
    onAnswered(listener) {
      pipeline.answered.add(listener);
      return () => void pipeline.answered.delete(listener);
    },
    resetCounters() {
      pipeline.requests.length = 0;
      state.queue.builds.length = 0;
      state.polls.length = 0;
    },
    jobConfigOnDisk: (fullName) => {
      runStartedBuilds(state);
      return store.configOnDisk(fullName);
    },
    setJenkinsfile: (fullName, text) => void options.jenkinsfiles.set(fullName, text),
    decryptSecret: (text) => decryptSecret(state.secretKey, text),
    holdBuilds: (hold) => state.queue.holdBuilds(hold),
    setRepositoryBranches: (url, branches) => void state.repositories.set(url, [...branches]),
    indexBranches(fullName) {
      const project = store.byFullName(fullName);
      if (!project || !isMultibranch(project)) throw new Error(`No multibranch project "${fullName}" on this server`);
      return indexBranches(state, project);
    },
    async restart(restartOpts = {}) {
      state.sessions.reset();
      state.instanceId = randomBytes(4).toString("hex");
      const downtime = restartOpts.downtimeMs ?? 0;
      if (downtime > 0) {
        state.restartingUntil = Date.now() + downtime;
        await new Promise((r) => setTimeout(r, downtime));
      }
      store.reload();
      state.restartingUntil = 0;
    },
    get faults() {
      return pipeline.faults.settings;
    },
    set faults(v: FaultSettings) {
      // Assigning a whole settings object starts the random sequence afresh (reproducible runs).
      pipeline.faults = new FaultInjector({ ...defaultFaults(), ...v });
    },
    get load() {
      return pipeline.load.settings;
    },
    set load(v: LoadSettings | undefined) {
      pipeline.load.settings = v;
    },
    get loadStats() {
      return { ...pipeline.load.stats };
    },
    resetLoadStats: () => pipeline.load.reset(),
    get sessionCookieName() {
      return state.sessions.cookieName;
    },
    async close() {
      await new Promise<void>((resolve) => {
        httpServer.close(() => resolve());
        httpServer.closeAllConnections();
      });
      if (ownDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return server;
}
