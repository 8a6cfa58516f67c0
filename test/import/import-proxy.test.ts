/**
 * The import command behind a proxy: HTTP_PROXY from the command's environment carries the listing and every
 * config read; NO_PROXY naming the host leaves them direct.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type { JenkinsServer } from "../../provider/server";
import { runImport } from "../../provider/import";
import { parseCommandLine, type ImportArgs } from "../../provider/import/args";
import { startForwardProxy, type ForwardProxy } from "../harness/forward-proxy";
import { JenkinsUser } from "../harness/jenkins-user";
import { FREESTYLE_XML, PIPELINE_XML } from "../harness/job-configs";
import { ADMIN, startServer } from "../harness/test-server";

class Capture {
  text = "";
  readonly isTTY = false;
  write(s: string) {
    this.text += s;
  }
}

describe("pulumi-jenkins import behind a proxy", () => {
  let server: JenkinsServer;
  let proxy: ForwardProxy;
  let tmp: string;

  beforeAll(async () => {
    server = await startServer("current");
    proxy = await startForwardProxy();
    const user = new JenkinsUser(server.url, { user: ADMIN.name, apiToken: ADMIN.apiToken });
    await user.createJob("api", FREESTYLE_XML);
    await user.createJob("web", PIPELINE_XML);
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), "import-proxy-"));
  });
  afterAll(async () => {
    await proxy.close();
    await server.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  async function importWith(env: Record<string, string>, out: string) {
    const parsed = parseCommandLine(["import", "--url", server.url, "--out", path.join(tmp, out), "--quiet"]);
    const args = (parsed as { args: ImportArgs }).args;
    server.resetCounters();
    proxy.requests.length = 0;
    await runImport(args, {
      stderr: new Capture(),
      env: { JENKINS_USER: ADMIN.name, JENKINS_API_TOKEN: ADMIN.apiToken, ...env },
    });
    expect(fs.existsSync(path.join(tmp, out, "index.ts"))).toBe(true);
  }

  it("sends every request through HTTP_PROXY", async () => {
    await importWith({ HTTP_PROXY: proxy.url }, "proxied");
    expect(proxy.requests).toEqual(
      expect.arrayContaining([`${server.url}job/api/config.xml`, `${server.url}job/web/config.xml`]),
    );
    expect(proxy.requests).toHaveLength(server.requests.length);
  });

  it("goes direct when NO_PROXY lists the host", async () => {
    await importWith({ HTTP_PROXY: proxy.url, NO_PROXY: "127.0.0.1" }, "direct");
    expect(server.requests.length).toBeGreaterThan(2);
    expect(proxy.requests).toEqual([]);
  });
});
