/**
 * Jenkins Job Builder (Debian's jenkins-job-builder, which talks to Jenkins through python-jenkins) manages jobs on
 * the Jenkins-compatible server as it would on a Jenkins: `update` creates a folder and two jobs inside it, a second
 * `update` reconfigures them in place, and `delete` removes them.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type { JenkinsServer } from "../../provider/server";
import { ADMIN, start } from "../server/helpers";

/** The job definitions live in the source tree (tests run from dist/). */
const JOBS = path.resolve(__dirname, "../../../test/interop/jjb/jobs.yaml");
const ITEMS = ["platform", "platform/lint", "platform/release"];

function jenkinsJobs(conf: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile("jenkins-jobs", ["--conf", conf, ...args], { timeout: 120_000 }, (err, stdout, stderr) => {
      if (err) reject(new Error(`jenkins-jobs ${args.join(" ")} failed: ${stderr || err.message}`));
      else resolve(`${stdout}${stderr}`);
    });
  });
}

describe("Jenkins Job Builder manages jobs on the server", () => {
  let server: JenkinsServer;
  let work: string;
  let conf: string;

  beforeAll(async () => {
    server = await start();
    work = mkdtempSync(path.join(os.tmpdir(), "jjb-"));
    conf = path.join(work, "jenkins_jobs.ini");
    writeFileSync(
      conf,
      [
        "[job_builder]",
        "ignore_cache=True",
        "[jenkins]",
        `url=${server.url}`,
        `user=${ADMIN.name}`,
        `password=${ADMIN.apiToken}`,
        "query_plugins_info=False",
        "",
      ].join("\n"),
    );
  });
  afterAll(async () => {
    await server?.close();
    if (work) rmSync(work, { recursive: true, force: true });
  });
  beforeEach(() => server.resetCounters());

  test("update creates the folder and its jobs, with the rendered configs", async () => {
    await jenkinsJobs(conf, ["update", JOBS]);
    for (const item of ITEMS) expect(server.jobConfigOnDisk(item)).toBeDefined();
    expect(server.jobConfigOnDisk("platform")).toContain("com.cloudbees.hudson.plugins.folder.Folder");
    expect(server.jobConfigOnDisk("platform/lint")).toContain("npm run lint");
    expect(server.jobConfigOnDisk("platform/release")).toContain("make release");
    const creates = server.requests.filter((r) => r.method === "POST" && r.path.endsWith("/createItem"));
    expect(creates.map((r) => `${r.path} ${r.status}`)).toEqual([
      "/createItem 200",
      "/job/platform/createItem 200",
      "/job/platform/createItem 200",
    ]);
    expect(server.requests.every((r) => r.status < 500)).toBe(true);
  });

  test("a second update reconfigures in place, creating nothing", async () => {
    await jenkinsJobs(conf, ["update", JOBS]);
    const posts = server.requests.filter((r) => r.method === "POST");
    expect(posts.filter((r) => r.path.endsWith("/createItem"))).toEqual([]);
    expect(posts.map((r) => r.path).sort()).toEqual([
      "/job/platform/config.xml",
      "/job/platform/job/lint/config.xml",
      "/job/platform/job/release/config.xml",
    ]);
    expect(posts.every((r) => r.status === 200)).toBe(true);
  });

  test("delete removes the jobs", async () => {
    await jenkinsJobs(conf, ["delete", "platform/lint", "platform/release", "platform"]);
    for (const item of ITEMS) expect(server.jobConfigOnDisk(item)).toBeUndefined();
  });
});
