/**
 * Hand edits that a typed spec cannot hold, through the language host, for a pipeline, a freestyle job, a folder and
 * a multibranch project declared with their specs, through the dynamic provider and through the provider plugin.
 * In Jenkins, each job gets three edits at once: a setting changed (`numToKeep` 20 → 5; a folder's health metric made
 * recursive), one line of its text changed (a `sh` line, a shell command, the display name, the script path) and an
 * element added ahead of the others where no spec writes it (a job property ahead of the build discarder, a health
 * metric ahead of the one every folder has). `pulumi refresh --diff`, the next `pulumi preview --diff` and
 * `pulumi-jenkins review` of that preview show those edits as config.xml lines (a line diff of at most 20 lines in
 * the refresh and the preview; the review, with three lines of context, at most 32), never the whole config or the
 * whole spec; the plan puts the declared jobs back, and after `up` a refresh and a preview find nothing.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type { JenkinsServer } from "../../provider/server";
import type { JenkinsUser } from "../harness/jenkins-user";
import { previewDiff, type PulumiCli } from "../harness/language-host";
import { repoRoot } from "../harness/provider-process";
import { reviewReport } from "../harness/bin";
import { startStack } from "./stack";

const PROJECT = path.join(repoRoot, "test", "language-host", "projects", "hand-edits");
const JOBS = ["api", "build", "team", "unit"];

const nameOf = (urn: string) => urn.split("::").pop() as string;

/** `xml` with `from` replaced by `to`; fails when `from` is not there (the edit would test nothing). */
function edit(xml: string, from: RegExp, to: string): string {
  if (!from.test(xml)) throw new Error(`no ${from} in ${xml}`);
  return xml.replace(from, to);
}

/** A property added ahead of the others in `<properties>`, as someone pasting it in would. */
function propertyAhead(xml: string, property: string): string {
  return edit(xml, /<properties>(\s*)/, `<properties>$1${property}$1`);
}

/** A folder's health metric added ahead of the one every folder has (no spec writes another). */
function metricAhead(xml: string, metric: string): string {
  return edit(xml, /<healthMetrics>(\s*)/, `<healthMetrics>$1${metric}$1`);
}

const DISABLE_CONCURRENT =
  "<org.jenkinsci.plugins.workflow.job.properties.DisableConcurrentBuildsJobProperty>" +
  "<abortPrevious>false</abortPrevious>" +
  "</org.jenkinsci.plugins.workflow.job.properties.DisableConcurrentBuildsJobProperty>";
const THROTTLE =
  '<hudson.plugins.throttleconcurrents.ThrottleJobProperty plugin="throttle-concurrents">' +
  "<throttleEnabled>true</throttleEnabled></hudson.plugins.throttleconcurrents.ThrottleJobProperty>";

/** The three edits of each job, and what a display of them must show: the old and new text of each. */
const EDITS: Record<string, { apply: (xml: string) => string; shows: RegExp[] }> = {
  build: {
    apply: (xml) =>
      propertyAhead(
        edit(edit(xml, /<numToKeep>20</, "<numToKeep>5<"), /sh (&quot;|")make test(&quot;|")/, "sh $1make test-all$2"),
        DISABLE_CONCURRENT,
      ),
    shows: [
      /-.*<numToKeep>20</,
      /\+.*<numToKeep>5</,
      /-.*make test\W*$/m,
      /\+.*make test-all/,
      /\+.*DisableConcurrent/,
    ],
  },
  unit: {
    apply: (xml) =>
      propertyAhead(
        edit(edit(xml, /<numToKeep>20</, "<numToKeep>5<"), /<command>make test</, "<command>make test-all<"),
        THROTTLE,
      ),
    shows: [/-.*<numToKeep>20</, /\+.*<numToKeep>5</, /-.*make test</, /\+.*make test-all</, /\+.*ThrottleJobProperty/],
  },
  team: {
    apply: (xml) =>
      metricAhead(
        edit(edit(xml, /<displayName>Team</, "<displayName>Our team<"), /<nonRecursive>false</, "<nonRecursive>true<"),
        "<com.cloudbees.hudson.plugins.folder.health.ProjectEnablementHealthMetric/>",
      ),
    shows: [
      /-.*>Team</,
      /\+.*>Our team</,
      /-.*<nonRecursive>false</,
      /\+.*<nonRecursive>true</,
      /\+.*ProjectEnablement/,
    ],
  },
  api: {
    apply: (xml) =>
      metricAhead(
        edit(edit(xml, /<numToKeep>20</, "<numToKeep>5<"), /<scriptPath>Jenkinsfile</, "<scriptPath>ci/Jenkinsfile<"),
        "<jenkins.branch.PrimaryBranchHealthMetric/>",
      ),
    shows: [/-.*<numToKeep>20</, /\+.*<numToKeep>5</, /-.*>Jenkinsfile</, /\+.*>ci\/Jenkinsfile</, /\+.*PrimaryBranch/],
  },
};

