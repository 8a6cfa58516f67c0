/**
 * The View lifecycle called directly (layer 1), against the Jenkins-compatible server over HTTP: the requests each
 * step sends, adoption, replacement, drift found by a read, the plugin pre-flight of view XML, a named controller.
 */
import type { JenkinsServer } from "../../provider/server";
import * as views from "../../provider/view/lifecycle";
import { planMove } from "../../provider/dynamic/planned-moves";
import type { Props } from "../../provider/dynamic/props";
import { PartialFailureError } from "../../provider/dynamic/partial-failure";
import { folder } from "../harness/job-configs";
import { JenkinsUser } from "../harness/jenkins-user";
import { ADMIN, PREFLIGHT_READS, startServer, tokenConfig } from "../harness/test-server";
import { refreshRead } from "../harness/refresh-read";

let server: JenkinsServer;
let second: JenkinsServer;
let user: JenkinsUser;

const sent = (s: JenkinsServer = server): string[] =>
  s.requests
    .map((r) => `${r.method} ${r.path}`)
    .filter((c) => !PREFLIGHT_READS.includes(c) && !c.startsWith("GET /crumbIssuer"));

async function configure(extra: Record<string, string> = {}): Promise<void> {
  const config: Record<string, string> = { ...tokenConfig(server), ...extra };
  await views.configure({ config: { get: (k: string) => config[k] } });
}

/** check then create, as the engine does for a new resource. */
async function make(inputs: Props): Promise<{ id: string; outs: Props }> {
  const checked = await views.check({}, inputs);
  expect(checked.failures ?? []).toEqual([]);
  const made = await views.create(checked.inputs as Props);
  return { id: made.id, outs: made.outs as Props };
}

beforeAll(async () => {
  server = await startServer("current");
  second = await startServer("current");
  user = new JenkinsUser(server.url, { user: ADMIN.name, apiToken: ADMIN.apiToken });
  await user.createJob("team", folder());
  await user.createJob("team/api", "<project/>");
  await user.createJob("team/web", "<project/>");
  await configure();
});
afterAll(async () => {
  await server.close();
  await second.close();
});
beforeEach(() => {
  server.resetCounters();
  second.resetCounters();
});

