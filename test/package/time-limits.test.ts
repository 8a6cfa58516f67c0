/**
 * The suite's time limits: a file whose tests start processes gets minutes, one that stays in-process jest's 60 s
 * (test/harness/time-limits.ts, loaded for every file by jest.config.js).
 */
import * as path from "node:path";
import { timeLimitFor } from "../harness/time-limits";
import { repoRoot } from "../harness/provider-process";

const at = (...parts: string[]) => path.join(repoRoot, "dist", "test", ...parts);

test("a file that starts processes gets minutes; one that stays in this process 60 s", () => {
  expect(timeLimitFor(at("language-host", "views.test.js"))).toBe(6 * 60_000);
  expect(timeLimitFor(at("package", "install.test.js"))).toBe(6 * 60_000);
  expect(timeLimitFor(at("plugin", "job-conformance.test.js"))).toBe(6 * 60_000);
  expect(timeLimitFor(at("xml", "canonical.test.js"))).toBe(60_000);
  expect(timeLimitFor(at("review", "report.test.js"))).toBe(60_000);
});

test("jest runs this file with the limit its folder gives", () => {
  // jest-circus keeps the default limit of the running file under this global symbol (what jest.setTimeout sets).
  const limit = (globalThis as Record<symbol, unknown>)[Symbol.for("TEST_TIMEOUT_SYMBOL")];
  expect(limit).toBe(timeLimitFor(__filename));
});
