/** The script functions triggerBuild and triggerScmCheck against the Jenkins-compatible server, over real HTTP. */
import { JenkinsClient } from "../../provider/client/jenkins-client";
import { NotBuildableError } from "../../provider/client/errors";
import { ConnectionConfigError } from "../../provider/connection/errors";
import type { JenkinsServer } from "../../provider/server";
import { triggerBuild, triggerScmCheck } from "../../provider/triggers";
import { findLeaks, textOf } from "../harness/secrets";
import { ADMIN, MODES, credentialForms } from "../harness/test-server";
import { posts, serverWithJobs, tokenConnection } from "./setup";

describe.each(MODES)("triggerBuild / triggerScmCheck (%s server)", (mode) => {
  let server: JenkinsServer;
  beforeAll(async () => {
    server = await serverWithJobs(mode);
  });
  afterAll(async () => server?.close());
  beforeEach(() => server.resetCounters());

  it("queues exactly one build and returns its queue item URL", async () => {
    const { queueUrl } = await triggerBuild(tokenConnection(server), "team/api-build");
    expect(server.builds).toHaveLength(1);
    expect(server.builds[0]).toMatchObject({ job: "team/api-build", params: {} });
    expect(queueUrl).toBe(`${server.url}queue/item/${server.builds[0].queueId}/`);
    expect(posts(server)).toEqual(["POST /job/team/job/api-build/build"]);
  });

  it("builds a parameterized job with the given values", async () => {
    await triggerBuild(tokenConnection(server), "team/release", { parameters: { VERSION: "1.4.2", DRY_RUN: false } });
    expect(server.builds).toEqual([
      expect.objectContaining({ job: "team/release", params: { VERSION: "1.4.2", DRY_RUN: "false" } }),
    ]);
    expect(posts(server)).toEqual(["POST /job/team/job/release/buildWithParameters"]);
  });

  it("refuses a disabled job with a clear error, sent once", async () => {
    const err = await triggerBuild(tokenConnection(server), "legacy-build").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NotBuildableError);
    const message = (err as Error).message;
    expect(message).toContain('"legacy-build"');
    expect(message).toContain("not buildable");
    expect(message).toContain("HTTP 409");
    expect(message).toMatch(/Enable the job/);
    expect(server.builds).toHaveLength(0);
    expect(posts(server)).toEqual(["POST /job/legacy-build/build"]);
    expect(findLeaks("error", textOf(err), credentialForms())).toEqual([]);
  });

  it("asks for an SCM check", async () => {
    await triggerScmCheck(tokenConnection(server), "team/api-build");
    expect(server.polls).toEqual([{ job: "team/api-build" }]);
    expect(server.builds).toHaveLength(0);
    expect(posts(server)).toEqual(["POST /job/team/job/api-build/polling"]);
  });

  it("takes the URL and credentials from the environment when not given", async () => {
    const env = { JENKINS_URL: server.url, JENKINS_USER: ADMIN.name, JENKINS_API_TOKEN: ADMIN.apiToken };
    await triggerBuild(undefined, "team/api-build", { env });
    await triggerScmCheck({ url: server.url }, "team/api-build", {
      env: { ...env, JENKINS_URL: "http://127.0.0.1:9/" },
    });
    expect(server.builds).toHaveLength(1);
    expect(server.polls).toHaveLength(1);
  });

  it("fails before any request when no credential is configured", async () => {
    const err = await triggerBuild({ url: server.url }, "team/api-build", { env: {} }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConnectionConfigError);
    expect((err as Error).message).toContain("JENKINS_API_TOKEN");
    expect(server.requests).toHaveLength(0);
  });

  it("uses a client it is given and leaves it open", async () => {
    const client = new JenkinsClient(tokenConnection(server));
    try {
      await triggerBuild(client, "team/api-build");
      await triggerBuild(client, "team/release", { parameters: { VERSION: "2" } });
      expect(server.builds.map((b) => b.job)).toEqual(["team/api-build", "team/release"]);
    } finally {
      await client.close();
    }
  });

  it("never sends a build twice when the answer is lost", async () => {
    server.faults.dropAfterRate = 1;
    try {
      const err = await triggerBuild(tokenConnection(server), "team/api-build").catch((e: unknown) => e);
      expect((err as Error).message).toMatch(/may or may not have been queued/);
    } finally {
      server.faults.dropAfterRate = 0;
    }
    expect(posts(server)).toEqual(["POST /job/team/job/api-build/build"]);
    expect(server.builds).toHaveLength(1);
  });
});
