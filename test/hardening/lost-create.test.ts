/**
 * A create whose answer is lost after Jenkins made the job: the provider must find out what happened instead of
 * creating the job a second time or forgetting it (an orphan nobody manages). Password auth, so the crumb path is
 * part of every attempt. Three cases:
 *  - the answer is lost, the provider looks and finds its job: the create succeeds, one createItem;
 *  - the answer is lost and the look fails too: a partial failure keeps the job in state, the re-run converges it
 *    with a config update, still one createItem;
 *  - the request is lost before Jenkins acted and the look fails: the partial failure's re-run creates the job once.
 * In every case `destroy` afterwards leaves nothing behind.
 */
import type { JenkinsServer } from "../../provider/server";
import { closeClients } from "../../provider/connection/settings";
import { startServer } from "../harness/test-server";
import { inProcessEngine, passwordConfig } from "../harness/in-process";
import { markedFreestyle } from "../harness/job-configs";
import type { Engine } from "../harness/engine";
import { createsPerJob, dropAnswerOf, snapshot } from "./server-state";

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
afterEach(() => {
  server.faults = { latencyMs: 0, errorRate: 0, errorStatuses: [500], dropBeforeRate: 0, dropAfterRate: 0 };
});

const urn = (name: string) => `urn:pulumi:lost::hardening::pulumi-nodejs:dynamic/jenkins:Job::${name}`;
const isCreateOf = (name: string) => (r: { path: string; query: string }) =>
  r.path === "/createItem" && r.query === `name=${name}`;

async function destroyAndCheckEmpty(name: string): Promise<void> {
  expect(await engine.destroy(urn(name))).toBe(true);
  expect(snapshot(server)[name]).toBeUndefined();
}

it("answer lost after the job was made, the look succeeds: one createItem, job in state, no error", async () => {
  const name = "lost-answer";
  const drop = dropAnswerOf(server, isCreateOf(name));
  expect(await engine.up(urn(name), { name, configXml: markedFreestyle(name) })).toBe(true);
  expect(drop.fired()).toBe(true);
  const create = server.requests.find(isCreateOf(name))!;
  expect(create).toMatchObject({ status: 200, fault: "dropAfter" });
  expect(createsPerJob(server).get(name)).toBe(1);
  // After the lost answer the provider looked (a GET) instead of sending createItem again.
  const after = server.requests.slice(server.requests.indexOf(create) + 1);
  expect(after.filter((r) => r.path === "/createItem")).toEqual([]);
  expect(after.some((r) => r.method === "GET" && r.path.startsWith(`/job/${name}/`))).toBe(true);
  expect(engine.state.get(urn(name))!.outputs).toMatchObject({ fullName: name });
  expect(await engine.inSync(urn(name))).toBe(true);
  await destroyAndCheckEmpty(name);
});

it("answer lost and the look fails too: partial failure in state, the re-run updates instead of re-creating", async () => {
  const name = "lost-answer-and-look";
  dropAnswerOf(server, isCreateOf(name), true);
  expect(await engine.up(urn(name), { name, configXml: markedFreestyle(name) })).toBe(false);
  server.faults.dropAfterRate = 0;
  const failure = engine.failures.at(-1)!;
  expect(failure).toMatchObject({ op: "create", partial: true });
  expect(failure.message).toContain(`"${name}"`);
  expect(failure.message).toMatch(/may or may not/);
  expect(engine.state.get(urn(name))!.initErrors!.join(" ")).toMatch(/pulumi up/);
  expect(snapshot(server)[name]).toBeDefined();

  server.resetCounters();
  expect(await engine.up(urn(name), { name, configXml: markedFreestyle(name) })).toBe(true);
  expect(server.requests.map((r) => `${r.method} ${r.path}`).filter((l) => l.startsWith("POST"))).toEqual([
    `POST /job/${name}/config.xml`,
  ]);
  expect(engine.state.get(urn(name))!.initErrors).toBeUndefined();
  expect(await engine.inSync(urn(name))).toBe(true);
  await destroyAndCheckEmpty(name);
});

it("request lost before Jenkins acted and the look fails: the re-run creates the job exactly once", async () => {
  const name = "lost-request";
  server.faults = { latencyMs: 0, errorRate: 0, errorStatuses: [500], dropBeforeRate: 1, dropAfterRate: 0, seed: 1 };
  expect(await engine.up(urn(name), { name, configXml: markedFreestyle(name) })).toBe(false);
  server.faults.dropBeforeRate = 0;
  expect(engine.failures.at(-1)).toMatchObject({ op: "create", partial: true });
  expect(snapshot(server)[name]).toBeUndefined();

  server.resetCounters();
  expect(await engine.up(urn(name), { name, configXml: markedFreestyle(name) })).toBe(true);
  expect(createsPerJob(server).get(name)).toBe(1);
  expect(snapshot(server)[name]).toContain(name);
  expect(await engine.inSync(urn(name))).toBe(true);
  await destroyAndCheckEmpty(name);
});
