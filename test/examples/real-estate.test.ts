/**
 * The real-estate example through the language host: its declarative pipeline sets its own parameters, trigger and
 * options when it runs; after a build, refresh and preview plan nothing, and destroy leaves nothing. (The whole
 * estate, every job built, is test/language-host/real-estate.test.ts.)
 */
import * as path from "node:path";
import type { JenkinsServer } from "../../provider/server";
import { elementChildren, parseXml } from "../../provider/xml/tree";
import type { JenkinsUser } from "../harness/jenkins-user";
import type { PulumiCli } from "../harness/language-host";
import { repoRoot } from "../harness/provider-process";
import { startStack } from "../language-host/stack";

const PROJECT = path.join(repoRoot, "examples", "real-estate");

describe("examples/real-estate, run as the Pulumi CLI runs it", () => {
  let server: JenkinsServer;
  let user: JenkinsUser;
  let cli: PulumiCli;

  beforeAll(async () => {
    ({ server, user, cli } = await startStack(PROJECT, { server: { quietPeriodMs: 0 } }));
    cli.setConfig("real-estate:feedPassword", "Ex-feed-77d1", { secret: true });
  });
  afterAll(async () => {
    await server?.close();
  });

  async function properties(): Promise<string[]> {
    const root = parseXml(await user.getConfig("listings/listings-import")).root;
    const props = elementChildren(root).find((c) => c.name === "properties");
    return props
      ? elementChildren(props)
          .map((p) => p.name)
          .sort()
      : [];
  }

  it("the pipeline's first build gives it the parameters, trigger and options its script declares", async () => {
    const up = await cli.up();
    expect({ ok: up.ok, errors: up.errors }).toEqual({ ok: true, errors: [] });
    expect(await properties()).toEqual([]);
    expect((await user.request("POST", "/job/listings/job/listings-import/build")).status).toBe(201);
    expect(await properties()).toEqual(
      [
        "hudson.model.ParametersDefinitionProperty",
        "jenkins.model.BuildDiscarderProperty",
        "org.jenkinsci.plugins.workflow.job.properties.DisableConcurrentBuildsJobProperty",
        "org.jenkinsci.plugins.workflow.job.properties.PipelineTriggersJobProperty",
      ].sort(),
    );
  });

  it("refresh and preview then plan nothing", async () => {
    expect((await cli.refresh()).ok).toBe(true);
    server.resetCounters();
    const preview = await cli.preview();
    expect(preview.ok).toBe(true);
    expect(preview.steps.filter((s) => s.op !== "same")).toEqual([]);
    expect(preview.logs.filter((l) => l.severity === "warning" || l.severity === "error")).toEqual([]);
    expect(server.requests.filter((r) => r.method === "POST")).toEqual([]);
  });

  it("destroy leaves nothing", async () => {
    expect((await cli.destroy()).errors).toEqual([]);
    expect(await user.exists("listings")).toBe(false);
  });
});
