/**
 * `plugin/bundle.js`, the code a clone nobody built serves, is what the sources bundle to now: a change under
 * provider/ that the plugin loads needs `npm run bundle` and the new file committed with it.
 */
import { readFileSync } from "node:fs";
import * as path from "node:path";
import { BUNDLE_FILE, bundleText } from "../../scripts/plugin-bundle";
import { repoRoot } from "../harness/provider-process";

/** The first line where two texts differ, 1-based, with both versions of it; undefined when they are equal. */
function firstDifference(a: string, b: string): string | undefined {
  if (a === b) return undefined;
  const al = a.split("\n");
  const bl = b.split("\n");
  const i = al.findIndex((line, n) => line !== bl[n]);
  const at = i === -1 ? al.length : i;
  return `line ${at + 1}: committed ${JSON.stringify(al[at])}, sources give ${JSON.stringify(bl[at])}`;
}

test("the committed bundle is what provider/ bundles to (else: npm run bundle, and commit plugin/bundle.js)", async () => {
  const committed = readFileSync(path.join(repoRoot, BUNDLE_FILE), "utf8");
  expect(firstDifference(committed, await bundleText())).toBeUndefined();
});

test("the comparison sees a one-character change", async () => {
  const text = await bundleText();
  expect(firstDifference(text.replace("jenkins", "jenkinz"), text)).toMatch(/^line \d+: committed/);
});
