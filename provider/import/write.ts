/** Writes a generated program into its folder. */
import * as fs from "node:fs";
import * as path from "node:path";

/** The file a program of each language starts from: one there means a program was written before. */
export const PROGRAM_FILE = { typescript: "index.ts", yaml: "Pulumi.yaml" } as const;

export class OutputExistsError extends Error {
  constructor(
    readonly dir: string,
    readonly programFile: string = PROGRAM_FILE.typescript,
  ) {
    super(
      `${dir} already holds a program (${programFile} or jobs/). Choose another --out folder, or pass --force to replace it.`,
    );
    this.name = "OutputExistsError";
  }
}

export function programExists(dir: string, programFile: string): boolean {
  return fs.existsSync(path.join(dir, programFile)) || fs.existsSync(path.join(dir, "jobs"));
}

/**
 * Refuses to overwrite an earlier program unless `force`; with `force` the old jobs/ folder is removed first, so
 * jobs deleted in Jenkins since the last import do not linger as stale files.
 */
export function writeProgram(
  dir: string,
  files: ReadonlyMap<string, string>,
  opts: { force?: boolean; programFile?: string } = {},
): void {
  const jobsDir = path.join(dir, "jobs");
  const programFile = opts.programFile ?? PROGRAM_FILE.typescript;
  const existing = programExists(dir, programFile);
  if (existing && !opts.force) throw new OutputExistsError(dir, programFile);
  if (existing) fs.rmSync(jobsDir, { recursive: true, force: true });
  for (const [rel, content] of files) {
    const target = path.join(dir, ...rel.split("/"));
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, content, "utf8");
  }
}
