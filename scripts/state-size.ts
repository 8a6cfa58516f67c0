/**
 * Bytes of stack state per job, as a DIY backend writes the state (minified JSON of the checkpoint's resources),
 * after `pulumi up` through the language host with the code of this checkout:
 *
 *  - `template`: the benchmark's program of N jobs (test/bench/user-program.ts `templateProgram`: ~5 KB freestyle
 *    configs built in code from a template, each with a `description` input, a few folders), the package installed
 *    as users install it (so every `__provider` is one `require`);
 *  - `real-home`: the real Jenkins home of test/import (real-home.ts), imported with `pulumi-jenkins import` and
 *    adopted by `up` of the generated program, the package installed the same way, once through the dynamic
 *    provider and once through the provider plugin (test/harness/state-size.ts): the checkpoint indented as the CLI
 *    writes it (`stateBytes`) and minified, each divided by the bytes of the items' config.xml files (`ratio`).
 *
 *   npm run build && node dist/scripts/state-size.js [--jobs 200] [--only template|real-home] [--save state] [--trims]
 *
 * Prints one JSON line per program (and per path for the real home): resources, jobs, state bytes, and per job the
 * bytes of its inputs and of its outputs (means over the Job resources). Run it in two checkouts to compare versions.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { PulumiCli } from "../test/harness/language-host";
import type { StackState } from "../test/harness/language-host/state";
import { repoRoot } from "../test/harness/provider-process";
import { cleanEnv } from "../test/harness/serialized-provider";
import { ADMIN, startServer } from "../test/harness/test-server";
import { installedProgramFolder, PROGRAM_TSCONFIG } from "../test/bench/program-folder";
import { programSource, templateProgram, writeProgramData } from "../test/bench/user-program";
import { checkpointText, realHomeStates } from "../test/harness/state-size";

interface StateSize {
  program: string;
  resources: number;
  jobs: number;
  stateBytes: number;
  /** Means over the Job resources; `provider`: the serialized provider, in the inputs and again in the outputs. */
  perJob: { resource: number; inputs: number; outputs: number; provider: number };
}

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
    fs.writeFileSync(path.join(dir, "tsconfig.json"), PROGRAM_TSCONFIG);
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

/** What a Job resource would keep in each map, for a trimmed state: keys kept, or keys left out. */
interface Trim {
  label: string;
  inputs: { keep?: readonly string[]; drop?: readonly string[] };
  outputs: { keep?: readonly string[]; drop?: readonly string[] };
}

const SPECS = ["pipeline", "freestyle", "folderSpec", "multibranch"] as const;
const DOCUMENTED_OUTPUTS = ["name", "fullName", "url", "description", "enabled", "folder", "configXml", ...SPECS];
/**
 * How low the state can go (docs/benchmarks.md, "how low the state can go"): the same state with keys of the Job
 * resources taken out. Not designs: the last leaves nothing a refresh or an ownership check reads.
 */
const TRIMS: readonly Trim[] = [
  {
    label: "no __digest, no rendered configXml output, no url, fullName or description in the inputs",
    inputs: { drop: ["url", "fullName", "description"] },
    outputs: { drop: ["__digest", "configXml"] },
  },
  {
    label: "as above, outputs only the documented ones (a typed job's configXml kept)",
    inputs: { drop: ["url", "fullName", "description"] },
    outputs: { keep: [...DOCUMENTED_OUTPUTS, "__provider"] },
  },
  {
    label: "as above, without a typed job's configXml output",
    inputs: { drop: ["url", "fullName", "description"] },
    outputs: { keep: [...DOCUMENTED_OUTPUTS.filter((k) => k !== "configXml"), "__provider"] },
  },
  {
    label: "bare: inputs configXml, name, folder, specs; outputs name, fullName, url, description, enabled",
    inputs: { keep: ["configXml", "name", "folder", ...SPECS, "__provider"] },
    outputs: { keep: ["name", "fullName", "url", "description", "enabled", "__provider"] },
  },
];

function trimmed(map: Record<string, unknown>, how: Trim["inputs"]): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(map).filter(
      ([k]) => (how.keep === undefined || how.keep.includes(k)) && !(how.drop ?? []).includes(k),
    ),
  );
}

/** The indented bytes of `state` with each Job resource trimmed as `trim` says. */
function trimmedBytes(state: StackState, trim: Trim): number {
  const resources = state.resources.map((r) =>
    r.type.endsWith(":Job")
      ? { ...r, inputs: trimmed(r.inputs, trim.inputs), outputs: trimmed(r.outputs, trim.outputs) }
      : r,
  );
  return Buffer.byteLength(checkpointText({ ...state, resources }, 4), "utf8");
}

/**
 * The real home through the dynamic provider and through the provider plugin (test/harness/state-size.ts): the
 * checkpoint's bytes indented as the CLI writes it and minified, and each against the raw configs; with `--trims`,
 * also the ratio of each trimmed state (TRIMS).
 */
async function realHomeSizes(save?: string, trims = false): Promise<void> {
  const measured = await realHomeStates();
  for (const servedBy of ["dynamic", "plugin"] as const) {
    const { state, figures } = measured.states[servedBy];
    if (save !== undefined) fs.writeFileSync(`${save}.${servedBy}.json`, checkpointText(state, 4));
    const { byKey, ...rest } = figures;
    const line = {
      program: `real home, ${measured.items} items`,
      ...rest,
      itemConfigBytes: measured.itemConfigBytes,
      allConfigBytes: measured.allConfigBytes,
      configFiles: measured.configFiles,
      ratio: Number((figures.stateBytes / measured.itemConfigBytes).toFixed(3)),
      ratioMinified: Number((figures.minifiedBytes / measured.itemConfigBytes).toFixed(3)),
      largestKeys: byKey.slice(0, 12),
      ...(trims
        ? {
            trimmedRatios: TRIMS.map((t) => ({
              trim: t.label,
              ratio: Number((trimmedBytes(state, t) / measured.itemConfigBytes).toFixed(3)),
            })),
          }
        : {}),
    };
    process.stdout.write(`${JSON.stringify(line)}\n`);
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
  if (only === undefined || only === "real-home") await realHomeSizes(opt("--save"), args.includes("--trims"));
}

if (require.main === module) {
  main().catch((e: unknown) => {
    process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    process.exit(1);
  });
}
