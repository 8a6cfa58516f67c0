/** Runs one phase of one contender against a server and records what the server saw. */
import { timed } from "./pool";
import { threadCpuTimeMs } from "./proc-stats";
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
  const server0 = await host.cpuMs();
  const client0 = threadCpuTimeMs();
  const wallMs = await timed(async () => {
    extra = await run();
  });
  const clientCpuMs = threadCpuTimeMs() - client0;
  const serverCpuMs = (await host.cpuMs()) - server0;
  const stats = await host.stats();
  return {
    phase,
    ops,
    wallMs,
    serverCpuMs,
    clientCpuMs,
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
