/**
 * Golden files of the report: `expectGolden(name, text)` compares `text` with test/review/golden/<name>; with
 * UPDATE_GOLDEN=1 it writes the file instead (then read the diff of the golden files before committing them).
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { repoRoot } from "../harness/provider-process";

const DIR = path.join(repoRoot, "test", "review", "golden");

export function expectGolden(name: string, text: string): void {
  const file = path.join(DIR, name);
  if (process.env.UPDATE_GOLDEN === "1" || !existsSync(file)) {
    if (process.env.UPDATE_GOLDEN !== "1") throw new Error(`${file} is missing: run with UPDATE_GOLDEN=1 to write it`);
    writeFileSync(file, text);
    return;
  }
  expect(text).toBe(readFileSync(file, "utf8"));
}
