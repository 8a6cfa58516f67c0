/**
 * The generated reference (docs/reference): TypeDoc run as `npm run docs` runs it (typedoc.json), into a scratch
 * folder, and the committed pages compared with what it wrote.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import * as path from "node:path";
import { repoRoot } from "./markdown";

export const REFERENCE_DIR = path.join(repoRoot, "docs", "reference");

/** Runs TypeDoc with the project's typedoc.json, writing to `out` instead of docs/reference. */
export function generateReference(out: string, root = repoRoot): void {
  const typedoc = path.join(root, "node_modules", "typedoc", "bin", "typedoc");
  const run = spawnSync(process.execPath, [typedoc, "--out", out, "--logLevel", "Warn"], {
    cwd: root,
    encoding: "utf8",
    timeout: 180_000,
  });
  if (run.error) throw run.error;
  if (run.status !== 0) throw new Error(`typedoc failed (exit ${run.status}):\n${run.stdout}${run.stderr}`);
}

function filesUnder(dir: string, prefix = ""): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(path.join(dir, e.name), `${prefix}${e.name}/`) : [`${prefix}${e.name}`],
  );
}

/** Where the committed pages differ from the generated ones: a page missing, left over, or with other text. */
export function referenceDifferences(committed: string, generated: string): string[] {
  const have = new Set(filesUnder(committed));
  const want = new Set(filesUnder(generated));
  const differences: string[] = [];
  for (const f of [...want].sort()) {
    if (!have.has(f)) differences.push(`${f}: generated, not committed`);
    else {
      const a = readFileSync(path.join(committed, f), "utf8").split("\n");
      const b = readFileSync(path.join(generated, f), "utf8").split("\n");
      const line = a.findIndex((l, i) => l !== b[i]);
      if (line !== -1 || a.length !== b.length) {
        const at = line === -1 ? Math.min(a.length, b.length) : line;
        differences.push(
          `${f}:${at + 1}: committed ${JSON.stringify(a[at] ?? "(end)")}, generated ${JSON.stringify(b[at] ?? "(end)")}`,
        );
      }
    }
  }
  for (const f of [...have].sort()) if (!want.has(f)) differences.push(`${f}: committed, no longer generated`);
  return differences;
}

/** The `"jenkins:…"` keys named as string literals in the provider's source (the server, a test tool, aside). */
export function configKeysInSource(providerDir = path.join(repoRoot, "provider")): Map<string, string> {
  const keys = new Map<string, string>();
  const walk = (dir: string): void => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) {
        if (full !== path.join(providerDir, "server")) walk(full);
      } else if (e.name.endsWith(".ts")) {
        for (const m of readFileSync(full, "utf8").matchAll(/["'](jenkins:[a-z][A-Za-z]*)["']/g)) {
          if (!keys.has(m[1])) keys.set(m[1], path.relative(providerDir, full));
        }
      }
    }
  };
  walk(providerDir);
  return keys;
}

/** The keys the stack config page documents: the first cell of each row of its properties table. */
export function documentedConfigKeys(page: string): Set<string> {
  return new Set([...page.matchAll(/^\|[^|]*`(jenkins:[A-Za-z]+)\??`/gm)].map((m) => m[1]));
}
