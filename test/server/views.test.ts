/** Views of the root and of folders, answered as Jenkins answers them. */
import type { JenkinsServer } from "../../provider/server";
import { folder } from "../harness/job-configs";
import { adminToken, call, createJob, h, readerToken, start, XML } from "./helpers";

const LIST = (body = "") => `<hudson.model.ListView><name>ignored</name>${body}</hudson.model.ListView>`;

async function post(server: JenkinsServer, path: string, body?: string) {
  return call(server, path, { method: "POST", auth: adminToken, headers: XML, body });
}
async function get(server: JenkinsServer, path: string, auth = adminToken) {
  return call(server, path, { auth });
}
async function json<T>(server: JenkinsServer, path: string): Promise<T> {
  const a = await get(server, path);
  expect(a.status).toBe(200);
  return JSON.parse(a.body) as T;
}
const jobNames = async (server: JenkinsServer, viewPath: string): Promise<string[]> =>
  (await json<{ jobs: Array<{ name: string }> }>(server, `${viewPath}api/json`)).jobs.map((j) => j.name);

describe("views at the root", () => {
  let server: JenkinsServer;
  beforeAll(async () => {
    server = await start();
    for (const n of ["beta", "Alpha", "gamma"]) await createJob(server, n);
  });
  afterAll(() => server.close());

  test("the root has its default view `all`, primary", async () => {
    const root = await json<{ views: Array<{ name: string }>; primaryView: { name: string; url: string } }>(
      server,
      "/api/json",
    );
    expect(root.views.map((v) => v.name)).toEqual(["all"]);
    expect(root.primaryView.name).toBe("all");
    expect(root.primaryView.url).toBe(server.url);
  });

  test("createView takes XML, ignores the name inside it, stores jobNames sorted case-insensitively", async () => {
    const a = await post(
      server,
      "/createView?name=mine",
      LIST("<jobNames><string>gamma</string><string>beta</string><string>Alpha</string></jobNames>"),
    );
    expect(a.status).toBe(200);
    const xml = (await get(server, "/view/mine/config.xml")).body;
    expect(xml).toContain("<name>mine</name>");
    expect(xml).not.toContain("<owner");
    expect(xml).toMatch(
      /<jobNames>\s*<comparator class="java.lang.String\$CaseInsensitiveComparator"\/>\s*<string>Alpha<\/string>\s*<string>beta<\/string>\s*<string>gamma<\/string>\s*<\/jobNames>/,
    );
    // Jenkins's default columns when the config has none.
    expect(xml).toContain("<hudson.views.StatusColumn/>");
    expect(xml).toContain("<recurse>false</recurse>");
    expect(await jobNames(server, "/view/mine/")).toEqual(["Alpha", "beta", "gamma"]);
    const root = await json<{ views: Array<{ name: string; url: string }> }>(server, "/api/json");
    expect(root.views.map((v) => v.name)).toEqual(["all", "mine"]);
    expect(root.views[1].url).toBe(`${server.url}view/mine/`);
  });

  test("a duplicate name is Jenkins's 400 Failure", async () => {
    const a = await post(server, "/createView?name=mine", LIST());
    expect(a.status).toBe(400);
    expect(h(a, "x-error")).toBe('A view already exists with the name "mine"');
  });

  test("bad XML and unknown view classes are 500 'Unable to read'; nothing is created", async () => {
    expect((await post(server, "/createView?name=bad", "<hudson.model.ListView>")).status).toBe(500);
    expect((await post(server, "/createView?name=bad", "<no.such.View/>")).status).toBe(500);
    expect((await get(server, "/view/bad/config.xml")).status).toBe(404);
  });

  test("includeRegex selects by name; config.xml POST replaces the view but keeps its name", async () => {
    const a = await post(server, "/view/mine/config.xml", LIST("<includeRegex>g.*</includeRegex>"));
    expect(a.status).toBe(200);
    expect(await jobNames(server, "/view/mine/")).toEqual(["gamma"]);
    expect((await get(server, "/view/mine/config.xml")).body).toContain("<name>mine</name>");
    const other = await post(server, "/view/mine/config.xml", "<hudson.model.AllView/>");
    expect(other.status).toBe(500);
  });

  test("permissions: View/Read for reading, View/Create to create, POST only", async () => {
    expect((await get(server, "/view/mine/config.xml", readerToken)).status).toBe(200);
    const denied = await call(server, "/createView?name=x", {
      method: "POST",
      auth: readerToken,
      headers: XML,
      body: LIST(),
    });
    expect(denied.status).toBe(403);
    expect(h(denied, "x-required-permission")).toBe("hudson.model.View.Create");
    const del = await call(server, "/view/mine/doDelete", { method: "POST", auth: readerToken });
    expect(h(del, "x-required-permission")).toBe("hudson.model.View.Delete");
    expect((await get(server, "/createView?name=x")).status).toBe(405);
  });

  test("list views follow renames and deletes of their jobs", async () => {
    await post(
      server,
      "/createView?name=follow",
      LIST("<jobNames><string>beta</string><string>gamma</string></jobNames>"),
    );
    expect(
      (await call(server, "/job/beta/confirmRename?newName=delta", { method: "POST", auth: adminToken })).status,
    ).toBe(302);
    expect(await jobNames(server, "/view/follow/")).toEqual(["delta", "gamma"]);
    expect((await call(server, "/job/gamma/doDelete", { method: "POST", auth: adminToken })).status).toBe(302);
    const xml = (await get(server, "/view/follow/config.xml")).body;
    expect(xml).toContain("<string>delta</string>");
    expect(xml).not.toContain("gamma");
  });

  test("doDelete removes a view, redirecting to its owner; the primary view cannot be deleted", async () => {
    const a = await call(server, "/view/follow/doDelete", { method: "POST", auth: adminToken });
    expect(a.status).toBe(302);
    expect((await get(server, "/view/follow/config.xml")).status).toBe(404);
    expect((await call(server, "/view/all/doDelete", { method: "POST", auth: adminToken })).status).toBe(500);
  });

  test("views survive a restart", async () => {
    await server.restart();
    expect((await get(server, "/view/mine/config.xml")).status).toBe(200);
  });
});

