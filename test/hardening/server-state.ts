/** What is on the test server, read from its Jenkins home, and what reached it: for "nothing changed" proofs. */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import * as path from "node:path";
import type { JenkinsServer, RequestRecord } from "../../provider/server";

/** Every item on the server ("folder/job") with its stored config.xml bytes. */
export function snapshot(server: JenkinsServer): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (jobsDir: string, prefix: string): void => {
    if (!existsSync(jobsDir)) return;
    for (const name of readdirSync(jobsDir).sort()) {
      const dir = path.join(jobsDir, name);
      const config = path.join(dir, "config.xml");
      if (!existsSync(config)) continue;
      const full = prefix + name;
      out[full] = readFileSync(config, "utf8");
      walk(path.join(dir, "jobs"), `${full}/`);
    }
  };
  walk(path.join(server.dataDir, "jobs"), "");
  return out;
}

/** The decoded `name` query parameter of a createItem request. */
function createdName(r: RequestRecord): string {
  return new URLSearchParams(r.query).get("name") ?? "";
}

/** Whether the server acted on the request: it answered (or the answer was dropped after processing). */
export function processed(r: RequestRecord): boolean {
  return r.fault === undefined || r.fault === "dropAfter";
}

/** Full job name → number of createItem requests the server processed successfully (200) for it. */
export function createsPerJob(server: JenkinsServer): Map<string, number> {
  const counts = new Map<string, number>();
  for (const r of server.requests) {
    if (r.method !== "POST" || !r.path.endsWith("/createItem") || r.status !== 200 || !processed(r)) continue;
    const folder = r.path
      .slice(0, -"createItem".length)
      .split("/")
      .filter((s, i, all) => s !== "" && all[i - 1] === "job")
      .map(decodeURIComponent);
    const full = [...folder, createdName(r)].join("/");
    counts.set(full, (counts.get(full) ?? 0) + 1);
  }
  return counts;
}

/** Job name → number of builds the server accepted for it. */
export function buildsPerJob(server: JenkinsServer): Map<string, number> {
  const counts = new Map<string, number>();
  for (const b of server.builds) counts.set(b.job, (counts.get(b.job) ?? 0) + 1);
  return counts;
}

/**
 * Makes the server drop the connection after processing the first request `match` accepts (the answer is lost,
 * the change is made) and, unless `alsoAfterwards`, no other request. Works by watching requests as they are
 * recorded, which happens before the fault decision.
 */
export function dropAnswerOf(
  server: JenkinsServer,
  match: (r: RequestRecord) => boolean,
  alsoAfterwards = false,
): { fired: () => boolean } {
  const records: RequestRecord[] = [];
  let fired = false;
  const push = records.push.bind(records);
  records.push = (...items: RequestRecord[]): number => {
    for (const r of items) {
      if (!fired && match(r)) {
        fired = true;
        server.faults.dropAfterRate = 1;
      } else if (!alsoAfterwards) {
        server.faults.dropAfterRate = 0;
      }
    }
    return push(...items);
  };
  server.requests = records;
  return { fired: () => fired };
}
