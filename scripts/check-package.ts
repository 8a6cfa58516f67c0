/**
 * `npm run check:package` (run by CI after the build): what `npm pack` would publish, held against
 * `scripts/package-contents.json`. The tarball holds the compiled provider (a `.js` and a `.d.ts` for every
 * `provider/**\/*.ts`, nothing else under `dist/`), the files the expectation names besides (the README, the
 * changelog, and the provider plugin's folder without its bundle, which the installed `dist/` makes needless), no
 * source map (their sources are not shipped), no install-time lifecycle script, and stays under the expected sizes.
 * `--update` writes the current sizes, with headroom, into the expectation.
 */
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import * as path from "node:path";

export interface PackedFile {
  path: string;
  size: number;
}

/** The part of `npm pack --dry-run --json` this check reads. */
export interface PackReport {
  files: PackedFile[];
  /** Bytes of the gzipped tarball. */
  size: number;
  unpackedSize: number;
}

export interface PackageExpectation {
  /** Files outside `dist/`, exactly. */
  otherFiles: string[];
  maxPackedBytes: number;
  maxUnpackedBytes: number;
}

/** Scripts npm runs when the package is installed (from a registry, a tarball or git). */
export const INSTALL_LIFECYCLE = ["preinstall", "install", "postinstall", "preprepare", "prepare", "postprepare"];

/** The compiled files a set of provider sources (`resource/job.ts`) gives: `dist/provider/resource/job.js`, `.d.ts`. */
export function compiledFiles(providerSources: readonly string[]): string[] {
  return providerSources.flatMap((s) => {
    const base = `dist/provider/${s.replace(/\.ts$/, "")}`;
    return [`${base}.js`, `${base}.d.ts`];
  });
}

/** What is wrong with a pack, one line each; empty when it matches the expectation. */
export function packProblems(
  pack: PackReport,
  providerSources: readonly string[],
  scripts: Record<string, string>,
  expected: PackageExpectation,
): string[] {
  const problems: string[] = [];
  const packed = new Set(pack.files.map((f) => f.path));
  const wanted = new Set([...compiledFiles(providerSources), ...expected.otherFiles]);
  const extra = [...packed].filter((f) => !wanted.has(f)).sort();
  const missing = [...wanted].filter((f) => !packed.has(f)).sort();
  const maps = extra.filter((f) => f.endsWith(".map"));
  if (maps.length > 0) problems.push(`source maps without their sources: ${maps.slice(0, 5).join(", ")}`);
  const others = extra.filter((f) => !f.endsWith(".map"));
  if (others.length > 0) problems.push(`files not expected in the package: ${others.slice(0, 10).join(", ")}`);
  if (missing.length > 0) problems.push(`files missing from the package: ${missing.slice(0, 10).join(", ")}`);
  for (const name of INSTALL_LIFECYCLE) {
    if (scripts[name] !== undefined)
      problems.push(
        `a "${name}" script runs when the package is installed, where its sources are not: "${scripts[name]}"`,
      );
  }
  if (pack.size > expected.maxPackedBytes)
    problems.push(`the tarball is ${pack.size} bytes, more than the expected ${expected.maxPackedBytes}`);
  if (pack.unpackedSize > expected.maxUnpackedBytes)
    problems.push(
      `the unpacked package is ${pack.unpackedSize} bytes, more than the expected ${expected.maxUnpackedBytes}`,
    );
  return problems;
}

/** Every `.ts` under `provider/`, relative to it, with `/` separators. */
export function providerSources(repoRoot: string): string[] {
  const root = path.join(repoRoot, "provider");
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) return walk(full);
      return e.name.endsWith(".ts") ? [path.relative(root, full).split(path.sep).join("/")] : [];
    });
  return walk(root).sort();
}

/** `npm pack --dry-run --json` of the checkout; `ignoreScripts` skips the `prepack` build when `dist/` is built. */
export function dryRunPack(repoRoot: string, ignoreScripts = false): PackReport {
  const args = ["pack", "--dry-run", "--json", ...(ignoreScripts ? ["--ignore-scripts"] : [])];
  const out = execFileSync("npm", args, { cwd: repoRoot, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  const [report] = JSON.parse(out.slice(out.indexOf("["))) as PackReport[];
  return report;
}

/** Shipped `.js` files that still name a source map (built without `tsconfig.build.json`). */
export function sourceMapReferences(repoRoot: string, pack: PackReport): string[] {
  return pack.files
    .map((f) => f.path)
    .filter((f) => f.endsWith(".js") && readFileSync(path.join(repoRoot, f), "utf8").includes("//# sourceMappingURL="));
}

export const EXPECTATION_FILE = path.join("scripts", "package-contents.json");

export function readExpectation(repoRoot: string): PackageExpectation {
  return JSON.parse(readFileSync(path.join(repoRoot, EXPECTATION_FILE), "utf8")) as PackageExpectation;
}

function main(argv: readonly string[]): number {
  const repoRoot = path.resolve(__dirname, "..", "..");
  const pack = dryRunPack(repoRoot);
  const sources = providerSources(repoRoot);
  const manifest = JSON.parse(readFileSync(path.join(repoRoot, "package.json"), "utf8")) as {
    scripts?: Record<string, string>;
  };
  const expected = readExpectation(repoRoot);
  if (argv.includes("--update")) {
    const update: PackageExpectation = {
      otherFiles: pack.files.map((f) => f.path).filter((f) => !f.startsWith("dist/")),
      // Headroom for the code of a few releases; a jump past it (tests or sources shipped by mistake) fails.
      maxPackedBytes: Math.ceil((pack.size * 1.25) / 1000) * 1000,
      maxUnpackedBytes: Math.ceil((pack.unpackedSize * 1.25) / 1000) * 1000,
    };
    writeFileSync(path.join(repoRoot, EXPECTATION_FILE), `${JSON.stringify(update, null, 2)}\n`);
    process.stdout.write(`wrote ${EXPECTATION_FILE}\n`);
    return 0;
  }
  const problems = packProblems(pack, sources, manifest.scripts ?? {}, expected);
  const mapped = sourceMapReferences(repoRoot, pack);
  if (mapped.length > 0) problems.push(`compiled files naming a source map: ${mapped.slice(0, 5).join(", ")}`);
  const figures = `${pack.files.length} files, ${pack.size} bytes packed, ${pack.unpackedSize} unpacked`;
  if (problems.length === 0) {
    process.stdout.write(`package contents as expected: ${figures}\n`);
    return 0;
  }
  process.stderr.write(
    `The package does not match ${EXPECTATION_FILE} (${figures}):\n${problems.map((p) => `  - ${p}`).join("\n")}\n` +
      "Fix the package, or if the change is intended: npm run check:package -- --update\n",
  );
  return 1;
}

if (require.main === module) process.exitCode = main(process.argv.slice(2));
