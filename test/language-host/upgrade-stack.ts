/**
 * What the upgrade tests share: a fixture's program folder as after `npm install` of this version, and its state
 * with the fixture's Jenkins URL filled in (test/fixtures/upgrade-<version>, written by
 * scripts/capture-upgrade-fixture.ts).
 */
import { cpSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { URL_PLACEHOLDER } from "../../scripts/capture-upgrade-fixture";
import type { StackState } from "../harness/language-host/state";
import { repoRoot } from "../harness/provider-process";

/**
 * The program folder as after `npm install` of the new version: this checkout under node_modules (linked, as
 * `npm install <folder>` does) beside the program's own SDK and TypeScript, so the state's `require`s of module
 * paths of the package resolve to the code of this checkout.
 */
export function installedProgram(fixture: string, into: string): string {
  const dir = path.join(into, "upgrade-stack");
  mkdirSync(path.join(dir, "node_modules", "@types"), { recursive: true });
  for (const f of ["Pulumi.yaml", "index.ts"]) cpSync(path.join(fixture, "program", f), path.join(dir, f));
  const tsconfig = {
    compilerOptions: { strict: true, target: "es2020", module: "nodenext", moduleResolution: "nodenext" },
    files: ["index.ts"],
  };
  writeFileSync(path.join(dir, "tsconfig.json"), JSON.stringify(tsconfig));
  const link = (name: string, target: string) => symlinkSync(target, path.join(dir, "node_modules", name), "dir");
  link("pulumi-jenkins-jobs", repoRoot);
  for (const name of ["@pulumi", "typescript", "@types/node"]) link(name, path.join(repoRoot, "node_modules", name));
  return dir;
}

export function loadState(fixture: string, jenkinsUrl: string): StackState {
  const text = readFileSync(path.join(fixture, "state.json"), "utf8").split(URL_PLACEHOLDER).join(jenkinsUrl);
  const { resources, outputs } = JSON.parse(text) as StackState;
  return { resources, outputs };
}
