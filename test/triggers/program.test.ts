/**
 * Layer 3: a Pulumi program with a Job and two BuildTriggers runs under `pulumi.runtime.setMocks`; every resource is
 * forwarded to the real dynamic-provider process. Builds and polls are counted at the server across runs.
 */
import type { JenkinsServer } from "../../provider/server";
import { Job } from "../../provider/resource";
import { BuildTrigger } from "../../provider/triggers";
import { MockEngine } from "../harness/mock-engine";
import { ProviderProcess } from "../harness/provider-process";
import { startConfiguredProvider } from "../harness/configured-provider";
import { findLeaks, textOf } from "../harness/secrets";
import { credentialForms, startServer } from "../harness/test-server";
import { RELEASE_XML } from "./setup";

function releaseProgram(version: string, commit: string) {
  return () => {
    const job = new Job("release", { name: "release", configXml: RELEASE_XML });
    const build = new BuildTrigger("release-build", {
      job: job.fullName,
      parameters: { VERSION: version, DRY_RUN: false },
      triggers: [version],
    });
    new BuildTrigger("release-scm", { job: job.fullName, kind: "scmCheck", triggers: [commit] });
    return { queueUrl: build.queueUrl };
  };
}

function changedSteps(steps: Array<{ op: string; name: string }>): string[] {
  return steps.filter((s) => s.op !== "same").map((s) => `${s.op} ${s.name}`);
}

describe("BuildTrigger in a program under the mock engine", () => {
  let server: JenkinsServer;
  let proc: ProviderProcess;
  let engine: MockEngine;

  beforeAll(async () => {
    server = await startServer("current");
    proc = await startConfiguredProvider(server);
    engine = new MockEngine(proc, { project: "jenkins-triggers", stack: "test" });
  });
  afterAll(async () => {
    await proc?.close();
    await server?.close();
  });
  beforeEach(() => server.resetCounters());

  it("first up creates the job, then builds it with its parameters and checks its SCM, once each", async () => {
    const res = await engine.up(releaseProgram("1.0.0", "aaa111"));
    expect(changedSteps(res.steps).sort()).toEqual(["create release", "create release-build", "create release-scm"]);
    expect(server.builds).toEqual([
      expect.objectContaining({ job: "release", params: { VERSION: "1.0.0", DRY_RUN: "false" } }),
    ]);
    expect(server.polls).toEqual([{ job: "release" }]);
    expect(res.outputs.queueUrl).toBe(`${server.url}queue/item/${server.builds[0].queueId}/`);
  });

  it("an unchanged program fires nothing and sends no request", async () => {
    const res = await engine.up(releaseProgram("1.0.0", "aaa111"));
    expect(changedSteps(res.steps)).toEqual([]);
    expect(server.requests).toHaveLength(0);
    expect(await engine.refresh()).toEqual({ changed: [], gone: [] });
    expect(server.builds).toHaveLength(0);
    expect(server.polls).toHaveLength(0);
  });

  it("a new version previews as a replacement and builds once on up; the SCM check stays quiet", async () => {
    const preview = await engine.up(releaseProgram("1.1.0", "aaa111"), { preview: true });
    expect(changedSteps(preview.steps)).toEqual(["replace release-build"]);
    expect(server.requests).toHaveLength(0);

    const res = await engine.up(releaseProgram("1.1.0", "aaa111"));
    expect(changedSteps(res.steps)).toEqual(["replace release-build"]);
    expect(server.builds).toEqual([
      expect.objectContaining({ job: "release", params: { VERSION: "1.1.0", DRY_RUN: "false" } }),
    ]);
    expect(server.polls).toHaveLength(0);
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual(["POST /job/release/buildWithParameters"]);
  });

  it("a new commit checks the SCM once and builds nothing", async () => {
    const res = await engine.up(releaseProgram("1.1.0", "bbb222"));
    expect(changedSteps(res.steps)).toEqual(["replace release-scm"]);
    expect(server.polls).toEqual([{ job: "release" }]);
    expect(server.builds).toHaveLength(0);
  });

  it("destroy deletes the job and undoes no build; nothing leaks", async () => {
    const outputs = [...engine.state.values()].map((e) => e.outputs);
    await engine.destroy();
    expect(server.builds).toHaveLength(0);
    // The job's mark of ownership is read before it is deleted (another owner's would be left).
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      "GET /job/release/api/json",
      "POST /job/release/doDelete",
    ]);
    expect([
      ...findLeaks("outputs", textOf(outputs), credentialForms()),
      ...findLeaks("stderr", proc.stderr, credentialForms()),
    ]).toEqual([]);
  });
});
