/**
 * Multibranch projects over HTTP: branch sources get ids, branch indexing computes the branch jobs, and those jobs
 * are not made, moved or renamed by anyone else.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type { JenkinsServer } from "../../provider/server";
import { renderMultibranch } from "../../provider/specs";
import { fixture } from "../harness/fixtures";
import { adminToken, call, createJob, FOLDER, FREESTYLE, h, start, XML } from "./helpers";

const REPO = "https://git.example.com/team/app.git";

/** A multibranch project with one git source and no id, as a program or the UI posts it. */
function multibranch(opts: { id?: string; numToKeep?: number; remote?: string; scriptPath?: string } = {}): string {
  return `<?xml version='1.1' encoding='UTF-8'?>
<org.jenkinsci.plugins.workflow.multibranch.WorkflowMultiBranchProject plugin="workflow-multibranch@821.vc3b_4ea_780798">
  <actions/>
  <description></description>
  <properties/>
  <orphanedItemStrategy class="com.cloudbees.hudson.plugins.folder.computed.DefaultOrphanedItemStrategy" plugin="cloudbees-folder@6.1079.vc0975c2de294">
    <pruneDeadBranches>true</pruneDeadBranches>
    <daysToKeep>-1</daysToKeep>
    <numToKeep>${opts.numToKeep ?? -1}</numToKeep>
  </orphanedItemStrategy>
  <triggers/>
  <disabled>false</disabled>
  <sources class="jenkins.branch.MultiBranchProject$BranchSourceList" plugin="branch-api@2.1280.v0d4e5b_b_460ef">
    <data>
      <jenkins.branch.BranchSource>
        <source class="jenkins.plugins.git.GitSCMSource" plugin="git@5.10.0">${opts.id ? `\n          <id>${opts.id}</id>` : ""}
          <remote>${opts.remote ?? REPO}</remote>
          <credentialsId></credentialsId>
          <traits>
            <jenkins.plugins.git.traits.BranchDiscoveryTrait/>
          </traits>
        </source>
        <strategy class="jenkins.branch.DefaultBranchPropertyStrategy">
          <properties class="empty-list"/>
        </strategy>
      </jenkins.branch.BranchSource>
    </data>
    <owner class="org.jenkinsci.plugins.workflow.multibranch.WorkflowMultiBranchProject" reference="../.."/>
  </sources>
  <factory class="org.jenkinsci.plugins.workflow.multibranch.WorkflowBranchProjectFactory">
    <owner class="org.jenkinsci.plugins.workflow.multibranch.WorkflowMultiBranchProject" reference="../.."/>
    <scriptPath>${opts.scriptPath ?? "Jenkinsfile"}</scriptPath>
  </factory>
</org.jenkinsci.plugins.workflow.multibranch.WorkflowMultiBranchProject>`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function sourceIds(xml: string): string[] {
  return [...xml.matchAll(/<source [^>]*>\s*<id>([^<]*)<\/id>/g)].map((m) => m[1]);
}

async function jobsOf(server: JenkinsServer, project: string): Promise<Array<{ name: string; color?: string }>> {
  const a = await call(server, `/job/${project}/api/json?tree=jobs[name,color]`, { auth: adminToken });
  expect(a.status).toBe(200);
  return (JSON.parse(a.body) as { jobs: Array<{ name: string; color?: string }> }).jobs;
}

async function postConfig(server: JenkinsServer, fullName: string, xml: string): Promise<number> {
  const p = fullName
    .split("/")
    .map((n) => `job/${encodeURIComponent(n)}/`)
    .join("");
  return (await call(server, `/${p}config.xml`, { method: "POST", auth: adminToken, headers: XML, body: xml })).status;
}

describe.each(["legacy", "current"] as const)("multibranch projects (%s)", (mode) => {
  let server: JenkinsServer;
  let dir: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "jenkins-home-mb-"));
    server = await start({ mode, dataDir: dir, repositories: { [REPO]: ["main", "feature/login"] } });
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test("a source without id gets a random UUID, saved and kept by later saves", async () => {
    await createJob(server, "app", multibranch());
    const onDisk = server.jobConfigOnDisk("app") ?? "";
    const [id] = sourceIds(onDisk);
    expect(id).toMatch(UUID);
    const served = (await call(server, "/job/app/config.xml", { auth: adminToken })).body;
    expect(sourceIds(served)).toEqual([id]);
    // Posting the served config again keeps the id; so does posting one with the id given.
    expect(await postConfig(server, "app", served)).toBe(200);
    expect(sourceIds(server.jobConfigOnDisk("app") ?? "")).toEqual([id]);
  });

  test("a config POST without the id gets a new one (Jenkins has no way to know it is the same source)", async () => {
    const [before] = sourceIds(server.jobConfigOnDisk("app") ?? "");
    expect(await postConfig(server, "app", multibranch())).toBe(200);
    const [after] = sourceIds(server.jobConfigOnDisk("app") ?? "");
    expect(after).toMatch(UUID);
    expect(after).not.toBe(before);
  });

  test("a given id is kept as is", async () => {
    await createJob(server, "given", multibranch({ id: "my-source" }));
    expect(sourceIds(server.jobConfigOnDisk("given") ?? "")).toEqual(["my-source"]);
  });

  test("indexing makes one Pipeline job per branch, stored under branches/ and listed by api/json", async () => {
    const jobs = await jobsOf(server, "given");
    expect(jobs.map((j) => j.name)).toEqual(["feature%2Flogin", "main"]);
    expect(fs.existsSync(path.join(dir, "jobs/given/branches/main/config.xml"))).toBe(true);
    const main = server.jobConfigOnDisk("given/main") ?? "";
    expect(main).toContain("<sourceId>my-source</sourceId>");
    expect(main).toContain('class="org.jenkinsci.plugins.workflow.multibranch.SCMBinder"');
    const feature = await call(server, "/job/given/job/feature%252Flogin/api/json", { auth: adminToken });
    expect(feature.status).toBe(200);
    expect(JSON.parse(feature.body)._class).toBe("org.jenkinsci.plugins.workflow.job.WorkflowJob");
  });

  test("a branch gone from the repository: its job is deleted, or disabled while the strategy keeps it", async () => {
    server.setRepositoryBranches(REPO, ["main", "release"]);
    expect(await postConfig(server, "given", multibranch({ id: "my-source", numToKeep: 5 }))).toBe(200);
    const jobs = await jobsOf(server, "given");
    expect(jobs.map((j) => [j.name, j.color])).toEqual([
      ["feature%2Flogin", "disabled"],
      ["main", "notbuilt"],
      ["release", "notbuilt"],
    ]);
    // Scan Multibranch Pipeline Now, with a strategy that keeps no dead branch.
    expect(await postConfig(server, "given", multibranch({ id: "my-source" }))).toBe(200);
    server.setRepositoryBranches(REPO, ["main"]);
    const scan = await call(server, "/job/given/build", { method: "POST", auth: adminToken });
    expect(scan.status).toBe(302);
    expect((await jobsOf(server, "given")).map((j) => j.name)).toEqual(["main"]);
    expect(fs.existsSync(path.join(dir, "jobs/given/branches/release"))).toBe(false);
    server.setRepositoryBranches(REPO, ["main", "feature/login"]);
  });

  test("nobody else makes, renames or moves a branch job", async () => {
    const created = await call(server, "/job/given/createItem?name=extra", {
      method: "POST",
      auth: adminToken,
      headers: XML,
      body: FREESTYLE,
    });
    expect(created.status).toBe(404);
    const renamed = await call(server, "/job/given/job/main/confirmRename?newName=other", {
      method: "POST",
      auth: adminToken,
    });
    expect(renamed.status).toBe(400);
    expect(h(renamed, "x-error")).toBe("Trying to rename an item that does not support this operation.");
    await createJob(server, "elsewhere", FOLDER);
    const moved = await call(server, "/job/given/job/main/move/move", {
      method: "POST",
      auth: adminToken,
      body: "destination=%2Felsewhere",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(moved.status).toBe(404);
    expect((await jobsOf(server, "given")).map((j) => j.name)).toContain("main");
    // A multibranch project is not a destination for moves either.
    await createJob(server, "loose", FREESTYLE);
    const into = await call(server, "/job/loose/move/move", {
      method: "POST",
      auth: adminToken,
      body: "destination=%2Fgiven",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(into.status).toBe(302);
    expect((await jobsOf(server, "given")).map((j) => j.name)).not.toContain("loose");
  });

  test("branch jobs come back from the Jenkins home after a restart", async () => {
    await server.restart();
    expect((await jobsOf(server, "given")).map((j) => j.name)).toEqual(["main"]);
    // The repository has feature/login again: the next indexing (its periodic trigger) brings its job back.
    expect(server.indexBranches("given").created).toEqual(["given/feature%2Flogin"]);
    expect((await jobsOf(server, "given")).map((j) => j.name)).toEqual(["feature%2Flogin", "main"]);
  });

  test("a GitHub source indexes its repository; a git source's wildcard filter and discovery traits apply", async () => {
    server.setRepositoryBranches("https://github.com/acme/api", ["main", "dev"]);
    server.setRepositoryBranches("https://git.example.com/team/filtered.git", ["main", "release/1", "release/old-1"]);
    await createJob(
      server,
      "api",
      renderMultibranch({ sources: [{ type: "github", repoOwner: "acme", repository: "api" }] }),
    );
    expect((await jobsOf(server, "api")).map((j) => j.name)).toEqual(["dev", "main"]);
    const filtered = {
      type: "git" as const,
      remote: "https://git.example.com/team/filtered.git",
      includes: "release/*",
      excludes: "release/old*",
    };
    await createJob(server, "filtered", renderMultibranch({ sources: [filtered] }));
    expect((await jobsOf(server, "filtered")).map((j) => j.name)).toEqual(["release%2F1"]);
    await createJob(
      server,
      "tags-only",
      renderMultibranch({ sources: [{ ...filtered, discoverBranches: false, discoverTags: true }] }),
    );
    expect(await jobsOf(server, "tags-only")).toEqual([]);
  });

  test("a saved config from a real controller keeps its id; one without sources indexes to nothing", async () => {
    const saved = fixture("multibranch-git-source-v1.0.xml");
    await createJob(server, "saved", saved);
    expect(sourceIds(server.jobConfigOnDisk("saved") ?? "")).toEqual(["6742324b-391e-4e67-b2b8-d64c09b4b229"]);
    await createJob(server, "empty", fixture("multibranch-unbuilt-no-sources.xml"));
    expect(await jobsOf(server, "empty")).toEqual([]);
  });
});
