/** Writes a generated program into its folder. */
import * as fs from "node:fs";
import * as path from "node:path";

export class OutputExistsError extends Error {
  constructor(readonly dir: string) {
    super(
      `${dir} already holds a program (index.ts or jobs/). Choose another --out folder, or pass --force to replace it.`,
    );
    this.name = "OutputExistsError";
  }
}

/**
 * Refuses to overwrite an earlier program unless `force`; with `force` the old jobs/ folder is removed first, so
 * jobs deleted in Jenkins since the last import do not linger as stale files.
 */
export function writeProgram(dir: string, files: ReadonlyMap<string, string>, opts: { force?: boolean } = {}): void {
  const jobsDir = path.join(dir, "jobs");
  const existing = fs.existsSync(path.join(dir, "index.ts")) || fs.existsSync(jobsDir);
  if (existing && !opts.force) throw new OutputExistsError(dir);
  if (existing) fs.rmSync(jobsDir, { recursive: true, force: true });
  for (const [rel, content] of files) {
    const target = path.join(dir, ...rel.split("/"));
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, content, "utf8");
  }
}
