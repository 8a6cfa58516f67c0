/**
 * Fault soak, Layer 2: a smaller run of the same soak through the real dynamic-provider process over gRPC, so the
 * partial-failure records, error packing and the provider's module-level client (one session and crumb shared by
 * every job) are the production paths. 40 jobs, 10% faults on the job endpoints, a restart in the middle of each
 * phase, password auth, and a server in legacy mode (config.xml read back as stored), where the Layer 1 soak uses the
 * current one.
 */
import type { FaultSettings, JenkinsServer } from "../../provider/server";
import { ProviderProcess } from "../harness/provider-process";
import { startConfiguredProvider } from "../harness/configured-provider";
import { findLeaks } from "../harness/secrets";
import { providerTextOfJob } from "../harness/serialized-provider";
import { credentialForms, startServer } from "../harness/test-server";
import { markedFreestyle } from "../harness/job-configs";
import { inParallel, Engine, overGrpc, type Props } from "../harness/engine";
import { blindCreates, createdTwice, faultCounts, unexplained } from "./soak-checks";
import { createsPerJob, dropAnswerOf, snapshot } from "./server-state";

const JOBS = 40;
const FAULTS: FaultSettings = {
  latencyMs: 0,
  errorRate: 0.05,
  errorStatuses: [500, 502, 503],
  dropBeforeRate: 0.025,
  dropAfterRate: 0.025,
  scope: "jobs",
};
const HEALTHY: FaultSettings = { ...FAULTS, errorRate: 0, dropBeforeRate: 0, dropAfterRate: 0 };
const names = Array.from({ length: JOBS }, (_, i) => `grpc-soak-${String(i).padStart(2, "0")}`);
const urn = (name: string) => `urn:pulumi:soak::hardening::pulumi-nodejs:dynamic/jenkins:Job::${name}`;
const jobOf = (u: string) => u.slice(u.lastIndexOf("::") + 2);
const declared = (name: string, version: number): Props => ({
  name,
  configXml: markedFreestyle(`${name}-v${version}`),
  enabled: version % 2 === 1,
});

let server: JenkinsServer;
let proc: ProviderProcess;
let engine: Engine;

beforeAll(async () => {
  const providerText = await providerTextOfJob();
  server = await startServer("legacy");
  proc = await startConfiguredProvider(server, { logRequests: true, credential: "password" });
  const provider = overGrpc(proc, providerText);
  engine = new Engine(() => provider);
});
afterAll(async () => {
  await proc?.close();
  await server?.close();
});

async function phase(seed: number, step: (name: string) => Promise<boolean>): Promise<void> {
  server.faults = { ...FAULTS, seed };
  let done = 0;
  let restarted: Promise<void> | undefined;
  await inParallel(names, 8, async (name) => {
    await step(name);
    if (++done === JOBS / 2) restarted = server.restart();
  });
  await restarted;
  server.faults = HEALTHY;
  const still: string[] = [];
  await inParallel(names, 8, async (name) => {
    if (!(await step(name))) still.push(name);
  });
  expect(still).toEqual([]);
}

it("creates, updates and deletes 40 jobs through faults and restarts; one re-run converges each phase", async () => {
  await phase(11, (name) => engine.up(urn(name), declared(name, 1)));
  await phase(12, (name) => engine.up(urn(name), declared(name, 2)));
  const stored = snapshot(server);
  for (const name of names) {
    expect(stored[name]).toContain(`${name}-v2`);
    expect(stored[name]).toContain("<disabled>true</disabled>");
    expect(await engine.inSync(urn(name))).toBe(true);
  }
  await phase(13, (name) => engine.destroy(urn(name)));

  expect(snapshot(server)).toEqual({});
  expect(engine.state.size).toBe(0);
  const faults = faultCounts(server);
  expect(faults.error + faults.dropBefore + faults.dropAfter).toBeGreaterThan(10);
  // The restarts really invalidated the session: some POST met a refused crumb and then went through.
  expect(server.requests.some((r) => r.method === "POST" && r.status === 403)).toBe(true);
  expect(createdTwice(server)).toEqual([]);
  expect(blindCreates(server)).toEqual([]);
  expect(unexplained(engine.failures, jobOf)).toEqual([]);
  expect(findLeaks("provider stderr", proc.stderr, credentialForms())).toEqual([]);
});

it("resolves a create whose answer was lost without a duplicate or an orphan", async () => {
  const name = "grpc-lost-answer";
  dropAnswerOf(server, (r) => r.path === "/createItem" && r.query === `name=${name}`);
  expect(await engine.up(urn(name), { name, configXml: markedFreestyle(name) })).toBe(true);
  expect(server.requests.find((r) => r.path === "/createItem")).toMatchObject({ status: 200, fault: "dropAfter" });
  expect(createsPerJob(server).get(name)).toBe(1);
  expect(await engine.inSync(urn(name))).toBe(true);
  expect(await engine.destroy(urn(name))).toBe(true);
  expect(snapshot(server)).toEqual({});
});
