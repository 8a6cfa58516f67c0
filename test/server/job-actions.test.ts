import type { JenkinsServer } from "../../provider/server";
import { adminToken, call, createJob, FOLDER, FREESTYLE, h, PIPELINE, start, XML } from "./helpers";

const FORM = { "content-type": "application/x-www-form-urlencoded" };

describe("enable, disable, doDelete, polling, confirmRename", () => {
  let server: JenkinsServer;
  beforeAll(async () => {
    server = await start();
    await createJob(server, "job");
    await createJob(server, "folder", FOLDER);
    await createJob(server, "folder/inner");
  });
  afterAll(() => server.close());

  const post = (path: string): ReturnType<typeof call> => call(server, path, { method: "POST", auth: adminToken });

  test("disable → 302 to the job; <disabled> changes and the config is re-saved XStream-style", async () => {
    const before = server.jobConfigOnDisk("job") as string;
    expect(before.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    const a = await post("/job/job/disable");
    expect(a.status).toBe(302);
    expect(h(a, "location")).toBe("/job/job/");
    expect(h(a, "x-jenkins")).toBeUndefined();
    expect(a.body).toBe("");
    const after = server.jobConfigOnDisk("job") as string;
    expect(after.startsWith("<?xml version='1.1' encoding='UTF-8'?>")).toBe(true);
    expect(after).toContain("<disabled>true</disabled>");
    expect(
      JSON.parse((await call(server, "/job/job/api/json?tree=color,buildable", { auth: adminToken })).body),
    ).toEqual({ _class: "hudson.model.FreeStyleProject", color: "disabled", buildable: false });
  });

  test("enable → 302; enabling an enabled job does not touch the stored file", async () => {
    expect((await post("/job/job/enable")).status).toBe(302);
    expect(server.jobConfigOnDisk("job")).toContain("<disabled>false</disabled>");
    await createJob(server, "fresh");
    const stored = server.jobConfigOnDisk("fresh");
    expect((await post("/job/fresh/enable")).status).toBe(302);
    expect(server.jobConfigOnDisk("fresh")).toBe(stored);
  });

  test("enable/disable on a plain folder: silent no-op, still 302", async () => {
    const stored = server.jobConfigOnDisk("folder");
    const a = await post("/job/folder/disable");
    expect(a.status).toBe(302);
    expect(h(a, "location")).toBe("/job/folder/");
    expect(server.jobConfigOnDisk("folder")).toBe(stored);
  });

  test("pipelines can be disabled too", async () => {
    await createJob(server, "pipe", PIPELINE);
    expect((await post("/job/pipe/disable")).status).toBe(302);
    expect(server.jobConfigOnDisk("pipe")).toContain("<disabled>true</disabled>");
  });

  test("polling → 302 to the job and is recorded; also when disabled; a folder → 404", async () => {
    server.resetCounters();
    const a = await post("/job/job/polling");
    expect(a.status).toBe(302);
    expect(h(a, "location")).toBe("/job/job/");
    expect((await post("/job/pipe/polling")).status).toBe(302);
    expect(server.polls).toEqual([{ job: "job" }, { job: "pipe" }]);
    expect((await post("/job/folder/polling")).status).toBe(404);
  });

  test("description: GET text/plain (empty when none), POST 204, missing field 400, folders 404", async () => {
    const g = await call(server, "/job/job/description", { auth: adminToken });
    expect(g.status).toBe(200);
    expect(h(g, "content-type")).toBe("text/plain;charset=UTF-8");
    expect(h(g, "x-jenkins")).toBeUndefined();
    expect(g.body).toBe("a job");
    const text = 'line 1\nline 2 with <tags> & "quotes" \u00e9';
    const p = await call(server, "/job/job/description", {
      method: "POST",
      auth: adminToken,
      headers: FORM,
      body: `description=${encodeURIComponent(text)}`,
    });
    expect(p.status).toBe(204);
    expect(p.body).toBe("");
    expect((await call(server, "/job/job/description", { auth: adminToken })).body).toBe(text);
    expect(server.jobConfigOnDisk("job")).toContain(
      "<description>line 1\nline 2 with &lt;tags&gt; &amp; &quot;quotes&quot; \u00e9</description>",
    );
    const missing = await call(server, "/job/job/description", {
      method: "POST",
      auth: adminToken,
      headers: FORM,
      body: "other=1",
    });
    expect(missing.status).toBe(400);
    expect((await call(server, "/job/folder/description", { auth: adminToken })).status).toBe(404);
    await createJob(server, "nodesc", FREESTYLE.replace("<description>a job</description>", ""));
    const empty = await call(server, "/job/nodesc/description", { auth: adminToken });
    expect([empty.status, empty.body]).toEqual([200, ""]);
  });

  test("doDelete → 302 to the parent; GET → 405 and nothing deleted; DELETE → 204", async () => {
    await createJob(server, "gone");
    const get = await call(server, "/job/gone/doDelete", { auth: adminToken });
    expect(get.status).toBe(405);
    expect(server.jobConfigOnDisk("gone")).toBeDefined();
    const a = await post("/job/gone/doDelete");
    expect(a.status).toBe(302);
    expect(h(a, "location")).toBe("/");
    expect(server.jobConfigOnDisk("gone")).toBeUndefined();
    expect((await call(server, "/job/gone/", { auth: adminToken })).status).toBe(404);
    await createJob(server, "folder/gone2");
    const b = await post("/job/folder/job/gone2/doDelete");
    expect(h(b, "location")).toBe("/job/folder/");
    await createJob(server, "gone3");
    const d = await call(server, "/job/gone3/", { method: "DELETE", auth: adminToken });
    expect([d.status, d.body]).toEqual([204, ""]);
    expect(server.jobConfigOnDisk("gone3")).toBeUndefined();
    expect((await post("/job/gone3/doDelete")).status).toBe(404);
  });

  test("deleting a folder deletes what is inside", async () => {
    await createJob(server, "tmpf", FOLDER);
    await createJob(server, "tmpf/a");
    expect((await post("/job/tmpf/doDelete")).status).toBe(302);
    expect(server.jobConfigOnDisk("tmpf/a")).toBeUndefined();
  });

  test("confirmRename → 302 to the new job; the directory moves; build history follows", async () => {
    await createJob(server, "old");
    const a = await post("/job/old/confirmRename?newName=new%20name");
    expect(a.status).toBe(302);
    expect(h(a, "location")).toBe("/job/new%20name");
    expect(server.jobConfigOnDisk("old")).toBeUndefined();
    expect(server.jobConfigOnDisk("new name")).toBeDefined();
    const nested = await post("/job/folder/job/inner/confirmRename?newName=inner2");
    expect(h(nested, "location")).toBe("/job/folder/job/inner2");
    expect(server.jobConfigOnDisk("folder/inner2")).toBeDefined();
    // Renaming a folder moves its children with it.
    expect((await post("/job/folder/confirmRename?newName=folder2")).status).toBe(302);
    expect(server.jobConfigOnDisk("folder2/inner2")).toBeDefined();
    expect((await call(server, "/job/folder2/job/inner2/api/json", { auth: adminToken })).status).toBe(200);
    await post("/job/folder2/confirmRename?newName=folder");
    // The older spelling python-jenkins uses.
    expect((await post("/job/new%20name/doRename?newName=renamed")).status).toBe(302);
    expect(server.jobConfigOnDisk("renamed")).toBeDefined();
  });

  test("absolute redirects when pathOnlyRedirects is false", async () => {
    const old = await start({ pathOnlyRedirects: false });
    try {
      await createJob(old, "j");
      const a = await call(old, "/job/j/disable", { method: "POST", auth: adminToken });
      expect(h(a, "location")).toBe(`${old.url}job/j/`);
    } finally {
      await old.close();
    }
  });

  test("unknown actions and paths are 404 pages", async () => {
    expect((await call(server, "/job/job/nonsense", { auth: adminToken })).status).toBe(404);
    expect((await call(server, "/job/job/job/x/", { auth: adminToken })).status).toBe(404);
    expect((await call(server, "/nothing-here", { auth: adminToken })).status).toBe(404);
    const noSlash = await call(server, "/job/job", { auth: adminToken });
    expect([noSlash.status, h(noSlash, "location")]).toEqual([302, "/job/job/"]);
    const page = await call(server, "/job/job/", { auth: adminToken });
    expect([page.status, h(page, "x-jenkins")]).toEqual([200, "2.580"]);
    expect(
      (await call(server, "/job/job/config.xml", { method: "PUT", auth: adminToken, headers: XML, body: FREESTYLE }))
        .status,
    ).toBe(400);
  });
});