/** Each shown edit, in the direction given: a refresh shows Jenkins's lines as added, a plan shows them removed. */
function expectEdits(where: string, name: string, text: string, back: boolean, most = 20): void {
  // The line diff's own lines (hunks, context, `...`), without the heading and closing line of the property that
  // holds it (`~ configXml: (` … `)`, or a spec's braces): at most 20 in what the CLI prints.
  const lines = text.split("\n").filter((l) => l.trim() !== "" && !/^\s*([~+-] \w+\s*: [({[]|[)}\]])$/.test(l));
  expect([where, name, lines.length <= most, text]).toEqual([where, name, true, text]);
  for (const want of EDITS[name].shows) {
    // Going back, what was added is removed and the other way round.
    const shown = back
      ? new RegExp(
          want.source.replace(/^(\\\+|-)/, (s) => (s === "-" ? "\\+" : "-")),
          "m",
        )
      : want;
    expect([where, name, text]).toEqual([where, name, expect.stringMatching(shown)]);
  }
}

/** The lines of the review report under each job's heading (`… build …` to the next heading). */
function reviewSections(report: string): Record<string, string> {
  const out: Record<string, string> = {};
  let current: string | undefined;
  for (const line of report.split("\n")) {
    const heading = /^#+ |^\*\*|^- \*\*|^- `/.test(line)
      ? JOBS.find((j) => new RegExp(`\\b${j}\\b`).test(line))
      : undefined;
    if (heading !== undefined) current = heading;
    else if (/^#+ /.test(line)) current = undefined;
    if (current !== undefined) out[current] = `${out[current] ?? ""}${line}\n`;
  }
  return out;
}

describe.each(["dynamic", "plugin"])("hand edits a typed spec cannot hold, through the %s provider", (mode) => {
  let server: JenkinsServer;
  let user: JenkinsUser;
  let cli: PulumiCli;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), "hand-edits-"));
    ({ server, user, cli } = await startStack(PROJECT));
    cli.setConfig("hand-edits:mode", mode);
    const up = await cli.up();
    expect({ ok: up.ok, errors: up.errors }).toEqual({ ok: true, errors: [] });
  });
  afterAll(async () => {
    await cli?.destroy();
    await server?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("shows the three edits as config.xml lines in the refresh, the preview and the review, and puts them back", async () => {
    for (const name of JOBS) await user.editConfig(name, EDITS[name].apply);

    const refresh = await cli.refresh();
    expect(refresh.errors).toEqual([]);
    const refreshed = Object.fromEntries(refresh.steps.filter((s) => s.op !== "same").map((s) => [nameOf(s.urn), s]));
    expect(Object.keys(refreshed).sort()).toEqual(JOBS);
    for (const name of JOBS) process.stdout.write(`refresh ${name}:\n${refreshed[name].display}\n`);
    for (const name of JOBS) expectEdits("refresh", name, refreshed[name].display, false);

    const { result, json } = await cli.previewJson();
    expect(result.ok).toBe(true);
    const planned = Object.fromEntries(result.steps.filter((s) => s.op !== "same").map((s) => [nameOf(s.urn), s]));
    expect(
      Object.entries(planned)
        .map(([n, s]) => `${s.op} ${n}`)
        .sort(),
    ).toEqual(JOBS.map((n) => `update ${n}`));
    for (const name of JOBS) {
      const shown = previewDiff(planned[name]);
      process.stdout.write(`preview ${name}:\n${shown}\n`);
      expectEdits("preview", name, shown, true);
    }

    writeFileSync(path.join(dir, "preview.json"), json);
    const report = reviewReport(path.join(dir, "preview.json"));
    process.stdout.write(`review:\n${report}\n`);
    const sections = reviewSections(report);
    // The review keeps three lines of context around each change, as `git diff` does, under a heading per job and
    // property: about ten lines more than the CLI's, never the whole config (40 to 50 lines) or the spec.
    for (const name of JOBS) {
      expectEdits("review", name, sections[name] ?? "", true, 32);
      expect([name, sections[name]]).toEqual([
        name,
        expect.not.stringMatching(/`(pipeline|freestyle|folderSpec|multibranch)[`.]|\\n/),
      ]);
    }

    const up = await cli.up();
    expect({ ok: up.ok, errors: up.errors }).toEqual({ ok: true, errors: [] });
    for (const name of JOBS) {
      const xml = await user.getConfig(name);
      expect([
        name,
        /ProjectEnablement|PrimaryBranch|ThrottleJobProperty|DisableConcurrent|test-all|Our team|ci\/Jenkinsfile/.test(
          xml,
        ),
      ]).toEqual([name, false]);
    }
    const again = await cli.refresh();
    expect(again.steps.filter((s) => s.op !== "same")).toEqual([]);
    server.resetCounters();
    const quiet = await cli.preview();
    expect(quiet.steps.filter((s) => s.op !== "same")).toEqual([]);
  });
});
