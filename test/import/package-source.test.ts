/**
 * Where a generated project takes the package from: the copy the command ran from, by a relative `file:` path that
 * npm copies (not links), unless that copy came from a registry.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { findOwnPackage, installedFromRegistry, packageSource } from "../../provider/import/package-source";
import { generateProgram } from "../../provider/import";
import { repoRoot } from "../harness/provider-process";

let tmp: string;
beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "package-source-"));
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

test("the compiled import command finds this checkout's package.json", () => {
  const own = findOwnPackage(path.join(repoRoot, "dist", "provider", "import"));
  const manifest = JSON.parse(fs.readFileSync(path.join(repoRoot, "package.json"), "utf8"));
  expect(own).toEqual({
    root: repoRoot,
    version: manifest.version,
    pulumiRange: manifest.peerDependencies["@pulumi/pulumi"],
  });
  expect(findOwnPackage(tmp)).toBeUndefined();
});

test("a checkout or a local install gives a relative file: path, an .npmrc that copies it, and a note", () => {
  const own = { root: "/home/ann/tools/node_modules/pulumi-jenkins-jobs", version: "0.1.0" };
  const source = packageSource(own, "/home/ann/jenkins-jobs", false);
  expect(source.spec).toBe("file:../tools/node_modules/pulumi-jenkins-jobs");
  expect(source.npmrc).toMatch(/^install-links=true$/m);
  expect(source.note).toBe(
    "package.json takes pulumi-jenkins-jobs from /home/ann/tools/node_modules/pulumi-jenkins-jobs " +
      "(file:../tools/node_modules/pulumi-jenkins-jobs): it is not on the npm registry yet.\n" +
      "Once it is published: npm install pulumi-jenkins-jobs@^0.1.0, then delete .npmrc.",
  );
  expect(packageSource(own, "/home/ann/tools/node_modules/pulumi-jenkins-jobs", false).spec).toBe("file:.");
});

test("a copy installed from a registry gives the version range, and no .npmrc", () => {
  const nodeModules = path.join(tmp, "project", "node_modules");
  const root = path.join(nodeModules, "pulumi-jenkins-jobs");
  fs.mkdirSync(root, { recursive: true });
  expect(installedFromRegistry(root)).toBe(false);
  const lock = (resolved: string) => ({
    packages: { "node_modules/pulumi-jenkins-jobs": { version: "0.2.0", resolved } },
  });
  fs.writeFileSync(
    path.join(nodeModules, ".package-lock.json"),
    JSON.stringify(lock("file:../pulumi-jenkins-jobs-0.2.0.tgz")),
  );
  expect(installedFromRegistry(root)).toBe(false);
  // Whichever registry the user's npm is set up for: a placeholder host.
  fs.writeFileSync(
    path.join(nodeModules, ".package-lock.json"),
    JSON.stringify(lock("https://npm.example.org/pulumi-jenkins-jobs/-/pulumi-jenkins-jobs-0.2.0.tgz")),
  );
  expect(installedFromRegistry(root)).toBe(true);
  expect(packageSource({ root, version: "0.2.0" }, path.join(tmp, "out"), true)).toEqual({ spec: "^0.2.0" });
  expect(packageSource(undefined, path.join(tmp, "out"), false)).toEqual({ spec: "*" });
});

test("the generated project carries the .npmrc and says in its README how it gets the package", () => {
  const program = generateProgram({
    items: [],
    sourceUrl: "https://ci.example.com/",
    packageRange: "file:../tools",
    npmrc: "install-links=true\n",
    registryRange: "^0.1.0",
  });
  expect(JSON.parse(program.files.get("package.json")!).dependencies["pulumi-jenkins-jobs"]).toBe("file:../tools");
  expect(program.files.get(".npmrc")).toBe("install-links=true\n");
  const readme = program.files.get("README.md")!;
  expect(readme).toContain("(`file:../tools`, relative to this folder");
  expect(readme).toContain(
    "Once the package is published: `npm install pulumi-jenkins-jobs@^0.1.0`, then delete `.npmrc`.",
  );
  expect(readme).toMatch(/pulumi preview +# every job shows as a create/);
  const registry = generateProgram({ items: [], sourceUrl: "https://ci.example.com/", packageRange: "^0.1.0" });
  expect(registry.files.has(".npmrc")).toBe(false);
  expect(registry.files.get("README.md")).not.toContain("not on the npm registry");
});
