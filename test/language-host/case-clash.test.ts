/**
 * A new Job whose name differs only in letter case from a job the stack manages, through the language host: Jenkins
 * item names ignore case, so it is the same job. The error says exactly that, names the managed job, and does not
 * advise adopting it (which would put one Jenkins job under two resources). Nothing changes in Jenkins.
 */
import * as path from "node:path";
import type { JenkinsServer } from "../../provider/server";
import type { JenkinsUser } from "../harness/jenkins-user";
import type { PulumiCli } from "../harness/language-host";
import { repoRoot } from "../harness/provider-process";
import { RUNNABLE_CHECK_REQUEST } from "../harness/test-server";
import { startStack } from "./stack";

const PROJECT = path.join(repoRoot, "test", "language-host", "projects", "case-clash");

describe("a new job named like a managed one in another letter case", () => {
  let server: JenkinsServer;
  let user: JenkinsUser;
  let cli: PulumiCli;

  beforeAll(async () => {
    ({ server, user, cli } = await startStack(PROJECT));
  });
  afterAll(async () => {
    await cli?.destroy();
    await server?.close();
  });

  it("is reported as a case-only clash with the managed job, never as a job to adopt", async () => {
    expect((await cli.up()).ok).toBe(true);
    const web = cli.state.resources.find((r) => r.urn.endsWith("::web"))!;
    const before = await user.getConfig("web");

    cli.setConfig("extraName", "WEB");
    server.resetCounters();
    const up = await cli.up();
    expect(up.ok).toBe(false);
    expect(up.errors).toHaveLength(1);
    const [error] = up.errors;
    expect(error.urn).toMatch(/::extra$/);
    process.stdout.write(`${error.message}\n`);
    expect(error.message).toContain(
      `Jenkins job "WEB" differs only in case from "web", which this stack already manages as resource ${web.id}`,
    );
    expect(error.message).not.toMatch(/adopt/);
    expect(error.message).not.toMatch(/not managed/);
    // Jenkins refused the create; nothing was written after that, and the managed job is as it was.
    // (The runnable check's lint of the new job's script is a read.)
    expect(
      server.requests
        .filter((r) => r.method === "POST" && !RUNNABLE_CHECK_REQUEST.test(`${r.method} ${r.path}`))
        .map((r) => r.path),
    ).toEqual(["/createItem"]);
    expect(await user.getConfig("web")).toBe(before);
    expect(cli.state.resources.filter((r) => r.custom).map((r) => r.urn.split("::").pop())).toEqual(["web"]);
  });
});
