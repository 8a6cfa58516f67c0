/**
 * The stack state of the real Jenkins home of test/import (real-home.ts), imported with `pulumi-jenkins import` and
 * adopted by `up` of the generated program through each way this package serves it:
 *  - `dynamic`: the program as generated, its Job and View classes this package's dynamic resources;
 *  - `plugin`: the same program with those classes replaced by the stand-in SDK of the jenkins provider plugin
 *    (test/language-host/projects/jenkins-sdk, as `pulumi package add` generates it), served by plugin/.
 * Both run with the package installed under the program's `node_modules`, as users get it.
 *
 * Each state is measured as the CLI writes a checkpoint that people read (`pulumi stack export`, and the file
 * backend before it wrote minified JSON): the deployment indented with 4 spaces (checkpointText). Against it, the
 * raw configs: the bytes of the config.xml of every item the program declares, as Jenkins saved them on disk.
 */
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { PulumiCli } from "./language-host";
import type { ResourceState, StackState } from "./language-host/state";
import { isDynamicType, isProviderType } from "./language-host/state";
import { repoRoot } from "./provider-process";
import { cleanEnv } from "./serialized-provider";
import { ADMIN, startServer } from "./test-server";
import { installedPluginFolder, installedProgramFolder, PROGRAM_TSCONFIG } from "../bench/program-folder";
import { buildRealHome, type RealHome } from "../import/real-home";

export type ServedBy = "dynamic" | "plugin";

/** A state and what it is made of, in bytes. */
export interface StateFigures {
  servedBy: ServedBy;
  resources: number;
  jobs: number;
  /** The checkpoint as the CLI writes it, indented with 4 spaces (checkpointText). */
  stateBytes: number;
  /** The same checkpoint as minified JSON (the file backend's form since CLI 3.238). */
  minifiedBytes: number;
  /** Means over the Job resources, minified: the inputs, the outputs, and `__provider` (dynamic only, in each). */
  perJob: { inputs: number; outputs: number; provider: number };
  /** Bytes (minified) of each input and output key, summed over the Job resources, largest first. */
  byKey: Array<[string, number]>;
}

export interface RealHomeStates {
  /** Items the program declares (branch jobs, which Jenkins makes, are not among them). */
  items: number;
  /** config.xml files on disk: the items' and the branch jobs'. */
  configFiles: number;
  /** Bytes of the config.xml of the declared items, as Jenkins saved them. */
  itemConfigBytes: number;
  /** Bytes of every config.xml under jobs/, branch jobs' included. */
  allConfigBytes: number;
  states: Record<ServedBy, { state: StackState; figures: StateFigures }>;
}

const SDK = path.join(repoRoot, "test", "language-host", "projects", "jenkins-sdk", "index.ts");

/** Fixed times, so two measurements of the same state have the same bytes. */
const CREATED = "2026-12-01T00:00:00.000000000Z";

/**
 * A stack's checkpoint as the CLI writes it: version 3, the deployment's manifest and secrets provider, and each
 * resource with the fields the engine records for it (urn, custom, id, type, inputs, outputs, parent, dependencies,
 * provider reference, created and modified), the default provider of dynamic resources (`pulumi-nodejs`) included.
 * Not written: `propertyDependencies` and `sourcePosition`, which do not depend on what a provider stores.
 */
