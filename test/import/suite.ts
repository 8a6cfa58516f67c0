/**
 * The end-to-end import suite, run once per server mode (one test file each, so the two run in parallel).
 *
 * End to end: `pulumi-jenkins import` (the compiled bin, as a child process) against the Jenkins-compatible server
 * holding 200 mixed items whose jobs name credentials of the system store, then the generated program run through
 * the Layer-3 mock engine with every Job forwarded to the real provider process. The credentials stay in Jenkins
 * (not declared without --credentials), and adopting the imported jobs must send no write at all.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type { JenkinsServer } from "../../provider/server";
import { runBin } from "../harness/bin";
import { MockEngine } from "../harness/mock-engine";
import { ProviderProcess, repoRoot } from "../harness/provider-process";
import { startConfiguredProvider } from "../harness/configured-provider";
import { findLeaks } from "../harness/secrets";
import { cleanEnv } from "../harness/serialized-provider";
import {
  ADMIN,
  credentialForms,
  type Mode,
  beyondPreflight,
  RUNNABLE_CHECK_REQUEST,
  startServer,
  onlyReads,
} from "../harness/test-server";
import { homeLayout, writeHome, type HomeItem } from "./home";
import { programFrom, typeCheck } from "./run-program";
import { markedOver, markWrites } from "./mark-writes";
import { JenkinsUser } from "../harness/jenkins-user";
import { addCredentialsNamedIn } from "../harness/known-credentials";

function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join("/"))
    .sort();
}

const isCredentialsCall = (p: string): boolean => p.includes("/credentials/store/");

/** Requests that would change something: anything but GETs and a refused createItem of an item that exists. */
function changingRequests(server: JenkinsServer): string[] {
  return (
    server.requests
      .filter((r) => r.method !== "GET" && r.method !== "HEAD")
      .filter((r) => !(/\/create(Item|View)$/.test(r.path) && r.status === 400))
      // The linter of the runnable check reads a script; it changes nothing.
      .filter((r) => !RUNNABLE_CHECK_REQUEST.test(`${r.method} ${r.path}`))
      .map((r) => `${r.method} ${r.path} → ${r.status}`)
  );
}

