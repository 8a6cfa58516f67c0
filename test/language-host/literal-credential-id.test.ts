/**
 * Credentials named by literal ids through the language host: on a Jenkins that has none of them yet, a program
 * that declares a folder's credential and a system one before the jobs naming them by id previews green and goes
 * up; a typo in such an id is still caught.
 */
import * as path from "node:path";
import type { JenkinsServer } from "../../provider/server";
import type { JenkinsUser } from "../harness/jenkins-user";
import type { PulumiCli } from "../harness/language-host";
import { repoRoot } from "../harness/provider-process";
import { startStack } from "./stack";

const PROJECT = path.join(repoRoot, "test", "language-host", "projects", "literal-credential-id");

describe("credentials named by literal ids, declared earlier in the program", () => {
  let server: JenkinsServer;
  let user: JenkinsUser;
  let cli: PulumiCli;

  beforeAll(async () => {
    ({ server, user, cli } = await startStack(PROJECT));
    cli.setConfig("token", "lit-token-5d2e", { secret: true });
    cli.setConfig("password", "lit-pw-81c0", { secret: true });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("previews green on a Jenkins that has none of them, goes up, and plans no changes after", async () => {
    for (let run = 0; run < 3; run++) {
      const preview = await cli.preview();
      expect({ run, ok: preview.ok, errors: preview.errors }).toEqual({ run, ok: true, errors: [] });
    }
    const up = await cli.up();
    expect({ ok: up.ok, errors: up.errors }).toEqual({ ok: true, errors: [] });
    expect(await user.credentialIds("team")).toEqual(["team-token"]);
    expect(await user.credentialIds(undefined)).toEqual(["org-bot"]);
    const plan = await cli.preview();
    expect(plan.steps.filter((s) => s.op !== "same")).toEqual([]);
    const destroy = await cli.destroy();
    expect(destroy.errors).toEqual([]);
  });
});
