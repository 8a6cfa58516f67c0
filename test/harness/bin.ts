/**
 * The package's command (`pulumi-jenkins`, the built `dist/provider/entries/bin.js`) run as a child process, the
 * way a user or a workflow runs it.
 */
import { execFileSync, spawn } from "node:child_process";
import * as path from "node:path";
import { repoRoot } from "./provider-process";

export const BIN = path.join(repoRoot, "dist", "provider", "entries", "bin.js");

/**
 * Runs the command to its end; its exit code and what it printed. `bin` is another copy's (an installed package's),
 * `cwd` the folder it runs in.
 */
export function runBin(
  args: string[],
  env: NodeJS.ProcessEnv,
  opts: { bin?: string; cwd?: string } = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [opts.bin ?? BIN, ...args], {
      env,
      cwd: opts.cwd,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c: Buffer) => (stdout += c.toString("utf8")));
    child.stderr.on("data", (c: Buffer) => (stderr += c.toString("utf8")));
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, stdout, stderr }));
  });
}

/** `pulumi-jenkins review FILE ARGS…`: the report it prints (throws when it exits non-zero). */
export function reviewReport(file: string, ...args: string[]): string {
  return execFileSync(process.execPath, [BIN, "review", file, ...args], { encoding: "utf8" });
}
