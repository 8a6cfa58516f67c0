import type { JenkinsServer } from "../../provider/server";
import { adminToken, call, createJob, FOLDER, h, PARAMETERIZED, start } from "./helpers";

const FORM = { "content-type": "application/x-www-form-urlencoded" };

describe("build and buildWithParameters", () => {
  let server: JenkinsServer;
  beforeAll(async () => {
    server = await start({ quietPeriodMs: 60_000 });
    await createJob(server, "plain");
    await createJob(server, "params", PARAMETERIZED);
    await createJob(server, "folder", FOLDER);
  });
  afterAll(() => server.close());
  beforeEach(() => server.resetCounters());

  const post = (path: string, body?: string): ReturnType<typeof call> =>
    call(server, path, { method: "POST", auth: adminToken, headers: body === undefined ? {} : FORM, body });

  test("201, empty body, absolute Location of the queue item", async () => {
    const a = await post("/job/plain/build");
    expect(a.status).toBe(201);
    expect(a.body).toBe("");
    expect(h(a, "x-jenkins")).toBeUndefined();
    expect(h(a, "location")).toMatch(new RegExp(`^${server.url}queue/item/\\d+/$`));
    expect(server.builds).toEqual([
      { job: "plain", queueId: Number(/item\/(\d+)/.exec(h(a, "location") as string)?.[1]), params: {} },
    ]);
  });

  test("a second trigger while queued answers 201 with the same queue item (and is recorded)", async () => {
    const a = await post("/job/plain/build");
    const b = await post("/job/plain/build");
    expect(b.status).toBe(201);
    expect(h(b, "location")).toBe(h(a, "location"));
    expect(server.builds).toHaveLength(2);
    expect(server.builds[0].queueId).toBe(server.builds[1].queueId);
  });

  test("the queue item is visible in the API", async () => {
    const a = await post("/job/plain/build");
    const id = /item\/(\d+)/.exec(h(a, "location") as string)?.[1];
    const q = JSON.parse((await call(server, `/queue/item/${id}/api/json`, { auth: adminToken })).body);
    expect(q._class).toBe("hudson.model.Queue$WaitingItem");
    expect(q.task.name).toBe("plain");
    expect(
      JSON.parse((await call(server, "/job/plain/api/json?tree=inQueue", { auth: adminToken })).body).inQueue,
    ).toBe(true);
    expect((await call(server, "/queue/item/99999/api/json", { auth: adminToken })).status).toBe(404);
  });

  test("a build still in the queue has no number yet: the job's nextBuildNumber stays where it was", async () => {
    await createJob(server, "queued");
    const next = async () =>
      JSON.parse((await call(server, "/job/queued/api/json?tree=nextBuildNumber", { auth: adminToken })).body)
        .nextBuildNumber;
    expect(await next()).toBe(1);
    expect((await post("/job/queued/build")).status).toBe(201);
    expect(await next()).toBe(1);
  });

  test("a disabled job → 409 '<name> is not buildable', nothing queued", async () => {
    await createJob(server, "off");
    await post("/job/off/disable");
    const a = await post("/job/off/build");
    expect(a.status).toBe(409);
    expect(a.body).toContain("off is not buildable");
    expect(server.builds).toEqual([]);
  });

  test("a parameterized job via /build without a json field → 400 'Nothing is submitted'", async () => {
    const a = await post("/job/params/build");
    expect(a.status).toBe(400);
    expect(h(a, "x-error")).toBe("Nothing is submitted");
    expect(server.builds).toEqual([]);
  });

  test("a parameterized job via /build with the json field, defaults filled in", async () => {
    const json = JSON.stringify({ parameter: [{ name: "GREETING", value: "hi there" }] });
    const a = await post("/job/params/build", `json=${encodeURIComponent(json)}`);
    expect(a.status).toBe(201);
    expect(server.builds[0].params).toEqual({ GREETING: "hi there", LOUD: "false" });
  });

  test("buildWithParameters records the form fields; unknown fields are ignored", async () => {
    const a = await post("/job/params/buildWithParameters", "LOUD=true&OTHER=x");
    expect(a.status).toBe(201);
    expect(server.builds[0].params).toEqual({ GREETING: "hello", LOUD: "true" });
    const b = await post("/job/plain/buildWithParameters", "A=1");
    expect(b.status).toBe(400);
    expect(b.body).toContain("is not parameterized");
  });

  test("GET /build of a parameterized job shows the parameter form (200)", async () => {
    const a = await call(server, "/job/params/build", { auth: adminToken });
    expect(a.status).toBe(200);
    expect(a.body).toContain("GREETING");
  });

  test("GET /build with an API token is allowed (BuildAuthorizationToken)", async () => {
    expect((await call(server, "/job/plain/build", { auth: adminToken })).status).toBe(201);
  });

  test("a folder has no build → 404", async () => {
    expect((await post("/job/folder/build")).status).toBe(404);
  });

  test("delay shortens the quiet period: the item leaves the queue and becomes a build", async () => {
    await createJob(server, "quick");
    const a = await post("/job/quick/build?delay=0sec");
    const id = /item\/(\d+)/.exec(h(a, "location") as string)?.[1];
    const q = JSON.parse((await call(server, `/queue/item/${id}/api/json`, { auth: adminToken })).body);
    expect(q._class).toBe("hudson.model.Queue$LeftItem");
    expect(q.executable).toEqual({
      _class: "hudson.model.FreeStyleBuild",
      number: 1,
      url: `${server.url}job/quick/1/`,
    });
  });
});
