/**
 * `npm run bundle`: writes `plugin/bundle.js`, the provider plugin's code in one file, so that the plugin folder
 * serves from a checkout nobody built: the CLI's `pulumi package add <git URL>/plugin@<tag>` clones the repository
 * and runs `npm install` in `plugin/`, never a build at the root. Only this package's own modules go into the file;
 * every package they import (the SDK, undici, fast-xml-parser, fast-deep-equal) stays a `require` that
 * `plugin/package.json`'s dependencies satisfy. `--check` writes nothing and fails when the committed file is not
 * what the sources bundle to (test/plugin/bundle.test.ts runs the same comparison).
 */
import { readFileSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { build } from "esbuild";

export const repoRoot = path.resolve(__dirname, "..", "..");
export const BUNDLE_FILE = path.join("plugin", "bundle.js");
const ENTRY = "provider/plugin/serve.ts";

const BANNER =
  "// The provider plugin's code, generated from provider/ by `npm run bundle` (scripts/plugin-bundle.ts); do not\n" +
  "// edit. plugin/index.js serves it when the checkout around the plugin folder is not built.";

/** What the sources under `root` bundle to, as the committed file holds it. */
export async function bundleText(root = repoRoot): Promise<string> {
  const result = await build({
    absWorkingDir: root,
    entryPoints: [ENTRY],
    bundle: true,
    platform: "node",
    format: "cjs",
    target: "node22",
    // Imports of other packages stay requires: their code is theirs, installed beside the plugin.
    packages: "external",
    banner: { js: BANNER },
    legalComments: "none",
    charset: "utf8",
    write: false,
    logLevel: "silent",
  });
  return result.outputFiles[0].text;
}

async function main(): Promise<void> {
  const file = path.join(repoRoot, BUNDLE_FILE);
  const text = await bundleText();
  if (process.argv.includes("--check")) {
    if (readFileSync(file, "utf8") !== text) {
      process.stderr.write(`${BUNDLE_FILE} is not what provider/ bundles to: run \`npm run bundle\` and commit it.\n`);
      process.exitCode = 1;
    }
    return;
  }
  writeFileSync(file, text);
  process.stdout.write(`wrote ${BUNDLE_FILE} (${Buffer.byteLength(text)} bytes)\n`);
}

if (require.main === module) {
  main().catch((e: unknown) => {
    process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
    process.exitCode = 1;
  });
}
