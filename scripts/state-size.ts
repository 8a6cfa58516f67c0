/**
 * Bytes of stack state per job, as a DIY backend writes the state (minified JSON of the checkpoint's resources),
 * after `pulumi up` through the language host with the code of this checkout:
 *
 *  - `template`: the benchmark's program of N jobs (test/bench/user-program.ts `templateProgram`: ~5 KB freestyle
 *    configs built in code from a template, each with a `description` input, a few folders), the package installed
 *    as users install it (so every `__provider` is one `require`);
 *  - `real-home`: the real Jenkins home of test/import (real-home.ts), imported with `pulumi-jenkins import` and
 *    adopted by `up` of the generated program, the package installed the same way.
 *
 *   npm run build && node dist/scripts/state-size.js [--jobs 200] [--only template|real-home] [--save state.json]
 *
 * Prints one JSON line per program: resources, jobs, state bytes, and per job the bytes of the whole resource, of
 * its inputs and of its outputs (means over the Job resources). Run it in two checkouts to compare versions.
 */
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { PulumiCli } from "../test/harness/language-host";
import type { StackState } from "../test/harness/language-host/state";
import { repoRoot } from "../test/harness/provider-process";
import { cleanEnv } from "../test/harness/serialized-provider";
import { ADMIN, startServer } from "../test/harness/test-server";
import { installedProgramFolder } from "../test/bench/program-folder";
import { programSource, templateProgram, writeProgramData } from "../test/bench/user-program";
import { buildRealHome } from "../test/import/real-home";

interface StateSize {
  program: string;
  resources: number;
  jobs: number;
  stateBytes: number;
  /** Means over the Job resources; `provider`: the serialized provider, in the inputs and again in the outputs. */
  perJob: { resource: number; inputs: number; outputs: number; provider: number };
}

const TSCONFIG = JSON.stringify({
  compilerOptions: {
    strict: true,
    target: "ES2022",
    module: "commonjs",
    moduleResolution: "node",
    esModuleInterop: true,
    skipLibCheck: true,
  },
  files: ["index.ts"],
});

const bytes = (v: unknown): number => Buffer.byteLength(JSON.stringify(v), "utf8");

function measure(program: string, state: StackState): StateSize {
  const jobs = state.resources.filter((r) => r.type.endsWith(":Job"));
  const mean = (f: (r: StackState["resources"][number]) => number) =>
    Math.round(jobs.reduce((n, r) => n + f(r), 0) / Math.max(jobs.length, 1));
  return {
    program,
    resources: state.resources.length,
    jobs: jobs.length,
    stateBytes: bytes({ resources: state.resources, outputs: state.outputs }),
    perJob: {
      resource: mean(bytes),
      inputs: mean((r) => bytes(r.inputs)),
      outputs: mean((r) => bytes(r.outputs)),
      provider: mean((r) => bytes(r.outputs.__provider ?? "")),
    },
  };
}

async function templateSize(n: number, save?: string): Promise<StateSize> {
  const server = await startServer("current");
  const dir = installedProgramFolder("state-size-", repoRoot);
  try {
    fs.writeFileSync(
      path.join(dir, "Pulumi.yaml"),
      "name: state-size\nmain: index.ts\nruntime:\n  name: nodejs\n  options:\n    typescript: true\n",
    );
    fs.writeFileSync(path.join(dir, "tsconfig.json"), TSCONFIG);
    const program = templateProgram(n);
    fs.writeFileSync(
      path.join(dir, "index.ts"),
      programSource(program.shape, `import { Job } from "pulumi-jenkins-jobs";`, "Job"),
    );
    writeProgramData(dir, program);
    const cli = new PulumiCli(dir, { env: cleanEnv() })
      .setConfig("jenkins:url", server.url)
      .setConfig("jenkins:user", ADMIN.name)
      .setConfig("jenkins:apiToken", ADMIN.apiToken, { secret: true })
      // The configs name credentials this server does not hold; the check stores nothing either way.
      .setConfig("jenkins:credentialsCheck", "off")
      // Nor the agents their labels ask for: the runnable check stores nothing either.
      .setConfig("jenkins:runnableCheck", "off");
    const up = await cli.up();
    if (!up.ok) throw new Error(`up failed: ${JSON.stringify(up.errors).slice(0, 2000)}`);
    if (save !== undefined) fs.writeFileSync(save, JSON.stringify(cli.state, null, 1));
    return measure(`template, ${n} jobs`, cli.state);
  } finally {
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function runImport(args: string[], env: NodeJS.ProcessEnv): Promise<number | null> {
  const cli = path.join(repoRoot, "dist", "provider", "import", "cli.js");
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, ...args], { env, stdio: ["ignore", "ignore", "inherit"] });
    child.once("error", reject);
    child.once("close", resolve);
  });
}

