/**
 * Fault soak, Layer 1 (provider methods in-process, for speed): 300 jobs in 10 folders, each job with a build
 * trigger, go through create, update and delete while 10% of all requests fail (500/502/503 answers, connections
 * dropped before and after the server acted, on top of added latency; crumb requests and the provider's first
 * "is this a Jenkins" check included), and the server restarts in the middle of each phase with password auth, so
 * sessions and crumbs go stale. After each phase the failed resources are run once more, as a user would
 * re-run `pulumi up`, with the network healthy again. Then:
 *  - every job converged (state matches the declaration and the server, refresh finds no drift);
 *  - no job was created twice and no create was sent blindly over an existing job;
 *  - no build was triggered twice;
 *  - no update was lost (the server holds every job's final config);
 *  - nothing is left behind after delete;
 *  - every failure message names its job and the cause.
 */
import type { FaultSettings, JenkinsServer } from "../../provider/server";
import { closeClients } from "../../provider/connection/settings";
import { withFields } from "../../provider/resource/job-config";
import { configsEquivalent } from "../../provider/xml/semantic";
import { ADMIN, startServer } from "../harness/test-server";
import { inProcessEngine, passwordConfig } from "../harness/in-process";
import { FOLDER_XML, markedFreestyle } from "../harness/job-configs";
import { inParallel, type Engine, type Props } from "../harness/engine";
import { blindCreates, builtTwice, createdTwice, faultCounts, unexplained } from "./soak-checks";
import { snapshot } from "./server-state";

const JOBS = 300;
const PARALLEL = 16;
const FOLDERS = 10;
const FAULTS: FaultSettings = {
  latencyMs: 2,
  errorRate: 0.05,
  errorStatuses: [500, 502, 503],
  dropBeforeRate: 0.025,
  dropAfterRate: 0.025,
  scope: "all",
};
const HEALTHY: FaultSettings = { ...FAULTS, latencyMs: 0, errorRate: 0, dropBeforeRate: 0, dropAfterRate: 0 };

const names = Array.from({ length: JOBS }, (_, i) => `soak-${String(i).padStart(3, "0")}`);
const folders = Array.from({ length: FOLDERS }, (_, i) => `team-${i}`);
const folderOf = (name: string) => folders[Number(name.slice(-3)) % FOLDERS];
const fullNameOf = (name: string) => `${folderOf(name)}/${name}`;
const jobUrn = (name: string) => `urn:pulumi:soak::hardening::pulumi-nodejs:dynamic/jenkins:Job::${name}`;
const triggerUrn = (name: string) =>
  `urn:pulumi:soak::hardening::pulumi-nodejs:dynamic/jenkins:BuildTrigger::${name}-build`;
/** The job (full name, as messages quote it) a resource is about. */
const jobOf = (urn: string) => {
  const resource = urn.slice(urn.lastIndexOf("::") + 2).replace(/-build$/, "");
  return resource.startsWith("team-") ? resource : fullNameOf(resource);
};
const everything = [...folders, ...names.map(fullNameOf)].sort();

const declared = (name: string, version: number): Props => ({
  name,
  folder: folderOf(name),
  configXml: markedFreestyle(`${name}-v${version}`),
  description: `${name} version ${version}`,
});

let server: JenkinsServer;
let engine: Engine;

beforeAll(async () => {
  server = await startServer("current");
  engine = await inProcessEngine(passwordConfig(server));
});

afterAll(async () => {
  await closeClients();
  await server?.close();
});

type Step = (name: string) => Promise<boolean>;
/** A run in the engine's order: folders before their jobs on the way up, jobs before their folders on the way down. */
interface Run {
  folders: Step;
  jobs: Step;
  foldersLast?: boolean;
}

async function runAll(run: Run, onJobDone?: (done: number) => void): Promise<string[]> {
  const failed: string[] = [];
  const each = (list: string[], step: Step, after?: () => void) =>
    inParallel(list, PARALLEL, async (name) => {
      if (!(await step(name))) failed.push(name);
      after?.();
    });
  let done = 0;
  if (!run.foldersLast) await each(folders, run.folders);
  await each(names, run.jobs, () => onJobDone?.(++done));
  if (run.foldersLast) await each(folders, run.folders);
  return failed.sort();
}

/** Runs under faults with a restart once half of the jobs are done; returns the resources that failed. */
async function faultyRun(seed: number, run: Run): Promise<string[]> {
  server.faults = { ...FAULTS, seed };
  let restarted: Promise<void> | undefined;
  const failed = await runAll(run, (done) => {
    if (done === JOBS / 2) restarted = server.restart({ downtimeMs: 200 });
  });
  await restarted;
  server.faults = HEALTHY;
  return failed;
}

