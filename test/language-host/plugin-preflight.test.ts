/**
 * The plugin pre-flight through the language host (examples/plugin-preflight), against a Jenkins-compatible server
 * without the git plugin: the preview fails for the job that needs git, naming job, plugin, version and fix, and
 * nothing is written; with `jenkins:pluginCheck warn` it goes ahead with a warning; a plan with no changes sends no
 * request at all; a user who may not read the plugin list gets one warning that the check was skipped.
 */
import * as path from "node:path";
import type { JenkinsServer } from "../../provider/server";
import { INSTALLED_PLUGINS } from "../../provider/server/xstream/plugins";
import { repoRoot } from "../harness/provider-process";
import { cleanEnv } from "../harness/serialized-provider";
import { READER, onlyReads } from "../harness/test-server";
import { PulumiCli } from "../harness/language-host";
import { startStack } from "./stack";

const PROJECT = path.join(repoRoot, "examples", "plugin-preflight");
const WITHOUT_GIT = Object.fromEntries(Object.entries(INSTALLED_PLUGINS).filter(([name]) => name !== "git"));

describe("plugin pre-flight on a controller without git", () => {
  let server: JenkinsServer;
  let cli: PulumiCli;

  beforeAll(async () => {
    ({ server, cli } = await startStack(PROJECT, { server: { plugins: WITHOUT_GIT } }));
  });
  afterAll(async () => {
    await cli?.destroy();
    await server?.close();
  });

  it("fails the preview for the job that needs git, with the plugin, its version and the fix; nothing is written", async () => {
    const preview = await cli.preview();
    expect(preview.ok).toBe(false);
    expect(preview.errors.map((e) => e.urn.split("::").pop())).toEqual(["api-build"]);
    expect(preview.errors[0].message).toBe(
      // Without a property: the CLI would print the whole spec in front of it.
      `Jenkins job "api-build" needs plugins that ${server.url} does not have: plugin "git" is not installed ` +
        `(the config was written for git 5.10.0). Jenkins would accept this config and silently drop those parts on its ` +
        `next save. Install or enable the plugin (Manage Jenkins → Plugins), or remove what uses it; set ` +
        `jenkins:pluginCheck to "warn" to go ahead anyway.`,
    );
    // Nothing written (the linter's POST of the runnable check reads).
    expect(server.requests.filter((r) => !onlyReads(r))).toEqual([]);
    expect(server.requests.filter((r) => r.path === "/pluginManager/api/json")).toHaveLength(1);
  });

  it('goes ahead with a warning under jenkins:pluginCheck "warn"; a plan with no changes then sends nothing', async () => {
    cli.setConfig("jenkins:pluginCheck", "warn");
    const up = await cli.up();
    expect({ ok: up.ok, errors: up.errors }).toEqual({ ok: true, errors: [] });
    const warnings = up.logs.filter((l) => l.severity === "warning").map((l) => l.message);
    expect(warnings).toEqual([
      expect.stringMatching(/^Jenkins job "api-build" on http:\/\/127\.0\.0\.1:\d+\/: plugin "git" is not installed/),
    ]);

    server.resetCounters();
    const plan = await cli.preview();
    expect(plan.steps.filter((s) => s.op !== "same")).toEqual([]);
    expect(server.requests).toEqual([]);
  });

  it("warns once that the check was skipped for a user who may not read the plugin list", async () => {
    // A second stack over the same jobs: it shares the first stack's owner name, or its preview would refuse to
    // take over jobs the first stack's mark of ownership names.
    const reader = new PulumiCli(PROJECT, { env: cleanEnv(), stack: "reader" })
      .setConfig("jenkins:owner", "plugin-preflight/dev")
      .setConfig("jenkins:url", server.url)
      .setConfig("jenkins:user", READER.name)
      .setConfig("jenkins:password", READER.password, { secret: true });
    const preview = await reader.preview();
    expect(preview.ok).toBe(true);
    const warnings = preview.logs.filter((l) => l.severity === "warning").map((l) => l.message);
    expect(warnings).toEqual([expect.stringContaining("the plugin check was skipped for")]);
    expect(warnings[0]).toContain("it needs Overall/Administer");
    expect(warnings[0]).not.toContain(READER.password);
  });
});
