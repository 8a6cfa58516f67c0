/**
 * The TypeScript blocks of the docs, type-checked as a user's program is: each ```ts (or ```typescript) block is
 * a file of a scratch project whose node_modules links `pulumi-jenkins-jobs` to this package (so imports resolve
 * through its `exports` map to the built types in dist/) and `@pulumi/*`, `@types/*` to the installed ones. One
 * `tsc --noEmit` checks every block; an error is reported at the Markdown file and line it comes from. A block
 * whose info string says `fragment` (```ts fragment) is a piece of a program and is left out.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { parseMarkdown, repoRoot, shown, type CodeBlock } from "./markdown";

export interface SourcedBlock {
  markdown: string;
  block: CodeBlock;
}

/** Whether a block is a complete TypeScript program to check: ts or typescript, not marked as a fragment. */
export function isCheckedTypeScript(info: string): boolean {
  const [lang, ...rest] = info.split(/\s+/);
  return /^(ts|typescript)$/i.test(lang) && !rest.some((w) => /^fragment$/i.test(w));
}

export function typeScriptBlocks(files: string[]): SourcedBlock[] {
  return files.flatMap((markdown) =>
    parseMarkdown(readFileSync(markdown, "utf8"))
      .blocks.filter((b) => isCheckedTypeScript(b.info))
      .map((block) => ({ markdown, block })),
  );
}

/** The compiler options of a Pulumi TypeScript project (templates/jenkins-typescript), without output. */
const COMPILER_OPTIONS = {
  strict: true,
  target: "es2022",
  module: "nodenext",
  moduleResolution: "nodenext",
  moduleDetection: "force", // every block is a module of its own, so blocks never see each other's names
  noEmit: true,
  skipLibCheck: true,
  types: ["node"],
  noFallthroughCasesInSwitch: true,
  forceConsistentCasingInFileNames: true,
};

export interface BlockCheck {
  /** How many blocks were compiled. */
  checked: number;
  /** One line per compiler error: "README.md:12:5: TS2322: …", at the Markdown line of the code. */
  errors: string[];
}

/** Compiles every block in one scratch project and maps the compiler's errors back to the Markdown. */
export function checkBlocks(blocks: SourcedBlock[], root = repoRoot): BlockCheck {
  const project = mkdtempSync(path.join(tmpdir(), "docs-blocks-"));
  try {
    const modules = path.join(project, "node_modules");
    mkdirSync(modules);
    symlinkSync(root, path.join(modules, "pulumi-jenkins-jobs"), "dir");
    symlinkSync(path.join(root, "node_modules", "@pulumi"), path.join(modules, "@pulumi"), "dir");
    symlinkSync(path.join(root, "node_modules", "@types"), path.join(modules, "@types"), "dir");
    const byFile = new Map<string, SourcedBlock>();
    blocks.forEach((b, i) => {
      const name = `block-${String(i + 1).padStart(3, "0")}.ts`;
      writeFileSync(path.join(project, name), `${b.block.code}\n`);
      byFile.set(name, b);
    });
    writeFileSync(
      path.join(project, "tsconfig.json"),
      JSON.stringify({ compilerOptions: COMPILER_OPTIONS, files: [...byFile.keys()] }, null, 2),
    );
    const tsc = path.join(root, "node_modules", "typescript", "bin", "tsc");
    const run = spawnSync(process.execPath, [tsc, "-p", project, "--pretty", "false"], {
      cwd: project,
      encoding: "utf8",
      timeout: 120_000,
    });
    if (run.error) throw run.error;
    const errors = mapErrors(`${run.stdout}${run.stderr}`, byFile, root);
    if (run.status !== 0 && errors.length === 0) {
      throw new Error(`tsc failed without a located error:\n${run.stdout}${run.stderr}`);
    }
    return { checked: blocks.length, errors };
  } finally {
    rmSync(project, { recursive: true, force: true });
  }
}

/** `block-001.ts(3,7): error TS2322: …` (and its continuation lines) as `README.md:157:7: TS2322: …`. */
function mapErrors(output: string, byFile: Map<string, SourcedBlock>, root: string): string[] {
  const errors: string[] = [];
  for (const line of output.split("\n")) {
    const m = /^(.+?)\((\d+),(\d+)\): error (TS\d+): (.*)$/.exec(line);
    if (m) {
      const source = byFile.get(path.basename(m[1]));
      const where = source
        ? `${shown(source.markdown, root)}:${source.block.fenceLine + Number(m[2])}:${m[3]}`
        : `${m[1]}:${m[2]}:${m[3]}`;
      errors.push(`${where}: ${m[4]}: ${m[5]}`);
    } else if (/^\s+\S/.test(line) && errors.length > 0) {
      errors[errors.length - 1] += `\n${line}`;
    } else if (/error TS\d+/.test(line)) {
      errors.push(line); // an error of the project itself (options), not of a block
    }
  }
  return errors;
}
