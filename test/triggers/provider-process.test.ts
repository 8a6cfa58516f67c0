/**
 * Layer 2: the provider serialized from a real `BuildTrigger`, loaded by the real dynamic-provider process and
 * driven over gRPC as the engine drives it. Builds and polls are counted at the server.
 */
import type { JenkinsServer } from "../../provider/server";
import { BuildTrigger } from "../../provider/triggers";
import { ProviderCallError, ProviderProcess, type PropertyMap } from "../harness/provider-process";
import { startConfiguredProvider } from "../harness/configured-provider";
import { findLeaks, textOf } from "../harness/secrets";
import { providerTextOf } from "../harness/serialized-provider";
import { credentialForms } from "../harness/test-server";
import { posts, serverWithJobs } from "./setup";

const URN = "urn:pulumi:test::jenkins-jobs::pulumi-nodejs:dynamic/jenkins:BuildTrigger::release";

describe("BuildTrigger provider in the dynamic-provider process, over gRPC", () => {
  let server: JenkinsServer;
  let proc: ProviderProcess;
  let providerText: string;

  beforeAll(async () => {
    providerText = await providerTextOf(() => new BuildTrigger("probe", { job: "probe" }));
    server = await serverWithJobs();
    proc = await startConfiguredProvider(server, { logRequests: true });
  });
  afterAll(async () => {
    await proc?.close();
    await server?.close();
  });
  beforeEach(() => server.resetCounters());

  it("the serialized provider is a thin entry that captures no credential", () => {
    expect(providerText).toContain("pulumi-jenkins-jobs/dist/provider/triggers/lifecycle");
    expect(providerText.length).toBeLessThan(20_000);
    expect(findLeaks("__provider", providerText, credentialForms())).toEqual([]);
  });

  it("fires on create, not on an unchanged diff, and again on a changed trigger", async () => {
    const news: PropertyMap = {
      job: "team/release",
      parameters: { VERSION: "1.0" },
      triggers: ["v1"],
      __provider: providerText,
    };
    const checked = await proc.check(URN, {}, news);
    expect(checked.failures).toEqual([]);
    const created = await proc.create(URN, checked.inputs);
    expect(server.builds).toEqual([
      expect.objectContaining({ job: "team/release", params: { VERSION: "1.0", DRY_RUN: "true" } }),
    ]);
    expect(created.properties.queueUrl).toBe(`${server.url}queue/item/${server.builds[0].queueId}/`);

    // Next `up`, same inputs: Check → Diff says nothing changed, so nothing else is called.
    const again = await proc.check(URN, checked.inputs, news);
    expect(await proc.diff(URN, created.id, created.properties, again.inputs)).toEqual({
      changes: "none",
      replaces: [],
      deleteBeforeReplace: false,
    });
    // A refresh reads nothing from Jenkins.
    const read = await proc.read(URN, created.id, created.properties, checked.inputs);
    expect(read.properties).toEqual(created.properties);
    expect(server.builds).toHaveLength(1);
    // The check of the new trigger asked once whether Jenkins can be used; then only the build was sent.
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      "GET /api/json",
      "POST /job/team/job/release/buildWithParameters",
    ]);

    // A new trigger value: replace = Create (fires) then Delete of the old one (sends nothing).
    const changed = await proc.check(URN, checked.inputs, { ...news, triggers: ["v2"] });
    const diff = await proc.diff(URN, created.id, created.properties, changed.inputs);
    expect(diff).toEqual({ changes: "some", replaces: ["triggers"], deleteBeforeReplace: false });
    const replacement = await proc.create(URN, changed.inputs);
    await proc.delete(URN, created.id, created.properties);
    expect(server.builds).toHaveLength(2);
    expect(replacement.id).not.toBe(created.id);
    expect(posts(server)).toEqual([
      "POST /job/team/job/release/buildWithParameters",
      "POST /job/team/job/release/buildWithParameters",
    ]);

    const leaks = [
      ...findLeaks("outputs", textOf([created, replacement, read]), credentialForms()),
      ...findLeaks("stderr", proc.stderr, credentialForms()),
    ];
    expect(leaks).toEqual([]);
  });

  it("a disabled job fails the create with the 409 message, and nothing is recorded", async () => {
    const checked = await proc.check(URN, {}, { job: "legacy-build", __provider: providerText });
    const err = await proc.create(URN, checked.inputs).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderCallError);
    expect((err as ProviderCallError).initFailed).toBeUndefined();
    expect((err as Error).message).toMatch(
      /Jenkins job "legacy-build": cannot start a build: the job is not buildable/,
    );
    expect((err as Error).message).toContain("HTTP 409");
    expect((err as Error).message).toContain("Enable the job");
    expect(server.builds).toHaveLength(0);
  });

  it("an SCM check polls once", async () => {
    const checked = await proc.check(
      URN,
      {},
      { job: "team/api-build", kind: "scmCheck", triggers: ["abc"], __provider: providerText },
    );
    const created = await proc.create(URN, checked.inputs);
    expect(server.polls).toEqual([{ job: "team/api-build" }]);
    expect(created.properties.queueUrl).toBeUndefined();
    expect(posts(server)).toEqual(["POST /job/team/job/api-build/polling"]);
  });
});
