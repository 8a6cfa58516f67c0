/**
 * One program writing to two Jenkins-compatible servers (examples/two-controllers), through the language host:
 * the stack-wide connection and a controller named in `jenkins:controllers`. The same job name on both is two
 * resources; the state holds the controller's name and no credential; each server receives only its own jobs.
 * An unknown controller, or one without a URL, fails the preview with a clear message and sends nothing.
 */
import * as path from "node:path";
import type { JenkinsServer } from "../../provider/server";
import { JenkinsUser } from "../harness/jenkins-user";
import type { PulumiCli } from "../harness/language-host";
import { repoRoot } from "../harness/provider-process";
import { ADMIN, beyondPreflight, RUNNABLE_CHECK_REQUEST, startServer } from "../harness/test-server";
import { itemsOnServer } from "./server-items";
import { startStack } from "./stack";
import { QUIET_REFRESH } from "../harness/language-host/quiet-refresh";

const PROJECT = path.join(repoRoot, "examples", "two-controllers");

describe("two controllers in one program", () => {
  let server: JenkinsServer;
  let second: JenkinsServer;
  let user: JenkinsUser;
  let user2: JenkinsUser;
  let cli: PulumiCli;
  const token2 = "11feedface0000000000000000000000ab";

  beforeAll(async () => {
    ({ server, user, cli } = await startStack(PROJECT));
    second = await startServer("current");
    user2 = new JenkinsUser(second.url, { user: ADMIN.name, apiToken: ADMIN.apiToken });
    cli.setConfig(
      "jenkins:controllers",
      { ci2: { url: second.url, user: ADMIN.name, apiToken: ADMIN.apiToken } },
      { secret: true },
    );
  });
  afterAll(async () => {
    await server?.close();
    await second?.close();
  });

  it("creates each job on its own controller, and keeps only the controller's name in the state", async () => {
    const up = await cli.up();
    expect({ ok: up.ok, errors: up.errors }).toEqual({ ok: true, errors: [] });
    expect(await itemsOnServer(user)).toEqual(["team", "team/deploy"]);
    expect(await itemsOnServer(user2)).toEqual(["team", "team/deploy"]);
    expect(up.outputs).toEqual({ urls: [`${server.url}job/team/job/deploy/`, `${second.url}job/team/job/deploy/`] });
    const onSecond = cli.state.resources
      .filter((r) => r.outputs.controller === "ci2")
      .map((r) => r.urn.split("::").pop());
    expect(onSecond.sort()).toEqual(["deploy-on-second", "team-on-second"]);
    const state = JSON.stringify(cli.state);
    expect(state).not.toContain(ADMIN.apiToken);
    // Writes only: the linter's POST (the runnable check of the pipeline made there) reads.
    expect(
      second.requests
        .filter((r) => r.method === "POST" && !RUNNABLE_CHECK_REQUEST.test(`${r.method} ${r.path}`))
        .map((r) => r.path),
    ).toEqual(["/createItem", "/job/team/createItem"]);
  });

  it("plans no changes, refreshes without drift, and destroys on both", async () => {
    second.resetCounters();
    expect((await cli.preview()).steps.filter((s) => s.op !== "same")).toEqual([]);
    expect(second.requests).toEqual([]);
    expect(await cli.refresh()).toMatchObject(QUIET_REFRESH);
    expect((await cli.destroy()).errors).toEqual([]);
    expect(await itemsOnServer(user)).toEqual([]);
    expect(await itemsOnServer(user2)).toEqual([]);
  });

  it("fails the preview for an unknown controller, naming the known ones, and sends nothing", async () => {
    cli.setConfig("second", "ci3");
    server.resetCounters();
    second.resetCounters();
    const preview = await cli.preview();
    expect(preview.ok).toBe(false);
    const error = preview.errors.find((e) => e.urn.endsWith("::team-on-second"));
    expect(error?.message).toContain('controller: Unknown Jenkins controller "ci3". Known controllers: "ci2".');
    expect(error?.message).toContain("pulumi config set --path jenkins:controllers.ci3.url");
    cli.removeConfig("second");
    // The jobs on the stack-wide controller are new again (destroyed above): only their plugin pre-flight reads.
    expect(beyondPreflight(server)).toEqual([]);
    expect(second.requests).toEqual([]);
  });

  it("fails the preview for a controller without a URL, naming the keys to set, and sends nothing", async () => {
    cli.setConfig("jenkins:controllers", { ci2: { user: ADMIN.name, apiToken: token2 } }, { secret: true });
    second.resetCounters();
    const preview = await cli.preview();
    expect(preview.ok).toBe(false);
    const error = preview.errors.find((e) => e.urn.endsWith("::team-on-second"));
    expect(error?.message).toContain(
      "No Jenkins URL is configured. Set it with `pulumi config set --path jenkins:controllers.ci2.url https://jenkins.example.com/` or the JENKINS_CONTROLLER_CI2_URL environment variable.",
    );
    expect(error?.message).not.toContain(token2);
    expect(second.requests).toEqual([]);
  });
});
