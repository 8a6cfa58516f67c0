/**
 * The jenkins provider plugin through the language host: a TypeScript program declaring the plugin's resources
 * through `pulumi.CustomResource` (test/language-host/projects/plugin-types, as a generated SDK declares them), its
 * plugin started from `plugin/` as the CLI starts a source-based plugin, against the Jenkins-compatible server.
 * - up / preview / refresh / destroy, with no change planned after up and after refresh; a change shown as exactly
 *   the property that changed; imports of existing jobs and folders by their full names, each coming back as the
 *   typed spec it fits, that then preview, up and refresh with no change and no write;
 *   no secret in clear in the state or in anything shown.
 * - A stack written with this package's TypeScript classes (the dynamic provider) moved to the plugin's types by
 *   the aliases: no replacement planned, no request that writes.
 */
import { markLine } from "../../provider/ownership/mark";
import * as path from "node:path";
import type { JenkinsServer } from "../../provider/server";
import { JenkinsUser } from "../harness/jenkins-user";
import { freestyle, pipeline } from "../harness/job-configs";
import { renderJobSpec } from "../../provider/specs";
import { previewDiff, recordShown, type PulumiCli, type Shown } from "../harness/language-host";
import { repoRoot } from "../harness/provider-process";
import { findLeaks, secretForms, textOf } from "../harness/secrets";
import { ADMIN, beyondPreflight, startServer } from "../harness/test-server";
import { itemsOnServer, viewsOnServer } from "./server-items";
import { startStack } from "./stack";

const PROJECT = path.join(repoRoot, "test", "language-host", "projects", "plugin-types");
const APP_TOKEN = "plugin-app-token-Vd83kQm2Zx";
const ITEMS = ["team", "team/api-build", "team/api-deploy"];
const RESOURCES = ["team", "api-build", "api-deploy", "apps", "app-token"];

/** The requests since the last reset that write (the runnable check's lint is a read, posted). */
function writes(server: JenkinsServer): string[] {
  return beyondPreflight(server).filter((c) => !c.startsWith("GET "));
}

/** "op name" of each step that is not "same", sorted (resources that depend on nothing register in any order). */
function changes(steps: Array<{ op: string; urn: string }>): string[] {
  return steps
    .filter((s) => s.op !== "same")
    .map((s) => `${s.op} ${s.urn.split("::").pop()}`)
    .sort();
}

/** The properties of an import's inputs the CLI writes as code: the schema's inputs (fullName and url are outputs). */
function codeOf(inputs: Record<string, unknown>): Record<string, unknown> {
  const { fullName: _fullName, url: _url, ...code } = inputs;
  void _fullName;
  void _url;
  return code;
}

/** The types of the custom resources in the state, sorted. */
function customTypes(cli: PulumiCli): string[] {
  return cli.state.resources
    .filter((r) => r.custom)
    .map((r) => r.type)
    .sort();
}

