/**
 * A folder managed by code whose credentials are added by hand in Jenkins, through the language host: the folder
 * (declared in XML, or as a typed folderSpec) never shows them as drift, and an `up` that changes its description
 * keeps every credential with its secret; `refresh` and a preview after it have no changes. Nothing of the
 * credentials reaches the state.
 */
import * as path from "node:path";
import type { JenkinsServer } from "../../provider/server";
import { secretText, sshKey } from "../harness/credential-configs";
import type { JenkinsUser } from "../harness/jenkins-user";
import type { PulumiCli, Step } from "../harness/language-host";
import { repoRoot } from "../harness/provider-process";
import { findLeaks, secretForms } from "../harness/secrets";
import type { Mode } from "../harness/test-server";
import { startStack } from "./stack";
import { QUIET_REFRESH } from "../harness/language-host/quiet-refresh";

const SECRET = "Hand-Added-Token-5b8";
const KEY = "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjE-hand\n-----END OPENSSH PRIVATE KEY-----";
const PROPERTY = "FolderCredentialsProvider_-FolderCredentialsProperty";

const changes = (steps: Step[]): string[] =>
  steps.filter((s) => s.op !== "same").map((s) => `${s.op} ${s.urn.split("::").pop()}`);

/** `pulumi preview --expect-no-changes`: the plan has no step that changes anything. */
async function expectNoChanges(cli: PulumiCli): Promise<void> {
  const plan = await cli.preview();
  expect({ ok: plan.ok, changes: changes(plan.steps) }).toEqual({ ok: true, changes: [] });
}

const cases: Array<[string, string, string, Mode]> = [
  ["in XML", "folder-xml", "team", "current"],
  ["in XML", "folder-xml", "team", "legacy"],
  ["as a typed folderSpec", "folder-description", "apps", "current"],
];

describe.each(cases)("a folder declared %s (project %s, folder %s, %s server)", (_, project, folder, mode) => {
  let server: JenkinsServer;
  let user: JenkinsUser;
  let cli: PulumiCli;

  beforeAll(async () => {
    ({ server, user, cli } = await startStack(path.join(repoRoot, "test/language-host/projects", project), { mode }));
  });
  afterAll(async () => {
    await cli?.destroy();
    await server?.close();
  });

  it("keeps the credentials added by hand through refresh and an up that changes its description", async () => {
    const up = await cli.up();
    expect({ ok: up.ok, errors: up.errors }).toEqual({ ok: true, errors: [] });

    await user.addCredential(folder, secretText({ id: "deploy-token", description: "by hand", secret: SECRET }));
    await user.addCredential(folder, sshKey({ id: "deploy-key", username: "git", privateKey: KEY }));
    expect(await user.getConfig(folder)).toContain(PROPERTY);
    expect(await cli.refresh()).toMatchObject(QUIET_REFRESH);
    await expectNoChanges(cli);

    cli.setConfig("description", "Renamed by code");
    server.resetCounters();
    const changed = await cli.up();
    expect({ ok: changed.ok, errors: changed.errors }).toEqual({ ok: true, errors: [] });
    expect(changes(changed.steps)).toEqual([`update ${folder}`]);
    const stored = server.jobConfigOnDisk(folder) as string;
    // The declared description, with the stack's mark of ownership as its last line.
    expect(stored).toMatch(/<description>Renamed by code\n\nManaged as code by [^<]+<\/description>/);
    expect(await user.credentialIds(folder)).toEqual(["deploy-token", "deploy-key"]);
    // The secrets Jenkins holds are the ones added by hand.
    const held = [...stored.matchAll(/\{AQAAAB[A-Za-z0-9+/=]+\}/g)].map((m) => server.decryptSecret(m[0]));
    expect(held).toEqual([SECRET, KEY]);

    expect(await cli.refresh()).toMatchObject(QUIET_REFRESH);
    await expectNoChanges(cli);
    const state = JSON.stringify(cli.state);
    expect(findLeaks("state", state, secretForms("", [SECRET, KEY]))).toEqual([]);
    expect(state).not.toContain(PROPERTY);
  });
});
