/**
 * The release workflow and the changelog agree with the package: a `v*` tag runs the checks CI runs (each an npm
 * script that exists) on both supported Node.js lines, then publishes with provenance through trusted publishing:
 * the OIDC token, an npm recent enough to use it, and no stored token or registry address.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { repoRoot } from "../harness/provider-process";

const workflow = readFileSync(path.join(repoRoot, ".github", "workflows", "release.yml"), "utf8");
const manifest = JSON.parse(readFileSync(path.join(repoRoot, "package.json"), "utf8")) as {
  scripts: Record<string, string>;
  engines: { node: string };
};

/** The text of one job of the workflow (from its `  name:` line to the next job). */
function job(name: string): string {
  const start = workflow.indexOf(`\n  ${name}:\n`);
  if (start < 0) throw new Error(`no job ${name}`);
  const next = workflow.slice(start + 1).search(/\n {2}[a-z-]+:\n/);
  return next < 0 ? workflow.slice(start) : workflow.slice(start, start + 1 + next);
}

test("a version tag runs the tests on Node.js 22 and 24, then publishes with provenance", () => {
  expect(workflow).toMatch(/\non:\n {2}push:\n {4}tags: \["v\*"\]\n/);
  expect(job("test")).toMatch(/node: \[22, 24\]/);
  expect(job("test")).toMatch(/- run: npm test\n/);
  const publish = job("publish");
  expect(publish).toMatch(/needs: test\n/);
  expect(publish).toMatch(/id-token: write/);
  expect(publish).toMatch(/- run: npm publish --provenance/);
  // The workflow-wide token stays read-only; only the publishing job may ask for an OIDC token.
  expect(workflow.slice(0, workflow.indexOf("\njobs:"))).toMatch(/permissions:\n {2}contents: read\n/);
});

test("the package is published by trusted publishing: an OIDC token, no stored token, no registry named", () => {
  const publish = job("publish");
  expect(publish).toMatch(/permissions:\n(?: {6}.*\n)* {6}id-token: write/);
  expect(publish).toMatch(/- run: npm publish --provenance/);
  // npm trades the OIDC token for a publish token from 11.5.1 on; it is installed before publishing.
  const npmInstall = /- run: npm install --global npm@\^11\.(\d+)\.(\d+)\n/.exec(publish);
  expect(npmInstall).not.toBeNull();
  const [minor, patch] = [Number(npmInstall![1]), Number(npmInstall![2])];
  expect(minor > 5 || (minor === 5 && patch >= 1)).toBe(true);
  expect(publish.indexOf("- run: npm install --global npm@")).toBeLessThan(publish.indexOf("- run: npm publish"));
  expect(workflow).not.toMatch(/registry-url/);
  expect(workflow).not.toMatch(/NODE_AUTH_TOKEN|NPM_TOKEN|secrets\./);
  expect(workflow).not.toMatch(/https?:\/\/registry\./);
});

test("every npm script the workflow runs exists", () => {
  const used = [...workflow.matchAll(/npm run ([\w:-]+)/g)].map((m) => m[1]);
  expect(used.length).toBeGreaterThan(0);
  expect(used.filter((s) => manifest.scripts[s] === undefined)).toEqual([]);
});

test("the changelog has an Unreleased section first", () => {
  const changelog = readFileSync(path.join(repoRoot, "CHANGELOG.md"), "utf8");
  const versions = [...changelog.matchAll(/^## \[([^\]]+)\]/gm)].map((m) => m[1]);
  expect(versions[0]).toBe("Unreleased");
  expect(changelog).toMatch(/^## \[Unreleased\]\n\n[\s\S]*### Added\n/m);
});
