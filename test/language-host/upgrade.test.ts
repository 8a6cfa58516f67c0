/**
 * Upgrades keep working: the state of a representative stack as pulumi-jenkins-jobs 0.1.0 wrote it (installed from
 * its packed tarball, so every `__provider` is one `require` of a module path of the package), with the Jenkins
 * items it describes (test/fixtures/upgrade-0.1.0, written by scripts/capture-upgrade-fixture.ts), taken through
 * the language host with the code of this checkout: the module paths that state names still load, a refresh finds
 * nothing changed, the first preview plans the mark of ownership alone for each item the stack made (and fails, as
 * the up does, for an item another owner marked by then), the up writes only the marks, after which a preview plans
 * nothing, an update changes exactly one job, and destroy deletes every item.
 */
import type { JenkinsServer } from "../../provider/server";
import { configWithoutMark } from "../../provider/ownership/config-owner";
import { markLine, readMark } from "../../provider/ownership/mark";
import { readFields } from "../../provider/resource/job-config";
import { fixtureDir } from "../../scripts/capture-upgrade-fixture";
import type { JenkinsUser } from "../harness/jenkins-user";
import { PulumiCli, changedInputs } from "../harness/language-host";
import { itemsOnServer } from "./server-items";
import { loadState, startUpgradeStack, type UpgradeStack } from "./upgrade-stack";
import { digestIn } from "../../provider/resource/config-digest";

const FIXTURE = fixtureDir("0.1.0");
const ITEMS = ["team", "team/api-build", "team/api-deploy"];
const nameOf = (urn: string) => urn.split("::").pop();

/** The module paths the 0.1.0 state names: a public contract, kept by every later version. */
const STATE_MODULES = [
  "pulumi-jenkins-jobs/dist/provider/resource/provider.js",
  "pulumi-jenkins-jobs/dist/provider/triggers/provider.js",
  "pulumi-jenkins-jobs/dist/provider/sweep/provider.js",
];

