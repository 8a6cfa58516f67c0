#!/usr/bin/env node
/**
 * `pulumi-jenkins import --out dir` (dispatched by `entries/bin.ts`) writes a Pulumi program that
 * adopts the jobs of an existing Jenkins. Exit codes: 0 done, 1 failed, 2 wrong usage.
 */
import "../runtime/node-version"; // first: an unsupported Node.js stops here with one line
import { JenkinsError } from "../client/errors";
import { ConnectionConfigError } from "../connection/errors";
import { parseCommandLine, USAGE, UsageError } from "./args";
import { runImport } from "./run";
import { OutputExistsError } from "./write";

/** Expected failures print their message only; anything else is a bug and keeps its stack. */
function isExpected(e: unknown): boolean {
  return e instanceof JenkinsError || e instanceof ConnectionConfigError || e instanceof OutputExistsError;
}

export async function main(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  let parsed;
  try {
    parsed = parseCommandLine(argv);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    process.stderr.write(`${e.message}\n\n${USAGE}`);
    return 2;
  }
  if (parsed.command === "help") {
    process.stdout.write(USAGE);
    return 0;
  }
  try {
    await runImport(parsed.args, { stderr: process.stderr, env });
    return 0;
  } catch (e) {
    process.stderr.write(
      `pulumi-jenkins import: ${isExpected(e) ? (e as Error).message : String((e as Error)?.stack ?? e)}\n`,
    );
    return 1;
  }
}

if (require.main === module) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (e: unknown) => {
      process.stderr.write(`pulumi-jenkins: ${String((e as Error)?.stack ?? e)}\n`);
      process.exitCode = 1;
    },
  );
}
