import type { JenkinsServer } from "../../provider/server";
import { adminToken, call, createJob, FOLDER, h, PIPELINE, start } from "./helpers";

describe("remote API", () => {
  let server: JenkinsServer;
  beforeAll(async () => {
    server = await start();
    await createJob(server, "b-job");
    await createJob(server, "A-folder", FOLDER);
    await createJob(server, "A-folder/pipe", PIPELINE);
    await createJob(server, "A-folder/sub", FOLDER);
    await createJob(server, "A-folder/sub/deep");
  });
  afterAll(() => server.close());

  test("GET /api/json: hudson.model.Hudson, jobs in name order, X-Jenkins", async () => {
    const a = await call(server, "/api/json", { auth: adminToken });
    expect(a.status).toBe(200);
    expect(h(a, "content-type")).toBe("application/json;charset=utf-8");
    expect(h(a, "x-jenkins")).toBe("2.580");
    const json = JSON.parse(a.body);
    expect(json._class).toBe("hudson.model.Hudson");
    expect(json.mode).toBe("NORMAL");
    expect(json.url).toBe(server.url);
    expect(json.jobs).toEqual([
      { _class: "com.cloudbees.hudson.plugins.folder.Folder", name: "A-folder", url: `${server.url}job/A-folder/` },
      { _class: "hudson.model.FreeStyleProject", name: "b-job", url: `${server.url}job/b-job/`, color: "notbuilt" },
    ]);
  });

  test("tree= reaches into nested folders", async () => {
    const a = await call(
      server,
      `/api/json?tree=${encodeURIComponent("jobs[name,fullName,url,_class,jobs[name,fullName,jobs[fullName]]]")}`,
      { auth: adminToken },
    );
    expect(JSON.parse(a.body)).toEqual({
      _class: "hudson.model.Hudson",
      jobs: [
        {
          _class: "com.cloudbees.hudson.plugins.folder.Folder",
          name: "A-folder",
          fullName: "A-folder",
          url: `${server.url}job/A-folder/`,
          jobs: [
            { _class: "org.jenkinsci.plugins.workflow.job.WorkflowJob", name: "pipe", fullName: "A-folder/pipe" },
            {
              _class: "com.cloudbees.hudson.plugins.folder.Folder",
              name: "sub",
              fullName: "A-folder/sub",
              jobs: [{ _class: "hudson.model.FreeStyleProject", fullName: "A-folder/sub/deep" }],
            },
          ],
        },
        { _class: "hudson.model.FreeStyleProject", name: "b-job", fullName: "b-job", url: `${server.url}job/b-job/` },
      ],
    });
  });

  test("a folder's own api/json lists its children", async () => {
    const a = await call(server, "/job/A-folder/job/sub/api/json", { auth: adminToken });
    const json = JSON.parse(a.body);
    expect(json.fullName).toBe("A-folder/sub");
    expect(json.jobs).toEqual([
      {
        _class: "hudson.model.FreeStyleProject",
        name: "deep",
        url: `${server.url}job/A-folder/job/sub/job/deep/`,
        color: "notbuilt",
      },
    ]);
  });

  test("a job's api/json (what python-jenkins reads)", async () => {
    const json = JSON.parse((await call(server, "/job/b-job/api/json?depth=0", { auth: adminToken })).body);
    expect(json).toMatchObject({
      _class: "hudson.model.FreeStyleProject",
      name: "b-job",
      fullName: "b-job",
      buildable: true,
      color: "notbuilt",
      builds: [],
      nextBuildNumber: 1,
      description: "a job",
    });
  });

  test("whoAmI and me", async () => {
    expect(JSON.parse((await call(server, "/whoAmI/api/json", { auth: adminToken })).body)).toMatchObject({
      name: "admin",
      authenticated: true,
      anonymous: false,
    });
    expect(JSON.parse((await call(server, "/whoAmI/api/json")).body)).toMatchObject({
      name: "anonymous",
      anonymous: true,
    });
    expect(JSON.parse((await call(server, "/me/api/json", { auth: adminToken })).body)).toMatchObject({ id: "admin" });
  });

  test("a malformed tree → 400", async () => {
    expect((await call(server, "/api/json?tree=jobs[name", { auth: adminToken })).status).toBe(400);
  });

  test("the dashboard and job pages are HTML with X-Jenkins", async () => {
    const a = await call(server, "/", { auth: adminToken });
    expect([a.status, h(a, "x-jenkins")]).toEqual([200, "2.580"]);
    expect(a.body).toContain("b-job");
  });
});
