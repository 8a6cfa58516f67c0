/**
 * The package as a user gets it: `npm pack`, installed into a fresh `pulumi new typescript`-style project next to
 * the project's own `@pulumi/pulumi`, `typescript` and `@types/node`. The install holds exactly one copy of the
 * SDK, the program type-checks under the project's strict `nodenext` tsconfig, and it runs through the language
 * host: up → plan with no changes → refresh → plan with no changes → destroy against the Jenkins-compatible server.
 */
import { markedOver, markWrites } from "../import/mark-writes";
import { execFileSync, spawn } from "node:child_process";
import { existsSync, lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type { JenkinsServer } from "../../provider/server";
import { EXISTING } from "../../scripts/capture-adopt-existing";
import { FIXTURE_DIR } from "../harness/fixtures";
import { JenkinsUser } from "../harness/jenkins-user";
import { PulumiCli } from "../harness/language-host";
import { repoRoot } from "../harness/provider-process";
import { itemsOnServer } from "../language-host/server-items";
import { startStack } from "../language-host/stack";
import { ADMIN, RUNNABLE_CHECK_REQUEST, startServer } from "../harness/test-server";
import { cleanEnv } from "../harness/serialized-provider";
import { startServeCommand, type ServeCommand } from "./serve-command";
import { instantiateTemplate, templatePrompts } from "./pulumi-new";
import { CREDENTIALS_PROGRAM, npmInstall, packCheckout, readmeUseSnippet, writeUserProject } from "./user-project";
import { QUIET_REFRESH } from "../harness/language-host/quiet-refresh";

/** Every installed copy of a package under a project's node_modules, however deep. */
function copiesOf(dir: string, name: string): string[] {
  const found: string[] = [];
  const walk = (nodeModules: string): void => {
    if (!existsSync(nodeModules)) return;
    if (existsSync(path.join(nodeModules, name, "package.json"))) found.push(path.join(nodeModules, name));
    for (const entry of readdirSync(nodeModules)) {
      const scoped = entry.startsWith("@")
        ? readdirSync(path.join(nodeModules, entry)).map((e) => `${entry}/${e}`)
        : [entry];
      for (const pkg of scoped) walk(path.join(nodeModules, pkg, "node_modules"));
    }
  };
  walk(path.join(dir, "node_modules"));
  return found;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)],
  );
}

/** A child node process, without blocking this one (the server answering it runs here). */
function runNode(
  args: string[],
  opts: { cwd: string; env: NodeJS.ProcessEnv },
): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { ...opts, stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (c: Buffer) => (stderr += c.toString("utf8")));
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, stderr }));
  });
}

let work: string;
let tarball: string;

