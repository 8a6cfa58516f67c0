/**
 * The floor: the fewest HTTP requests that do each phase's work, sent straight with an undici Pool at the same
 * parallelism, API-token authentication (no crumb). Nothing is parsed or compared: any client that does the
 * work has to spend at least this.
 */
import { Pool } from "undici";
import { basicAuth, jobPath, measurePhase } from "./phase";
import { Progress, runPool } from "./pool";
import type { ServerHost } from "./server-host";
import type { BenchJob, ContenderResult, PhaseResult } from "./types";

const XML = "text/xml; charset=utf-8";

export async function runFloor(host: ServerHost, jobs: BenchJob[], parallel: number): Promise<ContenderResult> {
  const url = new URL(host.url);
  const pool = new Pool(url.origin, { connections: parallel });
  const auth = basicAuth(host.user.name, host.user.apiToken);
  const send = async (
    method: "GET" | "POST",
    path: string,
    ok: (s: number) => boolean,
    body?: string,
  ): Promise<string> => {
    const res = await pool.request({
      method,
      path,
      headers: body === undefined ? { authorization: auth } : { authorization: auth, "content-type": XML },
      body,
    });
    const text = await res.body.text();
    if (!ok(res.statusCode)) throw new Error(`floor: ${method} ${path} answered HTTP ${res.statusCode}`);
    return text;
  };
  const is200 = (s: number): boolean => s === 200;
  const phases: PhaseResult[] = [];
  const each = (label: string, fn: (job: BenchJob) => Promise<void>) => () =>
    runPool(jobs, parallel, fn, new Progress(`floor ${label}`, jobs.length));
  try {
    phases.push(
      await measurePhase(
        host,
        "create",
        jobs.length,
        each("create", async (j) => {
          await send("POST", `/createItem?name=${encodeURIComponent(j.name)}`, is200, j.config);
        }),
      ),
    );
    phases.push(
      await measurePhase(
        host,
        "refresh",
        jobs.length,
        each("refresh", async (j) => {
          await send("GET", `${jobPath(j.name)}config.xml`, is200);
        }),
      ),
    );
    // A client that keeps the applied config can tell "unchanged" without asking Jenkins: no request at all.
    phases.push(await measurePhase(host, "noop-diff", jobs.length, async () => undefined));
    phases.push(
      await measurePhase(
        host,
        "update",
        jobs.length,
        each("update", async (j) => {
          await send("POST", `${jobPath(j.name)}config.xml`, is200, j.updated);
        }),
      ),
    );
    phases.push(
      await measurePhase(
        host,
        "delete",
        jobs.length,
        each("delete", async (j) => {
          await send("POST", `${jobPath(j.name)}doDelete`, (s) => s >= 200 && s < 400);
        }),
      ),
    );
  } finally {
    await pool.close();
  }
  return { name: "floor", phases };
}
