/** Every `npm run X` the docs name is a script of package.json, every `pulumi-jenkins X` a command of the bin. */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { binCommands, commandsNamed, npmScripts, unknownCommands } from "./commands";
import { documentationFiles } from "./markdown";

test("every command the docs name exists", () => {
  expect(unknownCommands(documentationFiles())).toEqual([]);
});

test("the commands are read from package.json and from the bin's dispatch", () => {
  expect(npmScripts()).toEqual(expect.objectContaining({ size: expect.any(Number) }));
  expect([...npmScripts()]).toEqual(expect.arrayContaining(["build", "docs", "demo", "test"]));
  expect([...binCommands()].sort()).toEqual(["help", "import", "review", "serve"]);
  expect(
    commandsNamed("run `npm run build --silent` then npx pulumi-jenkins review x.json; pulumi-jenkins-jobs is"),
  ).toEqual([
    { line: 1, kind: "npm", name: "build" },
    { line: 1, kind: "bin", name: "review" },
  ]);
  expect(commandsNamed("npm run --silent demo")).toEqual([{ line: 1, kind: "npm", name: "demo" }]);
});

test("a script and a command that do not exist are each reported with their line", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "docs-commands-"));
  try {
    const page = path.join(dir, "page.md");
    writeFileSync(
      page,
      ["Run `npm run docs`.", "", "```sh", "npm run deploy", "npx pulumi-jenkins export --out x", "```"].join("\n"),
    );
    expect(unknownCommands([page], npmScripts(), binCommands(), dir)).toEqual([
      'page.md:4: `npm run deploy`: package.json has no script "deploy"',
      expect.stringMatching(/^page\.md:5: `pulumi-jenkins export`: the bin has no command "export"/),
    ]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
