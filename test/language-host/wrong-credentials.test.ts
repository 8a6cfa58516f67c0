/**
 * A wrong API token, seen through the language host: the engine creates the jobs in parallel, they all wait on
 * one connection check, and each job's error names that job (and no other), says what was refused and how to fix
 * it, and carries no credential. Nothing is created and nothing enters the state.
 */
import * as path from "node:path";
import type { JenkinsServer } from "../../provider/server";
import type { PulumiCli } from "../harness/language-host";
import { repoRoot } from "../harness/provider-process";
import { startStack } from "./stack";

const PROJECT = path.join(repoRoot, "test", "language-host", "projects", "many-jobs");
const WRONG_TOKEN = "11c0ffee0ddba11dead5eed5eedbeef999";

describe("parallel creates with a wrong API token", () => {
  let server: JenkinsServer;
  let cli: PulumiCli;

  beforeAll(async () => {
    ({ server, cli } = await startStack(PROJECT, { parallel: 8, apiToken: WRONG_TOKEN }));
  });
  afterAll(async () => {
    await server?.close();
  });

  it("reports one error per job, each naming its own job", async () => {
    const up = await cli.up();
    expect(up.ok).toBe(false);
    const names = Array.from({ length: 6 }, (_, i) => `service-${i + 1}`);
    expect(up.errors.map((e) => e.urn.split("::").pop()).sort()).toEqual([...names].sort());
    process.stdout.write(`${up.errors[0].message}\n`);
    for (const error of up.errors) {
      const own = error.urn.split("::").pop()!;
      expect(error.message).toContain(`Jenkins job "${own}"`);
      expect(error.message).toMatch(/401/);
      for (const other of names.filter((n) => n !== own)) expect(error.message).not.toContain(`"${other}"`);
      expect(error.message).not.toContain(WRONG_TOKEN);
    }
    expect(cli.state.resources.filter((r) => r.custom)).toEqual([]);
    expect(server.requests.filter((r) => r.method === "POST")).toEqual([]);
  });
});
