/**
 * What the user reads when a call fails because of the network or the server, one fault kind at a time: every
 * operation (create, config update, description update, delete, build trigger) meets the fault on every request to
 * the job endpoints, so each one fails, and its message must name the job and the actual cause. Then the network
 * heals and one re-run converges everything, with no job created twice and no build triggered twice.
 */
import type { FaultSettings, JenkinsServer } from "../../provider/server";
import { closeClients } from "../../provider/connection/settings";
import { startServer } from "../harness/test-server";
import { inProcessEngine, passwordConfig } from "../harness/in-process";
import { markedFreestyle } from "../harness/job-configs";
import type { Engine, Props } from "../harness/engine";
import { buildsPerJob, createsPerJob, snapshot } from "./server-state";

const HEALTHY: FaultSettings = {
  latencyMs: 0,
  errorRate: 0,
  errorStatuses: [500],
  dropBeforeRate: 0,
  dropAfterRate: 0,
  seed: 1,
};

const KINDS: Array<[string, Partial<FaultSettings>, RegExp[], RegExp?]> = [
  // An Oops page says nothing about the XML: calling it a refused configuration sends the user the wrong way.
  [
    "500 Oops page",
    { errorRate: 1, errorStatuses: [500] },
    [/HTTP 500/, /internal error/, /Logging ID/],
    /refused the configuration XML/,
  ],
  // A reverse proxy's own page: named as its answer, not Jenkins's.
  [
    "502 from a proxy",
    { errorRate: 1, errorStatuses: [502] },
    [/HTTP 502/, /from "nginx", not from Jenkins/],
    /internal error|system log/,
  ],
  [
    "503 from a proxy",
    { errorRate: 1, errorStatuses: [503] },
    [/HTTP 503/, /from "nginx", not from Jenkins/],
    /internal error|system log/,
  ],
  ["connection dropped before Jenkins acted", { dropBeforeRate: 1 }, [/connection|closed|reset|socket/i]],
  ["connection dropped after Jenkins acted", { dropAfterRate: 1 }, [/connection|closed|reset|socket/i]],
];

const urnOf = (type: string, name: string) =>
  `urn:pulumi:faults::hardening::pulumi-nodejs:dynamic/jenkins:${type}::${name}`;
const job = (name: string, version: string, extra: Props = {}): Props => ({
  name,
  configXml: markedFreestyle(`${name}-${version}`),
  ...extra,
});

describe.each(KINDS)("every operation meeting %s", (_kind, faults, cause, misleading) => {
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

  /** The declared state of the second `up`, and what each resource's step is. */
  const steps: Array<[string, string, () => Promise<boolean>]> = [
    ["create", "fresh", () => engine.up(urnOf("Job", "fresh"), job("fresh", "v1"))],
    ["config update", "reconfigured", () => engine.up(urnOf("Job", "reconfigured"), job("reconfigured", "v2"))],
    [
      "description update",
      "described",
      () => engine.up(urnOf("Job", "described"), job("described", "v1", { description: "changed" })),
    ],
    ["delete", "doomed", () => engine.destroy(urnOf("Job", "doomed"))],
    ["build trigger", "buildable", () => engine.up(urnOf("BuildTrigger", "buildable-build"), { job: "buildable" })],
  ];

  it("fails each call with a message naming the job and the cause; one healthy re-run converges", async () => {
    server.faults = HEALTHY;
    for (const name of ["reconfigured", "described", "doomed", "buildable"]) {
      expect(await engine.up(urnOf("Job", name), job(name, "v1"))).toBe(true);
    }
    server.faults = { ...HEALTHY, ...faults };
    const results = await Promise.all(steps.map(([, , step]) => step()));
    server.faults = HEALTHY;
    expect(results).toEqual(steps.map(() => false));

    const problems: string[] = [];
    for (const [op, name] of steps) {
      const failure = engine.failures.find((f) => f.urn.includes(`::${name}`));
      const message = failure?.message ?? "(no failure)";
      if (!message.includes(`"${name}"`)) problems.push(`${op}: does not name "${name}": ${message}`);
      for (const re of cause) if (!re.test(message)) problems.push(`${op}: does not say ${re}: ${message}`);
      if (misleading?.test(message)) problems.push(`${op}: says ${misleading}: ${message}`);
    }
    expect(problems).toEqual([]);

    // The re-run, network healthy.
    expect(await Promise.all(steps.map(([, , step]) => step()))).toEqual(steps.map(() => true));
    const stored = snapshot(server);
    expect(Object.keys(stored).sort()).toEqual(["buildable", "described", "fresh", "reconfigured"]);
    expect(stored["reconfigured"]).toContain("reconfigured-v2");
    expect(stored["described"]).toContain("<description>changed</description>");
    expect([...createsPerJob(server).values()].every((n) => n === 1)).toBe(true);
    expect([...buildsPerJob(server).values()].every((n) => n <= 1)).toBe(true);
    for (const name of ["fresh", "reconfigured", "described"])
      expect(await engine.inSync(urnOf("Job", name))).toBe(true);
  });
});
