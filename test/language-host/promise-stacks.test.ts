/**
 * The stack traces the SDK records for each output promise, through the language host (cmd/run, ts-node): a
 * resource of this package registers without the runtime formatting them (they are what most of a large program's
 * memory per resource went to), unless `PULUMI_DEBUG_PROMISE_LEAKS` asks for them, the one case in which the SDK
 * prints them. Everything else the stack traces tell stays: the SDK's source position of each resource, an error
 * thrown inside a registration, the SDK's own resources.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import type { JenkinsServer } from "../../provider/server";
import type { OperationResult } from "../harness/language-host";
import { repoRoot } from "../harness/provider-process";
import { cleanEnv } from "../harness/serialized-provider";
import { startStack } from "./stack";

const PROJECT = path.join(repoRoot, "test", "language-host", "projects", "promise-stacks");

/** The line of index.ts that declares `needle`, 1-based. */
function lineOf(needle: string): number {
  const lines = fs.readFileSync(path.join(PROJECT, "index.ts"), "utf8").split("\n");
  const at = lines.findIndex((l) => l.includes(needle));
  if (at < 0) throw new Error(`${needle} not in index.ts`);
  return at + 1;
}

async function run(env: Record<string, string>): Promise<{ result: OperationResult; server: JenkinsServer }> {
  const { server, cli } = await startStack(PROJECT, { env: cleanEnv(env) });
  try {
    return { result: await cli.up(), server };
  } finally {
    await server.close();
  }
}

describe("the SDK's promise stack traces while a resource of this package registers", () => {
  let quiet: OperationResult;
  let recorded: OperationResult;

  beforeAll(async () => {
    quiet = (await run({ PULUMI_DEBUG_PROMISE_LEAKS: "" })).result;
    recorded = (await run({ PULUMI_DEBUG_PROMISE_LEAKS: "true" })).result;
  });

  it("are not formatted; a thrown error's stack and the SDK's own resources are as before", () => {
    expect({ ok: quiet.ok, errors: quiet.errors }).toEqual({ ok: true, errors: [] });
    expect(quiet.outputs.packageStacks).toBe(0);
    // The control: the counter sees the stacks of a resource that is not ours.
    expect(quiet.outputs.componentStacks).toBeGreaterThan(0);
    expect(quiet.outputs.thrownMessage).toBe("Error: Resource parent is not a valid Resource: [object Object]");
    expect(quiet.outputs.thrownAtLine).toBe(String(lineOf('new Job("orphan"')));
    expect(quiet.outputs.apiUrl).toMatch(/\/job\/team\/job\/api\/$/);
  });

  it("are formatted as the SDK records them when PULUMI_DEBUG_PROMISE_LEAKS is set", () => {
    expect({ ok: recorded.ok, errors: recorded.errors }).toEqual({ ok: true, errors: [] });
    // Four per registered property, the properties of two Jobs and a View: dozens, as many as the SDK records.
    expect(recorded.outputs.packageStacks).toBeGreaterThan(40);
    expect(recorded.outputs.componentStacks).toBe(quiet.outputs.componentStacks);
    expect(recorded.outputs.thrownAtLine).toBe(quiet.outputs.thrownAtLine);
  });

  it("leave the SDK's source position of each resource where it is when they are recorded", () => {
    const names = ["team", "api", "all-of-team", "group"];
    const positions = (r: OperationResult) => names.map((n) => [n, r.sourcePositions?.get(n)]);
    expect(positions(quiet)).toEqual(positions(recorded));
    // Ours each have one (the class's own constructor, where the SDK stops counting frames for a dynamic resource).
    for (const [name, at] of positions(quiet).slice(0, 3)) {
      expect({ name, at }).toEqual({ name, at: expect.stringMatching(/^file:\/\/.+:\d+$/) });
    }
  });
});
