/**
 * A folder moved into another folder in place, through the language host: the credential in its store follows it
 * (an update that writes nothing: no delete, no createCredentials), the job inside too, and the plans after up and
 * refresh are clean.
 */
import * as path from "node:path";
import type { JenkinsServer } from "../../provider/server";
import type { JenkinsUser } from "../harness/jenkins-user";
import type { OperationResult, PulumiCli } from "../harness/language-host";
import { repoRoot } from "../harness/provider-process";
import { startStack } from "./stack";
import { QUIET_REFRESH } from "../harness/language-host/quiet-refresh";

const PROJECT = path.join(repoRoot, "test", "language-host", "projects", "credential-folder-move");

const changes = (r: OperationResult): string[] =>
  r.steps
    .filter((s) => s.op !== "same")
    .map((s) => `${s.op} ${s.urn.split("::").pop()}`)
    .sort();

describe("a folder moved in place takes its credentials along", () => {
  let server: JenkinsServer;
  let user: JenkinsUser;
  let cli: PulumiCli;

  beforeAll(async () => {
    ({ server, user, cli } = await startStack(PROJECT));
    cli.setConfig("token", "move-token-0b7a", { secret: true });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("moves the folder, the credential follows as an update without a write, and plans are clean", async () => {
    expect((await cli.up()).ok).toBe(true);
    expect(await user.credentialIds("team")).toEqual(["team-token"]);
    cli.setConfig("moved", true);
    const plan = await cli.preview();
    expect(changes(plan)).toEqual(["update build", "update team", "update token"]);
    server.resetCounters();
    const up = await cli.up();
    expect({ ok: up.ok, errors: up.errors }).toEqual({ ok: true, errors: [] });
    expect(changes(up)).toEqual(["update build", "update team", "update token"]);
    const writes = server.requests.filter((r) => r.method !== "GET").map((r) => `${r.method} ${r.path}`);
    expect(writes.filter((w) => /credential/i.test(w))).toEqual([]);
    expect(writes).toContain("POST /job/team/move/move");
    expect(await user.exists("team")).toBe(false);
    expect(await user.credentialIds("org/team")).toEqual(["team-token"]);
    expect(await user.getConfig("org/team/build")).toContain("<credentialsId>team-token</credentialsId>");
    const url = cli.state.resources.find((r) => r.urn.endsWith("::token"))?.outputs.url;
    expect(url).toBe(`${server.url}job/org/job/team/credentials/store/folder/domain/_/credential/team-token/`);
    expect((await cli.preview()).steps.filter((s) => s.op !== "same")).toEqual([]);
    expect(await cli.refresh()).toMatchObject(QUIET_REFRESH);
    expect((await cli.preview()).steps.filter((s) => s.op !== "same")).toEqual([]);
    expect((await cli.destroy()).errors).toEqual([]);
  });
});