/** The re-run: every resource once more, healthy network; returns the resources that still fail. */
const rerun = (run: Run): Promise<string[]> => runAll(run);

const folderUrn = (folder: string) => `urn:pulumi:soak::hardening::pulumi-nodejs:dynamic/jenkins:Job::${folder}`;
const folderInputs = (folder: string): Props => ({ name: folder, configXml: FOLDER_XML });

const up = (version: number): Run => ({
  folders: (folder) => engine.up(folderUrn(folder), folderInputs(folder)),
  // The engine does not run a resource whose dependency failed in this run.
  jobs: async (name) => {
    if (!engine.state.has(folderUrn(folderOf(name))) || engine.state.get(folderUrn(folderOf(name)))!.initErrors)
      return false;
    if (!(await engine.up(jobUrn(name), declared(name, version)))) return false;
    return engine.up(triggerUrn(name), { job: fullNameOf(name), kind: "build" });
  },
});

const destroy: Run = {
  foldersLast: true,
  jobs: async (name) => (await engine.destroy(triggerUrn(name))) && engine.destroy(jobUrn(name)),
  folders: async (folder) => {
    if (names.some((n) => folderOf(n) === folder && engine.state.has(jobUrn(n)))) return false;
    return engine.destroy(folderUrn(folder));
  },
};

describe("300 jobs in 10 folders under 10% injected faults and a restart, password auth", () => {
  it("create: every job and its one build converge after at most one re-run", async () => {
    const failed = await faultyRun(101, up(1));
    const faults = faultCounts(server);
    expect(faults.error + faults.dropBefore + faults.dropAfter).toBeGreaterThan(30);
    expect(engine.failures.length).toBeGreaterThan(0);

    expect(await rerun(up(1))).toEqual([]);
    expect(Object.keys(snapshot(server)).sort()).toEqual(everything);
    expect(createdTwice(server)).toEqual([]);
    expect(blindCreates(server)).toEqual([]);
    expect(builtTwice(server)).toEqual([]);
    // The restart really invalidated the crumb: some POST was refused for it and then went through.
    expect(server.requests.some((r) => r.status === 403 && r.method === "POST")).toBe(true);
    expect(unexplained(engine.failures, jobOf)).toEqual([]);
    // Failed creates either left no state (nothing on the server) or a partial failure the re-run finished.
    expect(failed.length).toBeLessThan(JOBS / 4);
  });

  it("update: no update is lost and every job matches its declaration", async () => {
    const before = engine.failures.length;
    await faultyRun(202, up(2));
    expect(engine.failures.length).toBeGreaterThan(before);
    expect(await rerun(up(2))).toEqual([]);

    const onServer = snapshot(server);
    const stale: string[] = [];
    for (const name of names) {
      const want = declared(name, 2);
      const stored = onServer[fullNameOf(name)];
      // What the provider must have sent: the declared XML with the explicit description written into it.
      const desired = withFields(want.configXml as string, { description: want.description as string });
      if (
        !stored.includes(`${name}-v2`) ||
        !stored.includes(`${name} version 2`) ||
        !configsEquivalent(desired, stored)
      ) {
        stale.push(name);
      }
      expect(engine.state.get(jobUrn(name))!.outputs).toMatchObject({
        fullName: fullNameOf(name),
        description: want.description,
        enabled: true,
      });
    }
    expect(stale).toEqual([]);
    const drifted: string[] = [];
    await inParallel(names, PARALLEL, async (name) => {
      if (!(await engine.inSync(jobUrn(name)))) drifted.push(name);
    });
    expect(drifted).toEqual([]);
    expect(builtTwice(server)).toEqual([]);
    expect(createdTwice(server)).toEqual([]);
    expect(unexplained(engine.failures, jobOf)).toEqual([]);
  });

  it("delete: nothing is left behind", async () => {
    const before = engine.failures.length;
    await faultyRun(303, destroy);
    expect(engine.failures.length).toBeGreaterThan(before);
    expect(await rerun(destroy)).toEqual([]);
    expect(engine.state.size).toBe(0);
    expect(snapshot(server)).toEqual({});
    const listing = await fetch(`${server.url}api/json?tree=jobs[name]`, {
      headers: { Authorization: `Basic ${Buffer.from(`${ADMIN.name}:${ADMIN.apiToken}`).toString("base64")}` },
    });
    expect(await listing.json()).toMatchObject({ jobs: [] });
    expect(unexplained(engine.failures, jobOf)).toEqual([]);
  });
});
