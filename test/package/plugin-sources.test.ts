/**
 * The provider plugin where a user of another language gets it, with nothing built and nothing published:
 * - **from a git tag**: the repository cloned at a commit (HEAD: what a tag on it would give), then what the CLI
 *   does for `pulumi package add <git URL>/plugin@<tag>`: `npm install --loglevel=error` in the plugin folder (the
 *   Node.js language host's InstallDependencies for a plugin), then the plugin started as its RunPlugin starts one
 *   (`@pulumi/pulumi/cmd/run-plugin <folder>`, resolved from that folder);
 * - **from the npm package**: the packed tarball installed into an empty project, and the plugin folder it ships,
 *   `node_modules/pulumi-jenkins-jobs/plugin`, installed and started the same way.
 * Each way, GetSchema answers with the committed schema, and a program declaring a `jenkins:index:Job` (through
 * `pulumi.CustomResource`, as a generated SDK does) goes up, previews with no change and no write, and is destroyed,
 * against the Jenkins-compatible server.
 * And `pulumi-jenkins import --language yaml`, run from the checkout and from the installed package, writes under
 * `packages:` a plugin path that exists from the folder it writes into, and the plugin starts there.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { parse } from "yaml";
import { BIN, runBin } from "../harness/bin";
import { JenkinsUser } from "../harness/jenkins-user";
import { pipeline } from "../harness/job-configs";
import { startPlugin } from "../harness/plugin-process";
import { repoRoot } from "../harness/provider-process";
import { cleanEnv } from "../harness/serialized-provider";
import { ADMIN, beyondPreflight, startServer } from "../harness/test-server";
import { itemsOnServer } from "../language-host/server-items";
import { startStack } from "../language-host/stack";
import { npmInstall, packCheckout } from "./user-project";

const SCRIPT = "node {\n  sh 'make test'\n}\n";

/** What the CLI runs in a Node.js plugin's folder before it starts it; the npm cache serves what it can. */
function installPluginDependencies(dir: string): void {
  execFileSync("npm", ["install", "--loglevel=error"], {
    cwd: dir,
    env: { ...process.env, npm_config_prefer_offline: "true", npm_config_audit: "false", npm_config_fund: "false" },
    stdio: ["ignore", "pipe", "pipe"],
  });
}

/** A Node.js program standing in for one of another language: a job by the plugin's token, its package at `plugin`. */
function writeProgram(dir: string, plugin: string): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    path.join(dir, "Pulumi.yaml"),
    [
      "name: plugin-source",
      "runtime:",
      "  name: nodejs",
      "  options:",
      "    typescript: false",
      "main: index.js",
      "packages:",
      `  jenkins: ${path.relative(dir, plugin)}`,
      "",
    ].join("\n"),
  );
  writeFileSync(
    path.join(dir, "index.js"),
    [
      'const pulumi = require("@pulumi/pulumi");',
      'const job = new pulumi.CustomResource("jenkins:index:Job", "build", {',
      '  name: "build",',
      `  pipeline: { script: ${JSON.stringify(SCRIPT)} },`,
      "  fullName: undefined,",
      "  url: undefined,",
      "});",
      "exports.url = job.url;",
      "",
    ].join("\n"),
  );
}

/** GetSchema of the plugin in `dir`, started as the language host starts it. */
async function schemaOf(dir: string): Promise<unknown> {
  const plugin = await startPlugin({ dir });
  try {
    return JSON.parse(await plugin.proc.getSchema());
  } finally {
    await plugin.close();
  }
}

/** up → preview (no change, no write) → destroy of the program in `project`; the checks of each step. */
async function goesUpAndDown(project: string): Promise<void> {
  const { server, user, cli } = await startStack(project);
  try {
    const up = await cli.up();
    expect({ ok: up.ok, errors: up.errors }).toEqual({ ok: true, errors: [] });
    expect(await itemsOnServer(user)).toEqual(["build"]);
    expect(await user.getConfig("build")).toContain("sh &apos;make test&apos;");
    expect(up.outputs?.url).toBe(`${server.url}job/build/`);

    server.resetCounters();
    const preview = await cli.preview();
    expect({ ok: preview.ok, errors: preview.errors }).toEqual({ ok: true, errors: [] });
    expect(preview.steps.filter((s) => s.op !== "same").map((s) => `${s.op} ${s.urn}`)).toEqual([]);
    expect(beyondPreflight(server).filter((c) => !c.startsWith("GET "))).toEqual([]);

    const destroy = await cli.destroy();
    expect({ ok: destroy.ok, errors: destroy.errors }).toEqual({ ok: true, errors: [] });
    expect(await itemsOnServer(user)).toEqual([]);
  } finally {
    await server.close();
  }
}

/**
 * `import --language yaml --out <out>` of a server holding one job, by the bin given (run in `cwd`); the plugin
 * folder the written Pulumi.yaml names, resolved from `out`, and what the command printed.
 */
