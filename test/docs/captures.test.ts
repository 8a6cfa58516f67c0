/** The check of captured output (captures.ts), on samples: a capture that matches, one that differs, a broken marker. */
import { readFileSync } from "node:fs";
import * as path from "node:path";
import { capturesIn, captureMismatch, maskVolatile, withCapture } from "./captures";
import { documentationFiles, repoRoot, shown } from "./markdown";

const PAGE = [
  "# Demo",
  "",
  "<!-- capture: demo -->",
  "```",
  "Jenkins-compatible server listening on http://127.0.0.1:33319/",
  "  [id=2f1b1ff2-13f6-4365-89b7-361e788b9a2f]",
  "  (4 requests to Jenkins)",
  "```",
  "",
  "After.",
].join("\n");

describe("captured output in the docs", () => {
  it("finds each capture after its marker", () => {
    expect(capturesIn(PAGE)).toEqual([
      {
        name: "demo",
        open: 3,
        close: 7,
        text: expect.stringMatching(/^Jenkins-compatible server listening[\s\S]*\(4 requests to Jenkins\)$/),
      },
    ]);
  });

  it("accepts a fresh run that differs only in ports, ids, temporary paths and times", () => {
    const fresh = [
      "Jenkins-compatible server listening on http://127.0.0.1:40211/",
      "  [id=9d0c6a4e-0b7e-4f8e-9d51-6f3f0b8a1c22]",
      "  (4 requests to Jenkins)",
      "",
    ].join("\n");
    expect(captureMismatch(PAGE, "demo", fresh)).toBeUndefined();
    expect(maskVolatile("took 1.5s at 2026-11-28T16:27:34.120Z")).toBe("took <duration> at <time>");
  });

  it("fails on a fresh run that prints anything else, naming the page, the line and the changed lines", () => {
    const fresh = [
      "Jenkins-compatible server listening on http://127.0.0.1:40211/",
      "  [id=9d0c6a4e-0b7e-4f8e-9d51-6f3f0b8a1c22]",
      "  (5 requests to Jenkins)",
    ].join("\n");
    const mismatch = captureMismatch(PAGE, "demo", fresh, "docs/page.md");
    expect(mismatch).toMatch(/^docs\/page\.md:5: capture "demo" differs from a fresh run/);
    expect(mismatch).toContain("-   (4 requests to Jenkins)");
    expect(mismatch).toContain("+   (5 requests to Jenkins)");
    expect(captureMismatch(PAGE, "other", fresh, "docs/page.md")).toBe(
      'docs/page.md: 0 captures named "other" (expected one)',
    );
  });

  it("rewrites the block with the fresh run, and nothing else", () => {
    const updated = withCapture(PAGE, "demo", "line one\nline two\n");
    expect(updated).toBe(PAGE.replace(/```\n[\s\S]*?\n```/, "```\nline one\nline two\n```"));
    expect(captureMismatch(updated, "demo", "line one\nline two")).toBeUndefined();
  });

  it("refuses a marker without a block after it", () => {
    expect(() => capturesIn("<!-- capture: lost -->\nprose\n", "docs/page.md")).toThrow(
      'docs/page.md:1: capture "lost" is not followed by a fenced block',
    );
  });
});

describe("the captures of the docs", () => {
  it("each have a test that produces them afresh, and `npm run captures` runs it", () => {
    const tests = new Map([
      ["demo", "test/language-host/demo.test.ts"],
      ["adopt-import", "test/examples/adopt-existing.test.ts"],
      ["adopt-index", "test/examples/adopt-existing.test.ts"],
      ["adopt-steps", "test/examples/adopt-existing.test.ts"],
      ["adopt-diff", "test/examples/adopt-existing.test.ts"],
      ["typed-jobs-diff", "test/examples/typed-jobs-diff.test.ts"],
      ["review-report", "test/language-host/review.test.ts"],
      ["move-diff", "test/language-host/reorganise-folders.test.ts"],
      ["sweep-plan", "test/language-host/folder-sweep.test.ts"],
    ]);
    const script = (
      JSON.parse(readFileSync(path.join(repoRoot, "package.json"), "utf8")) as { scripts: Record<string, string> }
    ).scripts.captures;
    const unchecked: string[] = [];
    const found = new Set<string>();
    for (const file of documentationFiles()) {
      for (const c of capturesIn(readFileSync(file, "utf8"), shown(file))) {
        found.add(c.name);
        const test = tests.get(c.name);
        const source = test && readFileSync(path.join(repoRoot, test), "utf8");
        if (!test || !source!.includes(`"${c.name}"`) || !script.includes(`dist/${test.replace(/\.ts$/, ".js")}`))
          unchecked.push(`${shown(file)}: ${c.name}`);
      }
    }
    expect(unchecked).toEqual([]);
    expect([...found].sort()).toEqual([...tests.keys()].sort());
  });
});