describe("one request per step", () => {
  let state: { id: string; outs: Props };

  test("create is one createView (after the check's listing of the folder's owners); outputs name the view and its URL", async () => {
    state = await make({ name: "apps", folder: "team", listView: { jobs: ["web", "api"] } });
    // The check reads the owners of the folder's views once (`api/json?tree=views[name,description]`).
    expect(sent()).toEqual(["GET /job/team/api/json", "POST /job/team/createView"]);
    expect(state.outs.fullName).toBe("team/apps");
    expect(state.outs.url).toBe(`${server.url}job/team/view/apps/`);
    // The inputs hold the spec and the outputs a digest of the config it renders, not the config again.
    expect(state.outs).not.toHaveProperty("configXml");
    expect(state.outs.__digest).toMatchObject({ root: "hudson.model.ListView" });
  });

  test("an unchanged or reordered list is no change; a new job is one config.xml POST", async () => {
    const same = await views.check(state.outs, { name: "apps", folder: "team", listView: { jobs: ["api", "web"] } });
    expect((await views.diff(state.id, state.outs, same.inputs as Props)).changes).toBe(false);
    const more = await views.check(state.outs, {
      name: "apps",
      folder: "team",
      listView: { jobs: ["api", "web"], recurse: true },
    });
    const d = await views.diff(state.id, state.outs, more.inputs as Props);
    expect(d).toMatchObject({ changes: true, replaces: [], diffs: ["listView"] });
    server.resetCounters();
    state.outs = (await views.update(state.id, state.outs, more.inputs as Props)).outs as Props;
    expect(sent()).toEqual(["POST /job/team/view/apps/config.xml"]);
  });

  test("a read is one GET; a hand edit comes back as the listView properties Jenkins has", async () => {
    const clean = await refreshRead(views, state.id, state.outs);
    expect(clean.inputs).toBeUndefined();
    expect(sent()).toEqual(["GET /job/team/view/apps/config.xml"]);
    const xml = (await user.request("GET", "/job/team/view/apps/config.xml")).body;
    await user.request("POST", "/job/team/view/apps/config.xml", xml.replace(/<string>web<\/string>/, ""), "text/xml");
    const drifted = await refreshRead(views, state.id, state.outs);
    expect((drifted.props as Props).listView).toEqual({ jobs: ["api"], recurse: true });
    expect((drifted.inputs as Props).listView).toEqual({ jobs: ["api"], recurse: true });
  });

  test("a new name is an update: one configSubmit renaming it, then its config.xml; the view keeps its jobs", async () => {
    const renamed = await views.check(state.outs, { name: "apps2", folder: "team", listView: state.outs.listView });
    expect(await views.diff(state.id, state.outs, renamed.inputs as Props)).toMatchObject({
      changes: true,
      replaces: [],
      diffs: ["name"],
    });
    server.resetCounters();
    const updated = await views.update(state.id, state.outs, renamed.inputs as Props);
    expect(sent()).toEqual(["POST /job/team/view/apps/configSubmit", "POST /job/team/view/apps2/config.xml"]);
    expect(updated.outs).toMatchObject({
      name: "apps2",
      fullName: "team/apps2",
      url: `${server.url}job/team/view/apps2/`,
    });
    expect(await user.getViewConfig("team", "apps2")).toContain("<string>api</string>");
    expect(await user.viewNames("team")).toEqual(["All", "apps2"]);
    state = { id: state.id, outs: updated.outs as Props };
  });

  test("a name taken in Jenkins fails the rename naming the view, and changes nothing", async () => {
    await user.createView("team", "taken", "<hudson.model.ListView/>");
    const taken = await views.check(state.outs, { name: "taken", folder: "team", listView: state.outs.listView });
    await expect(views.update(state.id, state.outs, taken.inputs as Props)).rejects.toThrow(
      /Jenkins view "team\/apps2".*a view with this name already exists.*keeps its name/s,
    );
    expect(await user.viewNames("team")).toEqual(["All", "apps2", "taken"]);
  });

  test("a new folder replaces the view unless its folder moved in place", async () => {
    const moved = await views.check(state.outs, { name: "apps2", listView: state.outs.listView });
    expect((await views.diff(state.id, state.outs, moved.inputs as Props)).replaces).toEqual(["folder"]);
    const elsewhere = await views.check(state.outs, { name: "apps2", folder: "other", listView: state.outs.listView });
    expect((await views.diff(state.id, state.outs, elsewhere.inputs as Props)).replaces).toEqual(["folder"]);
  });

  test("delete is the read of its mark and one doDelete, and a view already gone is fine", async () => {
    server.resetCounters();
    await views.delete(state.id, state.outs);
    expect(sent()).toEqual(["GET /job/team/view/apps2/config.xml", "POST /job/team/view/apps2/doDelete"]);
    await views.delete(state.id, state.outs);
    expect((await refreshRead(views, state.id, state.outs)).id).toBeUndefined();
  });
});

