/**
 * An update of a Pipeline whose script may set job properties (Layer 1, the lifecycle called directly, over HTTP to
 * the bundled server): the properties a run set, and the tracker that says which, live only in Jenkins's copy of
 * the config, so the update reads it before it posts and keeps them. A job that never ran holds none: the listing
 * of its folder the diff reads anyway says so (its next build is #1), and the update posts without that read.
 */
import type { JenkinsServer } from "../../provider/server";
import * as lifecycle from "../../provider/resource/lifecycle";
import { closeClients } from "../../provider/connection/settings";
import { elementChildren, parseXml } from "../../provider/xml/tree";
import { JenkinsUser } from "../harness/jenkins-user";
import { ADMIN, startServer, tokenConfig } from "../harness/test-server";
import { changed, checked, nextRun, PROVIDER_TEXT, type Lifecycle, type Props } from "./lifecycle-calls";

const OWNER = "team/a";
const NO_CONCURRENT = "org.jenkinsci.plugins.workflow.job.properties.DisableConcurrentBuildsJobProperty";
const script = (step: string) =>
  `pipeline {\n  agent any\n  options { disableConcurrentBuilds() }\n  stages { stage('a') { steps { sh '${step}' } } }\n}\n`;

describe("the update of a Pipeline that sets its own properties", () => {
  let server: JenkinsServer;
  let user: JenkinsUser;

  const configure = (l: Lifecycle = lifecycle) => l.configure({ config: { get: (k) => tokenConfig(server)[k] } });
  const propertyNames = async (job: string) => {
    const root = parseXml(await user.getConfig(job)).root;
    const properties = elementChildren(root).find((c) => c.name === "properties");
    return properties === undefined ? [] : elementChildren(properties).map((p) => p.name);
  };
  /** The requests of one run's diff and update, as "METHOD path" ("?tree" marks the listing of descriptions). */
  const diffAndUpdate = async (id: string, olds: Props, news: Props): Promise<{ outs: Props; sent: string[] }> => {
    const { run, end } = await nextRun(configure);
    try {
      server.resetCounters();
      expect(await run.diff(id, olds, news)).toMatchObject({ changes: true });
      const { outs } = await run.update(id, olds, news);
      const sent = server.requests
        // Leaves out the connection's check (the root's api/json without a tree).
        .filter((r) => r.path !== "/api/json" || r.query.startsWith("tree=description"))
        .map((r) => `${r.method} ${r.path}${r.query.startsWith("tree=description") ? "?tree" : ""}`);
      return { outs: { ...outs, __provider: PROVIDER_TEXT }, sent };
    } finally {
      await end();
    }
  };

  beforeAll(async () => {
    // Builds start at once (the server runs a build's script when its quiet period is over).
    server = await startServer("current", { quietPeriodMs: 0 });
    user = new JenkinsUser(server.url, { user: ADMIN.name, apiToken: ADMIN.apiToken });
    await configure();
  });
  afterAll(async () => {
    await closeClients();
    await server.close();
  });

  it("posts without reading the config while the job never ran, and reads it to keep what a run set after one", async () => {
    const news = await checked({ name: "deploy", pipeline: { script: script("make") }, __owner: OWNER });
    const made = await lifecycle.create(news);
    const id = made.id;

    // Never ran: the listing the diff reads tells so, and the update sends one POST.
    const first = await changed(news, { pipeline: { script: script("make all") } });
    const unrun = await diffAndUpdate(id, { ...made.outs, __provider: PROVIDER_TEXT }, first);
    expect(unrun.sent).toEqual(["GET /api/json?tree", "POST /job/deploy/config.xml"]);
    expect(await propertyNames("deploy")).toEqual([]);

    // A run sets the pipeline's property and its tracker.
    expect((await user.request("POST", "/job/deploy/build")).status).toBe(201);
    expect(await propertyNames("deploy")).toEqual([NO_CONCURRENT]);

    // Ran since: the update reads the config first and keeps them.
    const second = await changed(first, { pipeline: { script: script("make test") } });
    const ran = await diffAndUpdate(id, unrun.outs, second);
    expect(ran.sent).toEqual(["GET /api/json?tree", "GET /job/deploy/config.xml", "POST /job/deploy/config.xml"]);
    expect(await propertyNames("deploy")).toEqual([NO_CONCURRENT]);
    expect(ran.outs.pipelineOwned).toEqual([`property ${NO_CONCURRENT}`]);
  });

  it("knows that a job it made in the same process never ran: its update reads no config", async () => {
    const { run, end } = await nextRun(configure);
    try {
      server.resetCounters();
      // The create's check reads the folder's listing first, before the job exists.
      const checkedHere = await run.check(
        {},
        { name: "made-here", pipeline: { script: script("make") }, __owner: OWNER, __provider: PROVIDER_TEXT },
      );
      expect(checkedHere.failures ?? []).toEqual([]);
      const news = checkedHere.inputs as Props;
      const made = await run.create(news);
      const changedNews = await changed(news, { pipeline: { script: script("make all") } });
      await run.update(made.id, { ...made.outs, __provider: PROVIDER_TEXT }, changedNews);
      // The job's requests and the listing (the check's pre-flight reads of plugins and the linter left out).
      const listing = (r: { query: string }) => r.query.startsWith("tree=description");
      expect(
        server.requests
          .filter((r) => r.path.startsWith("/job/") || r.path === "/createItem" || listing(r))
          .map((r) => `${r.method} ${r.path}${listing(r) ? "?tree" : ""}`),
      ).toEqual(["GET /api/json?tree", "POST /createItem", "POST /job/made-here/config.xml"]);
    } finally {
      await end();
    }
  });
});
