/** Command-line options of `npm run bench`. */
import { DEFAULT_PROGRAM_SHAPES, PROGRAM_SHAPES, type ProgramShape } from "./user-program";

export interface BenchOptions {
  jobs: number;
  /** Number of ~100 KB and ~1 MB configs added to the regular jobs. */
  large100k: number;
  large1m: number;
  parallel: number;
  /** undefined: no JSON; "-": JSON on stdout instead of the table; otherwise a file path. */
  json?: string;
  /** Skip contenders, for quick looks ("provider,floor"). */
  only?: Set<string>;
  /** Server mode of the Jenkins-compatible server. */
  mode: "current" | "legacy";
  /** Write a CPU profile of the dynamic-provider process into this folder. */
  cpuProf?: string;
  /** A/B runs: the provider loads another compiled copy of the package (a folder holding package.json and dist/). */
  packageRoot?: string;
  /** Added to every answer of the server, to stand for the network and a busy controller. Default 0. */
  latencyMs: number;
  /** Jobs in the language-host benchmark's program. */
  lhJobs: number;
  /** No-op previews of each language-host program, alternating between the two. */
  lhPreviews: number;
  /** Jobs in the language-host scale run (`lh-scale`); one preview each. */
  lhScaleJobs: number;
  /** The language-host program shapes to run (user-program.ts): files and template by default. */
  lhShapes: ProgramShape[];
  /** Write CPU profiles of the program and provider processes of the language-host benchmark into this folder. */
  lhProfile?: string;
  /** Jobs of the DIY-backend run (`lh-diy`). */
  diyJobs: number;
  /** Jobs of the DIY-backend scale run (`lh-diy-scale`), and the jobs its second `up` adds saving every step. */
  diyScaleJobs: number;
  diyMoreJobs: number;
  /** Jobs of the plugin's no-op preview against the dynamic provider's (`plugin-preview`). */
  pluginJobs: number;
  /** Pairs of no-op previews of `plugin-preview`, alternating A B B A…. */
  pluginPairs: number;
  /** Jobs of `mem-scale`: peak memory of every process, `up` and a no-op preview, both providers. */
  memScaleJobs: number;
  /** Jobs of the program of `plugin-program` (the plugin, the do-nothing plugin and the dynamic provider). */
  pluginProgramJobs: number;
  /** Rounds of `plugin-program`: each contender's `up` and no-op preview, the order alternating. */
  pluginProgramRounds: number;
  /** Extra NODE_OPTIONS for the dynamic-provider process (heap experiments: "--max-old-space-size=96"). */
  providerNodeOptions?: string;
  /** Config saves per run of `adaptive` (the client against a server that slows down with load). */
  adaptiveSaves: number;
  /** Rounds of `adaptive`: adaptive, fixed 8 and fixed 32 each once, the order alternating. */
  adaptiveRounds: number;
  /** The JJB pair (`jjb-pair`): jobs, rounds, requests in flight on every side, and the server's wait per method. */
  jjbJobs: number;
  jjbRounds: number;
  jjbParallel: number;
  jjbGetMs: number;
  jjbPostMs: number;
}

