/**
 * Views through the language host (examples/views): a root list view of a root job, a folder (declared in XML
 * without views) holding two jobs with a list view of both by their resources' names, and a regex view. Up
 * creates them and Jenkins lists the right jobs in each; plans are clean after up and refresh; a rename of a
 * listed job flows into the view; a job added to a view by hand is one update that up reverts; removing a view is
 * one delete and leaves the folder clean; destroy leaves Jenkins's own default view. Also: a folder declared in
 * XML without views stays clean in both serialization modes, even when a view is made in it by hand.
 */
import * as path from "node:path";
import type { JenkinsServer } from "../../provider/server";
import type { JenkinsUser } from "../harness/jenkins-user";
import type { PulumiCli, Step } from "../harness/language-host";
import { repoRoot } from "../harness/provider-process";
import { MODES } from "../harness/test-server";
import { jobsOfView, viewsOnServer } from "./server-items";
import { startStack } from "./stack";
import { QUIET_REFRESH } from "../harness/language-host/quiet-refresh";

const PROJECT = path.join(repoRoot, "examples", "views");

const changes = (steps: Step[]): string[] =>
  steps.filter((s) => s.op !== "same").map((s) => `${s.op} ${s.urn.split("::").pop()}`);
const writes = (server: JenkinsServer): string[] =>
  server.requests.filter((r) => r.method === "POST").map((r) => `POST ${r.path}`);

async function expectClean(cli: PulumiCli): Promise<void> {
  const plan = await cli.preview();
  expect({ ok: plan.ok, changes: changes(plan.steps) }).toEqual({ ok: true, changes: [] });
}

describe("views next to their jobs, through the language host", () => {
  let server: JenkinsServer;
  let user: JenkinsUser;
  let cli: PulumiCli;

  beforeAll(async () => {
    ({ server, user, cli } = await startStack(PROJECT));
  });
  afterAll(async () => {
    await server?.close();
  });

  it("up creates the views, one createView each, and Jenkins lists the right jobs in each", async () => {
    server.resetCounters();
    const up = await cli.up();
    expect({ ok: up.ok, errors: up.errors }).toEqual({ ok: true, errors: [] });
    expect(
      writes(server)
        .filter((w) => w.includes("createView"))
        .sort(),
    ).toEqual(["POST /createView", "POST /job/team/createView", "POST /job/team/createView"]);
    expect(await viewsOnServer(user)).toEqual(["all", "ci", "team/All", "team/apps", "team/web-jobs"]);
    expect(await jobsOfView(user, "ci")).toEqual(["nightly"]);
    expect(await jobsOfView(user, "team/apps")).toEqual(["api", "web"]);
    expect(await jobsOfView(user, "team/web-jobs")).toEqual(["web"]);
    expect(up.outputs.urls).toEqual({
      ci: `${server.url}view/ci/`,
      apps: `${server.url}job/team/view/apps/`,
      "web-jobs": `${server.url}job/team/view/web-jobs/`,
    });
    await expectClean(cli);
    expect(await cli.refresh()).toMatchObject(QUIET_REFRESH);
    await expectClean(cli);
  });

  it("renaming a listed job renames it in Jenkins, the view follows, and the next plan is clean", async () => {
    cli.setConfig("apiName", "api-service");
    const plan = await cli.preview();
    expect(changes(plan.steps).sort()).toEqual(["update api", "update apps"]);
    server.resetCounters();
    const up = await cli.up();
    expect({ ok: up.ok, errors: up.errors }).toEqual({ ok: true, errors: [] });
    expect(writes(server).filter((w) => /createView|doDelete|createItem/.test(w))).toEqual([]);
    expect(await jobsOfView(user, "team/apps")).toEqual(["api-service", "web"]);
    expect(await user.request("GET", "/job/team/view/apps/config.xml").then((r) => r.body)).toContain(
      "<string>api-service</string>",
    );
    await expectClean(cli);
    expect(await cli.refresh()).toMatchObject(QUIET_REFRESH);
    await expectClean(cli);
  });

  it("a job added to a view by hand is drift of that view alone, shown as listView.jobs; up reverts it in one request", async () => {
    const xml = (await user.request("GET", "/view/ci/config.xml")).body;
    const edited = xml.replace("<string>nightly</string>", "<string>nightly</string><string>team</string>");
    expect((await user.request("POST", "/view/ci/config.xml", edited, "text/xml; charset=utf-8")).status).toBe(200);
    expect(await jobsOfView(user, "ci")).toEqual(["nightly", "team"]);

    const refresh = await cli.refresh();
    expect(refresh.changed.map((c) => c.urn.split("::").pop())).toEqual(["ci"]);
    const ci = refresh.changed[0];
    expect((ci.before.listView as { jobs: string[] }).jobs).toEqual(["nightly"]);
    expect((ci.after.listView as { jobs: string[] }).jobs).toEqual(["nightly", "team"]);
    expect((ci.after.listView as { description: string }).description).toBe("What runs every night");

    const plan = await cli.preview();
    expect(changes(plan.steps)).toEqual(["update ci"]);
    server.resetCounters();
    const up = await cli.up();
    expect(changes(up.steps)).toEqual(["update ci"]);
    expect(writes(server)).toEqual(["POST /view/ci/config.xml"]);
    expect(await jobsOfView(user, "ci")).toEqual(["nightly"]);
    await expectClean(cli);
  });

  it("removing a view from the program is exactly one delete, and the folder previews clean", async () => {
    cli.setConfig("regexView", false);
    const plan = await cli.preview();
    expect(changes(plan.steps)).toEqual(["delete web-jobs"]);
    server.resetCounters();
    const up = await cli.up();
    expect({ ok: up.ok, errors: up.errors }).toEqual({ ok: true, errors: [] });
    expect(writes(server)).toEqual(["POST /job/team/view/web-jobs/doDelete"]);
    expect(await viewsOnServer(user)).toEqual(["all", "ci", "team/All", "team/apps"]);
    await expectClean(cli);
    expect(await cli.refresh()).toMatchObject(QUIET_REFRESH);
    await expectClean(cli);
  });

  it("an update of the folder keeps the views the View resources manage", async () => {
    const edited = (await user.getConfig("team")).replace(
      /<description>[^<]*<\/description>/,
      "<description>edited by hand</description>",
    );
    expect(edited).toContain("edited by hand");
    await user.postConfig("team", edited);
    const refresh = await cli.refresh();
    expect(refresh.changed.map((c) => c.urn.split("::").pop())).toEqual(["team"]);
    const up = await cli.up();
    expect(changes(up.steps)).toEqual(["update team"]);
    expect(await viewsOnServer(user)).toEqual(["all", "ci", "team/All", "team/apps"]);
    expect(await jobsOfView(user, "team/apps")).toEqual(["api-service", "web"]);
    await expectClean(cli);
  });

  it("destroy leaves only Jenkins's own default view", async () => {
    const destroy = await cli.destroy();
    expect(destroy.errors).toEqual([]);
    expect(await viewsOnServer(user)).toEqual(["all"]);
    expect(cli.state.resources).toEqual([]);
  });
});

