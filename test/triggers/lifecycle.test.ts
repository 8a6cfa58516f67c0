/**
 * Layer 1: the BuildTrigger provider methods called directly. Check and diff send nothing, except the one check per
 * connection that Jenkins can be used, made by the check of a new trigger or a diff that fires again; create fires
 * exactly once; update, read and delete never send anything.
 */
import * as lifecycle from "../../provider/triggers/lifecycle";
import { closeClients } from "../../provider/connection/settings";
import type { JenkinsServer } from "../../provider/server";
import { UNKNOWN } from "../harness/provider-process";
import { posts, serverWithJobs, tokenConnection } from "./setup";

const PROVIDER = "exports.handler = fake;";

let server: JenkinsServer;
beforeAll(async () => {
  server = await serverWithJobs();
  const c = tokenConnection(server);
  const config: Record<string, string> = {
    "jenkins:url": c.url,
    "jenkins:user": c.user,
    "jenkins:apiToken": c.apiToken,
  };
  await lifecycle.configure({ config: { get: (k: string) => config[k] } });
});
afterAll(async () => {
  await closeClients();
  await server?.close();
});

describe("the connection check", () => {
  it("is made once per connection, by the check of a new trigger; an unchanged one asks nothing", async () => {
    await closeClients();
    server.resetCounters();
    const inputs = { job: "team/release", kind: "build", triggers: [1], __provider: PROVIDER };
    const unchanged = await lifecycle.check(inputs, inputs);
    expect(unchanged.failures).toEqual([]);
    expect(await lifecycle.diff("id", inputs, unchanged.inputs!)).toMatchObject({ changes: false });
    expect(server.requests).toEqual([]);
    for (const job of ["team/release", "team/api-build"]) {
      expect((await lifecycle.check({}, { job, triggers: [1], __provider: PROVIDER })).failures).toEqual([]);
    }
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual(["GET /api/json"]);
  });
});

describe("check", () => {
  it("defaults kind to build and keeps the other inputs", async () => {
    const res = await lifecycle.check({}, { job: "team/api-build", triggers: ["abc123"], __provider: PROVIDER });
    expect(res.failures).toEqual([]);
    expect(res.inputs).toEqual({ job: "team/api-build", kind: "build", triggers: ["abc123"], __provider: PROVIDER });
  });

  it("rejects a missing or invalid job path, an unknown kind, bad parameters and non-array triggers", async () => {
    const res = await lifecycle.check(
      {},
      { job: "team//x?", kind: "deploy", parameters: { A: { nested: 1 } }, triggers: "abc" },
    );
    expect(res.failures?.map((f) => f.property)).toEqual(["job", "kind", "parameters", "triggers"]);
    const missing = await lifecycle.check({}, {});
    expect(missing.failures?.[0].reason).toMatch(/job is required/);
  });

  it("refuses parameters on an SCM check", async () => {
    const res = await lifecycle.check({}, { job: "a", kind: "scmCheck", parameters: { A: "1" } });
    expect(res.failures?.[0]).toMatchObject({ property: "parameters" });
    expect(res.failures?.[0].reason).toMatch(/builds only/);
  });

  it("passes values that are not known yet through untouched", async () => {
    const news = { job: UNKNOWN, kind: "build", parameters: { VERSION: UNKNOWN }, triggers: UNKNOWN };
    const res = await lifecycle.check({}, news);
    expect(res.failures).toEqual([]);
    expect(res.inputs).toEqual(news);
  });
});

