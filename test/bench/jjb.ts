/**
 * Jenkins Job Builder (Debian's jenkins-job-builder, over python-jenkins) as a benchmark contender: renders the
 * jobs of jjb-jobs.ts to XML (`jenkins-jobs test`), and runs `jenkins-jobs update --workers N` against a server.
 */
import { execFile, spawn } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { timed } from "./pool";
import type { ServerHost } from "./server-host";

export const JENKINS_JOBS = "jenkins-jobs";

/** Whether `jenkins-jobs` runs on this machine. */
export function jjbAvailable(): Promise<boolean> {
  return new Promise((resolve) => execFile(JENKINS_JOBS, ["--version"], (err) => resolve(err === null)));
}

/**
 * JJB's settings for a server. The job cache stays on (`ignore_cache=False`), as users run JJB: it skips a job
 * whose rendered XML has the md5 it had at its last update, so an update of changed XML posts every job.
 */
export function writeJjbConf(file: string, host: ServerHost | undefined): void {
  fs.writeFileSync(
    file,
    [
      "[job_builder]",
      "ignore_cache=False",
      "[jenkins]",
      `url=${host?.url ?? "http://127.0.0.1:9/"}`,
      `user=${host?.user.name ?? "nobody"}`,
      // The API token of a server made for this run, in a file of the run's temporary folder.
      `password=${host?.user.apiToken ?? "none"}`,
      "query_plugins_info=False",
      "",
    ].join("\n"),
    { mode: 0o600 },
  );
}

function run(args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(JENKINS_JOBS, args, { env, stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.setEncoding("utf8");
    child.stderr.on("data", (c: string) => (stderr = (stderr + c).slice(-4000)));
    child.once("error", reject);
    child.once("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`jenkins-jobs ${args[2] ?? ""} exited with ${code}: ${stderr}`)),
    );
  });
}

/** A JJB working folder: its settings, and a job cache of its own (JJB keeps it under XDG_CACHE_HOME). */
export class JjbWorkspace {
  readonly conf: string;
  private readonly env: NodeJS.ProcessEnv;

  constructor(
    readonly dir: string,
    host: ServerHost | undefined,
  ) {
    fs.mkdirSync(path.join(dir, "cache"), { recursive: true });
    this.conf = path.join(dir, "jenkins_jobs.ini");
    writeJjbConf(this.conf, host);
    this.env = { ...process.env, XDG_CACHE_HOME: path.join(dir, "cache") };
  }

  /** `jenkins-jobs update --workers N FILE`: wall time in ms, from starting the command to its exit. */
  update(yaml: string, workers: number): Promise<number> {
    return timed(() => run(["--conf", this.conf, "update", "--workers", String(workers), yaml], this.env));
  }

  /** `jenkins-jobs test -o DIR FILE`: the XML of every job, by name, and the wall time of rendering it. */
  async render(yaml: string, out: string): Promise<{ configs: Map<string, string>; wallMs: number }> {
    fs.rmSync(out, { recursive: true, force: true });
    const wallMs = await timed(() => run(["--conf", this.conf, "test", "-o", out, yaml], this.env));
    const configs = new Map<string, string>();
    for (const name of fs.readdirSync(out)) configs.set(name, fs.readFileSync(path.join(out, name), "utf8"));
    return { configs, wallMs };
  }
}
