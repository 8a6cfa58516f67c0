/**
 * The whole estate of examples/real-estate through the language host, as a user would run it: a folder declared in
 * XML without views; a declarative pipeline with parameters/triggers/options; a scripted pipeline calling
 * `properties([...])` beside a build discarder of its own; a freestyle job whose password parameter default is
 * secret stack config; a multibranch project. `up`; each pipeline built once and the multibranch project indexed;
 * `refresh`; a preview with no changes. A declared property removed by hand is exactly one update that restores it
 * and keeps the pipeline's, and the pipeline's next run keeps it too. A new password is one update that Jenkins
 * holds; a password changed by hand is drift that `up` puts back; no password in the state or in any output.
 * Destroy leaves only Jenkins's own defaults.
 */
import * as path from "node:path";
import type { JenkinsServer } from "../../provider/server";
import { elementChildren, parseXml, textOf as xmlText, type XmlElement } from "../../provider/xml/tree";
import { jobPath, type JenkinsUser } from "../harness/jenkins-user";
import { recordShown, type OperationResult, type PulumiCli, type Shown } from "../harness/language-host";
import { repoRoot } from "../harness/provider-process";
import { findLeaks, textOf } from "../harness/secrets";
import { calls } from "../harness/test-server";
import { itemsOnServer, viewsOnServer } from "./server-items";
import { startStack } from "./stack";
import { QUIET_REFRESH } from "../harness/language-host/quiet-refresh";

const PROJECT = path.join(repoRoot, "examples", "real-estate");
const PORTAL = "https://git.example.com/listings/portal.git";

const PARAMETERS = "hudson.model.ParametersDefinitionProperty";
const TRIGGERS = "org.jenkinsci.plugins.workflow.job.properties.PipelineTriggersJobProperty";
const DISCARDER = "jenkins.model.BuildDiscarderProperty";
const NO_CONCURRENT = "org.jenkinsci.plugins.workflow.job.properties.DisableConcurrentBuildsJobProperty";
const SCRIPTED_TRACKER = "org.jenkinsci.plugins.workflow.multibranch.JobPropertyTrackerAction";
const DECLARATIVE_TRACKER =
  "org.jenkinsci.plugins.pipeline.modeldefinition.actions.DeclarativeJobPropertyTrackerAction";

const IMPORT = "listings/listings-import";
const PRICE_INDEX = "listings/price-index";
const PUBLISH = "listings/publish-feed";
const ITEMS = ["listings", IMPORT, "listings/portal", PRICE_INDEX, PUBLISH];

const FIRST = "Feed-first-3e9c1a";
const SECOND = "Feed-second-7b04d2";
const BY_HAND = "feed-typed-in-the-ui-55f0";
const PASSWORDS = [FIRST, SECOND, BY_HAND];

function child(e: XmlElement | undefined, name: string): XmlElement | undefined {
  return e ? elementChildren(e).find((c) => c.name === name) : undefined;
}

function changes(result: OperationResult): string[] {
  return result.steps
    .filter((s) => s.op !== "same")
    .map((s) => `${s.op} ${s.urn.split("::").pop()}`)
    .sort();
}

function warnings(result: OperationResult): string[] {
  return result.logs.filter((l) => l.severity === "warning").map((l) => l.message);
}

