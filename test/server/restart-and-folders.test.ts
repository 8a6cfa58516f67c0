import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type { JenkinsServer } from "../../provider/server";
import { adminToken, call, createJob, FOLDER, start } from "./helpers";

describe("data folder and restart", () => {
  let dir: string;
  let server: JenkinsServer;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "jenkins-home-test-"));
    server = await start({ dataDir: dir });
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test("items are stored like a Jenkins home, folders at any depth", async () => {
    await createJob(server, "f1", FOLDER);
    await createJob(server, "f1/f2", FOLDER);
    await createJob(server, "f1/f2/f3", FOLDER);
    await createJob(server, "f1/f2/f3/leaf");
    expect(fs.existsSync(path.join(dir, "jobs/f1/jobs/f2/jobs/f3/jobs/leaf/config.xml"))).toBe(true);
    expect((await call(server, "/job/f1/job/f2/job/f3/job/leaf/config.xml", { auth: adminToken })).status).toBe(200);
  });

  test("jobs survive a restart; a job written by hand into the folder appears after it", async () => {
    fs.mkdirSync(path.join(dir, "jobs/by-hand"));
    fs.writeFileSync(
      path.join(dir, "jobs/by-hand/config.xml"),
      "<?xml version='1.1' encoding='UTF-8'?>\n<project><description>hand</description></project>",
    );
    fs.mkdirSync(path.join(dir, "jobs/unloadable"));
    fs.writeFileSync(path.join(dir, "jobs/unloadable/config.xml"), "<not.Installed/>");
    await server.restart();
    expect((await call(server, "/job/F1/job/f2/job/f3/job/leaf/api/json", { auth: adminToken })).status).toBe(200);
    expect((await call(server, "/job/by-hand/description", { auth: adminToken })).body).toBe("hand");
    expect((await call(server, "/job/unloadable/", { auth: adminToken })).status).toBe(404);
  });

  test("during a restart with downtime every request gets Jenkins's 503 page", async () => {
    const restarting = server.restart({ downtimeMs: 300 });
    const during = await call(server, "/job/f1/api/json", { auth: adminToken });
    expect(during.status).toBe(503);
    expect(during.body).toContain("Please wait while Jenkins is getting ready to work");
    await restarting;
    expect((await call(server, "/job/f1/api/json", { auth: adminToken })).status).toBe(200);
  });

  test("a second server on the same data folder sees the same jobs", async () => {
    const other = await start({ dataDir: dir });
    try {
      expect((await call(other, "/job/f1/job/f2/api/json", { auth: adminToken })).status).toBe(200);
    } finally {
      await other.close();
    }
    expect(fs.existsSync(dir)).toBe(true);
  });
});