export const USAGE = `Usage: npm run bench -- [--jobs N] [--large N100K,N1M] [--parallel P] [--json [PATH]] [--only LIST] [--mode current|legacy]
  --jobs N        regular jobs of ~5 KB (default 1000)
  --large A,B     additional jobs of ~100 KB (A) and ~1 MB (B) (default 5,2; "--large 0" for none)
  --parallel P    operations in flight, for every contender (default 16)
  --json [PATH]   write the results as JSON to PATH, or to stdout (then the table goes to stderr)
  --only LIST     comma-separated subset of provider,null-provider,floor,python-seq,python-threads,diff-cost,
                  lh-provider,lh-null-provider (the language-host benchmark: a program run through cmd/run),
                  lh-scale (both language-host programs at --lh-scale jobs),
                  review (pulumi-jenkins review on previews of thousands of steps),
                  lh-diy (up with the state saved as a DIY backend saves it: every step, and at the end only),
                  lh-diy-scale (up of --diy-scale jobs saving at the end, then --diy-more jobs more saving every step),
                  plugin-preview (no-op preview through the provider plugin and through the dynamic provider, and
                  the state bytes per job of each),
                  plugin-program (up and no-op preview of a program through the language host: the provider
                  plugin, a do-nothing plugin and the dynamic provider),
                  mem-scale (peak RSS of the program and provider processes, up and a no-op preview of
                  --mem-scale jobs, through the dynamic provider and through the provider plugin),
                  adaptive (the client's adaptive requests in flight against a fixed 8 and a fixed 32, on a server
                  that slows down with load and answers 503 past 24 in flight),
                  jjb-pair (create, update of every job and delete: ours against Jenkins Job Builder's
                  jenkins-jobs update --workers P and python-jenkins with P threads, on a server whose GETs and
                  POSTs wait; needs Debian's jenkins-job-builder and python3-jenkins)
  --lh-jobs N     jobs in the language-host benchmark's program (default 1000)
  --lh-previews R no-op previews of each language-host program, alternating (default 3)
  --lh-shapes L   language-host program shapes, comma-separated: files (configs read from files), template
                  (configs built in code from a template literal, folders, password parameters), code (the
                  same configs, each job declared with name, configXml and description alone); default
                  files,template
  --lh-scale N    jobs of the language-host scale run (contender lh-scale; default 5000)
  --lh-profile DIR  CPU profiles (--cpu-prof) of the language-host program and provider processes into
                  DIR/<shape>/<contender>/{program,provider}; for plugin-program, into
                  DIR/plugin-program/<contender>/{program,provider}
  --mem-scale N   jobs of mem-scale (default 5000)
  --diy-jobs N    jobs of lh-diy (default 1000)
  --diy-scale N   jobs of lh-diy-scale (default 5000)
  --diy-more K    jobs lh-diy-scale's second up adds, saving every step (default 50)
  --plugin-jobs N jobs of plugin-preview (default 1000)
  --plugin-pairs R  pairs of no-op previews of plugin-preview, alternating (default 3)
  --plugin-program-jobs N    jobs of plugin-program's program (default 1000)
  --plugin-program-rounds R  rounds of plugin-program, the order alternating (default 3)
  --adaptive-saves N   config saves per run of adaptive (default 500)
  --adaptive-rounds R  rounds of adaptive, the order alternating (default 2)
  --jjb-jobs N    jobs of jjb-pair (default 500)
  --jjb-rounds R  rounds of jjb-pair, the order reversed each round (default 2)
  --jjb-parallel P  requests in flight of every jjb-pair contender: the engine's resources, JJB's --workers,
                  python-jenkins's threads (default 8)
  --jjb-latency G,P  jjb-pair's server waits G ms before answering a GET, P ms before a POST (default 20,70)
  --mode M        server mode: config.xml GET re-serialized ("current", default) or stored bytes ("legacy")
  --latency MS    the server waits MS before answering each request (a remote controller); default 0
  --cpu-prof DIR  write a V8 CPU profile of the dynamic-provider process into DIR (open it in Chrome DevTools);
                  for plugin-preview, of every process into DIR/plugin-preview/{dynamic,plugin}
  --package DIR   A/B: the provider process loads this compiled copy of the package (DIR/dist) instead of ./dist
  --provider-node-options OPTS  extra NODE_OPTIONS for the dynamic-provider process`;

function positiveInt(flag: string, raw: string | undefined, allowZero = false): number {
  const n = Number(raw);
  if (raw === undefined || !Number.isInteger(n) || n < 0 || (!allowZero && n === 0)) {
    throw new Error(
      `${flag} needs a ${allowZero ? "non-negative" : "positive"} integer (got ${raw ?? "nothing"})\n${USAGE}`,
    );
  }
  return n;
}

