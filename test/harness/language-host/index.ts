/**
 * Language-host layer of the tests: a Pulumi CLI stand-in that runs a project folder the way `pulumi up` does.
 *
 * ```ts
 * const cli = new PulumiCli(path.join(repoRoot, "examples", "quickstart"), { env: cleanEnv() })
 *   .setConfig("jenkins:url", server.url)
 *   .setConfig("jenkins:apiToken", token, { secret: true });
 * const up = await cli.up();          // { ok, steps: [{ op: "create", urn, … }], errors, logs, outputs, program }
 * const plan = await cli.preview();   // nothing is created or updated; outputs of changing resources = checked inputs
 * const { json } = await cli.previewJson(); // and what `pulumi preview --json` prints for it (preview-json.ts)
 * const refresh = await cli.refresh(); // { ok, changed, gone, errors, steps: [{ urn, op, display }] }
 * const imported = await cli.import("jenkins:index:Job", "legacy", "team/legacy"); // { ok, urn, inputs, warnings }
 * await cli.destroy();
 * ```
 * - The project's Pulumi.yaml decides what runs (`main`, `runtime.options.typescript`/`tsconfig`), as for the CLI.
 * - The program runs through the `@pulumi/pulumi/cmd/run` that resolves from its folder, with `--monitor`,
 *   `--engine`, `--project`, `--stack`, `--pwd`, `--parallel` (default 4 × CPUs), `--dry-run` for a preview, and
 *   `PULUMI_CONFIG`/`PULUMI_CONFIG_SECRET_KEYS`/`PULUMI_NODEJS_TYPESCRIPT` in its environment.
 * - Dynamic resources go to the default `pulumi-nodejs` provider, started in the program folder from the
 *   `@pulumi/pulumi/cmd/dynamic-provider` that resolves there, configured with the whole stack config.
 * - Resources of other packages go to their provider plugin (plugin-process.ts, providers.ts), started from the
 *   folder the project's `packages:` names as the CLI starts a source-based Node.js plugin: the package's default
 *   provider (its stack config) or an explicit provider resource; Check, DiffConfig on a provider change, Diff with
 *   its detailed diff (what the display shows), Create/Update/Delete; aliases take over an old URN, so a resource
 *   moved from a dynamic type keeps its state. `cli.import` is `pulumi import TYPE NAME ID`.
 * - `cli.state` holds the stack's resources between operations, like a local backend's checkpoint.
 * - Option `checkpoint: { file, every: "step" | "end" }` also saves it to a file as a DIY backend does
 *   (checkpoint.ts), at the start and end of every step that changes something, or at the end only.
 * - Option `node` runs program and provider on another Node.js binary.
 * - `up({ killWhen })` kills the CLI when the promise resolves (program and provider at once, nothing more saved):
 *   an `up` cut short; the state is then what the checkpoint file holds.
 */
export {
  PulumiCli,
  type CliOptions,
  type ImportResult,
  type OperationResult,
  type RefreshResult,
  type UpOptions,
} from "./cli";
export type { Step, StepOp, StepError } from "./deployment";
export type { LogEntry } from "./monitor";
export { changedInputs, outputsDiff, previewDiff, refreshDiff, type RefreshStepDiff } from "./display";
export { recordShown, type Shown } from "./shown";
