/**
 * The Node.js version check every entry point loads first (the main entry, `./client`, `./xml`, `./testing`, the
 * bin, the repository's scripts). On an older Node.js the package fails later and far from the cause (undici and
 * the Pulumi SDK use what Node.js 22 added), so an unsupported version stops the process here with one line naming
 * the version found and the versions supported. Loading this module costs one comparison; it imports nothing.
 */
import { writeSync } from "node:fs";

/** The oldest major line the package runs on; `engines.node` in package.json says the same. */
export const OLDEST_SUPPORTED_MAJOR = 22;
export const SUPPORTED_LINES = "22 or 24";

/** The one line to print for a Node.js version (`process.versions.node`, e.g. "20.19.2"), or undefined when supported. */
export function unsupportedNodeMessage(version: string): string | undefined {
  const major = Number(/^v?(\d+)\./.exec(version)?.[1]);
  // A version this cannot read is let through: the check is there to name a known cause, not to guess.
  if (!Number.isInteger(major) || major >= OLDEST_SUPPORTED_MAJOR) return undefined;
  return (
    `pulumi-jenkins-jobs needs Node.js ${SUPPORTED_LINES}, but this is Node.js ${version} ` +
    `(${process.execPath}); put a supported Node.js first on PATH and run the command again.`
  );
}

const message = unsupportedNodeMessage(process.versions.node);
if (message !== undefined) {
  // Written synchronously, then exit: a thrown error would bury the line under a stack trace.
  writeSync(2, `${message}\n`);
  process.exit(1);
}
