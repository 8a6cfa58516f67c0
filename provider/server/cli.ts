/**
 * The Jenkins-compatible server's command line: `pulumi-jenkins serve [options]` for users of the package, and
 * `npm run jenkins -- [options]` in a clone. Starts the server and prints its URL and the users' credentials (it
 * is a local test server: the whole point is to hand those to the person starting it).
 */
import "../runtime/node-version"; // first: an unsupported Node.js stops here with one line
import {
  startJenkinsServer,
  type AgentSpec,
  type CloudSpec,
  type JenkinsServer,
  type JenkinsServerOptions,
  type ToolSpec,
  type UserSpec,
} from "./index";

export function usage(command: string): string {
  return `Usage: ${command} [options]
  --port N                 port to listen on (default 8080; 0 = a free port)
  --host H                 address to bind (default 127.0.0.1)
  --data DIR               Jenkins-home-like data folder (default: a temporary folder)
  --mode current|legacy    config.xml serialization: current (GET re-serializes, like Jenkins today) or legacy
                           (GET returns the stored bytes); default current
  --version V              X-Jenkins version to announce
  --user name:password[:token][:admin|read]   repeatable (default admin/admin and reader/reader)
  --no-csrf                switch off crumbs (/crumbIssuer answers 404)
  --absolute-redirects     absolute Location headers, like Jenkins before 2.472
  --quiet-period MS        build queue quiet period (default 5000)
  --plugins LIST           installed plugins instead of the default set, e.g. git@5.7.0,workflow-job@1571.vb_423c255d6d9
  --disabled-plugins LIST  installed but disabled plugins, e.g. git
  --agent NAME:LABELS:N    an agent with comma-separated labels and N executors, e.g. linux-1:linux,docker:4;
                           repeatable; LABELS may be empty (gpu-1::1). Each agent also has its name as a label
  --agents LIST            several agents at once, separated by ";" (quote it): 'linux-1:linux,docker:4;win:windows:2'
  --built-in-executors N   executors of the built-in node (label built-in; default 2)
  --built-in-labels LIST   labels of the built-in node besides built-in, e.g. controller
  --cloud NAME:LABELS      a cloud that provisions agents for these labels, e.g. k8s:linux,pod; repeatable
  --clouds LIST            several clouds separated by ";" (quote it): 'k8s:linux,pod;ec2:windows'
  --tools LIST             tool installations as type:name, e.g. maven:M3,jdk:jdk17 (the type as a declarative
                           tools {} block names it: maven, jdk, gradle, nodejs, ant, git, dockerTool)
  --libraries LIST         global shared libraries, e.g. shared,deploy-lib
  -h, --help               show this help
`;
}

/** "git@5.7.0,workflow-job@1571.v1" → { git: "5.7.0", "workflow-job": "1571.v1" }. */
export function parsePlugins(list: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of list
    .split(",")
    .map((e) => e.trim())
    .filter((e) => e !== "")) {
    const at = entry.indexOf("@");
    if (at <= 0 || at === entry.length - 1) throw new Error(`--plugins takes name@version entries, got "${entry}"`);
    out[entry.slice(0, at)] = entry.slice(at + 1);
  }
  return out;
}

const listOf = (text: string, sep = ","): string[] =>
  text
    .split(sep)
    .map((e) => e.trim())
    .filter((e) => e !== "");

/** "linux-1:linux,docker:4" → an agent; the labels may be empty ("gpu-1::1"). */
export function parseAgent(spec: string): AgentSpec {
  const parts = spec.split(":");
  const executors = Number(parts[2]);
  if (parts.length !== 3 || !parts[0].trim() || parts[2].trim() === "" || !Number.isInteger(executors) || executors < 0)
    throw new Error(`--agent takes NAME:LABELS:EXECUTORS (labels comma-separated), got "${spec}"`);
  return { name: parts[0].trim(), labels: listOf(parts[1]), executors };
}

/** "k8s:linux,pod" → a cloud provisioning those labels. */
export function parseCloud(spec: string): CloudSpec {
  const colon = spec.indexOf(":");
  if (colon <= 0 || listOf(spec.slice(colon + 1)).length === 0)
    throw new Error(`--cloud takes NAME:LABELS (labels comma-separated), got "${spec}"`);
  return { name: spec.slice(0, colon).trim(), labels: listOf(spec.slice(colon + 1)) };
}

/** "maven:M3,jdk:jdk17" → tool installations. */
export function parseTools(list: string): ToolSpec[] {
  return listOf(list).map((entry) => {
    const colon = entry.indexOf(":");
    if (colon <= 0 || colon === entry.length - 1) throw new Error(`--tools takes type:name entries, got "${entry}"`);
    return { type: entry.slice(0, colon), name: entry.slice(colon + 1) };
  });
}

export function parseUser(spec: string): UserSpec {
  const parts = spec.split(":");
  if (parts.length < 2 || !parts[0] || !parts[1])
    throw new Error(`--user expects name:password[:token][:admin|read], got "${parts[0]}:…"`);
  const [name, password, ...rest] = parts;
  let permissions: UserSpec["permissions"] = "admin";
  let apiToken: string | undefined;
  for (const r of rest) {
    if (r === "admin" || r === "read") permissions = r;
    else if (r) apiToken = r;
  }
  return { name, password, apiToken, permissions };
}

