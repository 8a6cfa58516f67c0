/**
 * `npm run demo`: starts the Jenkins-compatible server and runs the quickstart program against it.
 *
 * With the Pulumi CLI on PATH: `pulumi up` with a local file backend, a change shown by `pulumi preview --diff`,
 * then `pulumi destroy`. Without it: the same program runs under Pulumi's mock runtime with every Job forwarded to
 * the real dynamic-provider process (the path the tests use), showing what was created, the diff of a change, and a
 * refresh that finds an edit made by hand.
 */
import "../provider/runtime/node-version"; // first: an unsupported Node.js stops here with one line
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { accessSync, constants, mkdtempSync, rmSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { startJenkinsServer, type JenkinsServer } from "../provider/server";
import { quickstart } from "../examples/quickstart/program";
import { JenkinsUser } from "../test/harness/jenkins-user";
import { lineDiff } from "../test/harness/line-diff";
import { MockEngine, type Step } from "../test/harness/mock-engine";
import { ProviderProcess, repoRoot, secret } from "../test/harness/provider-process";

const QUICKSTART_DIR = path.join(repoRoot, "examples", "quickstart");
const CHANGED_BUILD_COMMAND = "npm ci\nnpm run build\nnpm test";

function say(text = ""): void {
  process.stdout.write(`${text}\n`);
}

function heading(text: string): void {
  say();
  say(`== ${text}`);
}

function onPath(command: string): string | undefined {
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, command);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

// -------------------------------------------------------------------------------------------------------------
// With the Pulumi CLI

function runPulumiCli(pulumi: string, server: JenkinsServer, user: string, token: string): void {
  const backend = mkdtempSync(path.join(os.tmpdir(), "jenkins-demo-state-"));
  const env = {
    ...process.env,
    PULUMI_BACKEND_URL: `file://${backend}`,
    PULUMI_CONFIG_PASSPHRASE: "demo-only-passphrase",
    PULUMI_SKIP_UPDATE_CHECK: "true",
  };
  const run = (args: string[], opts: { allowFail?: boolean; stdin?: string } = {}): void => {
    say(
      `$ pulumi ${args.map((a) => (/\s/.test(a) ? JSON.stringify(a) : a)).join(" ")}${opts.stdin ? " < (secret)" : ""}`,
    );
    const res = spawnSync(pulumi, args, {
      cwd: QUICKSTART_DIR,
      env,
      input: opts.stdin,
      stdio: [opts.stdin === undefined ? "inherit" : "pipe", "inherit", "inherit"],
    });
    if (res.status !== 0 && !opts.allowFail) throw new Error(`pulumi ${args[0]} failed (exit ${res.status})`);
  };
  try {
    run(["stack", "init", "demo", "--non-interactive"]);
    run(["config", "set", "jenkins:url", server.url]);
    run(["config", "set", "jenkins:user", user]);
    // From stdin, so the token does not show up in the process list.
    run(["config", "set", "--secret", "jenkins:apiToken"], { stdin: token });
    heading("pulumi up: create the folder and the jobs");
    run(["up", "--yes", "--skip-preview"]);
    heading("A change: a new build command for api-build, as a reviewer would see it");
    run(["config", "set", "quickstart:buildCommand", CHANGED_BUILD_COMMAND]);
    run(["preview", "--diff"]);
    heading("pulumi destroy");
    run(["destroy", "--yes", "--skip-preview"]);
  } finally {
    run(["stack", "rm", "--yes", "--force", "demo"], { allowFail: true });
    rmSync(backend, { recursive: true, force: true });
  }
}

// -------------------------------------------------------------------------------------------------------------
// Without the CLI: the mock runtime and the real provider process

function describeStep(step: Step, engine: MockEngine): string {
  const entry = engine.state.get(step.urn);
  const url = entry ? String(entry.outputs.url ?? "") : "";
  return `  ${step.op.padEnd(7)} ${step.name.padEnd(16)} ${url}`;
}

function indent(text: string, by = "      "): string {
  return text
    .split("\n")
    .map((l) => by + l)
    .join("\n");
}

/** What changed between old outputs and new inputs (or refreshed outputs), field by field. */
function showChanges(before: Record<string, unknown>, after: Record<string, unknown>): void {
  for (const key of ["name", "folder", "description", "enabled"]) {
    if (key in after && before[key] !== after[key]) {
      say(`    ~ ${key}: ${JSON.stringify(before[key])} => ${JSON.stringify(after[key])}`);
    }
  }
  const a = String(before.configXml ?? "");
  const b = String(after.configXml ?? "");
  if (a !== b) {
    say("    ~ configXml:");
    say(indent(lineDiff(a, b)));
  }
}

async function runWithMockEngine(server: JenkinsServer, user: string, token: string): Promise<void> {
  const proc = await ProviderProcess.start({ cwd: QUICKSTART_DIR });
  try {
    await proc.configure({ "jenkins:url": server.url, "jenkins:user": user, "jenkins:apiToken": secret(token) });
    const engine = new MockEngine(proc, { project: "jenkins-quickstart", stack: "demo" });
    const hand = new JenkinsUser(server.url, { user, apiToken: token });

    heading("up: the quickstart program creates a folder and three jobs");
    const created = await engine.up(quickstart);
    for (const step of created.steps) say(describeStep(step, engine));
    say(`  (${server.requests.filter((r) => r.method === "POST").length} POST requests to Jenkins)`);

    heading("preview --diff of a change: a new build command for api-build");
    const config = { "quickstart:buildCommand": CHANGED_BUILD_COMMAND };
    const preview = await engine.up(quickstart, { config, preview: true });
    for (const step of preview.steps.filter((s) => s.op !== "same")) {
      say(`  ~ ${step.name} (${step.op})`);
      showChanges(step.olds ?? {}, step.news ?? {});
    }
    server.resetCounters();
    await engine.up(quickstart, { config });
    say(
      `  applied with ${server.requests.length} request(s): ${server.requests.map((r) => `${r.method} ${r.path}`).join(", ")}`,
    );

    heading("Someone edits jobs by hand in Jenkins: api-deploy's script and nightly-cleanup's description");
    await hand.editConfig("team/api-deploy", (xml) => xml.replace("./deploy.sh", "./deploy.sh --skip-tests"));
    await hand.setDescription("nightly-cleanup", "Temporarily hand-edited");
    const refreshed = await engine.refresh();
    say("  refresh found:");
    for (const change of refreshed.changed) {
      say(`  ~ ${change.name}`);
      showChanges(change.before, change.after);
    }
    const untouched = engine.state.size - refreshed.changed.length;
    say(`  (${untouched} other resources: no drift, whatever Jenkins did to their saved XML)`);

    heading("up again: the declared state is put back");
    server.resetCounters();
    const fixed = await engine.up(quickstart, { config });
    for (const step of fixed.steps.filter((s) => s.op !== "same")) say(describeStep(step, engine));
    say(`  ${server.requests.map((r) => `${r.method} ${r.path}`).join(", ")}`);

    heading("destroy");
    const deleted = await engine.destroy();
    say(
      `  deleted ${deleted.length} resources; jobs left on the server: ${(await hand.exists("team")) ? "some" : "none"}`,
    );
  } finally {
    await proc.close();
  }
}

async function main(): Promise<void> {
  const user = "admin";
  // A fresh token per run; it is only ever handed to the provider through its configuration.
  const token = `11${randomBytes(16).toString("hex")}`;
  const server = await startJenkinsServer({
    port: 0,
    mode: "current",
    users: [{ name: user, password: randomBytes(12).toString("hex"), apiToken: token, permissions: "admin" }],
  });
  say(`Jenkins-compatible server listening on ${server.url}`);
  try {
    const pulumi = onPath("pulumi");
    if (pulumi) {
      say(`Pulumi CLI found at ${pulumi}: running the quickstart with a local file backend.`);
      runPulumiCli(pulumi, server, user, token);
    } else {
      say("The Pulumi CLI (`pulumi`) is not on PATH, so `pulumi up` cannot run here.");
      say("Running the same quickstart program under Pulumi's mock runtime instead: every Job is sent to the real");
      say("dynamic-provider process over gRPC, as the Pulumi engine would do (this is what the tests do too).");
      await runWithMockEngine(server, user, token);
    }
  } finally {
    await server.close();
  }
  say();
  say("Done.");
}

// Output piped into `head` and the like: a closed pipe ends the demo quietly (the provider process is stopped on exit).
process.stdout.on("error", (e: NodeJS.ErrnoException) => {
  if (e.code === "EPIPE") process.exit(0);
  throw e;
});

main().catch((e: unknown) => {
  process.stderr.write(`demo failed: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exitCode = 1;
});
