/**
 * Multibranch projects through the language host (examples/multibranch): `up` creates the projects from the typed
 * spec (a git source without id), Jenkins's branch indexing makes the branch jobs; refresh finds no drift (the id
 * Jenkins assigned is not drift) and a plan has no changes; a changed spec is one update that keeps the source id,
 * so the branch jobs stay; a FolderSweep of a multibranch project fails its preview with a clear error and sends
 * nothing; destroy leaves nothing.
 */
import * as path from "node:path";
import type { JenkinsServer } from "../../provider/server";
import type { JenkinsUser } from "../harness/jenkins-user";
import { PulumiCli } from "../harness/language-host";
import { repoRoot } from "../harness/provider-process";
import { cleanEnv } from "../harness/serialized-provider";
import { ADMIN } from "../harness/test-server";
import { itemsOnServer } from "./server-items";
import { startStack } from "./stack";
import { addCredentials } from "../harness/known-credentials";

const PROJECT = path.join(repoRoot, "examples", "multibranch");
const SWEEP = path.join(repoRoot, "test", "language-host", "projects", "sweep-folder");
const APP = "https://git.example.com/team/app.git";
const API = "https://github.com/acme/api";

async function branchJobs(user: JenkinsUser, project: string): Promise<string[]> {
  const res = await user.request("GET", `/job/team/job/${project}/api/json?tree=jobs[name]`);
  expect(res.status).toBe(200);
  return (JSON.parse(res.body) as { jobs: Array<{ name: string }> }).jobs.map((j) => j.name);
}

async function sourceIdOf(user: JenkinsUser, project: string): Promise<string> {
  const xml = await user.getConfig(`team/${project}`);
  return /<source [^>]*>\s*<id>([^<]+)<\/id>/.exec(xml)?.[1] ?? "";
}

describe("multibranch projects from the typed spec", () => {
  let server: JenkinsServer;
  let user: JenkinsUser;
  let cli: PulumiCli;

  beforeAll(async () => {
    ({ server, user, cli } = await startStack(PROJECT, {
      server: { repositories: { [APP]: ["main", "feature/login"], [API]: ["main"] } },
    }));
    // The GitHub source's credential, as the controller the example runs against has it.
    await addCredentials(user, ["github-app"]);
  });
  afterAll(async () => {
    await server?.close();
  });

  it("up creates the projects; Jenkins's branch indexing makes the branch jobs and gives the source an id", async () => {
    const up = await cli.up();
    expect({ ok: up.ok, errors: up.errors }).toEqual({ ok: true, errors: [] });
    expect(up.steps.map((s) => `${s.op} ${s.urn.split("::").pop()}`).sort()).toEqual([
      "create api",
      "create app",
      "create team",
    ]);
    expect(await itemsOnServer(user)).toEqual(["team", "team/api", "team/app"]);
    expect(await branchJobs(user, "app")).toEqual(["feature%2Flogin", "main"]);
    expect(await branchJobs(user, "api")).toEqual(["main"]);
    expect(await sourceIdOf(user, "app")).toMatch(/^[0-9a-f-]{36}$/);
    // Nothing was ever created inside a project by the provider: the branch jobs are Jenkins's.
    expect(server.requests.filter((r) => r.method === "POST" && r.path.startsWith("/job/team/job/app/"))).toEqual([]);
  });

  it("refresh finds no drift and a plan has no changes", async () => {
    const refresh = await cli.refresh();
    expect({ ok: refresh.ok, changed: refresh.changed.map((c) => c.urn) }).toEqual({ ok: true, changed: [] });
    server.resetCounters();
    const plan = await cli.preview();
    expect(plan.steps.filter((s) => s.op !== "same")).toEqual([]);
    expect(server.requests.filter((r) => r.method !== "GET")).toEqual([]);
  });

  it("a changed spec is one config POST that keeps the source id, so the branch jobs stay", async () => {
    const id = await sourceIdOf(user, "app");
    cli.setConfig("scriptPath", "ci/Jenkinsfile");
    const preview = await cli.preview();
    expect(preview.steps.filter((s) => s.op !== "same").map((s) => `${s.op} ${s.urn.split("::").pop()}`)).toEqual([
      "update app",
    ]);
    server.resetCounters();
    const up = await cli.up();
    expect({ ok: up.ok, errors: up.errors }).toEqual({ ok: true, errors: [] });
    expect(server.requests.filter((r) => r.method === "POST").map((r) => r.path)).toEqual([
      "/job/team/job/app/config.xml",
    ]);
    expect(await sourceIdOf(user, "app")).toBe(id);
    expect(await user.getConfig("team/app/main")).toContain("<scriptPath>ci/Jenkinsfile</scriptPath>");
    expect(await branchJobs(user, "app")).toEqual(["feature%2Flogin", "main"]);
    expect((await cli.refresh()).changed).toEqual([]);
    expect((await cli.preview()).steps.filter((s) => s.op !== "same")).toEqual([]);
  });

  it("branches come and go in Jenkins without any drift in the stack", async () => {
    server.setRepositoryBranches(APP, ["main", "release/1.0"]);
    server.indexBranches("team/app");
    expect(await branchJobs(user, "app")).toEqual(["feature%2Flogin", "main", "release%2F1.0"]);
    expect((await cli.refresh()).changed).toEqual([]);
    expect((await cli.preview()).steps.filter((s) => s.op !== "same")).toEqual([]);
  });

  it("a FolderSweep of a multibranch project fails its preview with a clear error and sends nothing", async () => {
    const sweep = new PulumiCli(SWEEP, { env: cleanEnv(), stack: "sweep" })
      .setConfig("jenkins:url", server.url)
      .setConfig("jenkins:user", ADMIN.name)
      .setConfig("jenkins:apiToken", ADMIN.apiToken, { secret: true })
      .setConfig("folder", "team/app");
    server.resetCounters();
    const preview = await sweep.preview();
    expect(preview.ok).toBe(false);
    expect(preview.errors.map((e) => e.message)).toEqual([
      expect.stringContaining(
        'FolderSweep cannot sweep "team/app": it is a WorkflowMultiBranchProject, whose items Jenkins creates, disables and deletes by itself',
      ),
    ]);
    expect(server.requests.filter((r) => r.method !== "GET")).toEqual([]);
    expect(await branchJobs(user, "app")).toEqual(["feature%2Flogin", "main", "release%2F1.0"]);
  });

  it("destroy leaves nothing, branch jobs included", async () => {
    const destroy = await cli.destroy();
    expect({ ok: destroy.ok, errors: destroy.errors }).toEqual({ ok: true, errors: [] });
    expect(await itemsOnServer(user)).toEqual([]);
    expect(server.jobConfigOnDisk("team/app/main")).toBeUndefined();
  });
});
