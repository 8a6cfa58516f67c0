/**
 * Acceptance: the jobs of a real Jenkins home, imported with the import command and adopted by the generated program
 * run as `pulumi up` runs it (the language host).
 *
 * The home (real-home.ts) holds a few hundred items built from the saved configs of real controllers, multibranch
 * projects with their branch jobs, and folders that still name the shared-library plugin by its old name; the
 * server runs exactly the plugins that home ran. Half its folders keep credentials in their configs, the system store
 * has some, and a few declarative pipelines hold a property their Jenkinsfile set before one declared by hand. The
 * generated program must: declare every item but the branch jobs (multibranch projects made from the spec come back
 * as the typed spec) and every credential (a `Credential` whose secrets come from the stack config keys the README
 * names), write no folder's credentials and no pipeline's own property into the configs, pass the plugin pre-flight
 * against those plugins, adopt every job without one request that changes a job (the credentials it adopts are
 * written once each, with the secrets from config, and keep the values Jenkins had), and preview with no changes
 * after `up` and after `refresh`.
 */
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import type { JenkinsServer } from "../../provider/server";
import { PulumiCli } from "../harness/language-host";
import { repoRoot } from "../harness/provider-process";
import { cleanEnv } from "../harness/serialized-provider";
import { ADMIN, RUNNABLE_CHECK_REQUEST, startServer } from "../harness/test-server";
import { buildRealHome, type RealHome } from "./real-home";

const PROPERTY = "com.cloudbees.hudson.plugins.folder.properties.FolderCredentialsProvider_-FolderCredentialsProperty";
const withoutProperty = (xml: string): string =>
  xml
    .replace(new RegExp(`<${PROPERTY}>[\\s\\S]*?</${PROPERTY}>`), "")
    .replace(/<properties>\s*<\/properties>/, "<properties/>");
/** The plaintexts of the encrypted values of a config, as the server holds them. */
const heldSecrets = (server: JenkinsServer, xml: string): Array<string | undefined> =>
  [...xml.matchAll(/\{AQAAAB[A-Za-z0-9+/=]+\}/g)].map((m) => server.decryptSecret(m[0]));
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

/** Requests that would change a job: anything but reads and a refused createItem of a job that exists. */
function changingRequests(server: JenkinsServer): string[] {
  return (
    server.requests
      .filter((r) => r.method !== "GET" && r.method !== "HEAD")
      // Adopting a credential writes it (its secrets cannot be compared): counted on their own.
      .filter((r) => !isCredentialsCall(r.path))
      // Adoption tries to create first: a create refused because the item or view exists changes nothing.
      .filter((r) => !(/\/(createItem|createView)$/.test(r.path) && r.status === 400))
      // The linter of the runnable check reads a script; it changes nothing.
      .filter((r) => !RUNNABLE_CHECK_REQUEST.test(`${r.method} ${r.path}`))
      .map((r) => `${r.method} ${r.path} → ${r.status}`)
  );
}

/** A folder's config.xml as Jenkins serves it (the folder as loaded). */
async function configServed(server: JenkinsServer, fullName: string): Promise<string> {
  const res = await fetch(
    new URL(`job/${fullName.split("/").map(encodeURIComponent).join("/job/")}/config.xml`, server.url),
    {
      headers: { authorization: `Basic ${Buffer.from(`${ADMIN.name}:${ADMIN.apiToken}`).toString("base64")}` },
    },
  );
  expect(res.status).toBe(200);
  return res.text();
}

describe("a real Jenkins home, imported and adopted through the language host", () => {
  let home: RealHome;
  let server: JenkinsServer;
  let out: string;
  let cli: PulumiCli;
  let before: Map<string, string | undefined>;
  /** The list views of the imported folders, written as View resources that adopt them. */
  let views: number;
  /** The folders holding credentials, as Jenkins serves them before the adoption. */
  let servedBefore: Map<string, string>;

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
    // The credentials the home's jobs name are in its system store already (real-home.ts), with the secrets the
    // program's config gives them below.
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

  it("the import declares every item but the branch jobs; multibranch projects from the spec as the typed spec", async () => {
    server.resetCounters();
    const env = cleanEnv({ JENKINS_URL: server.url, JENKINS_USER: ADMIN.name, JENKINS_API_TOKEN: ADMIN.apiToken });
    const res = await runCli(["import", "--out", out, "--project", "real-home", "--force"], env);
    expect({ code: res.code, wrote: /Wrote (\d+) items/.exec(res.stderr)?.[1] }).toEqual({
      code: 0,
      wrote: String(home.items.length),
    });
    expect(changingRequests(server)).toEqual([]);
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
    // Every credential, adopting, its secrets from the config keys the README names.
    expect(index.match(/^new Credential\(.*adopt: true \}\);$/gm)).toHaveLength(home.credentials.length);
    const readme = fs.readFileSync(path.join(out, "README.md"), "utf8");
    const lines = [
      ...readme.matchAll(
        /^pulumi config set --secret (\S+) '<value>'\s+# (\w+) of the credential "([^"]+)" in (\S+)/gm,
      ),
    ];
    expect(lines).toHaveLength(home.credentials.reduce((n, c) => n + Object.keys(c.secrets).length, 0));
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
    // What the team sets from its own records: the values the credentials hold in Jenkins.
    for (const [, key, field, id, store] of lines) {
      const credential = home.credentials.find((c) => c.id === id && (c.folder === "" ? "system" : c.folder) === store);
      const value = credential?.secrets[field];
      expect([key, value === undefined]).toEqual([key, false]);
      cli.setConfig(`real-home:${key}`, value, { secret: true });
    }
    servedBefore = new Map(
      await Promise.all(
        home.credentialFolders.map(async (f): Promise<[string, string]> => [f, await configServed(server, f)]),
      ),
    );
  });

  // Each operation of the language host over a few hundred resources takes tens of seconds on a busy 2-core machine.
  const OPERATION_MS = 180_000;

  it(
    "up passes the plugin pre-flight against the home's plugins and adopts every item without changing a config",
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
      expect(up.steps.filter((s) => s.urn.includes("/jenkins:Credential::"))).toHaveLength(home.credentials.length);
      expect(up.steps).toHaveLength(home.items.length + views + home.credentials.length);
      expect({ requestsThatChangeJobs: changingRequests(server) }).toEqual({ requestsThatChangeJobs: [] });
      // Each credential adopted with one write of its config.xml (after a create refused because it exists).
      const credentialWrites = server.requests.filter(
        (r) =>
          r.method !== "GET" &&
          isCredentialsCall(r.path) &&
          !(r.path.endsWith("/createCredentials") && r.status === 409),
      );
      expect(
        credentialWrites.map((r) => `${r.method} ${r.path.replace(/.*\/credential\/[^/]+\//, "")} ${r.status}`),
      ).toEqual(home.credentials.map(() => "POST config.xml 200"));
      for (const [fullName, xml] of before) {
        // A folder's store is saved with the folder: only its credentials part changed, to the same secrets.
        if (home.credentialFolders.includes(fullName)) continue;
        expect([fullName, server.jobConfigOnDisk(fullName)]).toEqual([fullName, xml]);
      }
      for (const [f, served] of servedBefore) {
        const now = await configServed(server, f);
        expect([f, withoutProperty(now)]).toEqual([f, withoutProperty(served)]);
        expect([f, heldSecrets(server, now)]).toEqual([f, heldSecrets(server, served)]);
      }
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