export function checkpointText(state: StackState, indent: number | undefined): string {
  const stack = state.resources.find((r) => r.type === "pulumi:pulumi:Stack");
  const prefix = stack?.urn.slice(0, stack.urn.lastIndexOf("::pulumi:pulumi:Stack")) ?? "urn:pulumi:dev::project";
  const dynamicProvider = {
    urn: `${prefix}::pulumi:providers:pulumi-nodejs::default`,
    custom: true,
    id: "0b9a0f0e-5a4c-4d0b-8d7c-1f3f6c1e2a11",
    type: "pulumi:providers:pulumi-nodejs",
    created: CREATED,
    modified: CREATED,
  };
  const hasDynamic = state.resources.some((r) => isDynamicType(r.type));
  const entry = (r: ResourceState) => ({
    urn: r.urn,
    custom: r.custom,
    id: r.id || undefined,
    type: r.type,
    inputs: Object.keys(r.inputs).length > 0 ? r.inputs : undefined,
    outputs: Object.keys(r.outputs).length > 0 ? r.outputs : undefined,
    parent: r.type === "pulumi:pulumi:Stack" ? undefined : stack?.urn,
    dependencies: r.dependencies.length > 0 ? r.dependencies : undefined,
    provider: isDynamicType(r.type) ? `${dynamicProvider.urn}::${dynamicProvider.id}` : r.provider,
    created: CREATED,
    modified: CREATED,
  });
  const resources = state.resources.map(entry);
  if (hasDynamic) resources.splice(stack === undefined ? 0 : 1, 0, { ...dynamicProvider, parent: undefined } as never);
  return JSON.stringify(
    {
      version: 3,
      deployment: {
        manifest: { time: CREATED, magic: "", version: "v3.270.0" },
        secrets_providers: {
          type: "passphrase",
          state: { salt: "v1:AAAAAAAAAAA=:v1:AAAAAAAAAAAAAAAA:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA==" },
        },
        resources,
      },
    },
    null,
    indent,
  );
}

const bytes = (text: string): number => Buffer.byteLength(text, "utf8");
const json = (v: unknown): number => bytes(JSON.stringify(v) ?? "");

export function figuresOf(servedBy: ServedBy, state: StackState): StateFigures {
  const jobs = state.resources.filter((r) => r.type.endsWith(":Job"));
  const mean = (f: (r: ResourceState) => number) =>
    Math.round(jobs.reduce((n, r) => n + f(r), 0) / Math.max(jobs.length, 1));
  const byKey = new Map<string, number>();
  for (const r of jobs) {
    for (const [side, map] of [
      ["inputs", r.inputs],
      ["outputs", r.outputs],
    ] as const) {
      for (const [k, v] of Object.entries(map)) byKey.set(`${side}.${k}`, (byKey.get(`${side}.${k}`) ?? 0) + json(v));
    }
  }
  return {
    servedBy,
    resources: state.resources.filter((r) => !isProviderType(r.type)).length,
    jobs: jobs.length,
    stateBytes: bytes(checkpointText(state, 4)),
    minifiedBytes: bytes(checkpointText(state, undefined)),
    perJob: {
      inputs: mean((r) => json(r.inputs)),
      outputs: mean((r) => json(r.outputs)),
      provider: mean((r) => json(r.outputs.__provider ?? "")),
    },
    byKey: [...byKey].sort((a, b) => b[1] - a[1]),
  };
}

function runImport(args: string[], env: NodeJS.ProcessEnv): Promise<number | null> {
  const cli = path.join(repoRoot, "dist", "provider", "import", "cli.js");
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, ...args], { env, stdio: ["ignore", "ignore", "inherit"] });
    child.once("error", reject);
    child.once("close", resolve);
  });
}

function configPath(home: string, fullName: string): string {
  return path.join(home, ...fullName.split("/").flatMap((s) => ["jobs", s]), "config.xml");
}

/** The config.xml files under a home's jobs/ and their bytes. */
function configFilesOf(home: string): { files: number; bytes: number } {
  let files = 0;
  let total = 0;
  const visit = (dir: string): void => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) visit(p);
      else if (e.name === "config.xml") {
        files++;
        total += fs.statSync(p).size;
      }
    }
  };
  visit(path.join(home, "jobs"));
  return { files, bytes: total };
}

