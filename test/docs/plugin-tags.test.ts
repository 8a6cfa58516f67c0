/**
 * The release tag the docs give for the provider plugin (`<git URL>/plugin@v0.1.0`) is the version the plugin's
 * folder carries (plugin/package.json, the package's own version), so a reader who copies it gets the plugin the
 * page describes.
 */
import { readFileSync } from "node:fs";
import * as path from "node:path";
import { documentationFiles, repoRoot, shown } from "./markdown";

/** Each `plugin@<version>` of the files whose version is not `v<version>`, as "file:line: tag". */
function otherTags(files: string[], version: string): string[] {
  const found: string[] = [];
  for (const file of files) {
    readFileSync(file, "utf8")
      .split("\n")
      .forEach((line, i) => {
        for (const m of line.matchAll(/\/plugin@(v?\d+\.\d+\.\d+[\w.-]*)/g)) {
          if (m[1] !== `v${version}`) found.push(`${shown(file)}:${i + 1}: ${m[1]}`);
        }
      });
  }
  return found;
}

const versionOf = (file: string): string =>
  (JSON.parse(readFileSync(path.join(repoRoot, file), "utf8")) as { version: string }).version;

test("every plugin tag in the docs is the version plugin/package.json carries, the package's own", () => {
  const version = versionOf(path.join("plugin", "package.json"));
  expect(versionOf("package.json")).toBe(version);
  const files = documentationFiles();
  expect(files.some((f) => readFileSync(f, "utf8").includes(`/plugin@v${version}`))).toBe(true);
  expect(otherTags(files, version)).toEqual([]);
});

test("another tag is reported with its page and line", () => {
  const guide = path.join(repoRoot, "docs", "guide", "other-languages.md");
  expect(otherTags([guide], "9.9.9")).toEqual(
    expect.arrayContaining([expect.stringMatching(/^docs\/guide\/other-languages\.md:\d+: v\d+\.\d+\.\d+$/)]),
  );
});
