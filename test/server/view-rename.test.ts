/** A view renamed through its configure form (View.doConfigSubmit), at the root and in a folder. */
import type { JenkinsServer } from "../../provider/server";
import { folder } from "../harness/job-configs";
import { adminToken, call, createJob, readerToken, start, XML } from "./helpers";

const FORM = { "content-type": "application/x-www-form-urlencoded" };

async function submit(server: JenkinsServer, viewPath: string, form: Record<string, string>, auth = adminToken) {
  return call(server, `${viewPath}configSubmit`, {
    method: "POST",
    auth,
    headers: FORM,
    body: new URLSearchParams(form).toString(),
  });
}
const configOf = async (server: JenkinsServer, viewPath: string) =>
  call(server, `${viewPath}config.xml`, { auth: adminToken });
const viewNames = async (server: JenkinsServer, ownerPath: string): Promise<string[]> => {
  const a = await call(server, `${ownerPath}api/json`, { auth: adminToken });
  return (JSON.parse(a.body) as { views: Array<{ name: string }> }).views.map((v) => v.name);
};

describe("renaming a view through its configure form", () => {
  let server: JenkinsServer;
  beforeAll(async () => {
    server = await start();
    await createJob(server, "team", folder());
    for (const n of ["team/api", "team/web", "top"]) await createJob(server, n);
    const list =
      "<hudson.model.ListView><jobNames><string>api</string></jobNames><description>d</description></hudson.model.ListView>";
    expect(
      (
        await call(server, "/job/team/createView?name=apps", {
          method: "POST",
          auth: adminToken,
          headers: XML,
          body: list,
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await call(server, "/job/team/createView?name=taken", {
          method: "POST",
          auth: adminToken,
          headers: XML,
          body: list,
        })
      ).status,
    ).toBe(200);
  });
  afterAll(() => server.close());

  test("the `name` field renames the view in its folder's config and answers with a redirect to it", async () => {
    const a = await submit(server, "/job/team/view/apps/", {
      name: "services",
      json: JSON.stringify({ name: "services", recurse: false }),
      item_web: "on",
    });
    expect(a.status).toBe(302);
    expect(a.headers.location).toMatch(/\/job\/team\/view\/services$/);
    expect(await viewNames(server, "/job/team/")).toEqual(["All", "services", "taken"]);
    expect((await configOf(server, "/job/team/view/apps/")).status).toBe(404);
    const xml = (await configOf(server, "/job/team/view/services/")).body;
    expect(xml).toContain("<name>services</name>");
    // The form replaces what it carries: the ticked job, not the old list; no description.
    expect(xml).toContain("<string>web</string>");
    expect(xml).not.toContain("<string>api</string>");
    expect(xml).not.toContain("<description>d</description>");
    const folderXml = (await call(server, "/job/team/config.xml", { auth: adminToken })).body;
    expect(folderXml).toContain("<name>services</name>");
    expect(folderXml).not.toContain("<name>apps</name>");
  });

  test("a taken name, a bad name and no name are refused with 400, and nothing changes", async () => {
    const before = (await configOf(server, "/job/team/view/services/")).body;
    const taken = await submit(server, "/job/team/view/services/", { name: "taken", json: "{}" });
    expect(taken.status).toBe(400);
    expect(taken.body).toContain("A view already exists with the name &quot;taken&quot;");
    expect((await submit(server, "/job/team/view/services/", { name: "a/b", json: "{}" })).status).toBe(400);
    expect((await submit(server, "/job/team/view/services/", { json: "{}" })).status).toBe(400);
    expect(await viewNames(server, "/job/team/")).toEqual(["All", "services", "taken"]);
    expect((await configOf(server, "/job/team/view/services/")).body).toBe(before);
  });

  test("a form without `json` is a server error; a reader may not submit", async () => {
    expect((await submit(server, "/job/team/view/services/", { name: "x" })).status).toBe(500);
    expect((await submit(server, "/job/team/view/services/", { name: "x", json: "{}" }, readerToken)).status).toBe(403);
    expect(await viewNames(server, "/job/team/")).toEqual(["All", "services", "taken"]);
  });

  test("the same name changes only the form's fields; a renamed primary view stays primary", async () => {
    const same = await submit(server, "/job/team/view/services/", {
      name: "services",
      json: JSON.stringify({ description: "new" }),
    });
    expect(same.status).toBe(302);
    expect((await configOf(server, "/job/team/view/services/")).body).toContain("<description>new</description>");
    expect((await submit(server, "/view/all/", { name: "everything", json: "{}" })).status).toBe(302);
    const root = JSON.parse((await call(server, "/api/json", { auth: adminToken })).body) as {
      views: Array<{ name: string }>;
      primaryView: { name: string };
    };
    expect(root.views.map((v) => v.name)).toEqual(["everything"]);
    expect(root.primaryView.name).toBe("everything");
  });
});