describe("the real-estate example: every kind of job an estate has, through the language host", () => {
  let server: JenkinsServer;
  let user: JenkinsUser;
  let cli: PulumiCli;
  const seen: Shown = [];

  // What each operation showed, for the secret scan at the end.
  const shown = recordShown(seen, () => cli.state);

  beforeAll(async () => {
    ({ server, user, cli } = await startStack(PROJECT, {
      server: { quietPeriodMs: 0, repositories: { [PORTAL]: ["main", "release/2026-11"] } },
    }));
    cli.setConfig("feedPassword", FIRST, { secret: true });
  });
  afterAll(async () => {
    await server?.close();
  });

  async function config(job: string): Promise<XmlElement> {
    return parseXml(await user.getConfig(job)).root;
  }

  async function properties(job: string): Promise<string[]> {
    const props = child(await config(job), "properties");
    return props
      ? elementChildren(props)
          .map((p) => p.name)
          .sort()
      : [];
  }

  /** One build, run to its end (the server runs a build's script when its quiet period is over). */
  async function build(job: string): Promise<void> {
    const parameterized = (await properties(job)).includes(PARAMETERS);
    const res = await user.request("POST", `/${jobPath(job)}${parameterized ? "buildWithParameters" : "build"}`);
    expect(res.status).toBe(201);
    await user.getConfig(job);
  }

  async function branchJobs(): Promise<string[]> {
    const res = await user.request("GET", `/${jobPath("listings/portal")}api/json?tree=jobs[name]`);
    expect(res.status).toBe(200);
    return (JSON.parse(res.body) as { jobs: Array<{ name: string }> }).jobs.map((j) => j.name).sort();
  }

  /** The password parameter default Jenkins holds, decrypted as the script console would. */
  async function heldPassword(): Promise<string> {
    const xml = await user.getConfig(PUBLISH);
    const m = /<hudson\.model\.PasswordParameterDefinition>[\s\S]*?<defaultValue>([^<]*)<\/defaultValue>/.exec(xml);
    if (m === null) throw new Error(`no password parameter in ${PUBLISH}`);
    expect(m[1]).toMatch(/^\{[A-Za-z0-9+/=]+\}$/);
    return server.decryptSecret(m[1]) ?? m[1];
  }

  async function previewIsClean(label: string): Promise<void> {
    const preview = shown(label, await cli.preview());
    expect({ ok: preview.ok, changes: changes(preview), warnings: warnings(preview) }).toEqual({
      ok: true,
      changes: [],
      warnings: [],
    });
  }

  it("up creates the folder and the four jobs; the folder gets its All view, the portal its branch jobs", async () => {
    const up = shown("up", await cli.up());
    expect({ ok: up.ok, errors: up.errors, code: up.program?.code, warnings: warnings(up) }).toEqual({
      ok: true,
      errors: [],
      code: 0,
      warnings: [],
    });
    expect(changes(up)).toEqual([
      "create listings",
      "create listings-import",
      "create portal",
      "create price-index",
      "create publish-feed",
    ]);
    expect(await itemsOnServer(user)).toEqual(ITEMS);
    expect(await viewsOnServer(user)).toEqual(["all", "listings/All"]);
    expect(await branchJobs()).toEqual(["main", "release%2F2026-11"]);
    expect(await heldPassword()).toBe(FIRST);
    expect(await properties(PRICE_INDEX)).toEqual([DISCARDER]);
  });

  it("each pipeline's build sets its properties and tracker; the portal is indexed again", async () => {
    await build(IMPORT);
    await build(PRICE_INDEX);
    expect(await properties(IMPORT)).toEqual([DISCARDER, NO_CONCURRENT, PARAMETERS, TRIGGERS].sort());
    expect(await properties(PRICE_INDEX)).toEqual([DISCARDER, PARAMETERS, TRIGGERS].sort());
    expect(child(child(await config(IMPORT), "actions"), DECLARATIVE_TRACKER)).toBeDefined();
    expect(child(child(await config(PRICE_INDEX), "actions"), SCRIPTED_TRACKER)).toBeDefined();
    const pipelineBuilds = server.builds.filter((b) => b.job === IMPORT || b.job === PRICE_INDEX);
    expect(pipelineBuilds.map((b) => b.job).sort()).toEqual([IMPORT, PRICE_INDEX]);

    server.setRepositoryBranches(PORTAL, ["main", "release/2026-12"]);
    expect((await user.request("POST", `/${jobPath("listings/portal")}build`)).status).toBeLessThan(400);
    expect(await branchJobs()).toEqual(["main", "release%2F2026-11", "release%2F2026-12"]);
  });

  it("refresh records only what the pipelines own; a preview then has no changes and sends nothing", async () => {
    const refresh = shown("refresh", await cli.refresh());
    expect({ ok: refresh.ok, gone: refresh.gone, errors: refresh.errors }).toEqual({ ok: true, gone: [], errors: [] });
    expect(refresh.changed.map((c) => c.urn.split("::").pop()).sort()).toEqual(["listings-import", "price-index"]);
    for (const c of refresh.changed) {
      const after = { ...c.after };
      delete after.pipelineOwned;
      expect(after).toEqual({ ...c.before });
    }
    server.resetCounters();
    await previewIsClean("preview after refresh");
    expect(calls(server).filter((c) => !c.startsWith("GET"))).toEqual([]);
    // A second refresh finds nothing at all.
    expect(shown("refresh", await cli.refresh())).toMatchObject(QUIET_REFRESH);
  });

  it("the scripted pipeline's own property removed by hand is one update that restores it and keeps the pipeline's", async () => {
    await user.editConfig(PRICE_INDEX, (xml) =>
      xml.replace(/<jenkins\.model\.BuildDiscarderProperty>[\s\S]*<\/jenkins\.model\.BuildDiscarderProperty>/, ""),
    );
    expect(await properties(PRICE_INDEX)).toEqual([PARAMETERS, TRIGGERS]);
    const refresh = shown("refresh", await cli.refresh());
    expect(refresh.changed.map((c) => c.urn.split("::").pop())).toEqual(["price-index"]);
    expect(changes(shown("preview", await cli.preview()))).toEqual(["update price-index"]);

    server.resetCounters();
    const up = shown("up", await cli.up());
    expect({ ok: up.ok, errors: up.errors, changes: changes(up) }).toEqual({
      ok: true,
      errors: [],
      changes: ["update price-index"],
    });
    // The plan's listing of the owners in the job's folder (its mark), then the read that keeps what the pipeline
    // owns, and the save.
    expect(calls(server).filter((c) => c.includes("/job/"))).toEqual([
      "GET /job/listings/api/json",
      "GET /job/listings/job/price-index/config.xml",
      "POST /job/listings/job/price-index/config.xml",
    ]);
    expect(await properties(PRICE_INDEX)).toEqual([DISCARDER, PARAMETERS, TRIGGERS].sort());
    const strategy = child(child(child(await config(PRICE_INDEX), "properties"), DISCARDER), "strategy");
    expect(xmlText(child(strategy, "numToKeep") as XmlElement)).toBe("12");
    const tracker = child(child(await config(PRICE_INDEX), "actions"), SCRIPTED_TRACKER);
    expect(
      elementChildren(child(tracker, "jobPropertyDescriptors") as XmlElement)
        .map(xmlText)
        .sort(),
    ).toEqual([PARAMETERS, TRIGGERS].sort());

    // The pipeline's next run keeps the program's property: its tracker says the property is not the pipeline's.
    await build(PRICE_INDEX);
    expect(await properties(PRICE_INDEX)).toEqual([DISCARDER, PARAMETERS, TRIGGERS].sort());
    expect(shown("refresh", await cli.refresh()).ok).toBe(true);
    await previewIsClean("preview after the restore");
  });

  it("a new password is one update of one job, and Jenkins holds it", async () => {
    cli.setConfig("feedPassword", SECOND, { secret: true });
    const preview = shown("preview", await cli.preview());
    expect(changes(preview)).toEqual(["update publish-feed"]);
    // What a reviewer reads changes nothing but the encrypted input.
    const step = preview.steps.find((s) => s.op === "update");
    expect(step?.news?.freestyle).toEqual(step?.olds?.freestyle);
    expect(step?.news?.secretValues).toBe("[secret]");
    server.resetCounters();
    const up = shown("up", await cli.up());
    expect({ ok: up.ok, errors: up.errors, changes: changes(up) }).toEqual({
      ok: true,
      errors: [],
      changes: ["update publish-feed"],
    });
    expect(calls(server).filter((c) => !c.startsWith("GET"))).toEqual([
      "POST /job/listings/job/publish-feed/config.xml",
    ]);
    expect(await heldPassword()).toBe(SECOND);
    await previewIsClean("preview after the new password");
  });

  it("a password changed by hand in Jenkins is drift, and up puts the declared one back", async () => {
    await user.editConfig(PUBLISH, (xml) =>
      xml.replace(
        /(<hudson\.model\.PasswordParameterDefinition>[\s\S]*?<defaultValue>)[^<]*(<\/defaultValue>)/,
        `$1${BY_HAND}$2`,
      ),
    );
    expect(await heldPassword()).toBe(BY_HAND);
    const refresh = shown("refresh", await cli.refresh());
    expect(refresh.changed.map((c) => c.urn.split("::").pop())).toEqual(["publish-feed"]);
    expect(refresh.changed[0].after.secretDigests).toEqual(["changed in Jenkins"]);
    expect(changes(shown("preview", await cli.preview()))).toEqual(["update publish-feed"]);
    const up = shown("up", await cli.up());
    expect(changes(up)).toEqual(["update publish-feed"]);
    expect(await heldPassword()).toBe(SECOND);
    expect(shown("refresh", await cli.refresh()).changed).toEqual([]);
    await previewIsClean("preview after the password is back");
  });

  it("destroy leaves nothing on the server but Jenkins's own defaults", async () => {
    const destroy = shown("destroy", await cli.destroy());
    expect({ ok: destroy.ok, errors: destroy.errors }).toEqual({ ok: true, errors: [] });
    expect(await itemsOnServer(user)).toEqual([]);
    expect(await viewsOnServer(user)).toEqual(["all"]);
    expect(server.jobConfigOnDisk("listings/portal/main")).toBeUndefined();
    expect(server.jobConfigOnDisk("listings")).toBeUndefined();
    expect(cli.state.resources).toEqual([]);
  });

  it("no password appears in the state or in anything an operation showed", () => {
    const leaks = seen.flatMap(([label, value]) => findLeaks(label, textOf(value), PASSWORDS));
    expect(leaks).toEqual([]);
    expect(seen.filter(([label]) => label.endsWith("--diff")).length).toBeGreaterThan(5);
    expect(seen.length).toBeGreaterThan(25);
  });
});