describe("a view follows its folder", () => {
  test("a folder move planned by the Job diff is an update of the view that sends nothing", async () => {
    await user.createJob("squad", folder());
    await user.createJob("org", folder());
    const made = await make({ name: "board", folder: "squad", configXml: "<hudson.model.ListView/>" });
    planMove(undefined, "squad", "org/squad");
    const moved = await views.check(made.outs, {
      name: "board",
      folder: "org/squad",
      configXml: "<hudson.model.ListView/>",
    });
    expect(await views.diff(made.id, made.outs, moved.inputs as Props)).toMatchObject({
      replaces: [],
      diffs: ["folder"],
    });
    const movedElsewhere = await views.check(made.outs, {
      name: "board",
      folder: "org",
      configXml: "<hudson.model.ListView/>",
    });
    expect((await views.diff(made.id, made.outs, movedElsewhere.inputs as Props)).replaces).toEqual(["folder"]);
    await user.move("squad", "org");
    server.resetCounters();
    const updated = await views.update(made.id, made.outs, moved.inputs as Props);
    expect(sent()).toEqual([]);
    expect(updated.outs).toMatchObject({
      fullName: "org/squad/board",
      url: `${server.url}job/org/job/squad/view/board/`,
    });
  });

  test("a rename a stopped run already sent is finished: the config is posted under the new name", async () => {
    const made = await make({ name: "panel", folder: "team", listView: { jobs: ["api"] } });
    // The form went through (the view has its new name and what the form carried), the config POST did not.
    const form = new URLSearchParams({ name: "panel2", json: "{}" }).toString();
    const sentForm = await user.request(
      "POST",
      "/job/team/view/panel/configSubmit",
      form,
      "application/x-www-form-urlencoded",
    );
    expect(sentForm.status).toBe(302);
    expect(await user.getViewConfig("team", "panel2")).not.toContain("<string>api</string>");
    const renamed = await views.check(made.outs, { name: "panel2", folder: "team", listView: { jobs: ["api"] } });
    await views.update(made.id, made.outs, renamed.inputs as Props);
    expect(await user.getViewConfig("team", "panel2")).toContain("<string>api</string>");
    expect(await user.viewNames("team")).not.toContain("panel");
  });

  test("a config POST that fails after the rename records the new name: a refresh finds the view there", async () => {
    const made = await make({ name: "board", folder: "team", listView: { jobs: ["api"] } });
    // A config Jenkins refuses (a view class no plugin provides), sent with a new name: the rename goes through,
    // the config POST fails.
    const news = {
      ...((await views.check(made.outs, { name: "board2", folder: "team", listView: { jobs: ["api"] } }))
        .inputs as Props),
    };
    delete news.listView;
    news.configXml = "<com.example.UnknownView><name>board2</name></com.example.UnknownView>";
    const failure = await views.update(made.id, made.outs, news).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(failure).toBeInstanceOf(PartialFailureError);
    const partial = failure as PartialFailureError;
    expect(partial.message).toContain('The view is now named "board2".');
    expect(partial.properties).toMatchObject({ name: "board2", folder: "team", fullName: "team/board2" });
    expect(await user.viewNames("team")).toContain("board2");
    // The refresh reads it under its new name, instead of dropping it from the state.
    const read = await views.read(made.id, partial.properties as Props);
    expect(read.id).toBe(made.id);
    expect(read.props).toMatchObject({ name: "board2", fullName: "team/board2" });
  });

  test("a folder already moved (a run that stopped) is found there without a plan; with a new name too", async () => {
    await user.createJob("crew", folder());
    const made = await make({ name: "wall", folder: "crew", configXml: "<hudson.model.ListView/>" });
    await user.rename("crew", "crew2");
    const moved = await views.check(made.outs, {
      name: "wall2",
      folder: "crew2",
      configXml: "<hudson.model.ListView/>",
    });
    expect(await views.diff(made.id, made.outs, moved.inputs as Props)).toMatchObject({
      replaces: [],
      diffs: ["folder", "name"],
    });
    server.resetCounters();
    await views.update(made.id, made.outs, moved.inputs as Props);
    expect(sent()).toEqual(["POST /job/crew2/view/wall/configSubmit", "POST /job/crew2/view/wall2/config.xml"]);
    expect(await user.viewNames("crew2")).toEqual(["All", "wall2"]);
  });
});

