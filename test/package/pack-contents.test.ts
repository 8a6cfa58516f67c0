/**
 * What `npm pack` would publish, held against scripts/package-contents.json: the compiled provider and the named
 * files, no source map, no test, no install-time script, under the expected sizes. (`npm run check:package`, which
 * CI runs, does the same with the `prepack` build; here `dist/` is already built.)
 */
import { readFileSync } from "node:fs";
import * as path from "node:path";
import {
  dryRunPack,
  packProblems,
  providerSources,
  readExpectation,
  type PackReport,
} from "../../scripts/check-package";
import { repoRoot } from "../harness/provider-process";

const manifest = JSON.parse(readFileSync(path.join(repoRoot, "package.json"), "utf8")) as {
  scripts: Record<string, string>;
  files: string[];
};

test("the packed file list and sizes match the committed expectation", () => {
  const pack = dryRunPack(repoRoot, true);
  expect(packProblems(pack, providerSources(repoRoot), manifest.scripts, readExpectation(repoRoot))).toEqual([]);
  expect(pack.files.map((f) => f.path)).toContain("dist/provider/resource/provider.js");
  expect(
    pack.files.some((f) => f.path.startsWith("dist/test/") || (f.path.endsWith(".ts") && !f.path.endsWith(".d.ts"))),
  ).toBe(false);
});

test("the package builds when packed, not when installed", () => {
  expect(manifest.scripts.prepack).toBe("tsc -p tsconfig.build.json");
  const build = JSON.parse(readFileSync(path.join(repoRoot, "tsconfig.build.json"), "utf8")) as {
    compilerOptions: Record<string, unknown>;
  };
  expect(build.compilerOptions).toMatchObject({ sourceMap: false, declarationMap: false });
  expect(readFileSync(path.join(repoRoot, ".gitignore"), "utf8").split("\n")).toContain("*.tgz");
});

test("the check names a source map, a stray file, a missing file, an install script and an oversized tarball", () => {
  const sources = ["index.ts", "resource/job.ts"];
  const good: PackReport = {
    files: [
      "package.json",
      "README.md",
      "dist/provider/index.js",
      "dist/provider/index.d.ts",
      "dist/provider/resource/job.js",
      "dist/provider/resource/job.d.ts",
    ].map((p) => ({ path: p, size: 10 })),
    size: 100,
    unpackedSize: 1000,
  };
  const expected = { otherFiles: ["package.json", "README.md"], maxPackedBytes: 200, maxUnpackedBytes: 2000 };
  expect(packProblems(good, sources, { build: "tsc", prepack: "tsc" }, expected)).toEqual([]);

  const bad: PackReport = {
    files: [
      ...good.files.filter((f) => f.path !== "dist/provider/resource/job.d.ts"),
      { path: "dist/provider/index.js.map", size: 10 },
      { path: "dist/test/x.test.js", size: 10 },
    ],
    size: 300,
    unpackedSize: 1000,
  };
  expect(packProblems(bad, sources, { prepare: "tsc -p tsconfig.build.json" }, expected)).toEqual([
    "source maps without their sources: dist/provider/index.js.map",
    "files not expected in the package: dist/test/x.test.js",
    "files missing from the package: dist/provider/resource/job.d.ts",
    'a "prepare" script runs when the package is installed, where its sources are not: "tsc -p tsconfig.build.json"',
    "the tarball is 300 bytes, more than the expected 200",
  ]);
});