async function importYaml(bin: string, cwd: string, out: string): Promise<{ plugin: string; stderr: string }> {
  const server = await startServer("current");
  try {
    const user = new JenkinsUser(server.url, { user: ADMIN.name, apiToken: ADMIN.apiToken });
    await user.createJob("nightly", pipeline({ script: SCRIPT }));
    const env = cleanEnv({ JENKINS_URL: server.url, JENKINS_USER: ADMIN.name, JENKINS_API_TOKEN: ADMIN.apiToken });
    const run = await runBin(["import", "--language", "yaml", "--out", out], env, { bin, cwd });
    // On a failure, what it printed is the message.
    expect({ code: run.code, failure: run.code === 0 ? "" : run.stderr }).toEqual({ code: 0, failure: "" });
    const yaml = parse(readFileSync(path.join(out, "Pulumi.yaml"), "utf8")) as { packages: { jenkins: string } };
    expect(yaml.packages.jenkins).toMatch(/^\.\.?\//);
    return { plugin: path.resolve(out, yaml.packages.jenkins), stderr: run.stderr };
  } finally {
    await server.close();
  }
}

/** What an import of a YAML program must not print: advice about files it did not write. */
function adviceAboutUnwrittenFiles(stderr: string): string[] {
  return stderr.split("\n").filter((l) => /package\.json|\.npmrc/.test(l));
}

const committedSchema = JSON.parse(readFileSync(path.join(repoRoot, "plugin", "schema.json"), "utf8")) as unknown;

let work: string;
beforeAll(() => {
  work = mkdtempSync(path.join(os.tmpdir(), "plugin-source-"));
});
afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe("the plugin from a git tag: a clone nobody built", () => {
  let plugin: string;
  let project: string;

  beforeAll(() => {
    const clone = path.join(work, "clone");
    execFileSync("git", ["clone", "--quiet", "--no-hardlinks", repoRoot, clone], { stdio: "ignore" });
    plugin = path.join(clone, "plugin");
    installPluginDependencies(plugin);
    project = path.join(work, "git-program");
    writeProgram(project, plugin);
    // The program's own SDK (a program in another language brings its own; this one is Node.js).
    mkdirSync(path.join(project, "node_modules", "@pulumi"), { recursive: true });
    symlinkSync(
      path.join(repoRoot, "node_modules", "@pulumi", "pulumi"),
      path.join(project, "node_modules", "@pulumi", "pulumi"),
      "dir",
    );
  });

  it("holds no build: the plugin serves the committed bundle", () => {
    expect(existsSync(path.join(plugin, "..", "dist"))).toBe(false);
    expect(existsSync(path.join(plugin, "bundle.js"))).toBe(true);
  });

  it("answers GetSchema with the committed schema", async () => {
    expect(await schemaOf(plugin)).toEqual(committedSchema);
  });

  it("creates a job, previews no change and no write, and deletes it", async () => {
    await goesUpAndDown(project);
  });
});

describe("the plugin from the npm package: the tarball installed into an empty project", () => {
  let plugin: string;
  let project: string;

  beforeAll(() => {
    const tarball = packCheckout(repoRoot, work);
    project = path.join(work, "npm-program");
    mkdirSync(project);
    npmInstall(project, tarball);
    plugin = path.join(project, "node_modules", "pulumi-jenkins-jobs", "plugin");
    installPluginDependencies(plugin);
    writeProgram(project, plugin);
  });

  it("ships the plugin folder", () => {
    for (const file of ["PulumiPlugin.yaml", "package.json", "index.js", "schema.json"])
      expect(existsSync(path.join(plugin, file))).toBe(true);
  });

  it("answers GetSchema with the committed schema", async () => {
    expect(await schemaOf(plugin)).toEqual(committedSchema);
  });

  it("creates a job, previews no change and no write, and deletes it", async () => {
    await goesUpAndDown(project);
  });

  it("import --language yaml from the installed package names its plugin folder, and the plugin starts there", async () => {
    const bin = path.join(project, "node_modules", "pulumi-jenkins-jobs", "dist", "provider", "entries", "bin.js");
    const out = path.join(project, "imported");
    const written = await importYaml(bin, project, out);
    expect(written.plugin).toBe(plugin);
    expect(adviceAboutUnwrittenFiles(written.stderr)).toEqual([]);
    expect(await schemaOf(written.plugin)).toEqual(committedSchema);
  });
});

describe("import --language yaml from the checkout", () => {
  it("names the checkout's plugin folder by a path that exists from the program's folder, and the plugin starts there", async () => {
    const out = path.join(work, "checkout-import");
    const written = await importYaml(BIN, work, out);
    expect(written.plugin).toBe(path.join(repoRoot, "plugin"));
    expect(adviceAboutUnwrittenFiles(written.stderr)).toEqual([]);
    expect(await schemaOf(written.plugin)).toEqual(committedSchema);
  });
});
