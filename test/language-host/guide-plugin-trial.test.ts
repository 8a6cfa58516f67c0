/**
 * docs/guide/other-languages.md, "Trying the plugin from TypeScript, without an SDK": its Pulumi.yaml and index.ts,
 * read from the page, as a project whose `node_modules` holds this package (the checkout, as `npm install` of the
 * tarball would put it there) beside the project's own dependencies. Run through the language host against the
 * Jenkins-compatible server: up creates the jobs through the plugin the Pulumi.yaml names, a preview after it plans
 * no change, destroy removes them.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type { JenkinsServer } from "../../provider/server";
import { readMarkdown } from "../docs/markdown";
import type { JenkinsUser } from "../harness/jenkins-user";
import type { PulumiCli } from "../harness/language-host";
import { repoRoot } from "../harness/provider-process";
import { writeUserProject } from "../package/user-project";
import { itemsOnServer } from "./server-items";
import { startStack } from "./stack";

const GUIDE = path.join(repoRoot, "docs", "guide", "other-languages.md");
const HEADING = "## Trying the plugin from TypeScript, without an SDK";

/** The section's first block of each language. */
function sectionBlocks(): { yaml: string; ts: string } {
  const page = readMarkdown(GUIDE);
  const heading = page.prose.find((l) => l.text === HEADING);
  if (heading === undefined) throw new Error(`other-languages.md has no "${HEADING}"`);
  const after = page.blocks.filter((b) => b.fenceLine > heading.line);
  const yaml = after.find((b) => b.info === "yaml");
  const ts = after.find((b) => b.info === "ts");
  if (!yaml || !ts) throw new Error(`"${HEADING}" needs a yaml and a ts block`);
  return { yaml: `${yaml.code}\n`, ts: `${ts.code}\n` };
}

/** node_modules as `npm install` of the tarball leaves it: the package, and what this checkout has installed. */
function linkNodeModules(project: string): void {
  const modules = path.join(project, "node_modules");
  mkdirSync(modules);
  for (const entry of readdirSync(path.join(repoRoot, "node_modules"))) {
    if (entry.startsWith(".")) continue;
    symlinkSync(path.join(repoRoot, "node_modules", entry), path.join(modules, entry), "dir");
  }
  symlinkSync(repoRoot, path.join(modules, "pulumi-jenkins-jobs"), "dir");
}

describe("the other-languages guide's TypeScript trial of the plugin, through the language host", () => {
  let work: string;
  let server: JenkinsServer;
  let user: JenkinsUser;
  let cli: PulumiCli;
  const blocks = sectionBlocks();

  beforeAll(async () => {
    work = mkdtempSync(path.join(os.tmpdir(), "plugin-trial-"));
    const project = path.join(work, "jenkins-plugin-trial");
    writeUserProject(project, repoRoot, "jenkins-plugin-trial", blocks.ts);
    writeFileSync(path.join(project, "Pulumi.yaml"), blocks.yaml);
    linkNodeModules(project);
    ({ server, user, cli } = await startStack(project));
  });
  afterAll(async () => {
    await server?.close();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it("names the plugin folder of the installed package under packages:", () => {
    expect(blocks.yaml).toMatch(/^packages:\n {2}jenkins: \.\/node_modules\/pulumi-jenkins-jobs\/plugin$/m);
    expect(blocks.ts).toContain('super("jenkins:index:Job", name,');
  });

  it("creates the jobs through the plugin, the program reading their outputs", async () => {
    const up = await cli.up();
    expect({ ok: up.ok, errors: up.errors, program: up.program?.code }).toEqual({ ok: true, errors: [], program: 0 });
    expect(
      up.steps
        .filter((s) => s.op !== "same")
        .map((s) => `${s.op} ${s.urn.split("::").slice(-2).join(" ")}`)
        .sort(),
    ).toEqual(["create jenkins:index:Job api-build", "create jenkins:index:Job team"]);
    expect(await itemsOnServer(user)).toEqual(["team", "team/api-build"]);
    expect(up.outputs.url).toBe(`${server.url}job/team/job/api-build/`);
    expect(cli.state.resources.map((r) => r.type)).toContain("pulumi:providers:jenkins");
  });

  it("plans no change after up, and destroys what it made", async () => {
    const plan = await cli.preview();
    expect(plan.errors).toEqual([]);
    expect(plan.steps.filter((s) => s.op !== "same")).toEqual([]);
    const destroyed = await cli.destroy();
    expect(destroyed.errors).toEqual([]);
    expect(await itemsOnServer(user)).toEqual([]);
  });
});
