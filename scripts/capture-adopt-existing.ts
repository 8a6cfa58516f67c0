/**
 * Re-creates ./sample and prints what each step of the walkthrough in README.md shows, from a real run:
 * `node dist/scripts/capture-adopt-existing.js [--port 8080] [--out dir]` (after `npm run build`).
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
import { lineDiff } from "../test/harness/line-diff";
import { MockEngine } from "../test/harness/mock-engine";
import { ProviderProcess, repoRoot, secret } from "../test/harness/provider-process";
import { cleanEnv } from "../test/harness/serialized-provider";

/** The "existing Jenkins": a folder with three jobs and a job at the top, from real saved configs. */
export const EXISTING = [
  { fullName: "platform", fixture: "folder-github-minimal.xml" },
  { fullName: "platform/api", fixture: "pipeline-scm-git-v1.0.xml" },
  { fullName: "platform/nightly-report", fixture: "pipeline-inline-timer-v1.0.xml" },
  { fullName: "platform/upload", fixture: "freestyle-file-parameter-core-only.xml" },
  { fullName: "cleanup", fixture: "freestyle-unbuilt-defaults.xml" },
];

function say(text = ""): void {
  process.stdout.write(`${text}\n`);
}

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

async function main(): Promise<void> {
  const out = path.resolve(option("--out", path.join(repoRoot, "examples", "adopt-existing", "sample")));
  const user = "admin";
  const token = `11${randomBytes(16).toString("hex")}`;
  const server = await startJenkinsServer({
    port: Number(option("--port", "8080")),
    mode: "current",
    users: [{ name: user, password: randomBytes(12).toString("hex"), apiToken: token, permissions: "admin" }],
  });
  const hand = new JenkinsUser(server.url, { user, apiToken: token });
  for (const item of EXISTING)
    await hand.createJob(item.fullName, readFileSync(path.join(FIXTURE_DIR, item.fixture), "utf8"));

  let proc: ProviderProcess | undefined;
  try {
    say(`$ export JENKINS_URL=${server.url} JENKINS_USER=${user} JENKINS_API_TOKEN=...`);
    say("$ npx pulumi-jenkins import --out jenkins-jobs");
    const cli = path.join(repoRoot, "dist", "provider", "entries", "bin.js");
    const env = cleanEnv({ JENKINS_URL: server.url, JENKINS_USER: user, JENKINS_API_TOKEN: token });
    const run = await runNode([cli, "import", "--out", out, "--project", "jenkins-jobs", "--force"], env);
    process.stdout.write(run.stderr.split(out).join("jenkins-jobs"));
    if (run.code !== 0) throw new Error(`import failed (exit ${run.code})`);

    // The provider process runs in the program's folder, as `pulumi` runs it.
    proc = await ProviderProcess.start({ cwd: out, env: cleanEnv() });
    await proc.configure({ "jenkins:url": server.url, "jenkins:user": user, "jenkins:apiToken": secret(token) });
    const engine = new MockEngine(proc, { project: "jenkins-jobs", stack: "dev" });
    const program = programFrom(out);

    say();
    say("== first preview: every job is adopted (shown as a create), nothing is sent");
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
    const unchanged = EXISTING.every((item, i) => server.jobConfigOnDisk(item.fullName) === before[i]);
    say(
      `  adopted ${engine.state.size} jobs; requests that change a job: ${writes.length}; stored configs unchanged: ${unchanged}`,
    );

    say();
    say("== preview again");
    server.resetCounters();
    const again = await engine.up(program, { preview: true });
    const changes = again.steps.filter((s) => s.op !== "same");
    say(
      `  ${again.steps.length - changes.length} unchanged, ${changes.length} to change; requests to Jenkins: ${server.requests.length}`,
    );

    say();
    say("== edit jobs/cleanup.xml (a shell step), then preview --diff");
    const file = path.join(out, "jobs", "cleanup.xml");
    const original = readFileSync(file, "utf8");
    const edited = original.replace(
      "<builders/>",
      "<builders>\n    <hudson.tasks.Shell>\n      <command>find /tmp -name &apos;build-*&apos; -mtime +7 -delete</command>\n    </hudson.tasks.Shell>\n  </builders>",
    );
    if (edited === original) throw new Error("cleanup.xml has no <builders/> to edit");
    writeFileSync(file, edited);
    try {
      const diff = await engine.up(programFrom(out), { preview: true });
      for (const s of diff.steps.filter((x) => x.op !== "same")) {
        say(`  ~ ${s.name} (${s.op})`);
        say("    ~ configXml:");
        say(
          lineDiff(String(s.olds?.configXml ?? ""), String(s.news?.configXml ?? ""))
            .split("\n")
            .map((l) => `        ${l}`)
            .join("\n"),
        );
      }
    } finally {
      writeFileSync(file, original);
    }
    await engine.destroy();
  } finally {
    await proc?.close();
    await server.close();
  }
}

/** The URL the committed sample was imported from (`--port 8080`). */
export const SAMPLE_URL = "http://127.0.0.1:8080/";

if (require.main === module) {
  main().catch((e: unknown) => {
    process.stderr.write(`capture failed: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exitCode = 1;
  });
}
