/**
 * Acceptance: the jobs of a real Jenkins home, imported with the import command and adopted by the generated program
 * run as `pulumi up` runs it (the language host).
 *
 * The home (real-home.ts) holds a few hundred items built from the saved configs of real controllers, multibranch
 * projects with their branch jobs, and folders that still name the shared-library plugin by its old name; the
 * server runs exactly the plugins that home ran. Half its folders keep credentials in their configs, the system store
 * has some, and a few declarative pipelines hold a property their Jenkinsfile set before one declared by hand. The
 * generated program must: declare every item but the branch jobs (multibranch projects made from the spec come back
 * as the typed spec) and no credential (they stay in Jenkins without --credentials, and the program names no secret
 * config key), write no folder's credentials and no pipeline's own property into the configs, pass the plugin
 * pre-flight against those plugins, adopt every item with no write at all (no config.xml, credential or view POST,
 * no createItem that creates: every config and the system store byte for byte as they were), and preview with no
 * changes after `up` and after `refresh`.
 */
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import type { JenkinsServer } from "../../provider/server";
import { markedOver, markWrites } from "./mark-writes";
import { PulumiCli } from "../harness/language-host";
import { repoRoot } from "../harness/provider-process";
import { cleanEnv } from "../harness/serialized-provider";
import { ADMIN, RUNNABLE_CHECK_REQUEST, startServer } from "../harness/test-server";
import { buildRealHome, type RealHome } from "./real-home";

const PROPERTY = "com.cloudbees.hudson.plugins.folder.properties.FolderCredentialsProvider_-FolderCredentialsProperty";
const isCredentialsCall = (p: string): boolean => p.includes("/credentials/store/");

const CLI = path.join(repoRoot, "dist", "provider", "import", "cli.js");

function runCli(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], { env, stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (c: Buffer) => (stderr += c.toString("utf8")));
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, stderr }));
  });
}

/** Requests that would change something: anything but reads and a refused create of an item or view that exists. */
function changingRequests(server: JenkinsServer): string[] {
  return (
    server.requests
      .filter((r) => r.method !== "GET" && r.method !== "HEAD")
      // Adoption tries to create first: a create refused because the item or view exists changes nothing.
      .filter((r) => !(/\/(createItem|createView)$/.test(r.path) && r.status === 400))
      // The linter of the runnable check reads a script; it changes nothing.
      .filter((r) => !RUNNABLE_CHECK_REQUEST.test(`${r.method} ${r.path}`))
      .map((r) => `${r.method} ${r.path} → ${r.status}`)
  );
}

