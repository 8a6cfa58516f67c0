/**
 * Each test file's time limit, from what its tests do (jest's `setupFilesAfterEnv`). A test that starts processes
 * (a Pulumi program and its providers through the language host, a plugin over gRPC, npm, the command) spends its
 * time in them, and on a busy 2-core machine those take several times as long as on an idle one: such a test gets
 * minutes, not jest's 60 s. A test that stays in this process (XML, diffs, the client against the in-process
 * server) keeps 60 s: past that it is stuck, not slow. A test or hook that gives its own limit keeps it.
 */
import * as path from "node:path";

/** Folders of dist/test whose tests start processes, and the limit of each of their tests and hooks. */
const PROCESS_FOLDERS = ["language-host", "package", "examples", "docs", "import", "plugin", "bench"];
const PROCESS_LIMIT_MS = 6 * 60_000;
const IN_PROCESS_LIMIT_MS = 60_000;

/** The limit for a test file, by the first folder under test/ it lies in. */
export function timeLimitFor(testPath: string): number {
  const parts = testPath.split(path.sep);
  const at = parts.lastIndexOf("test");
  const folder = at === -1 ? undefined : parts[at + 1];
  return folder !== undefined && PROCESS_FOLDERS.includes(folder) ? PROCESS_LIMIT_MS : IN_PROCESS_LIMIT_MS;
}

const testPath = (expect.getState() as { testPath?: string }).testPath;
if (testPath !== undefined) jest.setTimeout(timeLimitFor(testPath));