describe("diff", () => {
  const olds = {
    job: "team/release",
    kind: "build",
    parameters: { VERSION: "1.0" },
    triggers: ["abc", { n: 1 }],
    queueUrl: "http://x/queue/item/1/",
    __provider: PROVIDER,
  };
  const same = {
    job: "team/release",
    kind: "build",
    parameters: { VERSION: "1.0" },
    triggers: ["abc", { n: 1 }],
    __provider: "newer provider text",
  };

  it("reports no change when nothing that fires changed (the provider text does not count)", async () => {
    expect(await lifecycle.diff("id", olds, same)).toEqual({
      changes: false,
      replaces: [],
      deleteBeforeReplace: false,
    });
  });

  it("replaces (fires again) on a change of triggers, parameters, job or kind", async () => {
    const cases: Array<[Record<string, unknown>, string[]]> = [
      [{ triggers: ["def", { n: 1 }] }, ["triggers"]],
      [{ triggers: ["abc", { n: 2 }] }, ["triggers"]],
      [{ triggers: undefined }, ["triggers"]],
      [{ parameters: { VERSION: "1.1" } }, ["parameters"]],
      [{ job: "team/other" }, ["job"]],
      [{ kind: "scmCheck", parameters: undefined }, ["kind", "parameters"]],
    ];
    for (const [change, replaces] of cases) {
      const d = await lifecycle.diff("id", olds, { ...same, ...change });
      expect({ change, d }).toEqual({ change, d: { changes: true, replaces, deleteBeforeReplace: false } });
    }
  });

  it("treats a value not known yet (preview) as a possible change", async () => {
    const d = await lifecycle.diff("id", olds, { ...same, triggers: ["abc", UNKNOWN] });
    expect(d.replaces).toEqual(["triggers"]);
  });
});

describe("create, update, read and delete against the server", () => {
  beforeEach(() => server.resetCounters());

  it("create fires one build and records its queue URL; the rest send nothing", async () => {
    const inputs = {
      job: "team/release",
      kind: "build",
      parameters: { VERSION: "3.1" },
      triggers: [1],
      __provider: PROVIDER,
    };
    const created = await lifecycle.create(inputs);
    expect(server.builds).toEqual([
      expect.objectContaining({ job: "team/release", params: { VERSION: "3.1", DRY_RUN: "true" } }),
    ]);
    expect(created.outs).toEqual({
      job: "team/release",
      kind: "build",
      parameters: { VERSION: "3.1" },
      triggers: [1],
      queueUrl: `${server.url}queue/item/${server.builds[0].queueId}/`,
    });

    const olds = { ...created.outs, __provider: PROVIDER };
    const updated = await lifecycle.update(created.id, olds, { ...inputs, triggers: [1] });
    expect(updated.outs).toEqual(created.outs);
    expect(await lifecycle.read(created.id, olds)).toEqual({ id: created.id, props: created.outs });
    await lifecycle.delete(created.id, olds);
    expect(server.builds).toHaveLength(1);
    expect(server.requests).toHaveLength(1);
  });

  it("create of an SCM check polls once and has no queue URL", async () => {
    const created = await lifecycle.create({ job: "team/api-build", kind: "scmCheck", __provider: PROVIDER });
    expect(server.polls).toEqual([{ job: "team/api-build" }]);
    expect(created.outs).toEqual({ job: "team/api-build", kind: "scmCheck" });
    expect(posts(server)).toEqual(["POST /job/team/job/api-build/polling"]);
  });

  it("a lost answer is recorded as sent (partial failure), so the next run does not send it again", async () => {
    server.faults.dropAfterRate = 1;
    let err: unknown;
    try {
      await lifecycle.create({ job: "team/api-build", kind: "build", triggers: ["x"], __provider: PROVIDER });
    } catch (e) {
      err = e;
    } finally {
      server.faults.dropAfterRate = 0;
    }
    const partial = err as { id?: string; properties?: Record<string, unknown>; reasons?: string[] };
    expect(partial.id).toEqual(expect.any(String));
    expect(partial.properties).toEqual({ job: "team/api-build", kind: "build", triggers: ["x"], __provider: PROVIDER });
    expect(partial.reasons?.[0]).toMatch(/will not be repeated/);
    expect(posts(server)).toEqual(["POST /job/team/job/api-build/build"]);
    // The next run diffs the recorded trigger against the same inputs: nothing to do.
    const d = await lifecycle.diff(partial.id!, partial.properties!, {
      job: "team/api-build",
      kind: "build",
      triggers: ["x"],
    });
    expect(d.changes).toBe(false);
  });
});