describe("a real Jenkins home, imported and adopted through the language host", () => {
  let home: RealHome;
  let server: JenkinsServer;
  let out: string;
  let cli: PulumiCli;
  let before: Map<string, string | undefined>;
  /** The system store (credentials.xml) before the adoption. */
  let systemStoreBefore: string;
  /** The list views of the imported folders, written as View resources that adopt them. */
  let views: number;

  beforeAll(async () => {
    home = buildRealHome();
    server = await startServer("current", {
      dataDir: home.dir,
      plugins: home.plugins,
      repositories: home.repositories,
    });
    // Inside the checkout, so the program resolves @pulumi/pulumi and pulumi-jenkins-jobs as a project that installed
    // the package does (dist/ is neither compiled nor searched for tests).
    fs.mkdirSync(path.join(repoRoot, "dist"), { recursive: true });
    out = fs.mkdtempSync(path.join(repoRoot, "dist", "real-home-"));
    before = new Map(
      [...home.items, ...home.branchJobs.map((fullName) => ({ fullName }))].map((i) => [
        i.fullName,
        server.jobConfigOnDisk(i.fullName),
      ]),
    );
    // The credentials the home's jobs name are in its system store already (real-home.ts); they stay there.
    systemStoreBefore = fs.readFileSync(path.join(server.dataDir, "credentials.xml"), "utf8");
  });
  afterAll(async () => {
    await server?.close();
    for (const dir of [home?.dir, out]) if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("the home is what the acceptance needs: a few hundred items, branch jobs, the old plugin name", async () => {
    expect(home.items.length).toBeGreaterThanOrEqual(220);
    expect(home.branchJobs.length).toBeGreaterThanOrEqual(70);
    expect(home.renamedPluginFolders.length).toBeGreaterThan(0);
    expect(home.plugins["workflow-cps-global-lib"]).toBeUndefined();
    expect(home.plugins["pipeline-groovy-lib"]).toBeDefined();
    expect(home.credentialFolders.length).toBeGreaterThanOrEqual(8);
    expect(home.credentials.filter((c) => c.folder !== "").length).toBeGreaterThan(home.credentialFolders.length / 2);
    // Its own two, and one for each id the jobs name.
    expect(home.credentials.filter((c) => c.folder === "").length).toBeGreaterThan(2);
    expect(home.pipelinesOwningFirstProperty).toHaveLength(4);
    for (const f of home.credentialFolders) expect(server.jobConfigOnDisk(f)).toContain(PROPERTY);
    const project = home.typedProjects[0];
    const res = await fetch(new URL(`job/${project.split("/").join("/job/")}/api/json?tree=jobs[name]`, server.url), {
      headers: { authorization: `Basic ${Buffer.from(`${ADMIN.name}:${ADMIN.apiToken}`).toString("base64")}` },
    });
    expect(((await res.json()) as { jobs: Array<{ name: string }> }).jobs.map((j) => j.name)).toEqual([
      "feature%2Flogin",
      "main",
      "release%2F2.0",
    ]);
  });

  it("the import declares every item but the branch jobs and no credential; multibranch projects as the typed spec", async () => {
    server.resetCounters();
    const env = cleanEnv({ JENKINS_URL: server.url, JENKINS_USER: ADMIN.name, JENKINS_API_TOKEN: ADMIN.apiToken });
    const res = await runCli(["import", "--out", out, "--project", "real-home", "--force"], env);
    expect({ code: res.code, wrote: /Wrote (\d+) items/.exec(res.stderr)?.[1] }).toEqual({
      code: 0,
      wrote: String(home.items.length),
    });
    expect(changingRequests(server)).toEqual([]);
    expect(server.requests.filter((r) => isCredentialsCall(r.path))).toEqual([]);
    const index = fs.readFileSync(path.join(out, "index.ts"), "utf8");
    const declared = [...index.matchAll(/new Job\(("(?:[^"\\]|\\.)*")/g)].map((m) => JSON.parse(m[1]) as string);
    views = [...index.matchAll(/new View\(/g)].length;
    expect(declared.sort()).toEqual(home.items.map((i) => i.fullName).sort());
    for (const project of home.typedProjects) {
      expect(index).toMatch(
        new RegExp(
          `new Job\\(${JSON.stringify(project).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}, \\{[^;]*multibranch: \\{`,
        ),
      );
    }
    // What Jenkins owns stays out of the configs: no folder's credentials, no pipeline's own property or tracker.
    for (const f of fs.readdirSync(path.join(out, "jobs"), { recursive: true, encoding: "utf8" })) {
      if (!f.endsWith(".xml")) continue;
      const text = fs.readFileSync(path.join(out, "jobs", f), "utf8");
      expect([f, text.includes(PROPERTY), /\{AQAAAB/.test(text)]).toEqual([f, false, false]);
    }
    for (const p of home.pipelinesOwningFirstProperty) {
      const decl = new RegExp(
        `new Job\\(${JSON.stringify(p).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}, \\{[^;]*configXml: jobConfig\\(("[^"]+")\\)`,
      ).exec(index);
      const text = fs.readFileSync(path.join(out, "jobs", JSON.parse(decl?.[1] ?? '""') as string), "utf8");
      expect(text).not.toContain("jenkins.model.BuildDiscarderProperty");
      expect(text).not.toContain("DeclarativeJobPropertyTrackerAction");
      expect(text).toContain("hudson.model.ParametersDefinitionProperty");
    }
    // No credential, of the folders or the system store, and no secret config key but the connection's.
    expect(index).not.toMatch(/Credential\(|requireSecret|getSecret/);
    const readme = fs.readFileSync(path.join(out, "README.md"), "utf8");
    expect(readme.match(/pulumi config set --secret \S+/g)).toEqual(["pulumi config set --secret jenkins:apiToken"]);
    // Branch jobs are listed as not imported, once per project, with who manages them.
    expect(index).toContain(`//   ${home.typedProjects[0]}/main: managed by Jenkins through ${home.typedProjects[0]}`);
    // The program runs as the examples of this checkout run: `pulumi-jenkins-jobs` resolves to the checkout (the
    // package's own name, from inside it), where the generated package.json would install it from a registry.
    expect(JSON.parse(fs.readFileSync(path.join(out, "package.json"), "utf8")).dependencies).toHaveProperty(
      "pulumi-jenkins-jobs",
    );
    fs.rmSync(path.join(out, "package.json"));
    fs.writeFileSync(
      path.join(out, "tsconfig.json"),
      JSON.stringify({ extends: path.relative(out, path.join(repoRoot, "tsconfig.json")), files: ["index.ts"] }),
    );
    cli = new PulumiCli(out, { env: cleanEnv(), stack: "adopt" })
      .setConfig("jenkins:url", server.url)
      .setConfig("jenkins:user", ADMIN.name)
      .setConfig("jenkins:apiToken", ADMIN.apiToken, { secret: true });
  });

  // Each operation of the language host over a few hundred resources takes tens of seconds on a busy 2-core machine.
  const OPERATION_MS = 180_000;

  it(
    "up passes the plugin pre-flight against the home's plugins and adopts every item writing only its mark",
    async () => {
      server.resetCounters();
      const up = await cli.up();
      const failed = up.program?.code === 0 ? "" : up.logs.map((l) => l.message.slice(0, 1500)).join("\n");
      expect({ ok: up.ok, errors: up.errors, failed }).toEqual({ ok: true, errors: [], failed: "" });
      // The pre-flight ran (one read of the plugin list) and found nothing to say, renamed plugin included.
      expect(server.requests.filter((r) => r.path === "/pluginManager/api/json")).toHaveLength(1);
      expect(up.logs.filter((l) => l.severity === "warning" || l.severity === "error")).toEqual([]);
      expect(up.steps.filter((s) => s.op !== "create")).toEqual([]);
      expect(up.steps.filter((s) => s.urn.includes("/jenkins:Job::"))).toHaveLength(home.items.length);
      expect(up.steps.filter((s) => s.urn.includes("/jenkins:View::"))).toHaveLength(views);
      expect(up.steps).toHaveLength(home.items.length + views);
      // Each item's mark of ownership, one write per item (a folder's in its config.xml), and nothing else; the
      // descriptions as before, with the mark as their last line.
      const marked = markWrites(changingRequests(server));
      expect(marked.others).toEqual([]);
      const declared = new Set(home.items.map((i) => i.fullName));
      expect(marked.items).toEqual([...declared].sort());
      // Each view adopted gets its own mark: one config.xml POST per view.
      expect(marked.views).toHaveLength(views);
      for (const [fullName, xml] of before) {
        if (!declared.has(fullName)) continue;
        const found = markedOver(xml, server.jobConfigOnDisk(fullName));
        expect({ fullName, ...found }).toEqual({ fullName, same: true, owner: "real-home/adopt" });
      }
      // The branch jobs Jenkins computes carry no mark and are all still there: the indexing a multibranch
      // project's config POST starts finds the same branches.
      expect(home.branchJobs.filter((b) => server.jobConfigOnDisk(b) === undefined)).toEqual([]);
      expect(fs.readFileSync(path.join(server.dataDir, "credentials.xml"), "utf8")).toBe(systemStoreBefore);
    },
    OPERATION_MS,
  );

  it(
    "the preview after up has no changes and sends nothing that changes a job",
    async () => {
      server.resetCounters();
      const plan = await cli.preview();
      expect(plan.ok).toBe(true);
      expect(plan.steps.filter((s) => s.op !== "same")).toEqual([]);
      expect(changingRequests(server)).toEqual([]);
    },
    OPERATION_MS,
  );

  it(
    "refresh finds no drift and the preview after it has no changes",
    async () => {
      server.resetCounters();
      const refresh = await cli.refresh();
      expect({ ok: refresh.ok, changed: refresh.changed.map((c) => c.urn), gone: refresh.gone }).toEqual({
        ok: true,
        changed: [],
        gone: [],
      });
      const again = await cli.preview();
      expect(again.steps.filter((s) => s.op !== "same")).toEqual([]);
      expect(changingRequests(server)).toEqual([]);
    },
    2 * OPERATION_MS,
  );
});
