/**
 * python-jenkins, the way people script Jenkins in Python: the same jobs through create_job, get_job_config,
 * reconfig_job and delete_job, in sequence and in a thread pool of the same parallelism. The driver is a Python
 * file in the source tree (the compiler does not copy it to dist/); it reports each phase's wall time and waits
 * for a go between phases, so the requests the server saw can be counted per phase.
 */
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import * as readline from "node:readline";
import { cpuTimeMs } from "./proc-stats";
import type { ServerHost } from "./server-host";
import type { BenchJob, ContenderResult, PhaseName, PhaseResult } from "./types";

export const PYTHON = "/usr/bin/python3";
const DRIVER = path.resolve(__dirname, "../../../test/bench/python_jenkins_bench.py");

interface Event {
  event: "ready" | "progress" | "done" | "summary";
  phase?: PhaseName;
  done?: number;
  seconds?: number;
  errors?: number;
  firstError?: string | null;
}

export async function runPython(host: ServerHost, jobs: BenchJob[], parallel: number): Promise<ContenderResult> {
  const name = parallel <= 1 ? "python-seq" : "python-threads";
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-py-"));
  const jobsFile = path.join(dir, "jobs.json");
  fs.writeFileSync(jobsFile, JSON.stringify(jobs.map((j) => ({ name: j.name, config: j.config, updated: j.updated }))));
  // The token goes through argv of a local child process only; it is generated for this run's server.
  const child = spawn(PYTHON, [DRIVER, host.url, host.user.name, host.user.apiToken, jobsFile, String(parallel)], {
    stdio: ["pipe", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr.setEncoding("utf8");
  child.stderr.on("data", (c: string) => (stderr += c));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const lines = readline.createInterface({ input: child.stdout });
  const phases: PhaseResult[] = [];
  let server0 = 0;
  let client0 = 0;
  try {
    for await (const line of lines) {
      const ev = JSON.parse(line) as Event;
      if (ev.event === "ready") {
        await host.reset();
        server0 = await host.cpuMs();
        client0 = cpuTimeMs(child.pid!);
        process.stderr.write(`  ${name} ${ev.phase}: running ${jobs.length} jobs\n`);
        child.stdin.write("go\n");
      } else if (ev.event === "progress") {
        process.stderr.write(`  ${name} ${ev.phase}: ${ev.done}/${jobs.length}\n`);
      } else if (ev.event === "done") {
        const clientCpuMs = cpuTimeMs(child.pid!) - client0;
        const serverCpuMs = (await host.cpuMs()) - server0;
        const stats = await host.stats();
        if ((ev.errors ?? 0) > 0) {
          throw new Error(`${name} ${ev.phase}: ${ev.errors} calls failed, first: ${ev.firstError ?? "?"}`);
        }
        phases.push({
          phase: ev.phase!,
          ops: jobs.length,
          wallMs: (ev.seconds ?? 0) * 1000,
          requests: stats.total,
          requestsByKind: stats.byKind,
          failedRequests: stats.failed,
          serverCpuMs,
          clientCpuMs,
        });
      } else if (ev.event === "summary") {
        child.stdin.end();
      }
    }
    const code = await exited;
    if (code !== 0) throw new Error(`python-jenkins driver exited with ${code}: ${stderr.slice(-2000)}`);
  } finally {
    if (child.exitCode === null) child.kill();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return { name, phases };
}