export function parseArgs(argv: string[]): JenkinsServerOptions {
  const opts: JenkinsServerOptions = { port: 8080 };
  const users: UserSpec[] = [];
  const agents: AgentSpec[] = [];
  const clouds: CloudSpec[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const next = (): string => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${a} needs a value`);
      return v;
    };
    switch (a) {
      case "--port":
        opts.port = Number(next());
        break;
      case "--host":
        opts.host = next();
        break;
      case "--data":
        opts.dataDir = next();
        break;
      case "--mode": {
        const m = next();
        if (m !== "current" && m !== "legacy") throw new Error("--mode must be current or legacy");
        opts.mode = m;
        break;
      }
      case "--version":
        opts.version = next();
        break;
      case "--user":
        users.push(parseUser(next()));
        break;
      case "--no-csrf":
        opts.csrf = false;
        break;
      case "--absolute-redirects":
        opts.pathOnlyRedirects = false;
        break;
      case "--quiet-period":
        opts.quietPeriodMs = Number(next());
        break;
      case "--plugins":
        opts.plugins = parsePlugins(next());
        break;
      case "--disabled-plugins":
        opts.disabledPlugins = listOf(next());
        break;
      case "--agent":
        agents.push(parseAgent(next()));
        break;
      case "--agents":
        agents.push(...listOf(next(), ";").map(parseAgent));
        break;
      case "--cloud":
        clouds.push(parseCloud(next()));
        break;
      case "--clouds":
        clouds.push(...listOf(next(), ";").map(parseCloud));
        break;
      case "--built-in-executors": {
        const n = Number(next());
        if (!Number.isInteger(n) || n < 0) throw new Error("--built-in-executors must be a whole number, 0 or more");
        opts.builtInExecutors = n;
        break;
      }
      case "--built-in-labels":
        opts.builtInLabels = listOf(next());
        break;
      case "--tools":
        opts.tools = [...(opts.tools ?? []), ...parseTools(next())];
        break;
      case "--libraries":
        opts.globalLibraries = [...(opts.globalLibraries ?? []), ...listOf(next())];
        break;
      default:
        throw new Error(`unknown option ${a}`);
    }
  }
  if (users.length > 0) opts.users = users;
  if (agents.length > 0) opts.agents = agents;
  if (clouds.length > 0) opts.clouds = clouds;
  if (opts.port !== undefined && (!Number.isInteger(opts.port) || opts.port < 0 || opts.port > 65535))
    throw new Error("--port must be 0..65535");
  return opts;
}

/** What the command prints once the server listens: its URL, every user's credentials, how to point a stack at it. */
export function startedMessage(server: Pick<JenkinsServer, "url" | "dataDir" | "users">): string {
  const admin = server.users.find((u) => u.permissions === "admin") ?? server.users[0];
  return [
    `Jenkins-compatible server listening at ${server.url}`,
    `data folder: ${server.dataDir}`,
    "users:",
    ...server.users.map((u) => `  ${u.name}  password: ${u.password}  API token: ${u.apiToken}  (${u.permissions})`),
    ...(admin
      ? [
          `Point a Pulumi stack at it (as ${admin.name}):`,
          `  pulumi config set jenkins:url ${server.url}`,
          `  pulumi config set jenkins:user ${admin.name}`,
          `  pulumi config set --secret jenkins:apiToken ${admin.apiToken}`,
          `or: export JENKINS_URL=${server.url} JENKINS_USER=${admin.name} JENKINS_API_TOKEN=${admin.apiToken}`,
        ]
      : []),
    "Press Ctrl+C to stop.",
  ].join("\n");
}

/**
 * Runs the command: 0 after `--help`, 2 on wrong usage, 1 when the port cannot be used, otherwise undefined once
 * the server listens (it then runs until SIGINT or SIGTERM closes it).
 */
export async function serve(argv: readonly string[], command = "npm run jenkins --"): Promise<number | undefined> {
  if (argv.includes("--help") || argv.includes("-h")) {
    process.stdout.write(usage(command));
    return 0;
  }
  let opts: JenkinsServerOptions;
  try {
    opts = parseArgs([...argv]);
  } catch (e) {
    process.stderr.write(`${command}: ${e instanceof Error ? e.message : String(e)}\n\n${usage(command)}`);
    return 2;
  }
  let server: JenkinsServer;
  try {
    server = await startJenkinsServer(opts);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code !== "EADDRINUSE" && code !== "EACCES") throw e;
    const where = `${opts.host ?? "127.0.0.1"}:${opts.port ?? 8080}`;
    const why = code === "EADDRINUSE" ? "something else listens there" : "this user may not use that port";
    process.stderr.write(
      `${command}: cannot listen on ${where}: ${why}. Pass --port with another port (0: a free one).\n`,
    );
    return 1;
  }
  process.stdout.write(`${startedMessage(server)}\n`);
  const stop = (): void => {
    void server.close().then(() => process.exit(0));
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  return undefined;
}

if (require.main === module) {
  void serve(process.argv.slice(2)).then((code) => {
    if (code !== undefined) process.exitCode = code;
  });
}