describe("a program of the jenkins plugin's resources, through the language host", () => {
  let server: JenkinsServer;
  let user: JenkinsUser;
  let cli: PulumiCli;
  const seen: Shown = [];
  /** The jobs and folders imported so far, as the code the CLI wrote for each declares them. */
  const importedCode: Record<string, unknown> = {};
  const show = recordShown(seen, () => cli.state);

  beforeAll(async () => {
    ({ server, user, cli } = await startStack(PROJECT));
    cli.setConfig("appToken", APP_TOKEN, { secret: true });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("previews the first up with the folder's name not known yet, writing nothing", async () => {
    server.resetCounters();
    const plan = show("first preview", await cli.preview());
    expect({ ok: plan.ok, errors: plan.errors }).toEqual({ ok: true, errors: [] });
    expect(changes(plan.steps)).toEqual(RESOURCES.map((r) => `create ${r}`).sort());
    expect(writes(server)).toEqual([]);
    expect(await itemsOnServer(user)).toEqual([]);
  });

  it("creates every item through the plugin, with the default provider configured from the stack config", async () => {
    const up = show("up", await cli.up());
    expect({ ok: up.ok, errors: up.errors, program: up.program?.code }).toEqual({ ok: true, errors: [], program: 0 });
    expect(changes(up.steps)).toEqual(RESOURCES.map((r) => `create ${r}`).sort());
    expect(await itemsOnServer(user)).toEqual(ITEMS);
    expect(await viewsOnServer(user)).toContain("team/apps");
    expect(await user.credentialIds(undefined)).toContain("app-token");
    const provider = cli.state.resources.find((r) => r.type === "pulumi:providers:jenkins");
    expect(provider?.urn).toBe("urn:pulumi:dev::plugin-types::pulumi:providers:jenkins::default");
    for (const name of RESOURCES) {
      const r = cli.state.resources.find((x) => x.urn.endsWith(`::${name}`));
      expect(r?.provider).toBe(`${provider!.urn}::${provider!.id}`);
      expect(r?.inputs).not.toHaveProperty("__provider");
    }
  });

  it("plans no change after up, and sends nothing that writes", async () => {
    server.resetCounters();
    const plan = show("preview", await cli.preview());
    expect(plan.errors).toEqual([]);
    expect(changes(plan.steps)).toEqual([]);
    expect(writes(server)).toEqual([]);
  });

  it("refreshes without finding a change, then plans no change", async () => {
    const refresh = show("refresh", await cli.refresh());
    expect(refresh).toMatchObject({ ok: true, errors: [], gone: [], changed: [] });
    server.resetCounters();
    const plan = show("preview after refresh", await cli.preview());
    expect(plan.errors).toEqual([]);
    expect(changes(plan.steps)).toEqual([]);
    expect(writes(server)).toEqual([]);
  });

  it("shows a description change as that property alone, and updates the job in place", async () => {
    cli.setConfig("deployDescription", "Deploys the API, reviewed");
    const plan = show("description preview", await cli.preview());
    expect(changes(plan.steps)).toEqual(["update api-deploy"]);
    const step = plan.steps.find((s) => s.urn.endsWith("::api-deploy"))!;
    expect(Object.keys(step.detailedDiff ?? {})).toEqual(["description"]);
    expect(previewDiff(step)).toBe('      ~ description: "Deploys the API" => "Deploys the API, reviewed"');
    server.resetCounters();
    const up = show("description up", await cli.up());
    expect(up.errors).toEqual([]);
    expect(changes(up.steps)).toEqual(["update api-deploy"]);
    expect(writes(server)).toEqual(["POST /job/team/job/api-deploy/description"]);
    // With the stack's mark of ownership as its last line: the plugin names the owner from the resource's URN.
    expect(await user.getConfig("team/api-deploy")).toContain(
      `<description>Deploys the API, reviewed\n\n${markLine("plugin-types/dev")}</description>`,
    );
    expect(changes((await cli.preview()).steps)).toEqual([]);
  });

  it("imports an existing job by its full name, which then previews with no change", async () => {
    await user.createJob("team/legacy", freestyle({ description: "Made by hand", command: "make legacy" }));
    server.resetCounters();
    const imported = show("import", await cli.import("jenkins:index:Job", "legacy", "team/legacy"));
    expect(imported.errors).toEqual([]);
    expect(imported.warnings).toEqual([]);
    // The freestyle spec it fits, not its config.xml.
    expect(imported.inputs).toMatchObject({
      name: "legacy",
      folder: "team",
      freestyle: { steps: [{ shell: "make legacy" }] },
      description: "Made by hand",
    });
    expect(imported.inputs).not.toHaveProperty("configXml");
    expect(writes(server)).toEqual([]);
    // The program now holds the code the CLI generated for it.
    importedCode.legacy = imported.inputs;
    cli.setConfig("imported", importedCode);
    server.resetCounters();
    const plan = show("import preview", await cli.preview());
    expect(plan.errors).toEqual([]);
    expect(changes(plan.steps)).toEqual([]);
    expect(plan.steps.find((s) => s.urn.endsWith("::legacy"))?.op).toBe("same");
    expect(writes(server)).toEqual([]);
    const up = show("import up", await cli.up());
    expect(changes(up.steps)).toEqual([]);
    expect(writes(server)).toEqual([]);
  });

  it("imports a folder and a pipeline made by hand as the specs they fit, which preview and up with no write", async () => {
    const script = "node {\n  sh 'make deploy'\n}";
    await user.createJob("ops", renderJobSpec("folder", {}, { description: "Operations" }));
    await user.createJob("ops/deploy", pipeline({ description: "Deploys by hand", script }));
    server.resetCounters();
    const folder = show("import folder", await cli.import("jenkins:index:Job", "ops", "ops"));
    const deploy = show("import pipeline", await cli.import("jenkins:index:Job", "ops-deploy", "ops/deploy"));
    for (const r of [folder, deploy])
      expect({ errors: r.errors, warnings: r.warnings }).toEqual({ errors: [], warnings: [] });
    // What the CLI writes: the inputs the schema declares (fullName and url are outputs), as a person writes them.
    expect(codeOf(folder.inputs)).toEqual({ name: "ops", folderSpec: {}, description: "Operations" });
    expect(codeOf(deploy.inputs)).toEqual({
      name: "deploy",
      folder: "ops",
      pipeline: { script },
      description: "Deploys by hand",
    });
    expect(server.requests.filter((r) => r.method !== "GET")).toEqual([]);
    importedCode.ops = codeOf(folder.inputs);
    importedCode["ops-deploy"] = codeOf(deploy.inputs);
    cli.setConfig("imported", importedCode);
    server.resetCounters();
    const plan = show("import preview of specs", await cli.preview());
    expect(plan.errors).toEqual([]);
    expect(changes(plan.steps)).toEqual([]);
    for (const name of ["ops", "ops-deploy"])
      expect(plan.steps.find((s) => s.urn.endsWith(`::${name}`))?.op).toBe("same");
    expect(writes(server)).toEqual([]);
    const up = show("import up of specs", await cli.up());
    expect({ errors: up.errors, changes: changes(up.steps) }).toEqual({ errors: [], changes: [] });
    expect(writes(server)).toEqual([]);
    const refresh = show("import refresh of specs", await cli.refresh());
    expect(refresh).toMatchObject({ ok: true, errors: [], gone: [], changed: [] });
  });

  it("imports a view made by hand, which previews and goes up with no write: its mark waits for a change", async () => {
    await user.createView(
      "",
      "handmade",
      "<hudson.model.ListView><name>handmade</name><description>Made by hand</description>" +
        '<properties class="hudson.model.View$PropertyList"/><jobNames>' +
        '<comparator class="java.lang.String$CaseInsensitiveComparator"/><string>nightly</string></jobNames>' +
        "<jobFilters/><columns><hudson.views.StatusColumn/><hudson.views.JobColumn/></columns>" +
        "<recurse>false</recurse></hudson.model.ListView>",
    );
    server.resetCounters();
    // The import's own plan must change nothing: the view carries no mark, and the stack writes it only with the
    // view's first update.
    const imported = show("import view", await cli.import("jenkins:index:View", "handmade", "handmade"));
    expect({ errors: imported.errors, warnings: imported.warnings }).toEqual({ errors: [], warnings: [] });
    expect(writes(server)).toEqual([]);
    cli.setConfig("importedViews", { handmade: codeOf(imported.inputs) });
    server.resetCounters();
    const plan = show("import preview of a view", await cli.preview());
    expect({ errors: plan.errors, changes: changes(plan.steps) }).toEqual({ errors: [], changes: [] });
    const up = show("import up of a view", await cli.up());
    expect({ errors: up.errors, changes: changes(up.steps) }).toEqual({ errors: [], changes: [] });
    expect(writes(server)).toEqual([]);
    expect(await user.getViewConfig("", "handmade")).not.toContain("Managed as code by");
  });

  it("creates a job through an explicit provider resource on the controller its inputs name", async () => {
    const other = await startServer("current");
    try {
      cli.setConfig("otherUrl", other.url).setConfig("otherUser", ADMIN.name);
      cli.setConfig("otherToken", ADMIN.apiToken, { secret: true });
      const up = show("explicit provider up", await cli.up());
      expect(up.errors).toEqual([]);
      expect(changes(up.steps)).toEqual(["create elsewhere", "create other"]);
      const otherUser = new JenkinsUser(other.url, { user: ADMIN.name, apiToken: ADMIN.apiToken });
      expect(await itemsOnServer(otherUser)).toEqual(["elsewhere"]);
      expect(await itemsOnServer(user)).not.toContain("elsewhere");
      const provider = cli.state.resources.find((r) => r.urn.endsWith("pulumi:providers:jenkins::other"))!;
      expect(JSON.stringify(provider.inputs.apiToken)).toContain("ciphertext");
      const job = cli.state.resources.find((r) => r.urn.endsWith("::elsewhere"));
      expect(job?.provider).toBe(`${provider.urn}::${provider.id}`);
      expect(changes((await cli.preview()).steps)).toEqual([]);
      // Gone from the program: deleted from its controller with the provider from the state.
      cli.removeConfig("otherUrl");
      const down = show("explicit provider removed", await cli.up());
      expect(down.errors).toEqual([]);
      expect(changes(down.steps)).toEqual(["delete elsewhere", "delete other"]);
      expect(await itemsOnServer(otherUser)).toEqual([]);
      expect(cli.state.resources.some((r) => r.urn.endsWith("::other"))).toBe(false);
    } finally {
      await other.close();
    }
  });

  it("keeps the token and the credential's secret out of the state and everything shown", async () => {
    const forms = secretForms(ADMIN.name, [ADMIN.apiToken, APP_TOKEN]);
    const leaks = [
      ...seen.flatMap(([label, value]) => findLeaks(label, textOf(value), forms)),
      ...findLeaks("state", textOf(cli.state), forms),
    ];
    expect(leaks).toEqual([]);
    const credential = cli.state.resources.find((r) => r.urn.endsWith("::app-token"))!;
    expect(JSON.stringify(credential.inputs)).toContain("ciphertext");
  });

  it("destroys every item, and the state keeps nothing", async () => {
    const down = show("destroy", await cli.destroy());
    expect(down.errors).toEqual([]);
    expect(await itemsOnServer(user)).toEqual([]);
    expect(await user.credentialIds(undefined)).not.toContain("app-token");
    expect(cli.state.resources).toEqual([]);
  });
});

describe("a stack written with the TypeScript classes, moved to the plugin's types by their aliases", () => {
  let server: JenkinsServer;
  let user: JenkinsUser;
  let cli: PulumiCli;

  beforeAll(async () => {
    ({ server, user, cli } = await startStack(PROJECT));
    cli.setConfig("appToken", APP_TOKEN, { secret: true }).setConfig("mode", "dynamic");
    const up = await cli.up();
    expect({ ok: up.ok, errors: up.errors }).toEqual({ ok: true, errors: [] });
    expect(customTypes(cli)).toEqual([
      "pulumi-nodejs:dynamic/jenkins:Credential",
      "pulumi-nodejs:dynamic/jenkins:Job",
      "pulumi-nodejs:dynamic/jenkins:Job",
      "pulumi-nodejs:dynamic/jenkins:Job",
      "pulumi-nodejs:dynamic/jenkins:View",
    ]);
    cli.removeConfig("mode");
  });
  afterAll(async () => {
    await server?.close();
  });

  it("plans no replacement and no change, and sends nothing that writes", async () => {
    server.resetCounters();
    const plan = await cli.preview();
    expect({ ok: plan.ok, errors: plan.errors }).toEqual({ ok: true, errors: [] });
    expect(plan.steps.map((s) => `${s.op} ${s.urn.split("::").slice(2).join("::")}`).sort()).toEqual([
      "same jenkins:index:Credential::app-token",
      "same jenkins:index:Job::api-build",
      "same jenkins:index:Job::api-deploy",
      "same jenkins:index:Job::team",
      "same jenkins:index:View::apps",
    ]);
    expect(writes(server)).toEqual([]);
  });

  it("moves the state over on up without a write, and the next preview plans nothing", async () => {
    server.resetCounters();
    const up = await cli.up();
    expect({ ok: up.ok, errors: up.errors }).toEqual({ ok: true, errors: [] });
    expect(changes(up.steps)).toEqual([]);
    expect(writes(server)).toEqual([]);
    expect(customTypes(cli)).toEqual([
      "jenkins:index:Credential",
      "jenkins:index:Job",
      "jenkins:index:Job",
      "jenkins:index:Job",
      "jenkins:index:View",
      "pulumi:providers:jenkins",
    ]);
    expect(await itemsOnServer(user)).toEqual(ITEMS);
    // The inputs are the plugin's; the outputs keep the dynamic provider's `__provider` until a refresh.
    const moved = cli.state.resources.filter((r) => r.type.startsWith("jenkins:"));
    expect(moved.filter((r) => "__provider" in r.inputs)).toEqual([]);
    expect(moved.every((r) => "__provider" in r.outputs)).toBe(true);
    const plan = await cli.preview();
    expect(changes(plan.steps)).toEqual([]);
    const refresh = await cli.refresh();
    expect(refresh).toMatchObject({ ok: true, errors: [], gone: [] });
    expect(cli.state.resources.filter((r) => "__provider" in r.outputs)).toEqual([]);
    expect(changes((await cli.preview()).steps)).toEqual([]);
  });

  it("destroys the moved items through the plugin", async () => {
    const down = await cli.destroy();
    expect(down.errors).toEqual([]);
    expect(await itemsOnServer(user)).toEqual([]);
  });
});
