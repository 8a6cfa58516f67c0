/**
 * Build records, the relocation action and renames while building, over HTTP, as Jenkins core and the CloudBees
 * Folders plugin answer them: builds are numbered and listed, history follows an item through rename and move,
 * every refused move is a silent 302 back to the move page, and nothing that is building renames.
 */
import type { JenkinsServer } from "../../provider/server";
import {
  adminPassword,
  adminToken,
  call,
  createJob,
  crumbHeaders,
  FOLDER,
  h,
  PIPELINE,
  readerToken,
  start,
} from "./helpers";

const FORM = { "content-type": "application/x-www-form-urlencoded" };

async function moveTo(server: JenkinsServer, itemPath: string, destination: string, auth = adminToken) {
  return call(server, `${itemPath}move/move`, {
    method: "POST",
    auth,
    headers: FORM,
    body: `destination=${encodeURIComponent(destination)}`,
  });
}

async function jobJson(server: JenkinsServer, itemPath: string): Promise<Record<string, unknown>> {
  const a = await call(server, `${itemPath}api/json`, { auth: adminToken });
  expect(a.status).toBe(200);
  return JSON.parse(a.body) as Record<string, unknown>;
}

async function buildOnce(server: JenkinsServer, itemPath: string): Promise<void> {
  expect((await call(server, `${itemPath}build?delay=0sec`, { method: "POST", auth: adminToken })).status).toBe(201);
}

describe("build records, moves and renames while building", () => {
  let server: JenkinsServer;
  beforeAll(async () => {
    server = await start({ quietPeriodMs: 0 });
    for (const f of ["apps", "platform", "platform/tools", "other"]) await createJob(server, f, FOLDER);
    await createJob(server, "apps/svc", PIPELINE);
    await createJob(server, "other/svc", PIPELINE);
  });
  afterAll(() => server.close());

  it("numbers builds and lists them newest first, with the next number", async () => {
    await buildOnce(server, "/job/apps/job/svc/");
    await buildOnce(server, "/job/apps/job/svc/");
    const job = await jobJson(server, "/job/apps/job/svc/");
    expect((job.builds as Array<{ number: number }>).map((b) => b.number)).toEqual([2, 1]);
    expect(job).toMatchObject({
      nextBuildNumber: 3,
      lastBuild: { number: 2 },
      firstBuild: { number: 1 },
      color: "blue",
    });
    const run = JSON.parse((await call(server, "/job/apps/job/svc/2/api/json", { auth: adminToken })).body);
    expect(run).toMatchObject({ number: 2, building: false, result: "SUCCESS", fullDisplayName: "apps » svc #2" });
    expect((await call(server, "/job/apps/job/svc/9/api/json", { auth: adminToken })).status).toBe(404);
  });

  it("moves a job into another folder, keeping its history, and redirects to its new URL", async () => {
    const a = await moveTo(server, "/job/apps/job/svc/", "/platform");
    expect(a.status).toBe(302);
    expect(h(a, "location")).toMatch(/\/job\/platform\/job\/svc\/$/);
    expect((await call(server, "/job/apps/job/svc/api/json", { auth: adminToken })).status).toBe(404);
    expect(await jobJson(server, "/job/platform/job/svc/")).toMatchObject({
      fullName: "platform/svc",
      nextBuildNumber: 3,
      lastBuild: { number: 2 },
    });
  });

  it("moves a folder with everything inside it, and back to the root", async () => {
    expect((await moveTo(server, "/job/platform/", "/apps")).status).toBe(302);
    expect(await jobJson(server, "/job/apps/job/platform/job/svc/")).toMatchObject({ nextBuildNumber: 3 });
    expect(await jobJson(server, "/job/apps/job/platform/job/tools/")).toMatchObject({
      fullName: "apps/platform/tools",
    });
    expect((await moveTo(server, "/job/apps/job/platform/", "/")).status).toBe(302);
    expect(await jobJson(server, "/job/platform/job/svc/")).toMatchObject({
      fullName: "platform/svc",
      nextBuildNumber: 3,
    });
  });

  it.each([
    ["an unknown destination", "/nowhere"],
    ["its own parent", "/platform"],
    ["itself", "/platform/svc"],
    ["a destination holding the same name", "/other"],
    ["a job, not a folder", "/other/svc"],
    ["a destination without the leading slash", "apps"],
  ])("refuses a move to %s silently: 302 back to the move page, nothing moved", async (_why, destination) => {
    const a = await moveTo(server, "/job/platform/job/svc/", destination);
    expect(a.status).toBe(302);
    expect(h(a, "location")).toMatch(/\/job\/platform\/job\/svc\/move\/$/);
    expect(await jobJson(server, "/job/platform/job/svc/")).toMatchObject({ fullName: "platform/svc" });
  });

  it("refuses moving a folder into its own descendant silently", async () => {
    const a = await moveTo(server, "/job/platform/", "/platform/tools");
    expect(h(a, "location")).toMatch(/\/job\/platform\/move\/$/);
    expect((await jobJson(server, "/job/platform/")).fullName).toBe("platform");
  });

  it("needs Job/Move (403), a POST (405) and, with a password, a crumb (403)", async () => {
    const denied = await moveTo(server, "/job/platform/job/svc/", "/apps", readerToken);
    expect(denied.status).toBe(403);
    expect(h(denied, "x-required-permission")).toBe("hudson.model.Item.Move");
    expect((await call(server, "/job/platform/job/svc/move/move?destination=/apps", { auth: adminToken })).status).toBe(
      405,
    );
    expect((await moveTo(server, "/job/platform/job/svc/", "/apps", adminPassword)).status).toBe(403);
    const withCrumb = await call(server, "/job/platform/job/svc/move/move", {
      method: "POST",
      auth: adminPassword,
      headers: { ...FORM, ...(await crumbHeaders(server)) },
      body: "destination=%2Fapps",
    });
    expect(withCrumb.status).toBe(302);
    expect(await jobJson(server, "/job/apps/job/svc/")).toMatchObject({ fullName: "apps/svc" });
    expect((await call(server, "/job/apps/job/svc/move/", { auth: adminToken })).status).toBe(200);
  });

  it("refuses to rename a building job, or a folder holding one, but moves it", async () => {
    server.holdBuilds(true);
    await buildOnce(server, "/job/apps/job/svc/");
    expect(await jobJson(server, "/job/apps/job/svc/")).toMatchObject({
      color: "blue_anime",
      lastBuild: { number: 3 },
    });
    const job = await call(server, "/job/apps/job/svc/confirmRename?newName=svc2", {
      method: "POST",
      auth: adminToken,
    });
    expect({ status: job.status, error: h(job, "x-error") }).toEqual({
      status: 400,
      error: "Unable to rename a job while it is building.",
    });
    const folder = await call(server, "/job/apps/confirmRename?newName=applications", {
      method: "POST",
      auth: adminToken,
    });
    expect({ status: folder.status, error: h(folder, "x-error") }).toEqual({
      status: 400,
      error: "Unable to rename a folder while a job inside it is building.",
    });
    expect((await moveTo(server, "/job/apps/job/svc/", "/")).headers.location).toMatch(/\/job\/svc\/$/);
    server.holdBuilds(false);
    const renamed = await call(server, "/job/svc/confirmRename?newName=svc2", { method: "POST", auth: adminToken });
    expect(renamed.status).toBe(302);
    expect(await jobJson(server, "/job/svc2/")).toMatchObject({
      nextBuildNumber: 4,
      lastBuild: { number: 3 },
      color: "blue",
    });
  });
});
