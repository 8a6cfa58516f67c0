/** Runs one phase of one contender against a server and records what the server saw. */
import { timed } from "./pool";
import type { ServerHost } from "./server-host";
import type { PhaseName, PhaseResult } from "./types";

export async function measurePhase(
  host: ServerHost,
  phase: PhaseName,
  ops: number,
  run: () => Promise<Partial<PhaseResult> | void>,
): Promise<PhaseResult> {
  await host.reset();
  let extra: Partial<PhaseResult> | void = undefined;
  const wallMs = await timed(async () => {
    extra = await run();
  });
  const stats = await host.stats();
  return {
    phase,
    ops,
    wallMs,
    requests: stats.total,
    requestsByKind: stats.byKind,
    failedRequests: stats.failed,
    ...(extra ?? {}),
  };
}

/** Path of a top-level job's own URL space. */
export function jobPath(name: string): string {
  return `/job/${encodeURIComponent(name)}/`;
}

export function basicAuth(user: string, secret: string): string {
  return `Basic ${Buffer.from(`${user}:${secret}`).toString("base64")}`;
}
