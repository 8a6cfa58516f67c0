/** Every relative link and heading anchor of README.md, docs/ and the examples' READMEs resolves. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { anchorsOf, brokenLinks, githubSlug } from "./links";
import { documentationFiles } from "./markdown";

test("every relative link and anchor of the docs leads somewhere", () => {
  const files = documentationFiles();
  expect(files.length).toBeGreaterThan(1);
  expect(brokenLinks(files)).toEqual([]);
});

test("headings get GitHub's anchors, repeats numbered, inline code and links reduced to their text", () => {
  expect(githubSlug("What the preview checks (plugins, credentials)")).toBe(
    "what-the-preview-checks-plugins-credentials",
  );
  expect(githubSlug("Moves & renames: `folder`")).toBe("moves--renames-folder");
  const anchors = anchorsOf(
    [
      "# Use `pulumi-jenkins review`",
      "## Known limits",
      "## Known limits",
      "## [Views](views.md) and *lists*",
      '<a id="property-name"></a>',
      "```sh",
      "# not a heading",
      "```",
    ].join("\n"),
  );
  expect([...anchors].sort()).toEqual(
    ["known-limits", "known-limits-1", "property-name", "use-pulumi-jenkins-review", "views-and-lists"].sort(),
  );
});

test("a missing file, a missing anchor and a missing anchor in another page are each reported", () => {
  const root = mkdtempSync(path.join(tmpdir(), "docs-links-"));
  try {
    mkdirSync(path.join(root, "guide"));
    writeFileSync(path.join(root, "guide", "views.md"), "# Views\n\n## Known limits\n");
    const page = path.join(root, "README.md");
    writeFileSync(
      page,
      [
        "# Sample",
        "[views](guide/views.md) and [its limits](guide/views.md#known-limits) and [here](#sample)",
        "[gone](guide/folders.md)",
        "[no such part](#install)",
        "[wrong anchor](guide/views.md#limits)",
        "`[in code](nowhere.md)` and [a site](https://example.com/x#y)",
        "[ref]: ./guide/missing.md",
        "```md",
        "[in a block](nowhere.md)",
        "```",
      ].join("\n"),
    );
    expect(brokenLinks([page], root)).toEqual([
      "README.md:3: guide/folders.md: no file guide/folders.md",
      'README.md:4: #install: no heading or anchor "#install" in README.md',
      'README.md:5: guide/views.md#limits: no heading or anchor "#limits" in guide/views.md',
      "README.md:7: ./guide/missing.md: no file guide/missing.md",
    ]);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
