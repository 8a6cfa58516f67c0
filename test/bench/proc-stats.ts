/** Reads memory and CPU figures of another process from /proc (Linux). */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";

let ticksPerSecond: number | undefined;

function clockTicks(): number {
  if (ticksPerSecond === undefined) {
    try {
      ticksPerSecond = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
}

/** Fields of /proc/PID/stat after the command name, which may itself contain spaces and parentheses. */
function statFields(pid: number): string[] {
  const text = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  return text.slice(text.lastIndexOf(")") + 2).split(" ");
}

/** User + system CPU time of the process so far, in milliseconds. */
export function cpuTimeMs(pid: number): number {
  const f = statFields(pid);
  // After the name: state(3) ppid(4) … utime(14) stime(15), so utime is index 11 here.
  return ((Number(f[11]) + Number(f[12])) * 1000) / clockTicks();
}

/** CPU time (user + system) of the calling thread so far, in milliseconds: per thread, unlike process.cpuUsage(). */
export function threadCpuTimeMs(): number {
  const text = fs.readFileSync("/proc/thread-self/stat", "utf8");
  const f = text.slice(text.lastIndexOf(")") + 2).split(" ");
  return ((Number(f[11]) + Number(f[12])) * 1000) / clockTicks();
}

/** Peak resident set size (VmHWM) in MiB. */
export function peakRssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const m = /^VmHWM:\s+(\d+) kB/m.exec(status);
  if (!m) throw new Error(`no VmHWM in /proc/${pid}/status`);
  return Number(m[1]) / 1024;
}

/**
 * The pid of this process's child whose command line contains `marker`. The Layer-2 harness does not expose its
 * child's pid, so it is found the way `ps --ppid` would.
 */
export function findChildPid(marker: string, parent: number = process.pid): number {
  const found: number[] = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    try {
      if (Number(statFields(pid)[1]) !== parent) continue;
      const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8");
      if (cmdline.includes(marker)) found.push(pid);
    } catch {
      // The process ended while we looked.
    }
  }
  if (found.length !== 1) throw new Error(`expected one child process running ${marker}, found ${found.length}`);
  return found[0];
}
