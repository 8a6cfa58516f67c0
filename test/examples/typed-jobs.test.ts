/**
 * Layer 3: the typed-jobs example program runs under `pulumi.runtime.setMocks`; every Job and BuildTrigger it
 * registers goes to the real dynamic-provider process, against the Jenkins-compatible server in both modes.
 * Requests and builds are counted at the server across runs.
 */
import * as path from "node:path";
import type { JenkinsServer } from "../../provider/server";
import { deploySpec, typedJobs } from "../../examples/typed-jobs/program";
import { JenkinsUser } from "../harness/jenkins-user";
import { MockEngine, type Step } from "../harness/mock-engine";
import { ProviderProcess, repoRoot } from "../harness/provider-process";
import { startConfiguredProvider } from "../harness/configured-provider";
import { ADMIN, MODES, calls, startServer } from "../harness/test-server";
import { addCredentials } from "../harness/known-credentials";

const JOBS = ["web", "web/build", "web/deploy"];

const PROD = { "typed-jobs:deployTarget": "prod" };

/** The program with a reviewed change to the pipeline: one script line changed and a parameter added. */
function editedProgram() {
  const base = deploySpec("prod");
  return typedJobs({
    deploy: {
      ...base,
      script: base.script?.replace("./deploy.sh", "./deploy.sh --wait"),
      parameters: [...(base.parameters ?? []), { type: "boolean", name: "NOTIFY", default: true }],
    },
  });
}

function changed(steps: Step[]): string[] {
  return steps
    .filter((s) => s.op !== "same")
    .map((s) => `${s.op} ${s.name}`)
    .sort();
}

describe.each(MODES)("typed-jobs example under the mock engine (%s server)", (mode) => {
  let server: JenkinsServer;
  let proc: ProviderProcess;
  let engine: MockEngine;
  let user: JenkinsUser;

  beforeAll(async () => {
    server = await startServer(mode);
    user = new JenkinsUser(server.url, { user: ADMIN.name, apiToken: ADMIN.apiToken });
    // The credential the build job checks out with, as the controller the example runs against has it.
    await addCredentials(user, ["git-read"]);
    proc = await startConfiguredProvider(server, { cwd: path.join(repoRoot, "examples", "typed-jobs") });
    engine = new MockEngine(proc, { project: "typed-jobs", stack: `test-${mode}` });
  });
  afterAll(async () => {
    await proc?.close();
    await server?.close();
  });

  it("creates the folder and both typed jobs, then builds the pipeline once with the version", async () => {
    server.resetCounters();
    const res = await engine.up(typedJobs);
    expect(changed(res.steps)).toEqual([
      "create web",
      "create web-build",
      "create web-deploy",
      "create web-deploy-release",
    ]);
    for (const job of JOBS) expect(await user.exists(job)).toBe(true);
    expect(
      calls(server)
        .filter((c) => c.endsWith("/createItem"))
        .sort(),
    ).toEqual(["POST /createItem", "POST /job/web/createItem", "POST /job/web/createItem"]);
    expect(server.builds).toEqual([
      expect.objectContaining({ job: "web/deploy", params: expect.objectContaining({ VERSION: "1.0.0" }) }),
    ]);
    expect(res.outputs.releaseQueueUrl).toBe(`${server.url}queue/item/${server.builds[0].queueId}/`);

    const deploy = await user.getConfig("web/deploy");
    expect(deploy).toContain("<flow-definition");
    expect(deploy).toContain("./deploy.sh --target");
    expect(deploy).toContain("H 2 * * 1-5");
    const build = await user.getConfig("web/build");
    expect(build).toContain("https://git.example.com/web/site.git");
    expect(build).toContain("reports/*.xml");
    expect(build).toContain("dist/**");
  });

  it("a refresh finds no drift, and an unchanged second run sends nothing and builds nothing", async () => {
    server.resetCounters();
    expect(await engine.refresh()).toEqual({ changed: [], gone: [] });
    expect(calls(server).every((c) => c.startsWith("GET "))).toBe(true);

    server.resetCounters();
    const res = await engine.up(typedJobs);
    expect(changed(res.steps)).toEqual([]);
    expect(server.requests).toHaveLength(0);
    expect(server.builds).toHaveLength(0);
  });

  it("a changed input updates only the job it belongs to, with one request", async () => {
    const config = PROD;
    server.resetCounters();
    const preview = await engine.up(typedJobs, { config, preview: true });
    expect(changed(preview.steps)).toEqual(["update web-deploy"]);
    expect(server.requests).toHaveLength(0);

    const res = await engine.up(typedJobs, { config });
    expect(changed(res.steps)).toEqual(["update web-deploy"]);
    expect(calls(server)).toEqual(["POST /job/web/job/deploy/config.xml"]);
    expect(server.builds).toHaveLength(0);
    expect(await engine.refresh()).toEqual({ changed: [], gone: [] });
  });

  it("a changed script line and a new parameter update the pipeline in place", async () => {
    server.resetCounters();
    const res = await engine.up(editedProgram, { config: PROD });
    expect(changed(res.steps)).toEqual(["update web-deploy"]);
    // The changed script is linted once (the runnable check), then posted.
    expect(calls(server)).toEqual([
      "POST /pipeline-model-converter/validateJenkinsfile",
      "POST /job/web/job/deploy/config.xml",
    ]);
    const xml = await user.getConfig("web/deploy");
    expect(xml).toContain("./deploy.sh --wait");
    expect(xml).toContain("<name>NOTIFY</name>");
    expect(await engine.refresh()).toEqual({ changed: [], gone: [] });
  });

  it("a new version builds the pipeline once more and touches no job", async () => {
    server.resetCounters();
    const res = await engine.up(editedProgram, { config: { ...PROD, "typed-jobs:version": "1.1.0" } });
    expect(changed(res.steps)).toEqual(["replace web-deploy-release"]);
    expect(server.builds).toEqual([
      expect.objectContaining({ job: "web/deploy", params: expect.objectContaining({ VERSION: "1.1.0" }) }),
    ]);
    expect(server.requests.filter((r) => r.method === "POST").map((r) => r.path)).toEqual([
      "/job/web/job/deploy/buildWithParameters",
    ]);

    await engine.destroy();
    for (const job of JOBS) expect(await user.exists(job)).toBe(false);
  });
});
