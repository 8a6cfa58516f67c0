/**
 * Upgrades keep working: the state of a representative stack as pulumi-jenkins-jobs 0.1.0 wrote it (installed from
 * its packed tarball, so every `__provider` is one `require` of a module path of the package), with the Jenkins
 * items it describes (test/fixtures/upgrade-0.1.0, written by scripts/capture-upgrade-fixture.ts), taken through
 * the language host with the code of this checkout: the module paths that state names still load, a refresh finds
 * nothing changed, a preview plans no change and sends nothing that writes, an update changes exactly one job, and
 * destroy deletes every item.
 */
import type { JenkinsServer } from "../../provider/server";
import { readMark } from "../../provider/ownership/mark";
import { readFields } from "../../provider/resource/job-config";
import { fixtureDir } from "../../scripts/capture-upgrade-fixture";
import type { JenkinsUser } from "../harness/jenkins-user";
import { PulumiCli } from "../harness/language-host";
import { itemsOnServer } from "./server-items";
import { loadState, startUpgradeStack, type UpgradeStack } from "./upgrade-stack";
import { digestIn } from "../../provider/resource/config-digest";

const FIXTURE = fixtureDir("0.1.0");

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

  it("refreshes without finding a change, and previews no change without writing anything", async () => {
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
    expect(preview.steps.map((s) => `${s.op} ${s.urn.split("::").pop()}`)).toEqual([
      "same team",
      "same api-build",
      "same api-deploy",
      "same api-deploy-first",
      "same team-sweep",
    ]);
    expect(server.requests.filter((r) => r.method !== "GET")).toEqual([]);
    expect(server.builds).toEqual([]);
  });

  it("updates one job in place, then plans no change again", async () => {
    cli.setConfig("deployDescription", "Deploys the API, upgraded");
    server.resetCounters();
    const up = await cli.up();
    expect({ ok: up.ok, errors: up.errors }).toEqual({ ok: true, errors: [] });
    expect(up.steps.filter((s) => s.op !== "same").map((s) => `${s.op} ${s.urn.split("::").pop()}`)).toEqual([
      "update api-deploy",
    ]);
    // The job updated gets the stack's mark of ownership with this update; the others get theirs with their next one
    // (an upgrade plans no change for a mark alone).
    const [, stackName, projectName] = /^urn:pulumi:([^:]+)::([^:]+)::/.exec(cli.state.resources[0].urn)!;
    expect(readMark(readFields(await user.getConfig("team/api-deploy")).description)).toEqual({
      description: "Deploys the API, upgraded",
      owner: `${projectName}/${stackName}`,
    });
    expect(readMark(readFields(await user.getConfig("team/api-build")).description).owner).toBeUndefined();
    expect(server.builds).toEqual([]);
    // The state now holds this version's inputs: the digest under its internal key, the 0.1.0 key gone.
    const build = cli.state.resources.find((r) => r.urn.endsWith("::api-build"))!;
    expect(build.inputs).toHaveProperty("__configXmlSha256");
    expect(build.inputs).not.toHaveProperty("configXmlSha256");
    // The job updated keeps a digest of its config in its outputs; the others keep 0.1.0's copy until their update.
    const deploy = cli.state.resources.find((r) => r.urn.endsWith("::api-deploy"))!;
    // A typed pipeline: the config its spec renders to beside the spec (resource/found-config.ts).
    expect(deploy.outputs.configXml).toMatch(
      /<flow-definition[\s\S]*<description>Deploys the API, upgraded<\/description>/,
    );
    expect(digestIn(deploy.outputs)).toMatchObject({ root: "flow-definition" });
    expect(build.outputs).toHaveProperty("configXml");
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