/** The generated program in a folder of its own, served by `servedBy`. */
function programFolder(generated: string, servedBy: ServedBy, pluginDir: string): string {
  const dir = installedProgramFolder(`state-size-${servedBy}-`, repoRoot);
  for (const entry of fs.readdirSync(generated)) {
    if (entry === "package.json" || entry === "tsconfig.json") continue;
    fs.cpSync(path.join(generated, entry), path.join(dir, entry), { recursive: true });
  }
  fs.writeFileSync(path.join(dir, "tsconfig.json"), PROGRAM_TSCONFIG);
  if (servedBy === "plugin") {
    fs.copyFileSync(SDK, path.join(dir, "jenkins-sdk.ts"));
    const index = path.join(dir, "index.ts");
    const program = fs.readFileSync(index, "utf8");
    const moved = program.replace(`from "pulumi-jenkins-jobs";`, `from "./jenkins-sdk";`);
    if (moved === program) throw new Error("the generated program does not import its classes from the package");
    fs.writeFileSync(index, moved);
    fs.appendFileSync(path.join(dir, "Pulumi.yaml"), `packages:\n  jenkins: ${pluginDir}\n`);
  }
  return dir;
}

async function upOf(dir: string, servedBy: ServedBy, url: string, home: RealHome, readme: string): Promise<StackState> {
  // Both paths adopt the same home one after the other: one owner name, so the second may take what the first marked.
  const cli = new PulumiCli(dir, { env: cleanEnv(), stack: servedBy })
    .setConfig("jenkins:owner", "real-home/state")
    .setConfig("jenkins:url", url)
    .setConfig("jenkins:user", ADMIN.name)
    .setConfig("jenkins:apiToken", ADMIN.apiToken, { secret: true });
  const lines = readme.matchAll(
    /^pulumi config set --secret (\S+) '<value>'\s+# (\w+) of the credential "([^"]+)" in (\S+)/gm,
  );
  for (const [, key, field, id, store] of lines) {
    const credential = home.credentials.find((c) => c.id === id && (c.folder === "" ? "system" : c.folder) === store);
    cli.setConfig(`real-home:${key}`, credential?.secrets[field] ?? "", { secret: true });
  }
  const up = await cli.up();
  if (!up.ok) throw new Error(`up (${servedBy}) failed: ${JSON.stringify(up.errors).slice(0, 2000)}`);
  return cli.state;
}

/** Imports the real home and adopts it through both ways; every folder made is removed. */
export async function realHomeStates(): Promise<RealHomeStates> {
  const home = buildRealHome();
  const server = await startServer("current", {
    dataDir: home.dir,
    plugins: home.plugins,
    repositories: home.repositories,
  });
  fs.mkdirSync(path.join(repoRoot, "dist"), { recursive: true });
  const out = fs.mkdtempSync(path.join(repoRoot, "dist", "state-size-home-"));
  const made: string[] = [];
  try {
    const itemConfigBytes = home.items.reduce((n, i) => n + fs.statSync(configPath(home.dir, i.fullName)).size, 0);
    const all = configFilesOf(home.dir);
    const env = cleanEnv({ JENKINS_URL: server.url, JENKINS_USER: ADMIN.name, JENKINS_API_TOKEN: ADMIN.apiToken });
    const code = await runImport(["import", "--out", out, "--project", "real-home", "--force"], env);
    if (code !== 0) throw new Error(`import exited with ${code}`);
    const readmeFile = path.join(out, "README.md");
    const readme = fs.existsSync(readmeFile) ? fs.readFileSync(readmeFile, "utf8") : "";
    const pluginDir = installedPluginFolder();
    made.push(pluginDir);
    const states = {} as RealHomeStates["states"];
    for (const servedBy of ["dynamic", "plugin"] as const) {
      const dir = programFolder(out, servedBy, pluginDir);
      made.push(dir);
      const state = await upOf(dir, servedBy, server.url, home, readme);
      states[servedBy] = { state, figures: figuresOf(servedBy, state) };
    }
    return {
      items: home.items.length,
      configFiles: all.files,
      itemConfigBytes,
      allConfigBytes: all.bytes,
      states,
    };
  } finally {
    await server.close();
    for (const dir of [home.dir, out, ...made]) fs.rmSync(dir, { recursive: true, force: true });
  }
}
