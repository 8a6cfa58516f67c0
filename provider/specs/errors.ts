/**
 * The error thrown for a spec that cannot be rendered. It lists every problem found, each with the path of the
 * field as a program writes it (`pipeline.parameters[1].name`), so a Pulumi `check` can report all of them at once.
 * Messages name fields and describe what is wrong; they never repeat field values (a script may hold secrets).
 */
export interface SpecIssue {
  /** Path of the offending field, starting with the spec kind: "freestyle.steps[0].shell". */
  path: string;
  /** What is wrong and what is expected. */
  message: string;
}

export class JobSpecError extends Error {
  readonly kind: string;
  readonly issues: readonly SpecIssue[];

  constructor(kind: string, issues: readonly SpecIssue[]) {
    const lines = issues.map((i) => `${i.path}: ${i.message}`);
    super(`Invalid ${kind} spec: ${lines.join("; ")}`);
    this.name = "JobSpecError";
    this.kind = kind;
    this.issues = issues;
  }
}
