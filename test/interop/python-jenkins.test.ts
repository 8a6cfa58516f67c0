import { execFile } from "node:child_process";
import * as path from "node:path";
import type { JenkinsServer } from "../../provider/server";
import { ADMIN, createJob, FOLDER, start } from "../server/helpers";

/** The script lives in the source tree (tests run from dist/). */
const SCRIPT = path.resolve(__dirname, "../../../test/interop/python/lifecycle.py");

function runLifecycle(url: string, user: string, secret: string, job: string): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    execFile("/usr/bin/python3", [SCRIPT, url, user, secret, job], { timeout: 60_000 }, (err, stdout, stderr) => {
      if (err) reject(new Error(`python-jenkins lifecycle failed: ${stderr || err.message}`));
      else resolve(JSON.parse(stdout) as Record<string, unknown>);
    });
  });
}

describe("python-jenkins (Debian python3-jenkins) accepts the server as a Jenkins", () => {
  let server: JenkinsServer;
  beforeAll(async () => {
    server = await start();
    await createJob(server, "team", FOLDER);
  });
  afterAll(() => server.close());
  beforeEach(() => server.resetCounters());

  const expected = (job: string): Record<string, unknown> => ({
    whoami: "admin",
    version: "2.580",
    existsBefore: false,
    existsAfterCreate: true,
    configHasCommand: true,
    reconfigured: true,
    disabledInfo: "disabled",
    disabledConfig: true,
    enabledConfig: true,
    queueTask: job.split("/").pop(),
    existsAfterDelete: false,
  });

  test("full lifecycle with a password: crumb fetched, session cookie kept", async () => {
    const seen = await runLifecycle(server.url, ADMIN.name, ADMIN.password, "py-password");
    expect(seen).toMatchObject(expected("py-password"));
    expect(seen.jobsListed).toEqual(["py-password", "team"]);
    expect(server.requests.filter((r) => r.path === "/crumbIssuer/api/json")).toHaveLength(1);
    const posts = server.requests.filter((r) => r.method === "POST");
    expect(posts.map((r) => `${r.path} ${r.status}`)).toEqual([
      "/createItem 200",
      "/job/py-password/config.xml 200",
      "/job/py-password/disable 302",
      "/job/py-password/enable 302",
      "/job/py-password/build 201",
      "/job/py-password/doDelete 302",
    ]);
    expect(posts.every((r) => r.user === "admin" && !r.viaToken)).toBe(true);
    expect(server.builds).toEqual([{ job: "py-password", queueId: seen.queueId, params: {} }]);
    expect(server.jobConfigOnDisk("py-password")).toBeUndefined();
  });

  test("full lifecycle with an API token, inside a folder", async () => {
    const seen = await runLifecycle(server.url, ADMIN.name, ADMIN.apiToken, "team/py-token");
    expect(seen).toMatchObject(expected("team/py-token"));
    const posts = server.requests.filter((r) => r.method === "POST");
    expect(posts.every((r) => r.viaToken && r.status < 400)).toBe(true);
    expect(posts.map((r) => r.path)).toContain("/job/team/createItem");
    expect(server.jobConfigOnDisk("team/py-token")).toBeUndefined();
  });
});