describe.each(MODES)("a folder declared in XML without views (%s serialization)", (mode) => {
  let server: JenkinsServer;
  let user: JenkinsUser;
  let cli: PulumiCli;

  beforeAll(async () => {
    ({ server, user, cli } = await startStack(path.join(repoRoot, "test/language-host/projects/folder-xml"), { mode }));
  });
  afterAll(async () => {
    await cli?.destroy();
    await server?.close();
  });

  it("previews clean after up and after refresh, also once a view is made in it by hand", async () => {
    const up = await cli.up();
    expect({ ok: up.ok, errors: up.errors }).toEqual({ ok: true, errors: [] });
    await expectClean(cli);
    expect(await cli.refresh()).toMatchObject(QUIET_REFRESH);
    await expectClean(cli);

    // A view made in the UI saves the folder: its config.xml now holds the view holder, `All` and the new view.
    const view = "<hudson.model.ListView><jobNames><string>api</string></jobNames></hudson.model.ListView>";
    const made = await user.request("POST", "/job/team/createView?name=mine", view, "text/xml; charset=utf-8");
    expect(made.status).toBe(200);
    expect(await user.getConfig("team")).toContain("<name>mine</name>");
    expect(await cli.refresh()).toMatchObject(QUIET_REFRESH);
    await expectClean(cli);

    // A change of the folder is one update, which keeps the view made by hand.
    cli.setConfig("description", "Team, renamed");
    const changed = await cli.up();
    expect(changes(changed.steps)).toEqual(["update team"]);
    expect(await jobsOfView(user, "team/mine")).toEqual(["api"]);
    expect(await user.getConfig("team")).toContain("Team, renamed");
    expect(await cli.refresh()).toMatchObject(QUIET_REFRESH);
    await expectClean(cli);
  });
});
