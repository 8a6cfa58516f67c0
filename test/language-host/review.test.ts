/**
 * The review of a pull request's change, end to end: a program with 300 jobs from one template, a job with a
 * password parameter, a job to move and one to delete is deployed through the language host; the pull request
 * changes the template, adds a job, deletes one, moves one to another folder and gives the deploy job a new password
 * and a new description. `pulumi preview --json` (written as the CLI writes it) goes to `pulumi-jenkins review`, run
 * as the installed command runs.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type { JenkinsServer } from "../../provider/server";
import type { PulumiCli } from "../harness/language-host";
import { repoRoot } from "../harness/provider-process";
import { reviewReport } from "../harness/bin";
import { startStack } from "./stack";
import { expectCapture } from "../docs/captures";

const PROJECT = path.join(repoRoot, "test", "language-host", "projects", "review");
const OLD_PASSWORD = "first-Pa55word-4f1c";
const NEW_PASSWORD = "second-Pa55word-9e27";

describe("a pull request's change, previewed with --json and reviewed", () => {
  let server: JenkinsServer;
  let cli: PulumiCli;
  let dir: string;
  let json: string;
  let report: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), "review-"));
    ({ server, cli } = await startStack(PROJECT));
    cli.setConfig("review:deployPassword", OLD_PASSWORD, { secret: true });
    const up = await cli.up();
    expect(up.errors).toEqual([]);
    expect(up.ok).toBe(true);
    cli
      .setConfig("review:buildStep", "make build-all")
      .setConfig("review:withLegacy", "false")
      .setConfig("review:withNew", "true")
      .setConfig("review:toolsFolder", "platform")
      .setConfig("review:deployDescription", "Deploys the services to staging and production")
      .setConfig("review:deployPassword", NEW_PASSWORD, { secret: true });
    const preview = await cli.previewJson();
    expect(preview.result.ok).toBe(true);
    json = preview.json;
    writeFileSync(path.join(dir, "preview.json"), json);
    // REVIEW_CAPTURE=<file> keeps the digest, for the captured report in examples/pull-request-workflow/README.md.
    if (process.env.REVIEW_CAPTURE) writeFileSync(process.env.REVIEW_CAPTURE, json);
    report = reviewReport(path.join(dir, "preview.json"));
  });
  afterAll(async () => {
    await cli?.destroy();
    await server?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("reads the document as the CLI writes it: changed steps only, secrets blinded, no detailed diff", () => {
    const digest = JSON.parse(json) as {
      config: Record<string, string>;
      steps: Array<{ op: string; urn: string; detailedDiff: unknown; newState?: { inputs?: Record<string, unknown> } }>;
      changeSummary: Record<string, number>;
    };
    const ops = (op: string): number => digest.steps.filter((s) => s.op === op).length;
    expect(digest.steps[0].urn).toMatch(/::pulumi:pulumi:Stack::/);
    expect(ops("same")).toBe(1); // the root stack only
    expect(ops("update")).toBe(302); // 300 services, deploy, lint
    expect([ops("create"), ops("delete")]).toEqual([1, 1]);
    expect(digest.changeSummary).toEqual({ create: 1, delete: 1, same: 4, update: 302 });
    expect(digest.steps.every((s) => s.detailedDiff === null)).toBe(true);
    const deploy = digest.steps.find((s) => s.urn.endsWith("::deploy"));
    expect(deploy?.newState?.inputs?.secretValues).toBe("[secret]");
    expect(digest.config["review:deployPassword"]).toBe("[secret]");
    expect(json).toContain("\\u003cscript\\u003e"); // Go's encoder escapes < and >
    for (const secret of [OLD_PASSWORD, NEW_PASSWORD]) expect(json).not.toContain(secret);
  });

  it("is the report examples/pull-request-workflow/README.md shows", () => {
    // The README shows the controller as https://jenkins.example.com/, the URL the workflow names.
    expectCapture(
      "examples/pull-request-workflow/README.md",
      "review-report",
      report.split(server.url).join("https://jenkins.example.com/"),
    );
  });

  it("fits a comment, puts the deletion first, the move on one line, the template change once", () => {
    process.stdout.write(`${report.slice(0, 6000)}\n…\n`);
    expect(report.length).toBeLessThanOrEqual(60_000);
    expect(report).not.toMatch(/Shortened to fit/);
    const deletion = report.indexOf("`legacy-deploy`");
    expect(deletion).toBeGreaterThan(report.indexOf("### Destructive changes (1)"));
    expect(deletion).toBeLessThan(report.indexOf("### Changes"));
    expect(report).toContain("**delete** job `legacy-deploy`");
    expect(report).toContain("**delete** job `legacy-deploy` <");
    expect(report).toContain(", with its build history");
    expect(report).toContain("- `tools/lint` → `platform/lint` (history kept)");
    expect(report).toContain("#### The same change in 300 jobs\n\n`configXml`:\n\n```diff\n@@ -14,7 +14,7 @@\n");
    expect(report.split("-        sh 'make build'\n").length - 1).toBe(1);
    expect(report.split("+        sh 'make build-all'\n").length - 1).toBe(1);
    expect(report).toContain("`services/service-009`, `services/service-010` and 290 more");
  });

  it("shows the new job whole and the deploy job's description, never a password", () => {
    const created = report.slice(report.indexOf("### New (1)"));
    expect(created).toContain("<details><summary>job <code>release</code>");
    for (const line of [
      "stage('Release') {",
      "sh './release.sh'",
      '"The version to release"',
      "Tags and publishes a release",
    ]) {
      expect(created).toContain(line);
    }
    expect(report).toContain(
      '- `description`: `"Deploys the services"` → `"Deploys the services to staging and production"`',
    );
    expect(report).toContain("`secretValues`: a secret; the preview does not show whether it changed");
    for (const secret of [OLD_PASSWORD, NEW_PASSWORD]) expect(report).not.toContain(secret);
  });

  it("reports a failed preview's error right under the summary", async () => {
    cli.setConfig("review:brokenJobName", "bad:name");
    const failed = await cli.previewJson();
    cli.removeConfig("review:brokenJobName");
    expect(failed.result.ok).toBe(false);
    writeFileSync(path.join(dir, "failed.json"), failed.json);
    const out = reviewReport(path.join(dir, "failed.json"));
    const summaryEnd = out.indexOf("**By controller:**");
    const failedAt = out.search(/### The preview failed: \d+ errors?\n/);
    expect(failedAt).toBeGreaterThan(summaryEnd);
    // The cause first: the error about a resource, before what the program printed as it stopped.
    const cause = out.search(/\*\*error\*\* in `broken`:\n\n```text\nname: .*bad:name/);
    expect(cause).toBeGreaterThan(failedAt);
    expect(out.indexOf("**error**")).toBe(cause);
    for (const secret of [OLD_PASSWORD, NEW_PASSWORD]) expect(out).not.toContain(secret);
  });

  it("prints the same bytes every time", () => {
    expect(reviewReport(path.join(dir, "preview.json"))).toBe(report);
    expect(reviewReport(path.join(dir, "preview.json"), "--format", "text")).toBe(
      reviewReport(path.join(dir, "preview.json"), "--format", "text"),
    );
  });
});
