/**
 * Re-creates ./sample and prints what each step of the walkthrough in README.md shows, from a real run:
 * `node dist/scripts/capture-adopt-existing.js [--port 8080] [--out dir]` (after `npm run build`). The README's
 * captured blocks are this output, checked by test/examples/adopt-existing.test.ts (`npm run captures` rewrites
 * them).
 *
 * It starts the Jenkins-compatible server, fills it with a few jobs made from real saved configs, runs the
 * `pulumi-jenkins import` command (the compiled bin, as `npx` would), then runs the generated program through the
 * test engine (every Job sent to the real dynamic-provider process): the first preview and up, a second preview,
 * and a preview after one job's config file is edited.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { startJenkinsServer } from "../provider/server";
import { FIXTURE_DIR } from "../test/harness/fixtures";
import { programFrom } from "../test/import/run-program";
import { JenkinsUser } from "../test/harness/jenkins-user";
import { MockEngine } from "../test/harness/mock-engine";
import { ProviderProcess, repoRoot, secret } from "../test/harness/provider-process";
import { cleanEnv } from "../test/harness/serialized-provider";
import { propertyDiff } from "./property-diff";
import { RUNNABLE_CHECK_REQUEST } from "../test/harness/test-server";
import { configWithoutMark } from "../provider/ownership/config-owner";
import { configsEquivalent } from "../provider/xml/semantic";

/** The "existing Jenkins": a folder with three jobs and a job at the top, from real saved configs. */
export const EXISTING = [
  { fullName: "platform", fixture: "folder-github-minimal.xml" },
  { fullName: "platform/api", fixture: "pipeline-scm-git-v1.0.xml" },
  { fullName: "platform/nightly-report", fixture: "pipeline-inline-timer-v1.0.xml" },
  { fullName: "platform/upload", fixture: "freestyle-file-parameter-core-only.xml" },
  { fullName: "cleanup", fixture: "freestyle-unbuilt-defaults.xml" },
];

/** A child node process, without blocking this one (the server answering it runs here). */
function runNode(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { env, stdio: ["ignore", "inherit", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (c: Buffer) => (stderr += c.toString("utf8")));
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, stderr }));
  });
}

function option(name: string, fallback: string): string {
  const i = process.argv.indexOf(name);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}

/** What each step of the README's walkthrough printed, by the name of its capture in the README. */
export interface AdoptExistingCapture {
  /** The import command's output. */
  import: string;
  /** The first preview, the up, the preview after it. */
  steps: string;
  /** `pulumi preview --diff` after one job's config file is edited. */
  diff: string;
}

/**
 * The paths of this checkout and of the generated project, as the README shows them: a project made in `~/src`
 * beside a clone at `~/src/pulumi-jenkins-jobs`, whatever folders the run used.
 */
function shownPaths(text: string, out: string): string {
  const relative = path.relative(out, repoRoot).split(path.sep).join("/");
  return text
    .split(`file:${relative}`)
    .join("file:../pulumi-jenkins-jobs")
    .split(out)
    .join("jenkins-jobs")
    .split(repoRoot)
    .join("~/src/pulumi-jenkins-jobs");
}

/**
 * Imports the "existing Jenkins" into `out` with the compiled `pulumi-jenkins import` bin, then runs the generated
 * program through the test engine (every Job sent to the real dynamic-provider process): the first preview and up,
 * a second preview, and a preview after one job's config file is edited.
 */