describe.each(["legacy", "current"] as const)("views in folders (%s)", (mode) => {
  let server: JenkinsServer;
  beforeAll(async () => {
    server = await start({ mode });
    await createJob(server, "team", folder());
    await createJob(server, "team/api");
    await createJob(server, "team/web");
    await createJob(server, "other", folder());
  });
  afterAll(() => server.close());

  test("a folder made without views has its holder and `All` view: current GET at once, legacy after a save", async () => {
    const before = (await get(server, "/job/team/config.xml")).body;
    if (mode === "current") expect(before).toContain("DefaultFolderViewHolder");
    else expect(before).not.toContain("folderViews");
    const team = await json<{ views: Array<{ name: string }>; primaryView: { name: string } }>(
      server,
      "/job/team/api/json",
    );
    expect(team.views.map((v) => v.name)).toEqual(["All"]);
    expect(team.primaryView.name).toBe("All");
  });

  test("a folder's views live in its config.xml, owner included", async () => {
    const a = await post(
      server,
      "/job/team/createView?name=apps",
      LIST("<jobNames><string>web</string><string>api</string></jobNames>"),
    );
    expect(a.status).toBe(200);
    const folderXml = (await get(server, "/job/team/config.xml")).body;
    expect(folderXml).toContain(
      '<folderViews class="com.cloudbees.hudson.plugins.folder.views.DefaultFolderViewHolder">',
    );
    expect(folderXml).toContain("<name>All</name>");
    expect(folderXml).toContain("<name>apps</name>");
    expect(folderXml).toContain('<owner class="com.cloudbees.hudson.plugins.folder.Folder" reference="../../../.."/>');
    expect(await jobNames(server, "/job/team/view/apps/")).toEqual(["api", "web"]);
    const team = await json<{ views: Array<{ name: string; url: string }> }>(server, "/job/team/api/json");
    expect(team.views.map((v) => v.name)).toEqual(["All", "apps"]);
    expect(team.views[1].url).toBe(`${server.url}job/team/view/apps/`);
  });

  test("a move out of the folder removes the entry; a rename rewrites it", async () => {
    await call(server, "/job/team/job/web/confirmRename?newName=site", { method: "POST", auth: adminToken });
    expect(await jobNames(server, "/job/team/view/apps/")).toEqual(["api", "site"]);
    const moved = await call(server, "/job/team/job/site/move/move", {
      method: "POST",
      auth: adminToken,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "destination=%2Fother",
    });
    expect(moved.status).toBe(302);
    const xml = (await get(server, "/job/team/view/apps/config.xml")).body;
    expect(xml).toContain("<string>api</string>");
    expect(xml).not.toContain("site");
  });

  test("deleting a folder's view rewrites the folder's config without it", async () => {
    expect((await call(server, "/job/team/view/apps/doDelete", { method: "POST", auth: adminToken })).status).toBe(302);
    const folderXml = (await get(server, "/job/team/config.xml")).body;
    expect(folderXml).not.toContain("<name>apps</name>");
    expect(folderXml).toContain("<name>All</name>");
    expect((await call(server, "/job/team/view/All/doDelete", { method: "POST", auth: adminToken })).status).toBe(500);
  });
});

describe("a view's description, which may end with a mark of ownership", () => {
  let server: JenkinsServer;
  beforeAll(async () => {
    server = await start();
    await createJob(server, "team", folder());
  });
  afterAll(() => server.close());

  const marked = "Team jobs\n\nManaged as code by web/prod. Changes made in Jenkins are put back by its next update.";

  test("is kept as posted, lines and all, through createView and a config.xml POST", async () => {
    expect(
      (await post(server, "/job/team/createView?name=apps", LIST(`<description>${marked}</description>`))).status,
    ).toBe(200);
    expect((await get(server, "/job/team/view/apps/config.xml")).body).toContain(
      `<description>${marked}</description>`,
    );
    const other = marked.replace("web/prod", "web/staging");
    expect(
      (await post(server, "/job/team/view/apps/config.xml", LIST(`<description>${other}</description>`))).status,
    ).toBe(200);
    expect((await json<{ description: string }>(server, "/job/team/view/apps/api/json")).description).toBe(other);
  });

  test("is listed with its group's views only when a tree names it (View's getters other than name and url have visibility 1)", async () => {
    const plain = await json<{ views: Array<Record<string, unknown>> }>(server, "/job/team/api/json");
    expect(plain.views.every((v) => !("description" in v))).toBe(true);
    const named = await json<{ views: Array<Record<string, unknown>> }>(
      server,
      "/job/team/api/json?tree=views[name,description]",
    );
    expect(named.views).toEqual([
      { _class: "hudson.model.AllView", name: "All", description: null },
      {
        _class: "hudson.model.ListView",
        name: "apps",
        description: marked.replace("web/prod", "web/staging"),
      },
    ]);
    const root = await json<{ views: Array<Record<string, unknown>> }>(
      server,
      "/api/json?tree=views[name,description]",
    );
    expect(root.views).toEqual([{ _class: "hudson.model.AllView", name: "all", description: null }]);
  });
});
