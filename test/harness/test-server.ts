/** Starts the Jenkins-compatible server with known users whose secrets the tests can scan for. */
import { KNOWN_AGENTS } from "./known-runnables";
import { startJenkinsServer, type JenkinsServer, type JenkinsServerOptions } from "../../provider/server";
import { ADMIN, USERS } from "./users";

export { ADMIN, READER, credentialForms } from "./users";

export type Mode = "legacy" | "current";
export const MODES: Mode[] = ["legacy", "current"];

export async function startServer(
  mode: Mode,
  extra: Omit<JenkinsServerOptions, "users" | "mode"> = {},
): Promise<JenkinsServer> {
  return startJenkinsServer({
    // Agents with the labels shared samples and saved configs name (known-runnables.ts), unless the test says.
    agents: KNOWN_AGENTS,
    ...extra,
    port: 0,
    mode,
    users: USERS,
  });
}

/**
 * A server for the client and server tests, in the current mode unless `opts` says otherwise. Builds wait a minute
 * in the queue, so that a test sees the queue item its request made.
 */
export function startQueueingServer(opts: JenkinsServerOptions = {}): Promise<JenkinsServer> {
  return startJenkinsServer({ users: USERS, quietPeriodMs: 60_000, ...opts });
}

/**
 * A controller with something to run jobs on, for tests of what a job needs to run: the built-in node (2
 * executors, label `built-in`), two Linux agents (one with Docker) and a Windows agent, a Kubernetes cloud that
 * provisions `pod` agents, Maven and JDK installations and one global shared library. Spread it into the options
 * of startServer/startQueueingServer; a test that needs something else names it itself.
 */
export const CONTROLLER_WITH_NODES = {
  agents: [
    { name: "linux-1", labels: ["linux", "docker"], executors: 2 },
    { name: "linux-2", labels: ["linux"], executors: 2 },
    { name: "windows-1", labels: ["windows"], executors: 1 },
  ],
  clouds: [{ name: "kubernetes", labels: ["pod"] }],
  tools: [
    { type: "maven", name: "M3" },
    { type: "jdk", name: "jdk17" },
  ],
  globalLibraries: ["shared"],
} as const satisfies JenkinsServerOptions;

/** Stack config for the provider's `configure`, token auth. */
export function tokenConfig(server: JenkinsServer): Record<string, string> {
  return { "jenkins:url": server.url, "jenkins:user": ADMIN.name, "jenkins:apiToken": ADMIN.apiToken };
}

/**
 * The reads a provider process makes once per connection before it plans a new or changed config: the check that
 * the URL leads to a Jenkins, and the installed plugins for the plugin pre-flight.
 */
export const PREFLIGHT_READS = ["GET /api/json", "GET /pluginManager/api/json"];

/**
 * The reads of the credentials reference check: the listing of a store (every domain in one `api/json`), once per
 * store and connection, before a job naming a credential is planned (for a folder without a store yet, whether it
 * exists).
 */
export const CREDENTIALS_CHECK_READ = /^GET (\/job\/[^ ]+)?\/credentials\/store\/(system|folder)\/api\/json$/;

/**
 * The requests of the runnable check (other than its item lookups, which are reads like any other): the linter, a
 * label's nodes and clouds, the nodes' labels, a folder's library listing.
 */
export const RUNNABLE_CHECK_REQUEST =
  /^(POST \/pipeline-model-converter\/validateJenkinsfile|GET \/label\/[^/]+\/api\/json|GET \/computer\/api\/json|GET (\/job\/[^ ]+)?\/descriptorByName\/org\.jenkinsci\.plugins\.workflow\.libs\.LibraryStep\/autoCompleteIdentifier)$/;

/** Whether a recorded request only reads: a GET, or one of the runnable check's (its linter's POST reads a script). */
export function onlyReads(r: { method: string; path: string }): boolean {
  return r.method === "GET" || RUNNABLE_CHECK_REQUEST.test(`${r.method} ${r.path}`);
}

/** The requests recorded since the last reset, other than the pre-flight reads and the reference and runnable checks'. */
export function beyondPreflight(server: JenkinsServer): string[] {
  return server.requests
    .filter((r) => !OWNERS_LISTING.test(r.query))
    .map((r) => `${r.method} ${r.path}`)
    .filter((c) => !PREFLIGHT_READS.includes(c) && !CREDENTIALS_CHECK_READ.test(c) && !RUNNABLE_CHECK_REQUEST.test(c));
}

/** The query of the listing of a folder's descriptions that the preview reads for the owners of new jobs. */
const OWNERS_LISTING = /^tree=description(%2C|,)jobs/;

/** "POST /job/a/job/b/config.xml" lines of the requests recorded since the last reset. */
export function calls(server: JenkinsServer): string[] {
  return server.requests.map((r) => `${r.method} ${r.path}`);
}
