/**
 * The generated README's list of the jobs that cannot run today (pure): the declared ones only, in name order, each
 * finding a line naming the job, a linter's errors nested under it; no section when every job can run.
 */
import { generateProgram } from "../../provider/import";
import { FREESTYLE_XML, PIPELINE_XML } from "../harness/job-configs";

const items = [
  { fullName: "train", configXml: PIPELINE_XML },
  { fullName: "package", configXml: FREESTYLE_XML },
];
const readmeOf = (cannotRun: Parameters<typeof generateProgram>[0]["cannotRun"]): string =>
  generateProgram({ items, sourceUrl: "https://ci.example.com/", cannotRun }).files.get("README.md") as string;

test("lists the declared jobs that cannot run, in name order, with what each lacks", () => {
  const readme = readmeOf([
    {
      fullName: "train",
      findings: [
        'label "gpu" matches no node and no cloud that can provision it',
        "its pipeline script does not pass the controller's linter:\n      line 2, column 1: expecting '}'",
      ],
    },
    { fullName: "package", findings: ['job "nightly-build" does not exist (looked for "nightly-build")'] },
    // Not declared (skipped by the import): not listed.
    { fullName: "gone", findings: ['label "x" matches no node'] },
  ]);
  const section = readme.slice(readme.indexOf("## Jobs that cannot run today"), readme.indexOf("## Credentials"));
  expect(section).toContain("against https://ci.example.com/: these 2 jobs name");
  expect(section.split("\n").filter((l) => /^\s*- /.test(l))).toEqual([
    '- `package`: job "nightly-build" does not exist (looked for "nightly-build")',
    '- `train`: label "gpu" matches no node and no cloud that can provision it',
    "- `train`: its pipeline script does not pass the controller's linter:",
    "  - line 2, column 1: expecting '}'",
  ]);
});

test("has no such section when every job can run", () => {
  expect(readmeOf([])).not.toContain("cannot run today");
  expect(readmeOf(undefined)).not.toContain("cannot run today");
});