describe("configXml views", () => {
  const MY = (desc: string) =>
    `<hudson.model.ListView><name>whatever</name><description>${desc}</description><jobNames><string>web</string><string>API</string></jobNames></hudson.model.ListView>`;

  test("compared by meaning: Jenkins's defaults and sorting are not drift; another view type replaces", async () => {
    const made = await make({ name: "xml", configXml: MY("one") });
    expect((await refreshRead(views, made.id, made.outs)).inputs).toBeUndefined();
    const other = await views.check(made.outs, { name: "xml", configXml: "<hudson.model.AllView/>" });
    expect(await views.diff(made.id, made.outs, other.inputs as Props)).toMatchObject({
      replaces: ["configXml"],
      deleteBeforeReplace: true,
    });
    const changed = await views.check(made.outs, { name: "xml", configXml: MY("two") });
    expect(await views.diff(made.id, made.outs, changed.inputs as Props)).toMatchObject({ diffs: ["configXml"] });
  });

  test("outputs keep a digest of the config; after a hand edit, Jenkins's copy in its place", async () => {
    const made = await make({ name: "edited", configXml: MY("declared") });
    expect(made.outs).not.toHaveProperty("configXml");
    expect(JSON.stringify(made.outs)).not.toContain("declared");
    const same = await views.check(made.outs, { name: "edited", configXml: MY("declared") });
    expect(await views.diff(made.id, made.outs, same.inputs as Props)).toMatchObject({ changes: false });
    const res = await user.request("POST", "/view/edited/config.xml", MY("by hand"), "text/xml");
    expect(res.status).toBe(200);
    const read = await refreshRead(views, made.id, made.outs);
    expect(read.props).not.toHaveProperty("__digest");
    expect(String(read.props?.configXml)).toContain("<description>by hand</description>");
    expect(String(read.inputs?.configXml)).toContain("<description>by hand</description>");
    const diff = await views.diff(made.id, read.props as Props, same.inputs as Props);
    expect(diff).toMatchObject({ changes: true, diffs: ["configXml"] });
  });

  test("a view that exists already is refused unless adopted; adopting a matching view sends nothing", async () => {
    await user.request("POST", "/createView?name=taken", MY("same"), "text/xml");
    const checked = await views.check({}, { name: "taken", configXml: MY("another") });
    await expect(views.create(checked.inputs as Props)).rejects.toThrow(
      /Jenkins view "taken".*another config for it than the declared one.*adopt: true/s,
    );
    expect((await user.request("GET", "/view/taken/config.xml")).body).toContain("same");
    server.resetCounters();
    await make({ name: "taken", configXml: MY("same"), adopt: true });
    expect(sent()).toEqual(["POST /createView", "GET /view/taken/config.xml"]);
    server.resetCounters();
    await make({ name: "taken", configXml: MY("changed"), adopt: true });
    expect(sent()).toEqual(["POST /createView", "GET /view/taken/config.xml", "POST /view/taken/config.xml"]);
  });

  test("without adopt, a view Jenkins holds as declared is taken over with a warning and nothing sent", async () => {
    // As an `up` cut short after the create and before the state was saved leaves it.
    await user.request("POST", "/createView?name=made-before", MY("as declared"), "text/xml");
    const written: string[] = [];
    const said = jest.spyOn(process.stderr, "write").mockImplementation((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    });
    server.resetCounters();
    try {
      await make({ name: "made-before", configXml: MY("as declared") });
    } finally {
      said.mockRestore();
    }
    expect(sent()).toEqual(["POST /createView", "GET /view/made-before/config.xml"]);
    expect(written.filter((t) => t.startsWith("warning: "))).toEqual([
      expect.stringMatching(
        /^warning: Jenkins view "made-before" already existed with the declared config .*manages it from now on\.\n$/,
      ),
    ]);
  });

  test("the plugin pre-flight refuses a view whose plugin the controller does not have, before any change", async () => {
    const xml = `<hudson.plugins.timestamper.TimestampedView plugin="timestamper@1.26"/>`;
    const checked = await views.check({}, { name: "stamped", configXml: xml });
    // Without a property: the CLI would print the whole config in front of the message.
    expect(checked.failures?.[0].property).toBe("");
    expect(checked.failures?.[0].reason).toContain('Jenkins view "stamped" needs plugins');
    expect(sent()).toEqual([]);
  });

  test("a list view's columns go through the pre-flight too; an unchanged list sends nothing", async () => {
    const inputs = { name: "cols", listView: { columns: ["hudson.plugins.timestamper.TimestampColumn"] } };
    const checked = await views.check({}, inputs);
    expect(checked.failures?.[0].property).toBe("");
    expect(checked.failures?.[0].reason).toContain("timestamper");
    const fine = await views.check({ name: "cols", listView: {} }, { name: "cols", listView: {} });
    expect(fine.failures).toBeUndefined();
    expect(sent()).toEqual([]);
  });

  test("bad inputs fail the check before any request", async () => {
    const checked = await views.check({}, { name: "a/b", listView: { jobs: [""], includeRegex: "(" } });
    expect((checked.failures ?? []).map((f) => f.property).sort()).toEqual([
      "listView.includeRegex",
      "listView.jobs[0]",
      "name",
    ]);
    const both = await views.check({}, { name: "v", configXml: "<hudson.model.AllView/>", listView: {} });
    expect(both.failures?.[0].reason).toContain("exactly one of configXml");
    expect(server.requests).toEqual([]);
  });
});

test("a view on a named controller goes to that controller", async () => {
  await configure({
    "jenkins:controllers": JSON.stringify({ ci2: { url: second.url, user: ADMIN.name, apiToken: ADMIN.apiToken } }),
  });
  try {
    const made = await make({ name: "elsewhere", controller: "ci2", listView: {} });
    expect(made.outs.url).toBe(`${second.url}view/elsewhere/`);
    expect(sent(second)).toEqual(["POST /createView"]);
    expect(sent()).toEqual([]);
    await views.delete(made.id, made.outs);
  } finally {
    await configure();
  }
});
