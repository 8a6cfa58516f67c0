/**
 * The package's bin, `pulumi-jenkins`, run as a child process: it dispatches `import`, `review` and `serve`, loads
 * only the command it runs; `review` turns a preview's JSON into a report and refuses anything else with exit code 2;
 * `serve` starts a Jenkins-compatible server reachable over HTTP with the credentials it prints, honouring its port,
 * serialization mode and plugin options.
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { call, h } from "../harness/http";
import { jobPath } from "../harness/jenkins-user";
import { repoRoot } from "../harness/provider-process";
import { startServeCommand, type ServeCommand } from "./serve-command";

const manifest = JSON.parse(readFileSync(path.join(repoRoot, "package.json"), "utf8")) as {
  bin: Record<string, string>;
};
const BIN = path.join(repoRoot, manifest.bin["pulumi-jenkins"]);

function run(args: string[], input?: string): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [BIN, ...args], { encoding: "utf8", timeout: 30_000, input });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Our modules a child process loaded while running the bin's `main(argv)`. */
function modulesLoadedBy(argv: string[]): string[] {
  const script = `
    require(${JSON.stringify(BIN)}).main(${JSON.stringify(argv)}).then(() => {
      const ours = Object.keys(require.cache).filter((f) => f.includes("/dist/provider/"));
      process.stderr.write(JSON.stringify(ours.map((f) => f.slice(f.indexOf("/dist/provider/") + 15))));
    });`;
  const r = spawnSync(process.execPath, ["-e", script], { encoding: "utf8", timeout: 30_000 });
  return JSON.parse(r.stderr) as string[];
}