export function parseArgs(argv: string[]): BenchOptions {
  const opts: BenchOptions = {
    jobs: 1000,
    large100k: 5,
    large1m: 2,
    parallel: 16,
    mode: "current",
    latencyMs: 0,
    lhJobs: 1000,
    lhPreviews: 3,
    lhScaleJobs: 5000,
    memScaleJobs: 5000,
    lhShapes: [...DEFAULT_PROGRAM_SHAPES],
    diyJobs: 1000,
    diyScaleJobs: 5000,
    diyMoreJobs: 50,
    pluginJobs: 1000,
    pluginPairs: 3,
    pluginProgramJobs: 1000,
    pluginProgramRounds: 3,
    adaptiveSaves: 500,
    adaptiveRounds: 2,
    jjbJobs: 500,
    jjbRounds: 2,
    jjbParallel: 8,
    jjbGetMs: 20,
    jjbPostMs: 70,
  };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    const next = (): string | undefined => argv[++i];
    switch (flag) {
      case "--jobs":
        opts.jobs = positiveInt(flag, next());
        break;
      case "--lh-jobs":
        opts.lhJobs = positiveInt(flag, next());
        break;
      case "--lh-previews":
        opts.lhPreviews = positiveInt(flag, next());
        break;
      case "--lh-shapes": {
        const shapes = (next() ?? "").split(",").filter((x) => x !== "");
        const unknown = shapes.filter((x) => !(PROGRAM_SHAPES as readonly string[]).includes(x));
        if (shapes.length === 0 || unknown.length > 0) {
          throw new Error(
            `--lh-shapes takes ${PROGRAM_SHAPES.join(", ")} (got ${shapes.join(",") || "nothing"})\n${USAGE}`,
          );
        }
        opts.lhShapes = shapes as ProgramShape[];
        break;
      }
      case "--diy-jobs":
        opts.diyJobs = positiveInt(flag, next());
        break;
      case "--diy-scale":
        opts.diyScaleJobs = positiveInt(flag, next());
        break;
      case "--diy-more":
        opts.diyMoreJobs = positiveInt(flag, next());
        break;
      case "--plugin-jobs":
        opts.pluginJobs = positiveInt(flag, next());
        break;
      case "--plugin-pairs":
        opts.pluginPairs = positiveInt(flag, next());
        break;
      case "--plugin-program-jobs":
        opts.pluginProgramJobs = positiveInt(flag, next());
        break;
      case "--plugin-program-rounds":
        opts.pluginProgramRounds = positiveInt(flag, next());
        break;
      case "--adaptive-saves":
        opts.adaptiveSaves = positiveInt(flag, next());
        break;
      case "--adaptive-rounds":
        opts.adaptiveRounds = positiveInt(flag, next());
        break;
      case "--jjb-jobs":
        opts.jjbJobs = positiveInt(flag, next());
        break;
      case "--jjb-rounds":
        opts.jjbRounds = positiveInt(flag, next());
        break;
      case "--jjb-parallel":
        opts.jjbParallel = positiveInt(flag, next());
        break;
      case "--jjb-latency": {
        const parts = (next() ?? "").split(",");
        opts.jjbGetMs = positiveInt(flag, parts[0], true);
        opts.jjbPostMs = positiveInt(flag, parts[1] ?? parts[0], true);
        break;
      }
      case "--mem-scale":
        opts.memScaleJobs = positiveInt(flag, next());
        break;
      case "--lh-scale":
        opts.lhScaleJobs = positiveInt(flag, next());
        break;
      case "--lh-profile": {
        const dir = next();
        if (!dir) throw new Error(`--lh-profile needs a folder\n${USAGE}`);
        opts.lhProfile = dir;
        break;
      }
      case "--parallel":
        opts.parallel = positiveInt(flag, next());
        break;
      case "--large": {
        const parts = (next() ?? "").split(",");
        opts.large100k = positiveInt(flag, parts[0], true);
        opts.large1m = parts.length > 1 ? positiveInt(flag, parts[1], true) : opts.large100k;
        break;
      }
      case "--json": {
        const value = argv[i + 1];
        if (value !== undefined && !value.startsWith("--")) {
          opts.json = value;
          i++;
        } else {
          opts.json = "-";
        }
        break;
      }
      case "--only":
        opts.only = new Set((next() ?? "").split(",").filter((s) => s !== ""));
        break;
      case "--mode": {
        const m = next();
        if (m !== "current" && m !== "legacy") throw new Error(`--mode must be current or legacy\n${USAGE}`);
        opts.mode = m;
        break;
      }
      case "--cpu-prof": {
        const dir = next();
        if (!dir) throw new Error(`--cpu-prof needs a folder\n${USAGE}`);
        opts.cpuProf = dir;
        break;
      }
      case "--package": {
        const dir = next();
        if (!dir) throw new Error(`--package needs a folder\n${USAGE}`);
        opts.packageRoot = dir;
        break;
      }
      case "--latency":
        opts.latencyMs = positiveInt("--latency", next(), true);
        break;
      case "--provider-node-options":
        opts.providerNodeOptions = next() ?? "";
        break;
      case "--help":
      case "-h":
        process.stdout.write(USAGE + "\n");
        process.exit(0);
        break;
      default:
        throw new Error(`unknown option ${flag}\n${USAGE}`);
    }
  }
  return opts;
}

export function wants(opts: BenchOptions, what: string): boolean {
  return opts.only === undefined || opts.only.has(what);
}