beforeAll(() => {
  work = mkdtempSync(path.join(os.tmpdir(), "jenkins-jobs-user-"));
  tarball = packCheckout(repoRoot, work);
});
afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe("the packed package in a new Pulumi TypeScript project", () => {
  let project: string;
  let server: JenkinsServer;
  let user: JenkinsUser;
  let cli: PulumiCli;

  beforeAll(async () => {
    project = path.join(work, "my-jenkins-stack");
    writeUserProject(project, repoRoot, "my-jenkins-stack");
    npmInstall(project, tarball);
    ({ server, user, cli } = await startStack(project));
  });
  afterAll(async () => {
    await server?.close();
  });

  it("installs with exactly one copy of @pulumi/pulumi and only the compiled package", () => {
    expect(copiesOf(project, "@pulumi/pulumi")).toEqual([path.join(project, "node_modules", "@pulumi", "pulumi")]);
    const installed = path.join(project, "node_modules", "pulumi-jenkins-jobs");
    expect(existsSync(path.join(installed, "dist", "provider", "index.js"))).toBe(true);
    expect(existsSync(path.join(installed, "dist", "test"))).toBe(false);
    const manifest = JSON.parse(readFileSync(path.join(installed, "package.json"), "utf8")) as {
      peerDependencies: Record<string, string>;
      scripts?: Record<string, string>;
    };
    expect(Object.keys(manifest.peerDependencies)).toEqual(["@pulumi/pulumi"]);
    // Nothing runs at install time, and no compiled file points at a source map or a source it does not ship.
    expect(Object.keys(manifest.scripts ?? {}).filter((s) => /^(pre|post)?(install|prepare)$/.test(s))).toEqual([]);
    const shipped = filesUnder(path.join(installed, "dist"));
    expect(shipped.filter((f) => f.endsWith(".map"))).toEqual([]);
    expect(shipped.filter((f) => f.endsWith(".js") && readFileSync(f, "utf8").includes("sourceMappingURL"))).toEqual(
      [],
    );
  });

  it("type-checks under the project's strict nodenext tsconfig", () => {
    const tsc = path.join(project, "node_modules", "typescript", "bin", "tsc");
    expect(execFileSync(process.execPath, [tsc, "--noEmit", "-p", project], { encoding: "utf8" })).toBe("");
  });

  it("goes up, plans no changes, refreshes without drift, plans no changes, and is destroyed", async () => {
    const up = await cli.up();
    expect({ ok: up.ok, errors: up.errors, logs: up.logs.filter((l) => l.severity === "error") }).toEqual({
      ok: true,
      errors: [],
      logs: [],
    });
    expect(up.outputs).toEqual({ apiUrl: `${server.url}job/team/job/api-build/` });
    expect(await itemsOnServer(user)).toEqual(["team", "team/api-build"]);
    // Installed under node_modules, the serialized provider is a require of the package's provider module: a few
    // hundred bytes in every state entry and every request, the same on every machine.
    const jobs = cli.state.resources.filter((r) => r.type === "pulumi-nodejs:dynamic/jenkins:Job");
    expect(jobs).toHaveLength(2);
    const providers = new Set(jobs.map((r) => r.outputs.__provider));
    expect(providers.size).toBe(1);
    const providerText = [...providers][0] as string;
    expect(providerText).toContain('require("pulumi-jenkins-jobs/dist/provider/resource/provider.js")');
    expect(providerText).not.toContain(project);
    expect(providerText.length).toBeLessThan(400);

    server.resetCounters();
    const plan = await cli.preview();
    expect(plan.steps.map((s) => s.op)).toEqual(["same", "same"]);
    expect(server.requests).toHaveLength(0);

    expect(await cli.refresh()).toMatchObject(QUIET_REFRESH);
    expect((await cli.preview()).steps.map((s) => s.op)).toEqual(["same", "same"]);

    const destroy = await cli.destroy();
    expect(destroy.errors).toEqual([]);
    expect(await itemsOnServer(user)).toEqual([]);
  });
});

/**
 * A Credential from the installed package: it type-checks under the strict nodenext tsconfig with a job naming it
 * as `credentialsId: key.credentialId`, its serialized provider is a require of the package's Credential provider
 * module, and its secret is in neither the state nor any output.
 */
