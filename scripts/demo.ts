/**
 * `npm run demo`: starts the Jenkins-compatible server and runs the quickstart program against it.
 *
 * With the Pulumi CLI on PATH: `pulumi up` with a local file backend, a change shown by `pulumi preview --diff`,
 * then `pulumi destroy`. Without it: the same program runs as `pulumi` runs it, through the language-host harness
 * (`@pulumi/pulumi/cmd/run`, the real dynamic-provider process), and the demo prints what the CLI would print for
 * each operation: the resources changed, the `--diff` of a change, a refresh that finds edits made by hand, and the
 * requests Jenkins received. docs/guide/first-stack.md holds this output, checked by test/language-host/demo.test.ts.
 */
import "../provider/runtime/node-version"; // first: an unsupported Node.js stops here with one line
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { accessSync, constants, mkdtempSync, rmSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { startJenkinsServer, type JenkinsServer } from "../provider/server";
import { JenkinsUser } from "../test/harness/jenkins-user";
import { PulumiCli, type RefreshResult, type Step, type StepOp } from "../test/harness/language-host";
import { repoRoot } from "../test/harness/provider-process";
import { cleanEnv } from "../test/harness/serialized-provider";
import { onlyReads } from "../test/harness/test-server";
import { SIGN, stepDiffText, typeAndName } from "./cli-display";

const QUICKSTART_DIR = path.join(repoRoot, "examples", "quickstart");
const CHANGED_BUILD_COMMAND = "npm ci\nnpm run build\nnpm test";

type Say = (text?: string) => void;

function say(text = ""): void {
  process.stdout.write(`${text}\n`);
}

function heading(text: string, to: Say = say): void {
  to();
  to(`== ${text}`);
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
// Without the CLI: the language-host harness, the path `pulumi` takes (cmd/run, the dynamic-provider process)

/**
 * The CLI's progress lines of an `up` or `destroy`, one per resource that changed: `+ type name created`. The CLI
 * lists them as they finish, and steps that run at once finish in any order: here they are sorted by name.
 */
function showSteps(say: Say, steps: readonly Step[], done: boolean): void {
  const verb: Record<StepOp, string> = done
    ? { create: "created", update: "updated", replace: "replaced", delete: "deleted", same: "" }
    : { create: "create", update: "update", replace: "replace", delete: "delete", same: "" };
  const changed = steps.filter((s) => s.op !== "same");
  for (const step of changed.sort((a, b) => typeAndName(a.urn).name.localeCompare(typeAndName(b.urn).name))) {
    const { type, name } = typeAndName(step.urn);
    say(` ${SIGN[step.op].padEnd(2)} ${type} ${name} ${verb[step.op]}`);
  }
}

/** The `Resources:` summary the CLI ends an operation with. */
function showSummary(say: Say, steps: readonly Step[], done: boolean): void {
  const count = (op: StepOp) => steps.filter((s) => s.op === op && !s.urn.includes("::pulumi:pulumi:Stack::")).length;
  const words: Array<[StepOp, string, string]> = [
    ["create", "to create", "created"],
    ["update", "to update", "updated"],
    ["replace", "to replace", "replaced"],
    ["delete", "to delete", "deleted"],
  ];
  say("Resources:");
  for (const [op, planned, applied] of words) {
    if (count(op) > 0) say(`    ${SIGN[op]} ${count(op)} ${done ? applied : planned}`);
  }
  if (count("same") > 0) say(`    ${count("same")} unchanged`);
}

/** A step of `pulumi preview --diff` as the CLI prints it. */
function showStepDiff(say: Say, step: Step): void {
  say(stepDiffText(step));
}

/**
 * What `pulumi refresh --diff` prints for a resource the refresh shows as updated: the harness's rendering of the
 * refresh step as the CLI renders it (test/harness/language-host/display.ts `refreshDiff`).
 */
function showRefreshDiff(say: Say, step: RefreshResult["steps"][number]): void {
  const { type } = typeAndName(step.urn);
  say(`    ~ ${type}: (update)`);
  say(`        [urn=${step.urn}]`);
  say(step.display);
}

/** The requests Jenkins received since the last reset, counted by method, and every one that is not a read. */
function showRequests(say: Say, server: JenkinsServer): void {
  const requests = server.requests;
  const gets = requests.filter((r) => r.method === "GET").length;
  // The runnable check's lint is a POST that changes nothing; every other POST writes.
  const lints = requests.filter((r) => r.method === "POST" && onlyReads(r));
  const writes = requests.filter((r) => r.method === "POST" && !onlyReads(r));
  const parts = [`${gets} GET`];
  if (lints.length > 0) parts.push(`${lints.length} POST to the Pipeline linter (a read)`);
  parts.push(`${writes.length} POST that change${writes.length === 1 ? "s" : ""} Jenkins`);
  say(`  (${requests.length} request${requests.length === 1 ? "" : "s"} to Jenkins: ${parts.join(", ")})`);
  // Sorted: requests sent at once arrive in any order.
  for (const written of writes.map((w) => w.path).sort()) say(`    POST ${written}`);
  server.resetCounters();
}

/** The runnable check's lint of a Pipeline script (provider/runnable): a POST that reads. */

/**
 * The quickstart, as `pulumi` runs it: up, a change previewed with `--diff` and applied, a hand edit found by
 * refresh and put back, destroy. Everything printed comes from the operations' results.
 */
export async function runThroughLanguageHost(
  say: Say,
  server: JenkinsServer,
  user: string,
  token: string,
): Promise<void> {
  const cli = new PulumiCli(QUICKSTART_DIR, { env: cleanEnv(), stack: "demo" })
    .setConfig("jenkins:url", server.url)
    .setConfig("jenkins:user", user)
    .setConfig("jenkins:apiToken", token, { secret: true });
  const hand = new JenkinsUser(server.url, { user, apiToken: token });
  const must = (what: string, r: { ok: boolean; errors: Array<{ urn: string; message: string }> }) => {
    if (!r.ok) throw new Error(`${what} failed: ${r.errors.map((e) => `${e.urn}: ${e.message}`).join("; ")}`);
  };
  server.resetCounters();

  heading("pulumi up: the quickstart program creates a folder and three jobs", say);
  const created = await cli.up();
  must("up", created);
  showSteps(say, created.steps, true);
  showSummary(say, created.steps, true);
  showRequests(say, server);

  heading("pulumi preview --diff: a new build command for api-build", say);
  cli.setConfig("quickstart:buildCommand", CHANGED_BUILD_COMMAND);
  const preview = await cli.preview();
  must("preview", preview);
  for (const step of preview.steps.filter((s) => s.op === "update" || s.op === "replace")) showStepDiff(say, step);
  showSummary(say, preview.steps, false);
  showRequests(say, server);

  heading("pulumi up: the change applied", say);
  const applied = await cli.up();
  must("up", applied);
  showSteps(say, applied.steps, true);
  showRequests(say, server);

  heading("Someone edits jobs by hand in Jenkins: api-deploy's script and nightly-cleanup's description", say);
  await hand.editConfig("team/api-deploy", (xml) => xml.replace("./deploy.sh", "./deploy.sh --skip-tests"));
  await hand.setDescription("nightly-cleanup", "Temporarily hand-edited");
  server.resetCounters();

  heading("pulumi refresh --diff: the edits found", say);
  const refreshed = await cli.refresh();
  must("refresh", refreshed);
  const updated = refreshed.steps.filter((s) => s.op === "update");
  for (const step of updated) showRefreshDiff(say, step);
  say("Resources:");
  say(`    ~ ${updated.length} updated`);
  say(`    ${cli.state.resources.filter((r) => r.custom).length - updated.length} unchanged`);
  showRequests(say, server);

  heading("pulumi up: the declared state put back", say);
  const fixed = await cli.up();
  must("up", fixed);
  showSteps(say, fixed.steps, true);
  showRequests(say, server);

  heading("pulumi destroy", say);
  const destroyed = await cli.destroy();
  must("destroy", destroyed);
  showSteps(say, destroyed.steps, true);
  showRequests(say, server);
  say(
    `  jobs left on the server: ${(await hand.exists("team")) || (await hand.exists("nightly-cleanup")) ? "some" : "none"}`,
  );
}

/**
 * The whole demo, written line by line to `to`: the server, then the quickstart through the Pulumi CLI found at
 * `pulumi`, or without one through the language host as `pulumi` runs it. The guide's capture is this output.
 */
export async function demo(to: Say, pulumi: string | undefined): Promise<void> {
  const user = "admin";
  // A fresh token per run; it is only ever handed to the provider through its configuration.
  const token = `11${randomBytes(16).toString("hex")}`;
  const server = await startJenkinsServer({
    port: 0,
    mode: "current",
    users: [{ name: user, password: randomBytes(12).toString("hex"), apiToken: token, permissions: "admin" }],
  });
  to(`Jenkins-compatible server listening on ${server.url}`);
  try {
    if (pulumi) {
      to(`Pulumi CLI found at ${pulumi}: running the quickstart with a local file backend.`);
      runPulumiCli(pulumi, server, user, token);
    } else {
      to("The Pulumi CLI (`pulumi`) is not on PATH: the quickstart runs as `pulumi` runs it instead, through");
      to("@pulumi/pulumi's language host entry (cmd/run) and the real dynamic-provider process, with a stand-in");
      to("for the engine that prints what the CLI prints.");
      await runThroughLanguageHost(to, server, user, token);
    }
  } finally {
    await server.close();
  }
  to();
  to("Done.");
}

if (require.main === module) {
  // Output piped into `head` and the like: a closed pipe ends the demo quietly (the provider process is stopped on exit).
  process.stdout.on("error", (e: NodeJS.ErrnoException) => {
    if (e.code === "EPIPE") process.exit(0);
    throw e;
  });

  demo(say, onPath("pulumi")).catch((e: unknown) => {
    process.stderr.write(`demo failed: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exitCode = 1;
  });
}
