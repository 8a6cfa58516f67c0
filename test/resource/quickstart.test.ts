/**
 * Layer 3: the quickstart example program runs under `pulumi.runtime.setMocks`; each Job it registers is forwarded
 * to the real dynamic-provider process (Layer 2), so program, serialization and provider are all real and only the
 * engine's bookkeeping is stood in for. Both server modes.
 */
import { withMark } from "../../provider/ownership/mark";
import * as path from "node:path";
import type { JenkinsServer } from "../../provider/server";
import { readFields } from "../../provider/resource/job-config";
import { quickstart, DEFAULT_BUILD_COMMAND } from "../../examples/quickstart/program";
import { JenkinsUser } from "../harness/jenkins-user";
import { MockEngine } from "../harness/mock-engine";
import { ProviderProcess, repoRoot, UNKNOWN } from "../harness/provider-process";
import { startConfiguredProvider } from "../harness/configured-provider";
import { findLeaks, textOf } from "../harness/secrets";
import {
  ADMIN,
  MODES,
  calls,
  credentialForms,
  startServer,
  beyondPreflight,
  RUNNABLE_CHECK_REQUEST,
} from "../harness/test-server";

const JOBS = ["team", "team/api-build", "team/api-deploy", "nightly-cleanup"];

describe.each(MODES)("quickstart program under the mock engine (%s server)", (mode) => {
  let server: JenkinsServer;
  let proc: ProviderProcess;
  let engine: MockEngine;
  let user: JenkinsUser;

  beforeAll(async () => {
    server = await startServer(mode);
    user = new JenkinsUser(server.url, { user: ADMIN.name, apiToken: ADMIN.apiToken });
    proc = await startConfiguredProvider(server, {
      cwd: path.join(repoRoot, "examples", "quickstart"),
      logRequests: true,
    });
    engine = new MockEngine(proc, { project: "jenkins-quickstart", stack: `test-${mode}` });
  });
  afterAll(async () => {
    await proc?.close();
    await server?.close();
  });

  it("previews the first deployment without a request, folder paths still unknown", async () => {
    server.resetCounters();
    const preview = await engine.up(quickstart, { preview: true });
    expect(preview.steps.map((s) => `${s.op} ${s.name}`).sort()).toEqual(
      ["create api-build", "create api-deploy", "create nightly-cleanup", "create team"].sort(),
    );
    // The folder's fullName is not known before it exists: Check passes the marker through untouched.
    expect(preview.steps.find((s) => s.name === "api-build")?.news?.folder).toBe(UNKNOWN);
    // Only the reads of the plugin pre-flight; nothing written.
    expect(beyondPreflight(server)).toEqual([]);
    expect(engine.state.size).toBe(0);
  });

  it("creates the folder and jobs, one request each", async () => {
    server.resetCounters();
    const res = await engine.up(quickstart);
    expect(res.steps.map((s) => `${s.op} ${s.name}`).sort()).toEqual(
      ["create api-build", "create api-deploy", "create nightly-cleanup", "create team"].sort(),
    );
    // The pre-flight reads were made by the preview's process already: one request per job. The pipeline in the
    // folder, whose place the preview did not know yet, is linted now (the runnable check).
    expect(calls(server).filter((c) => RUNNABLE_CHECK_REQUEST.test(c))).toEqual([
      "POST /pipeline-model-converter/validateJenkinsfile",
    ]);
    expect(
      calls(server)
        .filter((c) => !RUNNABLE_CHECK_REQUEST.test(c))
        .sort(),
    ).toEqual(
      [
        // The ownership check of the jobs in the folder, whose place the preview did not know: one listing of it.
        "GET /job/team/api/json",
        "POST /createItem",
        "POST /createItem",
        "POST /job/team/createItem",
        "POST /job/team/createItem",
      ].sort(),
    );
    for (const job of JOBS) expect(await user.exists(job)).toBe(true);
    expect(res.outputs).toMatchObject({ apiBuildUrl: `${server.url}job/team/job/api-build/` });
    // Jenkins holds the description with the stack's mark of ownership as its last line.
    expect(readFields(await user.getConfig("team/api-build"))).toEqual({
      description: withMark("Builds the API on every push", `jenkins-quickstart/test-${mode}`),
      enabled: true,
    });
    expect(readFields(await user.getConfig("nightly-cleanup")).enabled).toBe(false);
    expect(await user.getConfig("team/api-build")).toContain(DEFAULT_BUILD_COMMAND.split("\n")[1]);
  });

  it("refresh right after shows no drift, and a second run changes nothing", async () => {
    server.resetCounters();
    const refreshed = await engine.refresh();
    expect(refreshed).toEqual({ changed: [], gone: [] });
    expect(calls(server).every((c) => c.startsWith("GET ") && c.endsWith("/config.xml"))).toBe(true);
    expect(server.requests).toHaveLength(4);

    server.resetCounters();
    const res = await engine.up(quickstart);
    expect(res.steps.map((s) => s.op)).toEqual(["same", "same", "same", "same"]);
    expect(server.requests).toHaveLength(0);
  });

  it("a changed input updates only that job, with one request", async () => {
    server.resetCounters();
    const res = await engine.up(quickstart, {
      config: { "quickstart:buildCommand": "npm ci\nnpm run build\nnpm test" },
    });
    expect(res.steps.filter((s) => s.op !== "same").map((s) => `${s.op} ${s.name}`)).toEqual(["update api-build"]);
    expect(calls(server)).toEqual(["POST /job/team/job/api-build/config.xml"]);
    expect(await user.getConfig("team/api-build")).toContain("npm test");

    server.resetCounters();
    const enable = await engine.up(quickstart, {
      config: { "quickstart:buildCommand": "npm ci\nnpm run build\nnpm test", "quickstart:nightlyEnabled": "true" },
    });
    expect(enable.steps.filter((s) => s.op !== "same").map((s) => `${s.op} ${s.name}`)).toEqual([
      "update nightly-cleanup",
    ]);
    expect(calls(server)).toEqual(["POST /job/nightly-cleanup/enable"]);
  });

  it("refresh finds a hand edit and the next run puts it back", async () => {
    const config = {
      "quickstart:buildCommand": "npm ci\nnpm run build\nnpm test",
      "quickstart:nightlyEnabled": "true",
    };
    await user.disable("nightly-cleanup");
    await user.editConfig("team/api-deploy", (xml) => xml.replace("./deploy.sh", "./deploy.sh --force"));
    const refreshed = await engine.refresh();
    expect(refreshed.changed.map((c) => c.name).sort()).toEqual(["api-deploy", "nightly-cleanup"]);
    const preview = await engine.up(quickstart, { config, preview: true });
    expect(
      preview.steps
        .filter((s) => s.op !== "same")
        .map((s) => s.name)
        .sort(),
    ).toEqual(["api-deploy", "nightly-cleanup"]);

    server.resetCounters();
    await engine.up(quickstart, { config });
    expect(calls(server).sort()).toEqual([
      "POST /job/nightly-cleanup/enable",
      "POST /job/team/job/api-deploy/config.xml",
    ]);
    expect(await user.getConfig("team/api-deploy")).not.toContain("--force");
    expect(await engine.refresh()).toEqual({ changed: [], gone: [] });
  });

  it("destroy removes everything, and no credential shows up anywhere", async () => {
    const outputs = [...engine.state.values()].map((e) => e.outputs);
    server.resetCounters();
    await engine.destroy();
    for (const job of JOBS) expect(await user.exists(job)).toBe(false);
    expect(server.requests.filter((r) => r.method === "POST").length).toBeLessThanOrEqual(4);

    const leaks = [
      ...outputs.flatMap((o, i) => findLeaks(`outputs #${i}`, textOf(o), credentialForms())),
      ...findLeaks("provider stderr", proc.stderr, credentialForms()),
      ...findLeaks("provider stdout", proc.stdout, credentialForms()),
    ];
    expect(leaks).toEqual([]);
    expect(outputs.every((o) => typeof o.__provider === "string")).toBe(true);
  });
  it("a run whose answers from Jenkins get lost is finished by the next run", async () => {
    expect(engine.state.size).toBe(0);
    server.faults.dropAfterRate = 1;
    server.faults.seed = 11;
    try {
      await expect(engine.up(quickstart)).rejects.toThrow(/may or may not exist|cannot create/);
    } finally {
      server.faults.dropAfterRate = 0;
    }
    // Jobs that Jenkins made are in state (partial failures), not orphaned.
    const kept = [...engine.state.values()];
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.every((e) => e.initErrors && e.initErrors.length > 0)).toBe(true);

    await engine.up(quickstart);
    for (const job of JOBS) expect(await user.exists(job)).toBe(true);
    expect(await engine.refresh()).toEqual({ changed: [], gone: [] });
    const again = await engine.up(quickstart);
    expect(again.steps.map((s) => s.op)).toEqual(["same", "same", "same", "same"]);
    await engine.destroy();
  });
});
