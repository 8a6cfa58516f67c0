/**
 * Runs the Jenkins-compatible server in a worker thread, so that the server has an event loop of its own and
 * every contender's client-side work (undici, the gRPC engine stand-in) runs off the server's thread, as it would
 * against a real controller. Answers messages from server-host.ts.
 */
import { parentPort, workerData } from "node:worker_threads";
import { startJenkinsServer, type JenkinsServer, type LoadSettings } from "../../provider/server";
import { TEAMS } from "./configs";
import { usernamePassword } from "../harness/credential-configs";
import { threadCpuTimeMs } from "./proc-stats";
import type { ServerStats } from "./types";

export interface WorkerInit {
  mode: "current" | "legacy";
  latencyMs: number;
  /** Per method, in place of latencyMs ({ GET: 20, POST: 70 }). */
  latencyByMethod?: Record<string, number>;
  user: { name: string; password: string; apiToken: string };
}
export type WorkerRequest =
  | { id: number; op: "stats" | "reset" | "close" | "jobCount" | "cpu" | "requests" | "loadStats" }
  /** Switches the load model on (settings) or off (null), and starts its counts afresh. */
  | { id: number; op: "setLoad"; load: LoadSettings | null };

/** "POST createItem", "GET config.xml", "POST doDelete", … : method and the last path segment. */
function kindOf(method: string, path: string): string {
  const segments = path.split("/").filter((s) => s !== "");
  const last = segments[segments.length - 1] ?? "/";
  const known = ["createItem", "config.xml", "doDelete", "json", "description", "enable", "disable", "confirmRename"];
  if (known.includes(last)) return `${method} ${last === "json" ? segments.slice(-2).join("/") : last}`;
  return `${method} ${segments.length >= 2 && segments[segments.length - 2] === "job" ? "job page" : last}`;
}

function stats(server: JenkinsServer): ServerStats {
  const byKind: Record<string, number> = {};
  let failed = 0;
  for (const r of server.requests) {
    const k = kindOf(r.method, r.path);
    byKind[k] = (byKind[k] ?? 0) + 1;
    if (r.status === 0 || r.status >= 400) failed++;
  }
  return { total: server.requests.length, byKind, failed };
}

async function main(): Promise<void> {
  const init = workerData as WorkerInit;
  const server = await startJenkinsServer({
    port: 0,
    mode: init.mode,
    quietPeriodMs: 0,
    users: [{ ...init.user, permissions: "admin" }],
    // Agents for the labels the benchmark's jobs are tied to (the preview checks that something can run them).
    agents: TEAMS.map((team) => ({ name: `agent-${team}`, labels: ["linux", "docker", team], executors: 2 })),
  });
  // The credential the benchmark's jobs name, as their controller holds it (the preview checks it exists).
  const created = await fetch(new URL("credentials/store/system/domain/_/createCredentials", server.url), {
    method: "POST",
    headers: {
      Authorization: `Basic ${Buffer.from(`${init.user.name}:${init.user.apiToken}`).toString("base64")}`,
      "Content-Type": "application/xml",
    },
    body: usernamePassword({ id: "github-app-ci", username: "ci", password: "bench-not-a-secret" }),
  });
  if (created.status !== 200) throw new Error(`bench server: creating its credential answered ${created.status}`);
  // Every request waits (without blocking the server's thread), as behind a network and a loaded controller.
  if (init.latencyMs > 0 || init.latencyByMethod !== undefined) {
    server.faults = {
      ...server.faults,
      latencyMs: init.latencyMs,
      latencyByMethod: init.latencyByMethod,
      scope: "all",
    };
  }
  const port = parentPort!;
  port.on("message", (msg: WorkerRequest) => {
    void (async () => {
      switch (msg.op) {
        case "stats":
          port.postMessage({ id: msg.id, value: stats(server) });
          break;
        case "requests":
          port.postMessage({
            id: msg.id,
            value: server.requests.map((r) => ({ method: r.method, path: r.path, query: r.query })),
          });
          break;
        case "cpu":
          port.postMessage({ id: msg.id, value: threadCpuTimeMs() });
          break;
        case "setLoad":
          server.load = msg.load ?? undefined;
          server.resetLoadStats();
          port.postMessage({ id: msg.id, value: null });
          break;
        case "loadStats":
          port.postMessage({ id: msg.id, value: server.loadStats });
          break;
        case "reset":
          server.resetCounters();
          port.postMessage({ id: msg.id, value: null });
          break;
        case "jobCount": {
          const res = await fetch(new URL("api/json?tree=jobs[name]", server.url), {
            headers: {
              Authorization: `Basic ${Buffer.from(`${init.user.name}:${init.user.apiToken}`).toString("base64")}`,
            },
          });
          const body = (await res.json()) as { jobs?: unknown[] };
          port.postMessage({ id: msg.id, value: body.jobs?.length ?? -1 });
          break;
        }
        case "close":
          await server.close();
          port.postMessage({ id: msg.id, value: null });
          break;
      }
    })();
  });
  port.postMessage({ ready: true, url: server.url });
}

void main();
