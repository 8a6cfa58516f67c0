/**
 * Plugin versions a typed spec chose itself raise no warning, through the language host: on a controller whose
 * plugins are all older than the versions the renderers write, `up` of a typed pipeline warns about nothing, while
 * a configXml job written by a user for a newer plugin still gets its "older than the config was written for"
 * warning (that version is the user's).
 */
import * as path from "node:path";
import type { JenkinsServer } from "../../provider/server";
import { INSTALLED_PLUGINS } from "../../provider/server/xstream/plugins";
import { renderJobSpec } from "../../provider/specs";
import type { PipelineSpec } from "../../provider/specs/types";
import type { PulumiCli } from "../harness/language-host";
import { repoRoot } from "../harness/provider-process";
import { startStack } from "./stack";

const PROJECT = path.join(repoRoot, "test", "language-host", "projects", "reviewable");
const ALL_OLD = Object.fromEntries(Object.keys(INSTALLED_PLUGINS).map((name) => [name, "1.0"]));
const WRITTEN_FOR_NEWER_GIT = `<?xml version='1.1' encoding='UTF-8'?>
<project>
  <description>Builds the service</description>
  <scm class="hudson.plugins.git.GitSCM" plugin="git@99.0">
    <configVersion>2</configVersion>
  </scm>
  <disabled>false</disabled>
  <builders>
    <hudson.tasks.Shell>
      <command>make test</command>
    </hudson.tasks.Shell>
  </builders>
</project>
`;

describe("plugin versions on a controller older than every renderer's", () => {
  let server: JenkinsServer;
  let cli: PulumiCli;

  beforeAll(async () => {
    ({ server, cli } = await startStack(PROJECT, { server: { plugins: ALL_OLD } }));
  });
  afterAll(async () => {
    await cli?.destroy();
    await server?.close();
  });

  it("warns only about the version a user wrote, never about one a spec chose", async () => {
    cli.setConfig("configXml", WRITTEN_FOR_NEWER_GIT);
    const up = await cli.up();
    expect({ ok: up.ok, errors: up.errors }).toEqual({ ok: true, errors: [] });
    const warnings = up.logs.filter((l) => l.severity === "warning").map((l) => l.message);
    expect(warnings).toEqual([
      `Jenkins job "build" on ${server.url}: plugin "git" 1.0 is older than the config was written for (99.0). ` +
        "Jenkins drops the parts of a missing or disabled plugin when it saves the job.",
    ]);
    // The typed pipeline is rendered with the renderer's plugin versions, all newer than the installed ones.
    const deploy = cli.state.resources.find((r) => r.urn.endsWith("::deploy"))!;
    expect(renderJobSpec("pipeline", deploy.inputs.pipeline as PipelineSpec)).toMatch(/plugin="workflow-job@(?!1\.0")/);
  });
});