describe("a Credential from the packed package, named by a job", () => {
  const KEY = "-----BEGIN OPENSSH PRIVATE KEY-----\naW5zdGFsbGVkLWtleQ==\n-----END OPENSSH PRIVATE KEY-----\n";
  let project: string;
  let server: JenkinsServer;
  let user: JenkinsUser;
  let cli: PulumiCli;

  beforeAll(async () => {
    project = path.join(work, "my-credentials-stack");
    writeUserProject(project, repoRoot, "my-credentials-stack", CREDENTIALS_PROGRAM);
    npmInstall(project, tarball);
    ({ server, user, cli } = await startStack(project));
    cli.setConfig("deployKey", KEY, { secret: true });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("type-checks, goes up, plans no changes, and keeps the key out of the state", async () => {
    const tsc = path.join(project, "node_modules", "typescript", "bin", "tsc");
    expect(execFileSync(process.execPath, [tsc, "--noEmit", "-p", project], { encoding: "utf8" })).toBe("");
    const up = await cli.up();
    expect({ ok: up.ok, errors: up.errors }).toEqual({ ok: true, errors: [] });
    expect(await user.credentialIds("team")).toEqual(["deploy-key"]);
    expect(await user.getConfig("team/api")).toContain("<credentialsId>deploy-key</credentialsId>");
    const credential = cli.state.resources.find((r) => r.type === "pulumi-nodejs:dynamic/jenkins:Credential");
    const providerText = String(credential?.outputs.__provider);
    expect(providerText).toContain('require("pulumi-jenkins-jobs/dist/provider/credential/provider.js")');
    expect(providerText.length).toBeLessThan(400);
    expect(JSON.stringify(cli.state)).not.toContain("aW5zdGFsbGVkLWtleQ");
    server.resetCounters();
    const plan = await cli.preview();
    expect(plan.steps.map((s) => s.op)).toEqual(["same", "same", "same"]);
    expect(server.requests).toHaveLength(0);
    const destroy = await cli.destroy();
    expect(destroy.errors).toEqual([]);
    expect(await itemsOnServer(user)).toEqual([]);
  });
});

/**
 * The import command of the installed package, run as a user runs it (`npx pulumi-jenkins import`), writes a
 * project whose `npm install` works as written: the package comes from the copy that wrote it, copied (not linked)
 * so the project holds one `@pulumi/pulumi`. Run against the server holding the jobs it was imported from, the
 * first `up` adopts them without a write.
 */
describe("the project the installed import command writes, installed as written", () => {
  let tools: string;
  let project: string;
  let server: JenkinsServer;
  let user: JenkinsUser;
  let cli: PulumiCli;
  let printed: string;

  beforeAll(async () => {
    tools = path.join(work, "tools");
    writeUserProject(tools, repoRoot, "tools");
    npmInstall(tools, tarball);
    server = await startServer("current");
    user = new JenkinsUser(server.url, { user: ADMIN.name, apiToken: ADMIN.apiToken });
    for (const item of EXISTING)
      await user.createJob(item.fullName, readFileSync(path.join(FIXTURE_DIR, item.fixture), "utf8"));
    project = path.join(work, "jenkins-jobs");
    const bin = path.join(tools, "node_modules", ".bin", "pulumi-jenkins");
    const env = cleanEnv({ JENKINS_URL: server.url, JENKINS_USER: ADMIN.name, JENKINS_API_TOKEN: ADMIN.apiToken });
    const run = await runNode([bin, "import", "--out", project], { cwd: work, env });
    if (run.code !== 0) throw new Error(`import failed (${run.code}): ${run.stderr}`);
    printed = run.stderr;
    execFileSync("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund"], {
      cwd: project,
      stdio: ["ignore", "pipe", "pipe"],
    });
    cli = new PulumiCli(project, { env: cleanEnv() })
      .setConfig("jenkins:url", server.url)
      .setConfig("jenkins:user", ADMIN.name)
      .setConfig("jenkins:apiToken", ADMIN.apiToken, { secret: true });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("takes the package from the copy that wrote it, copied, with one @pulumi/pulumi, and says so", () => {
    const manifest = JSON.parse(readFileSync(path.join(project, "package.json"), "utf8"));
    expect(manifest.dependencies["pulumi-jenkins-jobs"]).toBe("file:../tools/node_modules/pulumi-jenkins-jobs");
    const installed = path.join(project, "node_modules", "pulumi-jenkins-jobs");
    expect(lstatSync(installed).isSymbolicLink()).toBe(false);
    expect(existsSync(path.join(installed, "dist", "provider", "resource", "provider.js"))).toBe(true);
    expect(copiesOf(project, "@pulumi/pulumi")).toEqual([path.join(project, "node_modules", "@pulumi", "pulumi")]);
    expect(printed).toContain(
      `package.json takes pulumi-jenkins-jobs from ${path.join(tools, "node_modules", "pulumi-jenkins-jobs")} ` +
        "(file:../tools/node_modules/pulumi-jenkins-jobs): it is not on the npm registry yet.\n" +
        "Once it is published: npm install pulumi-jenkins-jobs@^0.1.0, then delete .npmrc.\n",
    );
  });

  it("previews every adoption as a create, as its README says, then adopts writing only marks of ownership", async () => {
    expect(readFileSync(path.join(project, "README.md"), "utf8")).toMatch(
      /pulumi preview +# every job shows as a create \(\+\): that is its adoption; nothing is written to Jenkins/,
    );
    server.resetCounters();
    const preview = await cli.preview();
    expect(preview.steps.map((s) => s.op)).toEqual(EXISTING.map(() => "create"));
    // Only reads: the runnable check's lint of the pipelines' scripts is a POST that changes nothing.
    expect(
      server.requests.filter((r) => r.method === "POST" && !RUNNABLE_CHECK_REQUEST.test(`${r.method} ${r.path}`)),
    ).toEqual([]);

    const before = EXISTING.map((i) => server.jobConfigOnDisk(i.fullName));
    server.resetCounters();
    const up = await cli.up();
    expect({ ok: up.ok, errors: up.errors }).toEqual({ ok: true, errors: [] });
    expect(up.steps.map((s) => s.op)).toEqual(EXISTING.map(() => "create"));
    // Only each item's mark of ownership is written (a folder's in its config.xml), the descriptions otherwise as
    // they were.
    const marked = markWrites(
      server.requests
        .filter(
          (r) =>
            r.method === "POST" &&
            !(r.path.endsWith("/createItem") && r.status === 400) &&
            !RUNNABLE_CHECK_REQUEST.test(`${r.method} ${r.path}`),
        )
        .map((r) => `${r.method} ${r.path} → ${r.status}`),
    );
    expect(marked).toEqual({ items: EXISTING.map((i) => i.fullName).sort(), views: [], others: [] });
    for (const [n, i] of EXISTING.entries()) {
      expect({ item: i.fullName, ...markedOver(before[n], server.jobConfigOnDisk(i.fullName)) }).toMatchObject({
        item: i.fullName,
        same: true,
      });
    }

    expect((await cli.preview()).steps.filter((s) => s.op !== "same")).toEqual([]);
    expect(await cli.refresh()).toMatchObject(QUIET_REFRESH);
    expect((await cli.preview()).steps.filter((s) => s.op !== "same")).toEqual([]);
    expect((await cli.destroy()).errors).toEqual([]);
    expect(await itemsOnServer(user)).toEqual([]);
  });
});

/**
 * A new user's first run, from the README alone: the "Use" program as written, in a new project with the packed
 * package installed, against the server `npx pulumi-jenkins serve` starts, configured with what it prints.
 */
describe("the README's Use program against `pulumi-jenkins serve`, both from the installed package", () => {
  let project: string;
  let served: ServeCommand;
  let user: JenkinsUser;
  let cli: PulumiCli;

  beforeAll(async () => {
    project = path.join(work, "readme-stack");
    writeUserProject(project, repoRoot, "readme-stack", readmeUseSnippet(repoRoot));
    npmInstall(project, tarball);
    served = await startServeCommand(
      path.join(project, "node_modules", ".bin", "pulumi-jenkins"),
      ["--port", "0"],
      project,
    );
    user = new JenkinsUser(served.url, { user: served.user, apiToken: served.apiToken });
    cli = new PulumiCli(project, { env: cleanEnv() })
      .setConfig("jenkins:url", served.url)
      .setConfig("jenkins:user", served.user)
      .setConfig("jenkins:apiToken", served.apiToken, { secret: true });
  });
  afterAll(async () => {
    await served?.stop();
  });

  it("type-checks as written", () => {
    const tsc = path.join(project, "node_modules", "typescript", "bin", "tsc");
    expect(execFileSync(process.execPath, [tsc, "--noEmit", "-p", project], { encoding: "utf8" })).toBe("");
  });

  it("goes up without a warning, plans no changes, refreshes without drift, and is destroyed", async () => {
    const up = await cli.up();
    expect({
      ok: up.ok,
      errors: up.errors,
      logs: up.logs.filter((l) => l.severity === "warning" || l.severity === "error"),
    }).toEqual({
      ok: true,
      errors: [],
      logs: [],
    });
    expect(up.outputs).toEqual({ url: `${served.url}job/team/job/api-build/` });
    expect(await itemsOnServer(user)).toEqual(["nightly-cleanup", "team", "team/api-build"]);
    expect((await cli.preview()).steps.map((s) => s.op)).toEqual(["same", "same", "same"]);
    expect(await cli.refresh()).toMatchObject(QUIET_REFRESH);
    expect((await cli.preview()).steps.map((s) => s.op)).toEqual(["same", "same", "same"]);
    expect((await cli.destroy()).errors).toEqual([]);
    expect(await itemsOnServer(user)).toEqual([]);
  });
});

/**
 * The `pulumi new` template in templates/jenkins-typescript, instantiated as `pulumi new` does (names substituted,
 * its config prompts answered with the server's URL, user and token), with the packed package installed: up, a plan
 * with no changes, refresh, destroy.
 */
describe("a project made from templates/jenkins-typescript", () => {
  const template = path.join(repoRoot, "templates", "jenkins-typescript");
  let project: string;
  let server: JenkinsServer;
  let user: JenkinsUser;
  let cli: PulumiCli;

  beforeAll(async () => {
    project = path.join(work, "jenkins-stack");
    instantiateTemplate(template, project, { project: "jenkins-stack", description: "The team's Jenkins jobs" });
    npmInstall(project, tarball);
    server = await startServer("current");
    user = new JenkinsUser(server.url, { user: ADMIN.name, apiToken: ADMIN.apiToken });
    const answers: Record<string, string> = {
      "jenkins:url": server.url,
      "jenkins:user": ADMIN.name,
      "jenkins:apiToken": ADMIN.apiToken,
    };
    cli = new PulumiCli(project, { env: cleanEnv() });
    for (const prompt of templatePrompts(template))
      cli.setConfig(prompt.key, answers[prompt.key], { secret: prompt.secret });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("prompts for the URL, the user and a secret API token, and depends on this release", () => {
    expect(templatePrompts(template).map((p) => [p.key, p.secret])).toEqual([
      ["jenkins:url", false],
      ["jenkins:user", false],
      ["jenkins:apiToken", true],
    ]);
    const own = JSON.parse(readFileSync(path.join(repoRoot, "package.json"), "utf8"));
    const deps = JSON.parse(readFileSync(path.join(template, "package.json"), "utf8")).dependencies;
    expect(deps).toEqual({
      "@pulumi/pulumi": own.peerDependencies["@pulumi/pulumi"],
      "pulumi-jenkins-jobs": `^${own.version}`,
    });
    expect(readFileSync(path.join(project, "Pulumi.yaml"), "utf8")).not.toMatch(/template:|\$\{/);
  });

  it("type-checks under its strict nodenext tsconfig", () => {
    const tsc = path.join(project, "node_modules", "typescript", "bin", "tsc");
    expect(execFileSync(process.execPath, [tsc, "--noEmit", "-p", project], { encoding: "utf8" })).toBe("");
  });

  it("goes up without a warning, plans no changes, refreshes without drift, and is destroyed", async () => {
    const up = await cli.up();
    expect({
      ok: up.ok,
      errors: up.errors,
      logs: up.logs.filter((l) => l.severity === "warning" || l.severity === "error"),
    }).toEqual({ ok: true, errors: [], logs: [] });
    expect(up.outputs).toEqual({
      folderUrl: `${server.url}job/jenkins-stack/`,
      buildUrl: `${server.url}job/jenkins-stack/job/build/`,
    });
    expect(await itemsOnServer(user)).toEqual(["jenkins-stack", "jenkins-stack/build"]);
    expect((await cli.preview()).steps.map((s) => s.op)).toEqual(["same", "same"]);
    expect(await cli.refresh()).toMatchObject(QUIET_REFRESH);
    expect((await cli.preview()).steps.map((s) => s.op)).toEqual(["same", "same"]);
    expect((await cli.destroy()).errors).toEqual([]);
    expect(await itemsOnServer(user)).toEqual([]);
  });
});
