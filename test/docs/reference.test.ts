/**
 * docs/reference is what `npm run docs` generates from the types and their doc comments now, and documents every
 * stack config key the provider reads.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import {
  configKeysInSource,
  documentedConfigKeys,
  generateReference,
  REFERENCE_DIR,
  referenceDifferences,
} from "./reference";

let scratch: string;
let generated: string;

beforeAll(() => {
  scratch = mkdtempSync(path.join(tmpdir(), "docs-reference-"));
  generated = path.join(scratch, "generated");
  generateReference(generated);
});

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

test("the committed reference is what the types generate (run `npm run docs` and commit docs/reference)", () => {
  expect(referenceDifferences(REFERENCE_DIR, generated)).toEqual([]);
});

test("a page edited by hand, one left over and one missing are each reported", () => {
  const edited = path.join(scratch, "edited");
  cpSync(generated, edited, { recursive: true });
  const jobArgs = path.join(edited, "Interface.JobArgs.md");
  writeFileSync(jobArgs, readFileSync(jobArgs, "utf8").replace("renames the job in place", "replaces the job"));
  writeFileSync(path.join(edited, "Interface.Gone.md"), "# Interface: Gone\n");
  unlinkSync(path.join(edited, "Class.View.md"));
  const differences = referenceDifferences(edited, generated);
  expect(differences).toHaveLength(3);
  expect(differences[0]).toMatch(/^Class\.View\.md: generated, not committed$/);
  expect(differences[1]).toMatch(/^Interface\.JobArgs\.md:\d+: committed ".*replaces the job.*", generated ".*renames/);
  expect(differences[2]).toBe("Interface.Gone.md: committed, no longer generated");
});

test("every resource and spec type has its page, with the change each input makes", () => {
  for (const page of [
    "Class.Job.md",
    "Class.View.md",
    "Class.Credential.md",
    "Class.BuildTrigger.md",
    "Class.FolderSweep.md",
    "Interface.PipelineSpec.md",
    "Interface.FreestyleSpec.md",
    "Interface.FolderSpec.md",
    "Interface.MultibranchSpec.md",
    "Interface.ListViewSpec.md",
    "Interface.StackConfig.md",
  ]) {
    expect(readFileSync(path.join(generated, page), "utf8")).toMatch(/^# /);
  }
  const jobArgs = readFileSync(path.join(generated, "Interface.JobArgs.md"), "utf8");
  expect(jobArgs).toMatch(/`name` \|.*renames the job in place/);
  expect(jobArgs).toMatch(/`controller\?` \|.*Changing it replaces the job/);
});

test("every jenkins:* key the provider reads is documented on the stack config page, with runnableCheck", () => {
  const documented = documentedConfigKeys(readFileSync(path.join(generated, "Interface.StackConfig.md"), "utf8"));
  const read = configKeysInSource();
  expect(read.size).toBeGreaterThanOrEqual(10);
  const undocumented = [...read].filter(([key]) => !documented.has(key)).map(([key, file]) => `${key} (${file})`);
  expect(undocumented).toEqual([]);
  expect(documented).toContain("jenkins:runnableCheck");
});

test("a key the provider reads that the stack config page lacks is found", () => {
  const provider = path.join(scratch, "provider");
  cpSync(path.join(__dirname, "..", "..", "..", "provider", "connection"), path.join(provider, "connection"), {
    recursive: true,
  });
  writeFileSync(path.join(provider, "connection", "extra.ts"), 'export const KEY = "jenkins:retryBudget";\n');
  const documented = documentedConfigKeys(readFileSync(path.join(generated, "Interface.StackConfig.md"), "utf8"));
  const read = configKeysInSource(provider);
  expect(read.get("jenkins:retryBudget")).toBe("connection/extra.ts");
  expect([...read.keys()].filter((k) => !documented.has(k))).toEqual(["jenkins:retryBudget"]);
});
