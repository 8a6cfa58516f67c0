/**
 * The plugin manager over HTTP, as Jenkins answers it: the installed list (Administer only), prevalidation of a
 * config's `plugin` attributes (missing, older, a versionless attribute → 500), and elements of plugins that are
 * missing or disabled dropped when a job is saved.
 */
import type { JenkinsServer } from "../../provider/server";
import { parsePlugins } from "../../provider/server/cli";
import { adminToken, call, createJob, readerToken, start, XML } from "./helpers";

const GIT_JOB = `<?xml version='1.1' encoding='UTF-8'?>
<project>
  <description>with git</description>
  <scm class="hudson.plugins.git.GitSCM" plugin="git@5.12.0">
    <configVersion>2</configVersion>
  </scm>
  <builders>
    <hudson.tasks.Shell>
      <command>make</command>
    </hudson.tasks.Shell>
  </builders>
</project>
`;

describe("the plugin manager", () => {
  let server: JenkinsServer;
  beforeAll(async () => {
    server = await start({
      plugins: parsePlugins(
        "git@5.10.0,workflow-job@1571.vb_423c255d6d9,workflow-cps@4259.vf653c2b_8a_b_69,cloudbees-folder@6.1079.vc0975c2de294",
      ),
      disabledPlugins: ["workflow-cps"],
    });
  });
  afterAll(() => server.close());

  it("lists the installed plugins to an administrator, with their state", async () => {
    const a = await call(server, "/pluginManager/api/json?tree=plugins[shortName,version,active,enabled]", {
      auth: adminToken,
    });
    expect(a.status).toBe(200);
    expect(JSON.parse(a.body).plugins).toEqual([
      { shortName: "cloudbees-folder", version: "6.1079.vc0975c2de294", active: true, enabled: true },
      { shortName: "git", version: "5.10.0", active: true, enabled: true },
      { shortName: "workflow-cps", version: "4259.vf653c2b_8a_b_69", active: false, enabled: false },
      { shortName: "workflow-job", version: "1571.vb_423c255d6d9", active: true, enabled: true },
    ]);
  });

  it("answers 403 to anyone else, for everything under /pluginManager", async () => {
    const a = await call(server, "/pluginManager/api/json?depth=1", { auth: readerToken });
    expect(a.status).toBe(403);
    const b = await call(server, "/pluginManager/prevalidateConfig", {
      method: "POST",
      auth: readerToken,
      headers: XML,
      body: GIT_JOB,
    });
    expect(b.status).toBe(403);
  });

  it("prevalidates a config: missing and older plugins, the highest version wanted per plugin", async () => {
    const xml = GIT_JOB.replace(
      "<builders>",
      '<publishers><hudson.plugins.timestamper.TimestamperBuildWrapper plugin="timestamper@1.26"/><x plugin="git@4.0.0"/></publishers><builders>',
    );
    const a = await call(server, "/pluginManager/prevalidateConfig", {
      method: "POST",
      auth: adminToken,
      headers: XML,
      body: xml,
    });
    expect(a.status).toBe(200);
    expect(JSON.parse(a.body)).toEqual([
      { name: "git", version: "5.12.0", mode: "old" },
      { name: "timestamper", version: "1.26", mode: "missing" },
    ]);
    const none = await call(server, "/pluginManager/prevalidateConfig", {
      method: "POST",
      auth: adminToken,
      headers: XML,
      body: GIT_JOB.replace("5.12.0", "5.10.0"),
    });
    expect(JSON.parse(none.body)).toEqual([]);
  });

  it("answers 500 for a plugin attribute without a version, and needs a POST", async () => {
    const a = await call(server, "/pluginManager/prevalidateConfig", {
      method: "POST",
      auth: adminToken,
      headers: XML,
      body: GIT_JOB.replace("git@5.12.0", "git"),
    });
    expect(a.status).toBe(500);
    expect((await call(server, "/pluginManager/prevalidateConfig", { auth: adminToken })).status).toBe(405);
  });

  it("drops the elements of a missing plugin when the job is saved", async () => {
    const noGit = await start({ plugins: parsePlugins("cloudbees-folder@6.1079.vc0975c2de294") });
    try {
      await createJob(noGit, "with-git", GIT_JOB);
      expect(noGit.jobConfigOnDisk("with-git")).toContain("GitSCM");
      const saved = await call(noGit, "/job/with-git/description", {
        method: "POST",
        auth: adminToken,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "description=changed",
      });
      expect(saved.status).toBe(204);
      expect(noGit.jobConfigOnDisk("with-git")).not.toContain("GitSCM");
      expect(noGit.jobConfigOnDisk("with-git")).toContain("<command>make</command>");
    } finally {
      await noGit.close();
    }
  });

  it("parses the --plugins list and refuses entries without a version", () => {
    expect(parsePlugins("git@5.7.0, workflow-job@1400.v7fd111b_ec82f")).toEqual({
      git: "5.7.0",
      "workflow-job": "1400.v7fd111b_ec82f",
    });
    expect(() => parsePlugins("git")).toThrow('--plugins takes name@version entries, got "git"');
  });
});
