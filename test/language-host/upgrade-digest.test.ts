/**
 * Upgrades keep working across the change that made job, view and credential outputs keep a digest of the config
 * instead of a second copy: the state of a stack as the release before it wrote it (test/fixtures/
 * upgrade-main-7430377, written by scripts/capture-upgrade-fixture.ts with that commit's packed package: a folder,
 * jobs given as config.xml and as a spec, a list view, credentials in the system store and in the folder's store,
 * and a job edited in Jenkins that a refresh found), taken through the language host with the code of this
 * checkout: a refresh finds nothing new, a preview plans the edit put back and the marks of ownership this release
 * writes (updates that show no property) and writes nothing, an update puts the edit back, changes the job the
 * program changed and writes each other item's mark alone, after which the outputs hold digests and the next plan
 * is empty, and destroy deletes every item.
 */
import { markLine, readMark } from "../../provider/ownership/mark";
import { childText, parseXml } from "../../provider/xml/tree";
import { readFields } from "../../provider/resource/job-config";
import type { JenkinsServer } from "../../provider/server";
import { fixtureDir, fixtureOptions } from "../../scripts/capture-upgrade-fixture";
import type { JenkinsUser } from "../harness/jenkins-user";
import { PulumiCli, changedInputs, previewDiff } from "../harness/language-host";
import { sealedKeysOf } from "../harness/language-host/secrets";
import type { StackState } from "../harness/language-host/state";
import { itemsOnServer, viewsOnServer } from "./server-items";
import { FIRST_UP_UPDATES as UPDATED, loadState, startUpgradeStack, type UpgradeStack } from "./upgrade-stack";
import { digestIn } from "../../provider/resource/config-digest";

const FIXTURE = fixtureDir("main-7430377");
const OPTIONS = fixtureOptions(FIXTURE);
const SECRETS = OPTIONS.secrets ?? {};

/** Each credential's secret, from the stack config the fixture was written with. */
const CREDENTIAL_SECRETS: Record<string, string> = {
  "app-token": SECRETS["upgrade-stack:appToken"],
  "team-token": SECRETS["upgrade-stack:teamToken"],
};

/** The fixture's state with its secrets sealed with this stack's key (the key that wrote them is not kept). */
function resealed(cli: PulumiCli, state: StackState): StackState {
  const resources = state.resources.map((r) => {
    const name = r.urn.split("::").pop() as string;
    const reseal = (map: typeof r.inputs) => {
      const keys = sealedKeysOf(map);
      if (keys.length === 0) return map;
      const plain = { ...map };
      for (const k of keys) {
        if (k !== "secretValues" || CREDENTIAL_SECRETS[name] === undefined) throw new Error(`${name}: sealed ${k}`);
        plain[k] = [CREDENTIAL_SECRETS[name]];
      }
      return cli.sealed(plain, keys);
    };
    return { ...r, inputs: reseal(r.inputs), outputs: reseal(r.outputs) };
  });
  return { ...state, resources };
}

const nameOf = (urn: string) => urn.split("::").pop();

