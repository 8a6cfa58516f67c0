/**
 * `pulumi-jenkins serve` as a child process, as a user starts it: the URL, user and API token are read from what it
 * prints, nothing else is known about the server.
 */
import { spawn, type ChildProcess } from "node:child_process";

export interface ServeCommand {
  url: string;
  user: string;
  apiToken: string;
  /** Everything it printed on stdout up to "Press Ctrl+C to stop." */
  printed: string;
  stop(): Promise<void>;
}

function stopper(child: ChildProcess): () => Promise<void> {
  return async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  };
}

/** Runs `node <bin> serve ...args` in `cwd` and resolves once it says the server listens. */
export function startServeCommand(bin: string, args: readonly string[], cwd?: string): Promise<ServeCommand> {
  const child = spawn(process.execPath, [bin, "serve", ...args], { cwd, stdio: ["ignore", "pipe", "pipe"] });
  const stop = stopper(child);
  return new Promise<ServeCommand>((resolve, reject) => {
    let out = "";
    let err = "";
    child.stderr!.on("data", (d: Buffer) => (err += d.toString()));
    child.stdout!.on("data", (d: Buffer) => {
      out += d.toString();
      if (!out.includes("Press Ctrl+C to stop.")) return;
      const m = /^or: export JENKINS_URL=(\S+) JENKINS_USER=(\S+) JENKINS_API_TOKEN=(\S+)$/m.exec(out);
      if (!m) {
        void stop().then(() => reject(new Error(`serve printed no credentials:\n${out}`)));
        return;
      }
      resolve({ url: m[1], user: m[2], apiToken: m[3], printed: out, stop });
    });
    child.once("exit", (code) => reject(new Error(`serve exited with ${code}:\n${out}${err}`)));
  });
}
