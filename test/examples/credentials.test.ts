/**
 * examples/credentials run as the Pulumi CLI runs it, against a server that re-serializes what it stores the way a
 * legacy Jenkins does: up makes the folder, its credentials and the jobs; preview and refresh plan nothing; destroy
 * leaves no credential. Its Pulumi.yaml documents every key the program reads. (The whole sequence — new secret,
 * drift, the reference check, the folder's rename — is test/language-host/credentials.test.ts.)
 */
import { readFileSync } from "node:fs";
import * as path from "node:path";
import type { JenkinsServer } from "../../provider/server";
import type { JenkinsUser } from "../harness/jenkins-user";
import type { PulumiCli } from "../harness/language-host";
import { repoRoot } from "../harness/provider-process";
import { startStack } from "../language-host/stack";
import { QUIET_REFRESH } from "../harness/language-host/quiet-refresh";

const PROJECT = path.join(repoRoot, "examples", "credentials");
const KEY = "-----BEGIN OPENSSH PRIVATE KEY-----\nZXhhbXBsZS1rZXk=\n-----END OPENSSH PRIVATE KEY-----\n";

test("the example's Pulumi.yaml documents every config key its program reads", () => {
  const program = readFileSync(path.join(PROJECT, "index.ts"), "utf8");
  const project = readFileSync(path.join(PROJECT, "Pulumi.yaml"), "utf8");
  const keys = [...program.matchAll(/config\.(?:require|get)\w*\("(\w+)"\)/g)].map((m) => m[1]);
  expect(keys.sort()).toEqual([
    "botPassword",
    "deployKey",
    "folderName",
    "registryDescription",
    "registryToken",
    "typo",
  ]);
  for (const key of keys.filter((k) => k !== "registryDescription")) expect(project).toContain(`credentials:${key}`);
  expect(project).toContain("main: index.ts");
});

describe("examples/credentials against a legacy server", () => {
  let server: JenkinsServer;
  let user: JenkinsUser;
  let cli: PulumiCli;

  beforeAll(async () => {
    ({ server, user, cli } = await startStack(PROJECT, { mode: "legacy" }));
    cli.setConfig("deployKey", KEY, { secret: true });
    cli.setConfig("registryToken", "tok-example-1", { secret: true });
    cli.setConfig("botPassword", "pw-example-1", { secret: true });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("up, then a preview and a refresh that find nothing, then destroy that leaves no credential", async () => {
    const up = await cli.up();
    expect({ ok: up.ok, errors: up.errors }).toEqual({ ok: true, errors: [] });
    expect((await user.credentialIds("platform")).sort()).toEqual(["deploy-key", "registry-token"]);
    expect(await user.credentialIds(undefined)).toEqual(["git-bot"]);
    const plan = await cli.preview();
    expect(plan.steps.filter((s) => s.op !== "same")).toEqual([]);
    expect(await cli.refresh()).toMatchObject(QUIET_REFRESH);
    expect((await cli.preview()).steps.filter((s) => s.op !== "same")).toEqual([]);
    const destroy = await cli.destroy();
    expect(destroy.errors).toEqual([]);
    expect(await user.credentialIds(undefined)).toEqual([]);
    expect(await user.exists("platform")).toBe(false);
  });
});
