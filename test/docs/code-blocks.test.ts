/**
 * Every ```ts block of README.md, docs/ and the examples' READMEs is a complete program that type-checks against
 * the package (its built types, through its exports map); a block marked ```ts fragment is left out. One compiler
 * run checks the docs and a broken sample together, so the sample shows the check failing where it should.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { checkBlocks, isCheckedTypeScript, typeScriptBlocks, type BlockCheck } from "./code-blocks";
import { documentationFiles, repoRoot } from "./markdown";

const SAMPLE = [
  "# A sample page",
  "",
  "```ts",
  'import { Job } from "pulumi-jenkins-jobs";',
  "",
  'new Job("api", { name: "api", pipeline: { script: "node {}" } });',
  "```",
  "",
  "```typescript",
  'import { Job } from "pulumi-jenkins-jobs";',
  'new Job("web", { nmae: "web", pipeline: { script: "node {}" } });',
  "```",
  "",
  "```ts fragment",
  "new Job(undeclared, { name: 42 });",
  "```",
  "",
].join("\n");

let scratch: string;
let sample: string;
let docsBlocks: number;
let result: BlockCheck;

beforeAll(() => {
  scratch = mkdtempSync(path.join(tmpdir(), "docs-sample-"));
  sample = path.join(scratch, "sample.md");
  writeFileSync(sample, SAMPLE);
  const docs = typeScriptBlocks(documentationFiles());
  docsBlocks = docs.length;
  result = checkBlocks([...docs, ...typeScriptBlocks([sample])]);
});

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

test("every TypeScript block of the docs type-checks against the package", () => {
  expect(docsBlocks).toBeGreaterThan(0);
  expect(result.checked).toBe(docsBlocks + 2);
  expect(
    result.errors.filter((e) => !e.startsWith(path.relative(repoRoot, sample)) && !e.includes("sample.md")),
  ).toEqual([]);
});

test("a broken block is reported at its Markdown line; a fragment is not compiled", () => {
  const sampleErrors = result.errors.filter((e) => e.includes("sample.md"));
  expect(sampleErrors).toHaveLength(1);
  // Line 11 of sample.md: the misspelt `nmae` of the second block.
  expect(sampleErrors[0]).toMatch(/sample\.md:11:\d+: TS2353: .*'nmae'/);
});

test("which info strings are programs and which are fragments", () => {
  expect(isCheckedTypeScript("ts")).toBe(true);
  expect(isCheckedTypeScript("typescript")).toBe(true);
  expect(isCheckedTypeScript("ts fragment")).toBe(false);
  expect(isCheckedTypeScript("typescript fragment")).toBe(false);
  expect(isCheckedTypeScript("sh")).toBe(false);
  expect(isCheckedTypeScript("")).toBe(false);
});
