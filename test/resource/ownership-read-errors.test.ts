/**
 * When a read that the ownership checks need fails (Layer 1, the lifecycle called directly, over HTTP to the
 * bundled server), the operation stops before it writes, and its error is about the item the user declared, naming
 * what could not be read: one listing serves every item of a folder, one store listing every credential of a store.
 */
import type { JenkinsServer } from "../../provider/server";
import * as lifecycle from "../../provider/resource/lifecycle";
import { closeClients } from "../../provider/connection/settings";
import { JenkinsUser } from "../harness/jenkins-user";
import { FOLDER_XML, FREESTYLE_XML } from "../harness/job-configs";
import { ADMIN, startServer, tokenConfig } from "../harness/test-server";
import { changed, createJob, nextRun, type Lifecycle } from "./lifecycle-calls";

describe("an ownership read that fails", () => {
  let server: JenkinsServer;
  let user: JenkinsUser;
  const configure = (l: Lifecycle = lifecycle) => l.configure({ config: { get: (k) => tokenConfig(server)[k] } });
  /** Every request whose path holds `path` answers 500 until `healthy` is called. */
  const failing = (path: string) => {
    server.faults = { ...server.faults, errorRate: 1, errorStatuses: [500], scope: "all", pathIncludes: path };
    return () => (server.faults = { ...server.faults, errorRate: 0, pathIncludes: undefined });
  };
  const writes = () => server.requests.filter((r) => r.method === "POST").map((r) => r.path);

  beforeAll(async () => {
    server = await startServer("current");
    user = new JenkinsUser(server.url, { user: ADMIN.name, apiToken: ADMIN.apiToken });
    await configure();
  });
  afterAll(async () => {
    await closeClients();
    await server.close();
  });

  it("a folder's delete names the folder and the store it could not read, deletes nothing, and deletes once it can", async () => {
    const team = await createJob({ name: "team", configXml: FOLDER_XML });
    await createJob({ name: "sub", folder: "team", configXml: FOLDER_XML });
    const healthy = failing("/job/sub/credentials/");
    server.resetCounters();

    await expect(lifecycle.delete(team.id, team.outs)).rejects.toThrow(
      /^Jenkins job "team": cannot list the credentials of folder "team\/sub" to check their owners before the delete: .*\(HTTP 500: /,
    );
    expect(writes()).toEqual([]);
    expect(await user.exists("team/sub")).toBe(true);

    healthy();
    await lifecycle.delete(team.id, team.outs);
    expect(await user.exists("team")).toBe(false);
  });

  it("an update names the job, not its folder, when the listing of the folder's owners fails, and writes nothing", async () => {
    await createJob({ name: "apps", configXml: FOLDER_XML });
    const app = await createJob({ name: "web", folder: "apps", configXml: FREESTYLE_XML });
    const news = await changed(app.inputs, { description: "edited" });
    const { run, end } = await nextRun(configure);
    try {
      const healthy = failing("/job/apps/api/json");
      server.resetCounters();
      await expect(run.update(app.id, app.outs, news)).rejects.toThrow(
        /^Jenkins job "apps\/web": cannot list the owners of the items in "apps": .*\(HTTP 500: /,
      );
      expect(writes()).toEqual([]);
      healthy();
      await run.update(app.id, app.outs, news);
      expect(await user.getConfig("apps/web")).toContain("<description>edited");
    } finally {
      await end();
    }
  });
});
