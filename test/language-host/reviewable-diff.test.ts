/**
 * A preview a reviewer can read after a refresh that found drift, through the language host: somebody disables a
 * job and edits its config by hand in Jenkins, and another job's description; `pulumi refresh` records what Jenkins
 * has; the next `preview --diff` (old inputs in the state against the program's checked inputs, as the CLI shows
 * them) lists exactly the properties whose values differ, each as old => new, and never an internal field
 * (digests, `fullName`, `url`) as added or removed. After `up` puts the jobs back, a refresh finds nothing and the
 * preview is clean.
 */
import * as path from "node:path";
import type { JenkinsServer } from "../../provider/server";
import type { JenkinsUser } from "../harness/jenkins-user";
import { changedInputs, previewDiff, type PulumiCli } from "../harness/language-host";
import { repoRoot } from "../harness/provider-process";
import { startStack } from "./stack";

const PROJECT = path.join(repoRoot, "test", "language-host", "projects", "reviewable");

describe("the preview after a refresh that found drift", () => {
  let server: JenkinsServer;
  let user: JenkinsUser;
  let cli: PulumiCli;

  beforeAll(async () => {
    ({ server, user, cli } = await startStack(PROJECT));
    expect((await cli.up()).ok).toBe(true);
  });
  afterAll(async () => {
    await cli?.destroy();
    await server?.close();
  });

  it("lists only the properties that differ, each as old => new", async () => {
    await user.disable("build");
    await user.editConfig("build", (xml) => xml.replace("make test", "make test-all"));
    await user.setDescription("deploy", "Edited in the UI");
    const refresh = await cli.refresh();
    expect(refresh.ok).toBe(true);
    expect(refresh.changed.map((c) => c.urn.split("::").pop()).sort()).toEqual(["build", "deploy"]);

    server.resetCounters();
    const preview = await cli.preview();
    expect(preview.ok).toBe(true);
    const steps = Object.fromEntries(preview.steps.map((s) => [s.urn.split("::").pop(), s]));
    expect(steps.build.op).toBe("update");
    expect(steps.deploy.op).toBe("update");
    expect(changedInputs(steps.build)).toEqual(["configXml", "enabled"]);
    expect(changedInputs(steps.deploy)).toEqual(["description"]);

    const build = previewDiff(steps.build);
    const deploy = previewDiff(steps.deploy);
    process.stdout.write(`build:\n${build}\ndeploy:\n${deploy}\n`);
    expect(build).toContain("~ enabled  : false => true");
    expect(build).toMatch(/^ +- +<command>make test-all<\/command>$/m);
    expect(build).toMatch(/^ +\+ +<command>make test<\/command>$/m);
    // The config's lines: the edited one, and its `<disabled>`, which says what `enabled` says on each side.
    expect(build.split("\n").filter((l) => /^\s+[-+] /.test(l))).toEqual([
      expect.stringMatching(/^ +- +<disabled>true<\/disabled>$/),
      expect.stringMatching(/^ +\+ +<disabled>false<\/disabled>$/),
      expect.stringMatching(/^ +- +<command>make test-all<\/command>$/),
      expect.stringMatching(/^ +\+ +<command>make test<\/command>$/),
    ]);
    expect(deploy).toBe('      ~ description: "Edited in the UI" => "Deploys the service"');
    for (const text of [build, deploy]) expect(text).not.toMatch(/Sha256|fullName|url|__/);

    const up = await cli.up();
    expect(up.ok).toBe(true);
    expect(await user.getConfig("build")).toContain("<command>make test</command>");
    expect(await user.getConfig("build")).toContain("<disabled>false</disabled>");
    const again = await cli.refresh();
    expect(again.changed).toEqual([]);
    const clean = await cli.preview();
    expect(clean.steps.every((s) => s.op === "same")).toBe(true);
  });
});
