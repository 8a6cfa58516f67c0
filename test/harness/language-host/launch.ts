/**
 * Starting the two processes the Pulumi CLI starts for a Node.js program, the way it starts them:
 * - the program, through `@pulumi/pulumi/cmd/run` resolved from the program's own folder (so the program's SDK,
 *   TypeScript and tsconfig are the ones used), with the language host's flags and environment;
 * - the default `pulumi-nodejs` provider of dynamic resources, through a launcher that resolves
 *   `@pulumi/pulumi/cmd/dynamic-provider` from the program folder and runs it with the engine's address, in the
 *   program folder.
 * Opt-in, for profiling: LANGUAGE_HOST_PROGRAM_NODE_ARGS and LANGUAGE_HOST_PROVIDER_NODE_ARGS in the CLI's
 * environment are Node.js flags (space-separated) put before the script of the program or the provider process
 * (the dynamic provider, or a provider plugin: plugin-process.ts), e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`,
 * which NODE_OPTIONS refuses. Node writes a `--cpu-prof` profile only on a normal exit; the harness stops the
 * provider with SIGTERM, so a profiled provider needs a SIGTERM handler that exits (the benchmark preloads one,
 * test/bench/cpu-report.ts).
 */
import { execFileSync, spawn } from "node:child_process";
import * as os from "node:os";
import { ProviderProcess } from "../provider-process";
import type { Project } from "./project";

/** Where `require.resolve` finds a module when asked from `dir`, as the launchers' `node -e` does. */
export function resolveFrom(dir: string, request: string, node = process.execPath): string {
  const code = `process.stdout.write(require.resolve(${JSON.stringify(request)}))`;
  return execFileSync(node, ["-e", code], { cwd: dir, encoding: "utf8" });
}

/** The CLI's default `--parallel`: four operations per CPU. */
export function defaultParallel(): number {
  return 4 * os.cpus().length;
}

export interface ProgramRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface ProgramLaunch {
  project: Project;
  stack: string;
  organization: string;
  monitorAddress: string;
  engineAddress: string;
  syncDir: string;
  dryRun: boolean;
  parallel: number;
  /** Stack config under full keys ("jenkins:url"); secrets named in `secretKeys`. */
  config: Record<string, unknown>;
  secretKeys: string[];
  env: NodeJS.ProcessEnv;
  node?: string;
  /** Aborted: the program is killed at once (SIGKILL), as with the CLI that ran it. */
  signal?: AbortSignal;
}

/** The language host's environment for the program: config as JSON, secret key names, TypeScript options. */
function programEnv(l: ProgramLaunch): NodeJS.ProcessEnv {
  const config: Record<string, string> = {};
  for (const [k, v] of Object.entries(l.config)) config[k] = typeof v === "string" ? v : JSON.stringify(v);
  const env: NodeJS.ProcessEnv = {
    ...l.env,
    PULUMI_CONFIG: JSON.stringify(config),
    PULUMI_CONFIG_SECRET_KEYS: JSON.stringify(l.secretKeys),
    PULUMI_NODEJS_TYPESCRIPT: String(l.project.typescript),
  };
  if (l.project.tsconfig !== undefined) env.PULUMI_NODEJS_TSCONFIG_PATH = l.project.tsconfig;
  return env;
}

/** Node.js flags from an opt-in variable of the environment (see the top of this file). */
export function nodeArgsFrom(env: NodeJS.ProcessEnv, name: string): string[] {
  return (env[name] ?? "").split(/\s+/).filter((a) => a !== "");
}

export function runProgram(l: ProgramLaunch): Promise<ProgramRun> {
  const node = l.node ?? process.execPath;
  const run = resolveFrom(l.project.pwd, "@pulumi/pulumi/cmd/run", node);
  const args = [
    ...nodeArgsFrom(l.env, "LANGUAGE_HOST_PROGRAM_NODE_ARGS"),
    run,
    "--monitor",
    l.monitorAddress,
    "--engine",
    l.engineAddress,
    "--sync",
    l.syncDir,
    "--organization",
    l.organization,
    "--project",
    l.project.name,
    "--root-directory",
    l.project.root,
    "--stack",
    l.stack,
    "--pwd",
    l.project.pwd,
    ...(l.dryRun ? ["--dry-run"] : []),
    "--parallel",
    String(l.parallel),
    l.project.entry,
  ];
  const child = spawn(node, args, { cwd: l.project.pwd, env: programEnv(l), stdio: ["ignore", "pipe", "pipe"] });
  const kill = (): void => void child.kill("SIGKILL");
  if (l.signal?.aborted) kill();
  l.signal?.addEventListener("abort", kill, { once: true });
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (c: string) => (stdout += c));
  child.stderr.setEncoding("utf8").on("data", (c: string) => (stderr += c));
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("close", (code) => {
      l.signal?.removeEventListener("abort", kill);
      resolve({ code, stdout, stderr });
    });
  });
}

/** The default provider of dynamic resources, started in the program folder as the engine starts its plugin. */
export function launchDynamicProvider(
  programDir: string,
  engineAddress: string,
  env: NodeJS.ProcessEnv,
  node = process.execPath,
): Promise<ProviderProcess> {
  const entry = resolveFrom(programDir, "@pulumi/pulumi/cmd/dynamic-provider", node);
  const nodeArgs = nodeArgsFrom(env, "LANGUAGE_HOST_PROVIDER_NODE_ARGS");
  return ProviderProcess.start({ cwd: programDir, env, engineAddress, node, entry, nodeArgs });
}