describe("pulumi-jenkins", () => {
  it("lists its commands with --help and without arguments", () => {
    for (const args of [["--help"], []]) {
      const r = run(args);
      expect(r.status).toBe(0);
      expect(r.stdout).toMatch(/^Usage: pulumi-jenkins <command>/);
      expect(r.stdout).toMatch(/^ {2}import --out <dir> /m);
      expect(r.stdout).toMatch(/^ {2}serve /m);
      expect(r.stdout).toMatch(/^ {2}review \[FILE\] /m);
    }
  });

  it("refuses an unknown command with exit code 2, without echoing what could be a token", () => {
    const r = run(["export"]);
    expect([r.status, r.stderr.split("\n")[0]]).toEqual([
      2,
      'Unknown command "export". The commands are "import", "review" and "serve".',
    ]);
    const pasted = run(["11feedfacefeedfacefeedfacefeedface"]);
    expect(pasted.status).toBe(2);
    expect(pasted.stderr).not.toContain("feedface");
  });

  it("shows each command's options", () => {
    expect(run(["import", "--help"]).stdout).toMatch(/^Usage: pulumi-jenkins import --out <dir>/);
    const serve = run(["serve", "--help"]);
    expect(serve.status).toBe(0);
    expect(serve.stdout).toMatch(/^Usage: pulumi-jenkins serve \[options\]/);
    expect(serve.stdout).toMatch(/--mode current\|legacy/);
    const bad = run(["serve", "--mode", "weird"]);
    expect([bad.status, bad.stderr.split("\n")[0]]).toEqual([
      2,
      "pulumi-jenkins serve: --mode must be current or legacy",
    ]);
  });

  it("loads the server only for serve, and the import command only for import", () => {
    const forImport = modulesLoadedBy(["import", "--help"]);
    expect(forImport).toContain("import/cli.js");
    expect(forImport.filter((m) => m.startsWith("server/"))).toEqual([]);
    const forServe = modulesLoadedBy(["serve", "--help"]);
    expect(forServe).toContain("server/cli.js");
    expect(forServe.filter((m) => m.startsWith("import/") || m.startsWith("client/"))).toEqual([]);
    const forReview = modulesLoadedBy(["review", "--help"]);
    expect(forReview).toContain("review/cli.js");
    expect(forReview.filter((m) => !/^(review|runtime|entries)\//.test(m))).toEqual([]);
  });
});

describe("pulumi-jenkins review", () => {
  const PREVIEW = JSON.stringify({
    steps: [
      { op: "same", urn: "urn:pulumi:dev::jobs::pulumi:pulumi:Stack::jobs-dev", detailedDiff: null },
      {
        op: "delete",
        urn: "urn:pulumi:dev::jobs::pulumi-nodejs:dynamic/jenkins:Job::old",
        oldState: {
          urn: "urn:pulumi:dev::jobs::pulumi-nodejs:dynamic/jenkins:Job::old",
          custom: true,
          type: "pulumi-nodejs:dynamic/jenkins:Job",
          inputs: { fullName: "team/old", name: "old", url: "https://jenkins.example.com/job/team/job/old/" },
        },
        detailedDiff: null,
      },
    ],
    changeSummary: { delete: 1, same: 1 },
  });

  it("turns a preview read from standard input into Markdown, or text with --format text", () => {
    const md = run(["review"], PREVIEW);
    expect([md.status, md.stderr]).toEqual([0, ""]);
    expect(md.stdout).toMatch(/^## Jenkins change review\n/);
    expect(md.stdout).toContain("- **delete** job `team/old` <https://jenkins.example.com/job/team/job/old/>");
    const txt = run(["review", "-", "--format", "text"], PREVIEW);
    expect(txt.stdout).toContain("  - delete job team/old https://jenkins.example.com/job/team/job/old/");
    expect(run(["review", "--help"]).stdout).toMatch(/^Usage: pulumi-jenkins review \[FILE\]/);
  });

  it("refuses what is not a preview in one line, with exit code 2", () => {
    const cases: Array<[string[], string, RegExp]> = [
      [["review"], "Resources:\n    + 1 to create\n", /^pulumi-jenkins review: The input is not JSON/],
      [["review"], '{"name":"my-stack"}', /^pulumi-jenkins review: The input is JSON but not a preview/],
      // Another tool's summary of a change, with the keys of a preview but no step of a stack.
      [
        ["review"],
        '{"changeSummary":{"update":2},"diagnostics":[],"steps":[]}',
        /^pulumi-jenkins review: The input is JSON but not a preview: `pulumi preview --json` prints steps that include the stack's/,
      ],
      [
        ["review"],
        '{"changeSummary":{"update":1},"steps":[{"op":"update","urn":"urn:pulumi:dev::p::jenkins:index:Job::a"}]}',
        /^pulumi-jenkins review: The input is JSON but not a preview/,
      ],
      [
        ["review"],
        '{"sequence":0,"timestamp":1,"preludeEvent":{"config":{}}}\n{"sequence":1,"timestamp":1,"summaryEvent":{}}\n',
        /^pulumi-jenkins review: The input is a stream of engine events \(`pulumi up --json`/,
      ],
      [
        ["review", "/nonexistent/preview.json"],
        "",
        /^pulumi-jenkins review: Cannot read \/nonexistent\/preview\.json \(ENOENT\)/,
      ],
      [["review", "--max-chars", "lots"], PREVIEW, /^pulumi-jenkins review: --max-chars is a number/],
    ];
    for (const [args, input, message] of cases) {
      const r = run(args, input);
      expect({ status: r.status, stdout: r.stdout }).toEqual({ status: 2, stdout: "" });
      expect(r.stderr).toMatch(message);
    }
    const notPreview = run(["review"], "[1, 2]");
    expect(notPreview.stderr.trimEnd().split("\n")).toHaveLength(1);
  });
});

describe("pulumi-jenkins serve --port 0 --mode legacy --plugins ...", () => {
  let served: ServeCommand;
  beforeAll(async () => {
    served = await startServeCommand(BIN, [
      "--port",
      "0",
      "--mode",
      "legacy",
      "--plugins",
      "git@5.7.0,workflow-job@1571.vb_423c255d6d9",
    ]);
  });
  afterAll(async () => {
    await served?.stop();
  });

  it("prints its URL, user and API token, and the stack settings that use them", () => {
    expect(served.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    expect(served.printed).toContain(`  pulumi config set jenkins:url ${served.url}\n`);
    expect(served.printed).toContain(`  pulumi config set --secret jenkins:apiToken ${served.apiToken}\n`);
  });

  it("says in one line when its port is taken", () => {
    const port = new URL(served.url).port;
    const r = run(["serve", "--port", port]);
    expect([r.status, r.stderr]).toEqual([
      1,
      `pulumi-jenkins serve: cannot listen on 127.0.0.1:${port}: something else listens there. Pass --port with another port (0: a free one).\n`,
    ]);
  });

  it("answers as a Jenkins to the printed credentials, and refuses a wrong token", async () => {
    const auth = `${served.user}:${served.apiToken}`;
    const me = await call(served, "/api/json", { auth });
    expect(me.status).toBe(200);
    expect(h(me, "x-jenkins")).toMatch(/^2\.\d+/);
    expect((await call(served, "/api/json", { auth: `${served.user}:11wrong` })).status).toBe(401);
  });

  it("has the plugins it was given, and keeps configs in the legacy mode (read back without re-serialization)", async () => {
    const auth = `${served.user}:${served.apiToken}`;
    const plugins = await call(served, "/pluginManager/api/json?depth=1", { auth });
    const names = (JSON.parse(plugins.body) as { plugins: Array<{ shortName: string }> }).plugins.map(
      (p) => p.shortName,
    );
    expect(names.sort()).toEqual(["git", "workflow-job"]);

    const sent = "<project>\n  <description>by hand</description>\n</project>\n";
    const created = await call(served, "/createItem?name=hand-made", {
      method: "POST",
      auth,
      headers: { "content-type": "application/xml" },
      body: sent,
    });
    expect(created.status).toBe(200);
    // Legacy: the body as sent behind a declaration. The current mode would re-serialize it with every default field.
    expect((await call(served, `/${jobPath("hand-made")}config.xml`, { auth })).body).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><project>\n  <description>by hand</description>\n</project>',
    );
  });
});