describe("a stack written before outputs kept config digests, managed by this version", () => {
  let stack: UpgradeStack;
  let server: JenkinsServer;
  let user: JenkinsUser;
  let cli: PulumiCli;

  beforeAll(async () => {
    stack = await startUpgradeStack(FIXTURE, "upgrade-digest-");
    ({ server, user, cli } = stack);
    for (const [key, value] of Object.entries(SECRETS)) cli.setConfig(key, value, { secret: true });
    cli.state = resealed(cli, loadState(FIXTURE, server.url));
  });
  afterAll(async () => {
    await stack?.close();
  });

  it("holds each config in the outputs as well, and the edited job's as Jenkins has it", () => {
    const jobs = cli.state.resources.filter((r) => r.type.endsWith(":Job"));
    expect(jobs.map((r) => nameOf(r.urn)).sort()).toEqual(["api-build", "api-deploy", "nightly", "team"]);
    for (const r of jobs) expect(typeof r.outputs.configXml).toBe("string");
    const nightly = jobs.find((r) => r.urn.endsWith("::nightly"))!;
    expect(String(nightly.outputs.configXml)).toContain("make nightly --edited");
    expect(String(nightly.inputs.configXml)).toContain("make nightly --edited");
  });

  it("refreshes without finding a change, and previews the edit put back and the marks of ownership, writing nothing", async () => {
    expect(await itemsOnServer(user)).toEqual(["nightly", "team", "team/api-build", "team/api-deploy"]);
    server.resetCounters();
    const refresh = await cli.refresh();
    expect({ ok: refresh.ok, errors: refresh.errors, gone: refresh.gone, changed: refresh.changed }).toEqual({
      ok: true,
      errors: [],
      gone: [],
      changed: [],
    });
    const preview = await cli.preview();
    expect({ ok: preview.ok, errors: preview.errors }).toEqual({ ok: true, errors: [] });
    const changed = preview.steps.filter((s) => s.op !== "same");
    // Every job, folder, view and credential gets the stack's mark of ownership (this release writes it where an
    // earlier one wrote none): an update that shows no property.
    expect(changed.map((s) => `${s.op} ${nameOf(s.urn)}`).sort()).toEqual(UPDATED);
    expect(Object.fromEntries(changed.map((s) => [nameOf(s.urn), changedInputs(s)]))).toEqual({
      team: [],
      "api-build": [],
      "api-deploy": [],
      "app-token": [],
      apps: [],
      "team-token": [],
      nightly: ["configXml"],
    });
    expect(preview.logs.filter((l) => l.message.includes("mark of ownership")).map((l) => l.severity)).toEqual([
      "info",
    ]);
    // The edit, and nothing else, shows as the lines that change.
    const lines = previewDiff(changed.find((s) => s.urn.endsWith("::nightly"))!)
      .split("\n")
      .filter((l) => /^\s+[-+] /.test(l));
    expect(lines.map((l) => l.trim().replace(/\s+/g, " "))).toEqual([
      "- <command>make nightly --edited</command>",
      "+ <command>make nightly</command>",
    ]);
    expect(server.requests.filter((r) => r.method !== "GET")).toEqual([]);
  });

  it("updates the job the program changed, puts the edit back and marks every job; outputs then hold digests", async () => {
    cli.setConfig("deployDescription", "Deploys the API, upgraded");
    server.resetCounters();
    const up = await cli.up();
    expect({ ok: up.ok, errors: up.errors }).toEqual({ ok: true, errors: [] });
    const changed = up.steps.filter((s) => s.op !== "same").map((s) => `${s.op} ${nameOf(s.urn)}`);
    expect(changed.sort()).toEqual(UPDATED);
    // The marks alone where nothing else changed: a job's description, a folder's, a view's and a credential's
    // config.xml.
    const posted = server.requests.filter((r) => r.method !== "GET").map((r) => `${r.method} ${r.path}`);
    const ofViewsAndCredentials = (p: string) => /\/(view|credential)\//.test(p);
    expect(posted.filter((p) => !ofViewsAndCredentials(p)).sort()).toEqual([
      "POST /job/nightly/config.xml",
      "POST /job/team/config.xml",
      "POST /job/team/job/api-build/description",
      "POST /job/team/job/api-deploy/description",
    ]);
    expect(
      posted
        .filter(ofViewsAndCredentials)
        .map((p) => p.replace(/^POST .*\/(view|credential)\//, "$1 "))
        .sort(),
    ).toEqual(["credential app-token/config.xml", "credential team-token/config.xml", "view apps/config.xml"]);
    const viewDescription = childText(parseXml(await user.getViewConfig("team", "apps")).root, "description");
    expect(readMark(viewDescription).owner).toBe("upgrade-stack/dev");
    for (const item of ["nightly", "team", "team/api-build"]) {
      expect(readMark(readFields(await user.getConfig(item)).description).owner).toBe("upgrade-stack/dev");
    }
    expect(await user.getConfig("nightly")).not.toContain("--edited");
    // With the stack's mark of ownership, which the update writes.
    expect(await user.getConfig("team/api-deploy")).toContain(
      `<description>Deploys the API, upgraded\n\n${markLine("upgrade-stack/dev")}</description>`,
    );
    for (const name of ["api-deploy", "nightly"]) {
      const r = cli.state.resources.find((x) => x.urn.endsWith(`::${name}`))!;
      // A config given as configXml is kept once, in the inputs; a spec keeps the config it renders to beside it.
      if (name === "nightly") expect(r.outputs).not.toHaveProperty("configXml");
      else expect(r.outputs.configXml).toContain("<description>Deploys the API, upgraded</description>");
      expect(digestIn(r.outputs)).toMatchObject({ canonical: expect.stringMatching(/^[\w-]{22}$/) });
    }
    // Marked, the freestyle job's outputs are this version's too.
    const build = cli.state.resources.find((x) => x.urn.endsWith("::api-build"))!;
    expect(build.outputs.__owner).toBe("upgrade-stack/dev");
    expect(digestIn(build.outputs)).toMatchObject({ canonical: expect.stringMatching(/^[\w-]{22}$/) });

    server.resetCounters();
    const again = await cli.preview();
    expect(again.steps.filter((s) => s.op !== "same").map((s) => nameOf(s.urn))).toEqual([]);
    const refresh = await cli.refresh();
    expect({ ok: refresh.ok, changed: refresh.changed }).toEqual({ ok: true, changed: [] });
    expect(server.requests.filter((r) => r.method !== "GET")).toEqual([]);
  });

  it("destroys every item", async () => {
    expect(await viewsOnServer(user)).toContain("team/apps");
    expect(await user.credentialIds(undefined)).toContain("app-token");
    const destroy = await cli.destroy();
    expect({ ok: destroy.ok, errors: destroy.errors }).toEqual({ ok: true, errors: [] });
    expect(await itemsOnServer(user)).toEqual([]);
    expect(await user.credentialIds(undefined)).not.toContain("app-token");
    expect(cli.state.resources).toEqual([]);
  });
});