export function importSuite(mode: Mode): void {
  describe(`import of a 200-item server, then adopting it (${mode} server)`, () => {
    let layout: HomeItem[];
    let home: string;
    let server: JenkinsServer;
    let out: string;
    let proc: ProviderProcess;

    beforeAll(async () => {
      layout = homeLayout(200);
      home = writeHome(layout);
      server = await startServer(mode, { dataDir: home });
      // The credentials the home's jobs name, as the controller the home comes from holds them.
      const user = new JenkinsUser(server.url, { user: ADMIN.name, apiToken: ADMIN.apiToken });
      await addCredentialsNamedIn(
        user,
        layout.map((i) => server.jobConfigOnDisk(i.fullName)),
      );
      out = fs.mkdtempSync(path.join(os.tmpdir(), "jenkins-import-out-"));
      proc = await startConfiguredProvider(server, { cwd: out });
    });
    afterAll(async () => {
      await proc?.close();
      await server?.close();
      for (const dir of [home, out]) if (dir) fs.rmSync(dir, { recursive: true, force: true });
    });

    it("writes one adopting Job per item, each config in its own file, with reads only and no credential", async () => {
      server.resetCounters();
      const env = cleanEnv({ JENKINS_URL: server.url, JENKINS_USER: ADMIN.name, JENKINS_API_TOKEN: ADMIN.apiToken });
      const res = await runBin(["import", "--out", out, "--project", "imported"], env);
      expect({ code: res.code, stderr: res.stderr }).toEqual({
        code: 0,
        stderr: expect.stringContaining("Wrote 200 items"),
      });
      // Reads only: the runnable check's linter (for the README's jobs that cannot run) changes nothing.
      expect(server.requests.filter((r) => !onlyReads(r))).toEqual([]);
      // Credentials stay in Jenkins: the import does not even list them.
      expect(server.requests.filter((r) => isCredentialsCall(r.path))).toEqual([]);
      expect(server.requests.filter((r) => r.path.endsWith("/config.xml") && !isCredentialsCall(r.path))).toHaveLength(
        200,
      );

      // Not a terminal: plain progress lines, one per tenth.
      const progressLines = res.stderr.split("\n").filter((l) => l.startsWith("Reading configs: "));
      expect(progressLines).toHaveLength(10);
      expect(progressLines[9]).toBe("Reading configs: 200/200 (100%)");
      expect(res.stderr).not.toContain("\r");

      const files = filesUnder(out);
      expect(files.filter((f) => !f.startsWith("jobs/"))).toEqual([
        ".gitignore",
        ".npmrc",
        "Pulumi.yaml",
        "README.md",
        "index.ts",
        "package.json",
        "tsconfig.json",
      ]);
      // Run from this checkout, the project takes the package from it (copied at install, see .npmrc).
      const manifest = JSON.parse(fs.readFileSync(path.join(out, "package.json"), "utf8"));
      expect(manifest.dependencies["pulumi-jenkins-jobs"]).toBe(`file:${path.relative(out, repoRoot)}`);
      expect(fs.readFileSync(path.join(out, ".npmrc"), "utf8")).toMatch(/^install-links=true$/m);
      expect(res.stderr).toContain(`package.json takes pulumi-jenkins-jobs from ${repoRoot} (file:`);
      const index = fs.readFileSync(path.join(out, "index.ts"), "utf8");
      // Every item is either a config file under jobs/ or a typed spec (for the jobs that fit one exactly).
      const typed = (index.match(/, (pipeline|freestyle|folderSpec): \{/g) ?? []).length;
      expect(typed).toBeGreaterThan(0);
      expect(files.filter((f) => f.startsWith("jobs/") && f.endsWith(".xml")).length + typed).toBe(200);

      const declared = [...index.matchAll(/new Job\(("(?:[^"\\]|\\.)*")/g)].map((m) => JSON.parse(m[1]) as string);
      expect([...declared].sort()).toEqual(layout.map((i) => i.fullName).sort());
      // The list views of the imported folders (folders saved with one, from the fixtures), adopting, by spec.
      const views = index.match(/^new View\(.*, listView: \{.*\}, adopt: true \}\);$/gm) ?? [];
      expect(views.length).toBe(layout.filter((i) => i.fixture === "folder-listview-v1.0.xml").length);
      // No credential, although the jobs name some of the system store; no secret config key but the connection's.
      expect(index.match(/, adopt: true \}\);/g)).toHaveLength(200 + views.length);
      expect(index).not.toMatch(/Credential\(|requireSecret/);
      const readme = fs.readFileSync(path.join(out, "README.md"), "utf8");
      expect(readme.match(/pulumi config set --secret \S+/g)).toEqual(["pulumi config set --secret jenkins:apiToken"]);
      // Folders are declared before what they hold, and children refer to their folder's resource.
      for (const [i, name] of declared.entries()) {
        const parent = name.includes("/") ? name.slice(0, name.lastIndexOf("/")) : undefined;
        if (parent) expect(declared.indexOf(parent)).toBeLessThan(i);
      }
      expect(index).toMatch(
        /const platformServices = new Job\("platform\/services", \{ name: "services", folder: platform\.fullName,/,
      );

      const leaks = [
        ...files.flatMap((f) => findLeaks(f, fs.readFileSync(path.join(out, f), "utf8"), credentialForms())),
        ...findLeaks("stderr", res.stderr, credentialForms()),
      ];
      expect(leaks).toEqual([]);
    });

    if (mode === "current") {
      it("type-checks against the package's declarations", () => {
        expect(typeCheck(out, repoRoot)).toEqual([]);
      });
    }

    it("the generated program previews 200 adoptions (and its views') and sends nothing", async () => {
      server.resetCounters();
      const engine = new MockEngine(proc, { project: "imported", stack: `preview-${mode}` });
      const preview = await engine.up(programFrom(out), { preview: true });
      const views = layout.filter((i) => i.fixture === "folder-listview-v1.0.xml").length;
      expect(preview.steps).toHaveLength(200 + views);
      expect(preview.steps.every((s) => s.op === "create")).toBe(true);
      // Only the reads of the plugin pre-flight, once per provider process, and the ownership check's listing of
      // each folder's items (`<folder>/api/json`); nothing written.
      expect(beyondPreflight(server).filter((c) => !/^GET \S*\/api\/json$/.test(c))).toEqual([]);
    });

    it("up adopts every job and writes only their marks of ownership; the next preview and refresh show no changes", async () => {
      const before = new Map(layout.map((i) => [i.fullName, server.jobConfigOnDisk(i.fullName)]));
      const engine = new MockEngine(proc, { project: "imported", stack: `up-${mode}` });
      server.resetCounters();
      const up = await engine.up(programFrom(out));
      expect(up.steps.filter((s) => s.op !== "create")).toEqual([]);
      // Adopting a job whose config, description and state already are the declared ones writes only the stack's
      // mark of ownership: one description POST per job (a folder's config.xml, which holds its description), no
      // enable or disable POST, no credential; the descriptions are as before, with the mark as their last line.
      const marked = markWrites(changingRequests(server));
      expect(marked.others).toEqual([]);
      expect(marked.items).toEqual(layout.map((i) => i.fullName).sort());
      // Each view adopted gets its own mark: one config.xml POST per view.
      expect(marked.views).toHaveLength(layout.filter((i) => i.fixture === "folder-listview-v1.0.xml").length);
      for (const item of layout) {
        const found = markedOver(before.get(item.fullName), server.jobConfigOnDisk(item.fullName));
        expect({ item: item.fullName, ...found }).toEqual({
          item: item.fullName,
          same: true,
          owner: `imported/up-${mode}`,
        });
      }

      server.resetCounters();
      const again = await engine.up(programFrom(out), { preview: true });
      expect(again.steps.filter((s) => s.op !== "same")).toEqual([]);
      expect(server.requests).toHaveLength(0);
      const refreshed = await engine.refresh();
      expect(refreshed.changed.map((c) => c.name)).toEqual([]);
      expect(refreshed.gone).toEqual([]);
      expect(changingRequests(server)).toEqual([]);
    });
  });
}
