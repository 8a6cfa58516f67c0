/**
 * `JenkinsClient.move` against the server's relocation action: a move is verified at the new path, and since
 * Jenkins refuses every move silently (a redirect like a success), a refusal becomes a MoveRefusedError whose
 * message names the job, the destination and the reason the server shows. A missing Job/Move permission is a
 * PermissionError; a rename while a build runs is a JobBuildingError. Nothing is moved by a refused call.
 */
import type { JenkinsServer } from "../../provider/server";
import type { JenkinsClient } from "../../provider/client/jenkins-client";
import { JobBuildingError, MoveRefusedError, PermissionError } from "../../provider/client/errors";
import { caught, readerClient, startServer, tokenClient } from "./helpers";
import { folder, freestyle } from "../harness/job-configs";

describe("moving items", () => {
  let server: JenkinsServer;
  let client: JenkinsClient;

  beforeAll(async () => {
    server = await startServer({ quietPeriodMs: 0 });
    client = tokenClient(server);
    for (const f of ["apps", "platform"]) await client.createJob(f, folder());
    await client.createJob("apps/svc", freestyle());
    await client.createJob("platform/taken", freestyle());
    await client.createJob("apps/taken", freestyle());
  });
  afterAll(async () => {
    await client?.close();
    await server?.close();
  });

  it("moves a job into a folder and to the top level, one POST each, verified at the new path", async () => {
    server.resetCounters();
    await client.move("apps/svc", "platform");
    expect(server.requests.filter((r) => r.method === "POST").map((r) => r.path)).toEqual([
      "/job/apps/job/svc/move/move",
    ]);
    expect(await client.exists("platform/svc")).toBe(true);
    await client.move("platform/svc", "");
    expect(await client.exists("svc")).toBe(true);
    await client.move("svc", "apps");
  });

  it.each([
    ["a name taken at the destination", "apps/taken", "platform", 'an item named "taken" already exists there'],
    ["a destination that does not exist", "apps/svc", "nowhere", 'the destination folder "nowhere" does not exist'],
    ["a job as the destination", "apps/svc", "platform/taken", '"platform/taken" is not a folder that can hold items'],
    ["a folder into itself", "apps", "apps", "a folder cannot be moved into itself or into a folder inside it"],
  ])("reports %s as a refused move, with nothing moved", async (_why, item, destination, reason) => {
    const err = await caught(() => client.move(item, destination));
    expect(err).toBeInstanceOf(MoveRefusedError);
    expect(err.message).toContain(
      `Jenkins job "${item}": Jenkins did not move it to folder "${destination}": ${reason}`,
    );
    expect(err).toMatchObject({ source: item, destination });
    expect(await client.exists(item)).toBe(true);
  });

  it("needs Job/Move: a reader gets a permission error naming it", async () => {
    const reader = readerClient(server);
    const err = await caught(() => reader.move("apps/svc", "platform"));
    await reader.close();
    expect(err).toBeInstanceOf(PermissionError);
    expect(err.message).toContain("hudson.model.Item.Move");
    expect(await client.exists("apps/svc")).toBe(true);
  });

  it("reports a rename while a build runs as a JobBuildingError, and renames once it finished", async () => {
    server.holdBuilds(true);
    await client.build("apps/svc");
    await new Promise((r) => setTimeout(r, 20));
    const err = await caught(() => client.rename("apps/svc", "svc2"));
    expect(err).toBeInstanceOf(JobBuildingError);
    expect(err.message).toMatch(
      /^Jenkins job "apps\/svc": cannot rename it while a build is running \(HTTP 400: Unable to rename a job while it is building\.\)\. Wait for the build/,
    );
    server.holdBuilds(false);
    await client.rename("apps/svc", "svc2");
    expect(await client.exists("apps/svc2")).toBe(true);
  });
});
