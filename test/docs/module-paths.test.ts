/**
 * docs/guide/upgrades.md lists every module path a stack's state names: each `provider.ts` under provider/ that
 * exports a thin provider (`export = thinProvider("dist/provider/<x>/lifecycle")`) is named in its table as
 * `pulumi-jenkins-jobs/dist/provider/<x>/provider.js`, with its lifecycle, and the table names no other.
 */
import { readdirSync, readFileSync } from "node:fs";
import * as path from "node:path";
import { repoRoot } from "./markdown";

/** The thin providers of the package: module path of each `provider.ts` → the lifecycle path it loads. */
function thinProviders(): Map<string, string> {
  const found = new Map<string, string>();
  const walk = (dir: string): void => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) walk(full);
      else if (e.name === "provider.ts") {
        const m = /export = thinProvider\("([^"]+)"\)/.exec(readFileSync(full, "utf8"));
        if (!m) continue;
        const rel = path.relative(repoRoot, full).split(path.sep).join("/").replace(/\.ts$/, ".js");
        found.set(`pulumi-jenkins-jobs/dist/${rel}`, `pulumi-jenkins-jobs/${m[1]}`);
      }
    }
  };
  walk(path.join(repoRoot, "provider"));
  return found;
}

/** The module paths the table of upgrades.md names (every `pulumi-jenkins-jobs/dist/…` in a table row). */
function documented(): string[] {
  const text = readFileSync(path.join(repoRoot, "docs", "guide", "upgrades.md"), "utf8");
  return text
    .split("\n")
    .filter((l) => /^\s*\|/.test(l))
    .flatMap((l) => [...l.matchAll(/`(pulumi-jenkins-jobs\/dist\/[^`]+)`/g)].map((m) => m[1]));
}

test("every thin provider the code has is found (the check itself reads the code)", () => {
  expect([...thinProviders().keys()]).toEqual(
    expect.arrayContaining([
      "pulumi-jenkins-jobs/dist/provider/resource/provider.js",
      "pulumi-jenkins-jobs/dist/provider/credential/provider.js",
    ]),
  );
});

test("upgrades.md names every module path a state names, and no other", () => {
  const providers = thinProviders();
  const listed = documented();
  const expected = [
    ...providers.keys(),
    ...providers.values(),
    // What every thin provider loads to find the installed lifecycle.
    "pulumi-jenkins-jobs/dist/provider/dynamic/thin-provider.js",
  ].sort();
  expect([...new Set(listed)].sort()).toEqual(expected);
});