describe("a stack written by 0.1.0, managed by this version", () => {
  let stack: UpgradeStack;
  let server: JenkinsServer;
  let user: JenkinsUser;
  let cli: PulumiCli;

  /** The owner the stack's marks name: its project and stack, from the URNs of the state. */
  const owner = (): string => {
    const [, stackName, projectName] = /^urn:pulumi:([^:]+)::([^:]+)::/.exec(cli.state.resources[0].urn)!;
    return `${projectName}/${stackName}`;
  };

  beforeAll(async () => {
    stack = await startUpgradeStack(FIXTURE, "upgrade-");
    ({ server, user, cli } = stack);
    cli.state = loadState(FIXTURE, server.url);
  });
  afterAll(async () => {
    await stack?.close();
  });

  it("names, in every resource's __provider, only module paths of the package that still load", () => {
    const required = new Set<string>();
    for (const r of cli.state.resources.filter((x) => x.custom)) {
      const text = String(r.inputs.__provider);
      const paths = [...text.matchAll(/require\("([^"]+)"\)/g)].map((m) => m[1]);
      expect(paths).toHaveLength(1);
      required.add(paths[0]);
    }
    expect([...required].sort()).toEqual([...STATE_MODULES].sort());
    // Resolved from the program folder, as the provider process does (the package's exports map).
    for (const m of STATE_MODULES) {
      expect(() => require.resolve(m, { paths: [cli.project.pwd] })).not.toThrow();
    }
  });

  it("refreshes without finding a change, and previews the mark of ownership alone, without writing anything", async () => {
    expect(await itemsOnServer(user)).toEqual(["team", "team/api-build", "team/api-deploy"]);
    server.resetCounters();
    const refresh = await cli.refresh();
    expect({ ok: refresh.ok, errors: refresh.errors, gone: refresh.gone, changed: refresh.changed }).toEqual({
      ok: true,
      errors: [],
      gone: [],
      changed: [],
    });
    const preview = await cli.preview();
    expect({ ok: preview.ok, errors: preview.errors, program: preview.program?.code }).toEqual({
      ok: true,
      errors: [],
      program: 0,
    });
    // Each item the stack made gets its mark: an update of the job, folder or multibranch project, and nothing else.
    expect(preview.steps.map((s) => `${s.op} ${s.urn.split("::").pop()}`)).toEqual([
      "update team",
      "update api-build",
      "update api-deploy",
      "same api-deploy-first",
      "same team-sweep",
    ]);
    // No property of the mark shows (it is no input); one line says what the updates write. The jobs' inputs as
    // 0.1.0 recorded them leave out the enabled state this version's check fills in, and, for a job given as
    // config.xml, its description, and keep the config's digest under a key of their own: the display compares
    // those inputs with this version's, as it would for any update of them.
    expect(
      Object.fromEntries(preview.steps.filter((s) => s.op === "update").map((s) => [nameOf(s.urn), changedInputs(s)])),
    ).toEqual({
      team: [],
      "api-build": ["configXmlSha256", "description", "enabled"],
      "api-deploy": ["enabled"],
    });
    expect(preview.logs.filter((l) => l.message.includes("mark of ownership")).map((l) => l.severity)).toEqual([
      "info",
    ]);
    expect(preview.logs.find((l) => l.message.includes("mark of ownership"))?.message).toBe(
      `Items without a mark of ownership (made by an earlier release, or while marks were off) get the mark of ` +
        `${owner()} with this update: one write of the mark alone for each, planned as an update ` +
        "(docs/guide/ownership.md).",
    );
    expect(server.requests.filter((r) => r.method !== "GET")).toEqual([]);
    expect(server.builds).toEqual([]);
  });

  it("does not take an item another owner marked by then: preview and up fail naming it, and nothing is written", async () => {
    const unmarked = await user.getConfig("team");
    const foreign = `The team's jobs\n\n${markLine("web/prod")}`;
    await user.editConfig("team", (xml) =>
      xml.replace("<description>The team&apos;s jobs</description>", `<description>${foreign}</description>`),
    );
    server.resetCounters();
    for (const run of [await cli.preview(), await cli.up()]) {
      expect(run.ok).toBe(false);
      expect(run.errors.find((e) => e.urn.endsWith("::team"))?.message).toContain(
        'Jenkins job "team" cannot be updated: it is managed as code by web/prod (the mark of ownership in its ' +
          "description), not by this stack",
      );
      expect(run.errors.find((e) => e.urn.endsWith("::team"))?.message).toContain("Run `pulumi refresh`");
    }
    expect(server.requests.filter((r) => r.method !== "GET")).toEqual([]);
    expect(readMark(readFields(await user.getConfig("team")).description).owner).toBe("web/prod");
    // The mark taken off again by hand: the folder is nobody's, as 0.1.0 left it.
    await user.postConfig("team", unmarked);
  });

  it("writes the mark alone with the up (a description per job, the folder's config.xml), then plans nothing", async () => {
    const before = Object.fromEntries(
      await Promise.all(ITEMS.map(async (item) => [item, await user.getConfig(item)] as const)),
    );
    server.resetCounters();
    const up = await cli.up();
    expect({ ok: up.ok, errors: up.errors }).toEqual({ ok: true, errors: [] });
    expect(up.steps.filter((s) => s.op !== "same").map((s) => `${s.op} ${s.urn.split("::").pop()}`)).toEqual([
      "update team",
      "update api-build",
      "update api-deploy",
    ]);
    // The cheapest write of each: a job's description; a folder's config.xml (it has no description endpoint).
    expect(
      server.requests
        .filter((r) => r.method !== "GET")
        .map((r) => `${r.method} ${r.path}`)
        .sort(),
    ).toEqual([
      "POST /job/team/config.xml",
      "POST /job/team/job/api-build/description",
      "POST /job/team/job/api-deploy/description",
    ]);
    // Jenkins keeps each description with the mark as its last line, and everything else as it was.
    const descriptions = {
      team: "The team's jobs",
      "team/api-build": "Builds the API",
      "team/api-deploy": "Deploys the API",
    };
    for (const item of ITEMS) {
      const stored = await user.getConfig(item);
      expect(readMark(readFields(stored).description)).toEqual({
        description: descriptions[item as keyof typeof descriptions],
        owner: owner(),
      });
      expect(configWithoutMark(stored)).toBe(before[item]);
    }
    expect(server.builds).toEqual([]);

    server.resetCounters();
    const again = await cli.preview();
    expect(again.steps.filter((s) => s.op !== "same")).toEqual([]);
    expect(again.logs.filter((l) => l.message.includes("mark of ownership"))).toEqual([]);
    // Nothing written, and no owners read: the sweep's plan reads its folder as before.
    expect(server.requests.filter((r) => r.method !== "GET" || r.query.startsWith("tree=description"))).toEqual([]);
    const refresh = await cli.refresh();
    expect({ ok: refresh.ok, changed: refresh.changed }).toEqual({ ok: true, changed: [] });
  });

  it("updates one job in place, then plans no change again", async () => {
    cli.setConfig("deployDescription", "Deploys the API, upgraded");
    server.resetCounters();
    const up = await cli.up();
    expect({ ok: up.ok, errors: up.errors }).toEqual({ ok: true, errors: [] });
    expect(up.steps.filter((s) => s.op !== "same").map((s) => `${s.op} ${s.urn.split("::").pop()}`)).toEqual([
      "update api-deploy",
    ]);
    expect(readMark(readFields(await user.getConfig("team/api-deploy")).description)).toEqual({
      description: "Deploys the API, upgraded",
      owner: owner(),
    });
    expect(server.builds).toEqual([]);
    // The state now holds this version's inputs: the digest under its internal key, the 0.1.0 key gone.
    const build = cli.state.resources.find((r) => r.urn.endsWith("::api-build"))!;
    expect(build.inputs).toHaveProperty("__configXmlSha256");
    expect(build.inputs).not.toHaveProperty("configXmlSha256");
    // Every job's outputs are this version's since the up that wrote the marks.
    const deploy = cli.state.resources.find((r) => r.urn.endsWith("::api-deploy"))!;
    // A typed pipeline: the config its spec renders to beside the spec (resource/found-config.ts).
    expect(deploy.outputs.configXml).toMatch(
      /<flow-definition[\s\S]*<description>Deploys the API, upgraded<\/description>/,
    );
    expect(digestIn(deploy.outputs)).toMatchObject({ root: "flow-definition" });
    expect(digestIn(build.outputs)).toMatchObject({ root: "project" });
    for (const r of cli.state.resources.filter((x) => x.type.endsWith(":Job"))) {
      expect(r.outputs.__owner).toBe(owner());
    }
    const again = await cli.preview();
    expect(again.steps.every((s) => s.op === "same")).toBe(true);
  });

  it("destroys every item", async () => {
    const destroy = await cli.destroy();
    expect({ ok: destroy.ok, errors: destroy.errors }).toEqual({ ok: true, errors: [] });
    expect(await itemsOnServer(user)).toEqual([]);
    expect(cli.state.resources).toEqual([]);
  });
});
