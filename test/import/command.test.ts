/** The command's plumbing: arguments, bounded parallelism, progress output, and runImport's refusals. */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { parseCommandLine, runImport } from "../../provider/import";
import { UsageError } from "../../provider/import/args";
import { mapLimit } from "../../provider/import/pool";
import { startProgress } from "../../provider/import/progress";
import { OutputExistsError } from "../../provider/import/write";
import { ConnectionConfigError } from "../../provider/connection/errors";
import type { JenkinsServer } from "../../provider/server";
import { JenkinsUser } from "../harness/jenkins-user";
import { ADMIN, startServer } from "../harness/test-server";

class Capture {
  text = "";
  constructor(readonly isTTY: boolean) {}
  write(s: string) {
    this.text += s;
  }
}

describe("parseCommandLine", () => {
  it("reads the import options", () => {
    const parsed = parseCommandLine([
      "import",
      "--url",
      "https://ci/",
      "--folder",
      "/a/b/",
      "--out",
      "dir",
      "--concurrency",
      "4",
      "--force",
      "--insecure",
      "--credentials",
    ]);
    expect(parsed).toEqual({
      command: "import",
      args: {
        connection: {
          url: "https://ci/",
          user: undefined,
          apiToken: undefined,
          password: undefined,
          caCert: undefined,
          insecureSkipTlsVerify: true,
        },
        folder: "a/b",
        credentials: true,
        takeOver: false,
        out: "dir",
        projectName: undefined,
        concurrency: 4,
        force: true,
        quiet: false,
      },
    });
    // Credentials stay in Jenkins unless asked for.
    expect(parseCommandLine(["import", "--out", "dir"])).toMatchObject({ args: { credentials: false } });
    expect(parseCommandLine([])).toEqual({ command: "help" });
    expect(parseCommandLine(["import", "--help"])).toEqual({ command: "help" });
  });

  it("refuses bad usage without echoing values", () => {
    expect(() => parseCommandLine(["import"])).toThrow(/--out <dir> is required/);
    expect(() => parseCommandLine(["import", "--out", "d", "--concurrency", "0"])).toThrow(UsageError);
    expect(() => parseCommandLine(["export"])).toThrow(/Unknown command "export"/);
    let message = "";
    try {
      parseCommandLine(["import", "--out", "d", "s3cr3t-token-value"]);
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toMatch(/Unexpected argument/);
    expect(message).not.toContain("s3cr3t");
  });
});

describe("mapLimit", () => {
  it("keeps at most `limit` calls in flight and returns results in order", async () => {
    let inFlight = 0;
    let peak = 0;
    const res = await mapLimit([5, 1, 4, 2, 3, 0, 6], 3, async (n) => {
      inFlight++;
      peak = Math.max(peak, inFlight);
      await new Promise((r) => setTimeout(r, n * 3));
      inFlight--;
      return n * 10;
    });
    expect(res).toEqual([50, 10, 40, 20, 30, 0, 60]);
    expect(peak).toBe(3);
  });

  it("stops starting calls after the first failure and throws it", async () => {
    const started: number[] = [];
    const err = await mapLimit([1, 2, 3, 4, 5, 6], 2, async (n) => {
      started.push(n);
      if (n === 2) throw new Error("boom 2");
      await new Promise((r) => setTimeout(r, 5));
      return n;
    }).catch((e: Error) => e);
    expect((err as Error).message).toBe("boom 2");
    expect(started.length).toBeLessThan(6);
  });
});

describe("progress", () => {
  it("redraws one line in place on a terminal, at most every 100 ms", () => {
    let t = 0;
    const tty = new Capture(true);
    const p = startProgress({ label: "Reading", total: 100, stream: tty, now: () => t });
    for (let i = 0; i < 100; i++) {
      t += 10;
      p.tick();
    }
    p.done();
    const frames = tty.text.split("\r").filter(Boolean);
    expect(frames.length).toBeGreaterThanOrEqual(10);
    expect(frames.length).toBeLessThanOrEqual(13);
    expect(frames[frames.length - 1]).toMatch(/^Reading \[#+\] 100\/100 100%\n$/);
    expect(tty.text.split("\n")).toHaveLength(2);
  });

  it("prints a plain line per tenth elsewhere, and nothing for small runs", () => {
    const log = new Capture(false);
    const p = startProgress({ label: "Reading", total: 60, stream: log });
    for (let i = 0; i < 60; i++) p.tick();
    p.done();
    expect(log.text.split("\n").filter(Boolean)).toEqual([
      "Reading: 6/60 (10%)",
      "Reading: 12/60 (20%)",
      "Reading: 18/60 (30%)",
      "Reading: 24/60 (40%)",
      "Reading: 30/60 (50%)",
      "Reading: 36/60 (60%)",
      "Reading: 42/60 (70%)",
      "Reading: 48/60 (80%)",
      "Reading: 54/60 (90%)",
      "Reading: 60/60 (100%)",
    ]);
    const small = new Capture(true);
    const q = startProgress({ label: "Reading", total: 10, stream: small });
    q.tick();
    q.done();
    expect(small.text).toBe("");
  });
});

describe("runImport", () => {
  let server: JenkinsServer;
  let out: string;
  const env = () => ({ JENKINS_URL: server.url, JENKINS_USER: ADMIN.name, JENKINS_API_TOKEN: ADMIN.apiToken });
  const args = (extra: Partial<Parameters<typeof runImport>[0]> = {}) => ({
    connection: {},
    out,
    concurrency: 4,
    credentials: false,
    force: false,
    quiet: false,
    ...extra,
  });

  beforeAll(async () => {
    server = await startServer("current");
    const user = new JenkinsUser(server.url, { user: ADMIN.name, apiToken: ADMIN.apiToken });
    const folder = "<com.cloudbees.hudson.plugins.folder.Folder/>";
    for (const name of ["team", "team/apps", "team/apps/deep"]) await user.createJob(name, folder);
    await user.createJob("team/apps/api", "<project><builders/></project>");
    await user.createJob("team/apps/deep/worker", "<flow-definition/>");
    await user.createJob("other", "<project/>");
  });
  afterAll(async () => server?.close());
  beforeEach(() => {
    out = fs.mkdtempSync(path.join(os.tmpdir(), "jenkins-import-cmd-"));
  });
  afterEach(() => fs.rmSync(out, { recursive: true, force: true }));

  it("imports one folder's contents, referring to that folder by path", async () => {
    const stderr = new Capture(false);
    const summary = await runImport(args({ folder: "team/apps" }), { stderr, env: env() });
    expect(summary.declared).toEqual(["team/apps/api", "team/apps/deep", "team/apps/deep/worker"]);
    const index = fs.readFileSync(path.join(out, "index.ts"), "utf8");
    expect(index).toContain('new Job("team/apps/api", { name: "api", folder: "team/apps",');
    expect(index).toContain('new Job("team/apps/deep/worker", { name: "worker", folder: teamAppsDeep.fullName,');
    expect(stderr.text).toContain(`Listing the jobs of folder team/apps on ${server.url}`);
    expect(stderr.text).toContain("Wrote 3 items");
  });

  it("refuses to overwrite an earlier program unless forced, before sending anything", async () => {
    fs.writeFileSync(path.join(out, "index.ts"), "// mine\n");
    server.resetCounters();
    await expect(runImport(args(), { stderr: new Capture(false), env: env() })).rejects.toBeInstanceOf(
      OutputExistsError,
    );
    expect(server.requests).toHaveLength(0);
    fs.mkdirSync(path.join(out, "jobs", "stale"), { recursive: true });
    await runImport(args({ force: true, quiet: true }), { stderr: new Capture(false), env: env() });
    expect(fs.existsSync(path.join(out, "jobs", "stale"))).toBe(false);
    expect(fs.readFileSync(path.join(out, "index.ts"), "utf8")).toContain('new Job("other"');
  });

  it("says where to put a missing URL or credential, and sends nothing", async () => {
    server.resetCounters();
    const noUrl = await runImport(args(), { stderr: new Capture(false), env: {} }).catch((e: unknown) => e);
    expect(noUrl).toBeInstanceOf(ConnectionConfigError);
    expect((noUrl as Error).message).toBe("No Jenkins URL: pass --url or set JENKINS_URL.");
    const noToken = await runImport(args({ connection: { url: server.url, user: "admin" } }), {
      stderr: new Capture(false),
      env: {},
    }).catch((e: unknown) => e);
    expect((noToken as Error).message).toMatch(/JENKINS_API_TOKEN .*--api-token/);
    expect(server.requests).toHaveLength(0);
    expect(fs.readdirSync(out)).toEqual([]);
  });
});
