/**
 * The two workflows of examples/pull-request-workflow agree: the apply workflow runs on the paths the preview
 * watches, against the same stack, Jenkins and Node.js line, and its concurrency guard keeps two `pulumi up`s of
 * the stack from running at once and never cancels one. Read as text, as test/package/ci.test.ts reads CI's.
 */
import { readFileSync } from "node:fs";
import * as path from "node:path";
import { repoRoot } from "../harness/provider-process";

const DIR = path.join(repoRoot, "examples", "pull-request-workflow");
const preview = readFileSync(path.join(DIR, "jenkins-preview.yml"), "utf8");
const apply = readFileSync(path.join(DIR, "jenkins-apply.yml"), "utf8");

/** The lines of a top-level section (`on:`, `concurrency:`), comments dropped. */
function section(text: string, name: string): string[] {
  const lines = text.split("\n");
  const start = lines.indexOf(`${name}:`);
  if (start < 0) throw new Error(`no ${name}: section`);
  const end = lines.findIndex((l, i) => i > start && /^\S/.test(l));
  return lines
    .slice(start + 1, end < 0 ? undefined : end)
    .map((l) => l.replace(/\s+#.*$/, ""))
    .filter((l) => l.trim() !== "");
}

/** `KEY: value` lines of the job's `env:` block. */
function env(text: string): Record<string, string> {
  const block = /\n {4}env:\n((?: {6}\S.*\n)+)/.exec(text);
  if (!block) throw new Error("no env: block");
  return Object.fromEntries(
    block[1]
      .trim()
      .split("\n")
      .map((l) => l.trim().split(/:\s+/, 2) as [string, string]),
  );
}

describe("examples/pull-request-workflow", () => {
  it("applies on a push to the default branch, of the paths the preview watches", () => {
    const on = section(apply, "on");
    expect(on.slice(0, 2)).toEqual(["  push:", "    branches: [main]"]);
    const paths = (lines: string[]) => lines.slice(lines.findIndex((l) => l.trim() === "paths:") + 1);
    expect(paths(on)).toEqual(paths(section(preview, "on")));
  });

  it("never runs two updates of the stack at once, and never cancels one", () => {
    const guard = section(apply, "concurrency");
    expect(guard).toEqual([expect.stringMatching(/^ {2}group: \S+$/), "  cancel-in-progress: false"]);
    // One group per stack: nothing that differs from run to run.
    expect(guard[0]).not.toMatch(/github\.(run_id|run_number|sha|event)/);
  });

  it("targets the stack, the Jenkins and the Node.js line the preview uses", () => {
    const [a, p] = [env(apply), env(preview)];
    for (const key of ["STACK", "JENKINS_URL", "JENKINS_API_TOKEN", "PULUMI_ACCESS_TOKEN"]) expect(a[key]).toBe(p[key]);
    const node = (t: string) => /node-version: (\d+)/.exec(t)?.[1];
    expect(node(apply)).toBe(node(preview));
    expect(apply).toMatch(/\n {10}pulumi up --stack "\$STACK" --yes/);
    // The step fails when `up` fails (the status of `pulumi`, not of `tee`).
    expect(apply).toContain("status=${PIPESTATUS[0]}");
    expect(apply).toMatch(/\n {10}exit \$status\n/);
  });
});
