/** Assertions shared by the fault soaks: what must hold for every job after a faulty run and one re-run. */
import type { JenkinsServer } from "../../provider/server";
import type { CallFailure } from "../harness/engine";
import { buildsPerJob, createsPerJob } from "./server-state";

/** A failure message must say which job and what went wrong on the way (status or connection problem). */
export const CAUSE = /HTTP (500|502|503|504)|connection|socket|reset|closed|timeout|unavailable/i;

/** Messages that do not name their job (quoted, as every message of the provider does) or give no cause. */
export function unexplained(failures: CallFailure[], jobOf: (urn: string) => string): string[] {
  return failures
    .filter((f) => !f.message.includes(`"${jobOf(f.urn)}"`) || !CAUSE.test(f.message))
    .map((f) => `${f.op} ${f.urn}: ${f.message}`);
}

/** Jobs created more than once (createItem processed with 200 more than once for one name). */
export function createdTwice(server: JenkinsServer): string[] {
  return [...createsPerJob(server)].filter(([, n]) => n > 1).map(([name, n]) => `${name} ×${n}`);
}

/** createItem answered "already exists": a create sent again without looking first. */
export function blindCreates(server: JenkinsServer): string[] {
  return server.requests
    .filter((r) => r.path.endsWith("/createItem") && r.status === 400)
    .map((r) => `${r.path}?${r.query}`);
}

export function builtTwice(server: JenkinsServer): string[] {
  return [...buildsPerJob(server)].filter(([, n]) => n > 1).map(([name, n]) => `${name} ×${n}`);
}

/** Summary of the injected faults that hit the run, so a test can prove the run was actually faulty. */
export function faultCounts(server: JenkinsServer): Record<string, number> {
  const out: Record<string, number> = { error: 0, dropBefore: 0, dropAfter: 0, total: server.requests.length };
  for (const r of server.requests) if (r.fault) out[r.fault]++;
  return out;
}
