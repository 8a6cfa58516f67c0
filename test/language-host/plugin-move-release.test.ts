/**
 * A stack as the release before this one wrote it (test/fixtures/upgrade-main-7430377: a folder, jobs given as
 * config.xml and as a typed pipeline, a list view, credentials in the system store and in the folder's store, and a
 * job edited in Jenkins that a refresh found), its program moved to the jenkins provider plugin's types
 * (test/language-host/projects/upgrade-to-plugin): the aliases find every resource's state, nothing is replaced,
 * the preview plans what the classes plan (the edit put back, and each item's mark of ownership, which the plugin's
 * detailed diff names) and writes nothing, the up writes that job and the marks alone, and the plugin destroys every
 * item.
 */
import * as path from "node:path";
import type { JenkinsServer } from "../../provider/server";
import { fixtureDir, fixtureOptions } from "../../scripts/capture-upgrade-fixture";
import type { JenkinsUser } from "../harness/jenkins-user";
import { PulumiCli, previewDiff } from "../harness/language-host";
import { repoRoot } from "../harness/provider-process";
import { cleanEnv } from "../harness/serialized-provider";
import { ADMIN, beyondPreflight } from "../harness/test-server";
import { readMark } from "../../provider/ownership/mark";
import { readFields } from "../../provider/resource/job-config";
import { itemsOnServer } from "./server-items";
import { FIRST_UP_UPDATES, loadState, resealedState, startUpgradeStack, type UpgradeStack } from "./upgrade-stack";

const FIXTURE = fixtureDir("main-7430377");
const SECRETS = fixtureOptions(FIXTURE).secrets ?? {};
const PROJECT = path.join(repoRoot, "test", "language-host", "projects", "upgrade-to-plugin");
const ITEMS = ["nightly", "team", "team/api-build", "team/api-deploy"];
/** The owner the plugin names: the project and stack of the resources' URNs. */
const OWNER = "upgrade-stack/dev";

const nameOf = (urn: string) => urn.split("::").pop();

/** The requests since the last reset that write (the runnable check's lint is a read, posted). */
function writes(server: JenkinsServer): string[] {
  return beyondPreflight(server).filter((c) => !c.startsWith("GET "));
}

describe("a stack written by the previous release, moved to the plugin's types", () => {
  let stack: UpgradeStack;
  let server: JenkinsServer;
  let user: JenkinsUser;
  let cli: PulumiCli;

  beforeAll(async () => {
    stack = await startUpgradeStack(FIXTURE, "plugin-move-");
    ({ server, user } = stack);
    cli = new PulumiCli(PROJECT, { env: cleanEnv() })
      .setConfig("jenkins:url", server.url)
      .setConfig("jenkins:user", ADMIN.name)
      .setConfig("jenkins:apiToken", ADMIN.apiToken, { secret: true });
    for (const [key, value] of Object.entries(SECRETS)) cli.setConfig(key, value, { secret: true });
    cli.state = resealedState(cli, loadState(FIXTURE, server.url), {
      "app-token": SECRETS["upgrade-stack:appToken"],
      "team-token": SECRETS["upgrade-stack:teamToken"],
    });
  });
  afterAll(async () => {
    await stack?.close();
  });

  it("plans no replacement, only the edit put back, and writes nothing", async () => {
    expect(await itemsOnServer(user)).toEqual(ITEMS);
    server.resetCounters();
    const preview = await cli.preview();
    expect({ ok: preview.ok, errors: preview.errors }).toEqual({ ok: true, errors: [] });
    expect(preview.steps.map((s) => `${s.op} ${s.urn.split("::").slice(2).join("::")}`).sort()).toEqual([
      "update jenkins:index:Credential::app-token",
      "update jenkins:index:Credential::team-token",
      "update jenkins:index:Job::api-build",
      "update jenkins:index:Job::api-deploy",
      "update jenkins:index:Job::nightly",
      "update jenkins:index:Job::team",
      "update jenkins:index:View::apps",
    ]);
    // Every job, view and credential gets the stack's mark of ownership, which the plugin's detailed diff names: the
    // one line of those that change nothing else.
    const shown = (name: string) =>
      previewDiff(preview.steps.find((s) => s.op === "update" && s.urn.endsWith(`::${name}`))!)
        .split("\n")
        .filter((l) => /^\s+[-+~] /.test(l))
        .map((l) =>
          l
            .trim()
            .replace(/\s+/g, " ")
            .replace(/^(\S \w+) :/, "$1:"),
        );
    const mark = `+ __owner: "${OWNER}"`;
    for (const name of ["team", "api-build", "api-deploy", "apps", "app-token", "team-token"]) {
      expect(shown(name)).toEqual([mark]);
    }
    expect(shown("nightly")).toEqual([
      mark,
      "~ configXml: (",
      "- <command>make nightly --edited</command>",
      "+ <command>make nightly</command>",
    ]);
    expect(writes(server)).toEqual([]);
  });

  it("moves the state over writing the edited job and the marks alone, then plans nothing", async () => {
    server.resetCounters();
    const up = await cli.up();
    expect({ ok: up.ok, errors: up.errors }).toEqual({ ok: true, errors: [] });
    expect(
      up.steps
        .filter((s) => s.op !== "same")
        .map((s) => `${s.op} ${nameOf(s.urn)}`)
        .sort(),
    ).toEqual(FIRST_UP_UPDATES);
    const written = writes(server);
    const ofViewsAndCredentials = (w: string) => /\/(view|credential)\//.test(w);
    expect(written.filter((w) => !w.includes(" /job/nightly/") && !ofViewsAndCredentials(w)).sort()).toEqual([
      "POST /job/team/config.xml",
      "POST /job/team/job/api-build/description",
      "POST /job/team/job/api-deploy/description",
    ]);
    expect(
      written
        .filter(ofViewsAndCredentials)
        .map((w) => w.replace(/^POST .*\/(view|credential)\//, "$1 "))
        .sort(),
    ).toEqual(["credential app-token/config.xml", "credential team-token/config.xml", "view apps/config.xml"]);
    for (const item of ITEMS) {
      expect(readMark(readFields(await user.getConfig(item)).description).owner).toBe(OWNER);
    }
    expect(await user.getConfig("nightly")).not.toContain("--edited");
    expect(cli.state.resources.filter((r) => r.type.startsWith("pulumi-nodejs:"))).toEqual([]);
    expect(await itemsOnServer(user)).toEqual(ITEMS);
    server.resetCounters();
    const plan = await cli.preview();
    expect(plan.steps.filter((s) => s.op !== "same")).toEqual([]);
    expect(writes(server)).toEqual([]);
  });

  it("destroys every item through the plugin", async () => {
    const down = await cli.destroy();
    expect({ ok: down.ok, errors: down.errors }).toEqual({ ok: true, errors: [] });
    expect(await itemsOnServer(user)).toEqual([]);
    expect(cli.state.resources).toEqual([]);
  });
});