async function realHomeSize(save?: string): Promise<StateSize> {
  const home = buildRealHome();
  const server = await startServer("current", {
    dataDir: home.dir,
    plugins: home.plugins,
    repositories: home.repositories,
  });
  fs.mkdirSync(path.join(repoRoot, "dist"), { recursive: true });
  const out = fs.mkdtempSync(path.join(repoRoot, "dist", "state-size-home-"));
  const programDirs: string[] = [];
  try {
    const env = cleanEnv({ JENKINS_URL: server.url, JENKINS_USER: ADMIN.name, JENKINS_API_TOKEN: ADMIN.apiToken });
    const code = await runImport(["import", "--out", out, "--project", "real-home", "--force"], env);
    if (code !== 0) throw new Error(`import exited with ${code}`);
    // The generated program in a folder where the package is installed as users install it (so every
    // `__provider` is one `require`, not the provider serialized by value as in a checkout).
    const dir = installedProgramFolder("state-size-home-", repoRoot);
    programDirs.push(dir);
    for (const entry of fs.readdirSync(out)) {
      if (entry === "package.json" || entry === "tsconfig.json") continue;
      fs.cpSync(path.join(out, entry), path.join(dir, entry), { recursive: true });
    }
    fs.writeFileSync(path.join(dir, "tsconfig.json"), TSCONFIG);
    const cli = new PulumiCli(dir, { env: cleanEnv(), stack: "adopt" })
      .setConfig("jenkins:url", server.url)
      .setConfig("jenkins:user", ADMIN.name)
      .setConfig("jenkins:apiToken", ADMIN.apiToken, { secret: true });
    const readme = fs.existsSync(path.join(out, "README.md"))
      ? fs.readFileSync(path.join(out, "README.md"), "utf8")
      : "";
    const lines = readme.matchAll(
      /^pulumi config set --secret (\S+) '<value>'\s+# (\w+) of the credential "([^"]+)" in (\S+)/gm,
    );
    for (const [, key, field, id, store] of lines) {
      const credential = home.credentials.find((c) => c.id === id && (c.folder === "" ? "system" : c.folder) === store);
      cli.setConfig(`real-home:${key}`, credential?.secrets[field] ?? "", { secret: true });
    }
    const up = await cli.up();
    if (!up.ok) throw new Error(`up failed: ${JSON.stringify(up.errors).slice(0, 2000)}`);
    if (save !== undefined) fs.writeFileSync(save, JSON.stringify(cli.state, null, 1));
    return measure(`real home, ${home.items.length} items`, cli.state);
  } finally {
    await server.close();
    for (const dir of [home.dir, out, ...programDirs]) fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const opt = (name: string) => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const only = opt("--only");
  const jobs = Number(opt("--jobs") ?? 200);
  if (only === undefined || only === "template") {
    process.stdout.write(`${JSON.stringify(await templateSize(jobs, opt("--save")))}\n`);
  }
  if (only === undefined || only === "real-home")
    process.stdout.write(`${JSON.stringify(await realHomeSize(opt("--save")))}\n`);
}

if (require.main === module) {
  main().catch((e: unknown) => {
    process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    process.exit(1);
  });
}
