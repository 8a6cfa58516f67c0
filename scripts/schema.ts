/**
 * `npm run schema`: writes the plugin's package schema, `plugin/schema.json`, from the resources' types
 * (scripts/schema/generate.ts); the plugin serves it from GetSchema. `--check` writes nothing and fails when the
 * committed file is not what the types generate.
 */
import { readFileSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { generateSchema } from "./schema/generate";

export const repoRoot = path.resolve(__dirname, "..", "..");
export const SCHEMA_FILE = path.join("plugin", "schema.json");

/** The schema of the types under `root`, as the committed file holds it (left to this script by .prettierignore). */
export function schemaText(root = repoRoot): string {
  return `${JSON.stringify(generateSchema(root), null, 2)}\n`;
}

function main(): void {
  const file = path.join(repoRoot, SCHEMA_FILE);
  const text = schemaText();
  if (process.argv.includes("--check")) {
    if (readFileSync(file, "utf8") !== text) {
      process.stderr.write(`${SCHEMA_FILE} is not what the types generate: run \`npm run schema\` and commit it.\n`);
      process.exitCode = 1;
    }
    return;
  }
  writeFileSync(file, text);
  process.stdout.write(`wrote ${SCHEMA_FILE}\n`);
}

if (require.main === module) {
  try {
    main();
  } catch (e) {
    process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
    process.exitCode = 1;
  }
}