export async function captureAdoptExisting(opts: { out: string; port?: number }): Promise<AdoptExistingCapture> {
  const out = path.resolve(opts.out);
  const user = "admin";
  const token = `11${randomBytes(16).toString("hex")}`;
  const server = await startJenkinsServer({
    port: opts.port ?? 0,
    mode: "current",
    users: [{ name: user, password: randomBytes(12).toString("hex"), apiToken: token, permissions: "admin" }],
  });
  const hand = new JenkinsUser(server.url, { user, apiToken: token });
  for (const item of EXISTING)
    await hand.createJob(item.fullName, readFileSync(path.join(FIXTURE_DIR, item.fixture), "utf8"));

  const lines: Record<keyof AdoptExistingCapture, string[]> = { import: [], steps: [], diff: [] };
  let proc: ProviderProcess | undefined;
  try {
    const cli = path.join(repoRoot, "dist", "provider", "entries", "bin.js");
    const env = cleanEnv({ JENKINS_URL: server.url, JENKINS_USER: user, JENKINS_API_TOKEN: token });
    const run = await runNode([cli, "import", "--out", out, "--project", "jenkins-jobs", "--force"], env);
    lines.import.push(...shownPaths(run.stderr, out).replace(/\n+$/, "").split("\n"));
    if (run.code !== 0) throw new Error(`import failed (exit ${run.code}): ${run.stderr}`);

    // The provider process runs in the program's folder, as `pulumi` runs it.
    proc = await ProviderProcess.start({ cwd: out, env: cleanEnv() });
    await proc.configure({ "jenkins:url": server.url, "jenkins:user": user, "jenkins:apiToken": secret(token) });
    const engine = new MockEngine(proc, { project: "jenkins-jobs", stack: "dev" });
    const program = programFrom(out);
    const say = (text = "") => lines.steps.push(text);

    say("== first preview: every job is adopted (shown as a create), nothing is written");
    server.resetCounters();
    const first = await engine.up(program, { preview: true });
    for (const s of first.steps) say(`  ${s.op} ${s.name}`);
    say(`  requests to Jenkins: ${server.requests.length}`);

    say();
    say("== up: the jobs are taken over");
    const before = EXISTING.map((i) => server.jobConfigOnDisk(i.fullName));
    server.resetCounters();
    await engine.up(program);
    const writes = server.requests.filter(
      (r) => r.method === "POST" && !(r.path.endsWith("/createItem") && r.status === 400),
    );
    // Each adoption writes the stack's mark of ownership as the last line of the job's description, nothing else.
    // Jenkins saves a job again when its description changes, in its own layout: compared as Jenkins compares them.
    const unchanged = EXISTING.every((item, i) =>
      configsEquivalent(before[i] ?? "", configWithoutMark(server.jobConfigOnDisk(item.fullName) ?? "")),
    );
    const changing = writes.filter((r) => !RUNNABLE_CHECK_REQUEST.test(`${r.method} ${r.path}`));
    const marks = changing.filter((r) => /\/(description|config\.xml)$/.test(r.path)).length;
    say(
      `  adopted ${engine.state.size} jobs; requests that change a job: ${changing.length} (${marks} adding the mark of ownership to a job's description); stored configs unchanged but for the mark: ${unchanged}`,
    );

    say();
    say("== preview again");
    server.resetCounters();
    const again = await engine.up(program, { preview: true });
    const changes = again.steps.filter((s) => s.op !== "same");
    say(
      `  ${again.steps.length - changes.length} unchanged, ${changes.length} to change; requests to Jenkins: ${server.requests.length}`,
    );

    const file = path.join(out, "jobs", "cleanup.xml");
    const original = readFileSync(file, "utf8");
    const edited = original.replace(
      "<builders/>",
      "<builders>\n    <hudson.tasks.Shell>\n      <command>find /tmp -name &apos;build-*&apos; -mtime +7 -delete</command>\n    </hudson.tasks.Shell>\n  </builders>",
    );
    if (edited === original) throw new Error("cleanup.xml has no <builders/> to edit");
    writeFileSync(file, edited);
    try {
      lines.diff.push("$ pulumi preview --diff");
      const diff = await engine.up(programFrom(out), { preview: true });
      // As `pulumi preview --diff` shows a step: the old inputs in the state (a preview leaves them there) against
      // the new checked inputs, internal `__` keys left out.
      for (const s of diff.steps.filter((x) => x.op !== "same")) {
        const olds = engine.state.get(s.urn)?.inputs ?? {};
        const news = s.news ?? {};
        const keys = [...new Set([...Object.keys(olds), ...Object.keys(news)])].filter((k) => !k.startsWith("__"));
        lines.diff.push(`  ~ ${s.name} (${s.op})`, propertyDiff(olds, news, keys.sort(), "    "));
      }
    } finally {
      writeFileSync(file, original);
    }
    await engine.destroy();
  } finally {
    await proc?.close();
    await server.close();
  }
  return { import: lines.import.join("\n"), steps: lines.steps.join("\n"), diff: lines.diff.join("\n") };
}

/** Re-creates ./sample and prints each step's output, as the README shows it. */
async function main(): Promise<void> {
  const out = option("--out", path.join(repoRoot, "examples", "adopt-existing", "sample"));
  const captured = await captureAdoptExisting({ out, port: Number(option("--port", "8080")) });
  process.stdout.write(
    `$ export JENKINS_URL=... JENKINS_USER=... JENKINS_API_TOKEN=...\n$ npx pulumi-jenkins import --out jenkins-jobs\n${captured.import}\n\n${captured.steps}\n\n${captured.diff}\n`,
  );
}

/** The URL the committed sample was imported from (`--port 8080`). */
export const SAMPLE_URL = "http://127.0.0.1:8080/";

if (require.main === module) {
  main().catch((e: unknown) => {
    process.stderr.write(`capture failed: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exitCode = 1;
  });
}
