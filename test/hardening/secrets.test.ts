/**
 * Secrets, end to end through the real dynamic-provider process (Layer 2), once with a password (crumbs and
 * sessions in play, and a server restart so that a second session and crumb are issued) and once with an API token:
 * configure → check → create → read → update → build trigger → delete, plus failing calls (an existing job, a type
 * change Jenkins refuses, wrong credentials). Everything a user or a log collector could see is gathered: the
 * serialized providers (`__provider`), every input/output/partial-failure record, every error message, the provider
 * process's stdout and stderr (with request logging on, so the client's log lines are there), and every message the
 * process sent to the engine's Log service. None may contain the password, the token, the Basic credential, a
 * session cookie value or a crumb that was actually used on the wire (recorded by a proxy in front of Jenkins).
 */
import { spawn } from "node:child_process";
import * as pulumi from "@pulumi/pulumi";
import type { JenkinsServer } from "../../provider/server";
import { BuildTrigger } from "../../provider/triggers";
import { ProviderCallError, ProviderProcess, repoRoot, secret, type PropertyMap } from "../harness/provider-process";
import { findLeaks, secretForms, textOf } from "../harness/secrets";
import { cleanEnv, providerTextOfJob } from "../harness/serialized-provider";
import { ADMIN, startServer } from "../harness/test-server";
import { startProxy, type Proxy } from "../client/proxy";
import { markedFreestyle, PIPELINE_XML } from "../harness/job-configs";
import { startEngineLogStub, type EngineLogStub } from "./engine-log-stub";

const WRONG_SECRET = "Wrong-Secret-q8Zt31";

async function providerTextOfTrigger(): Promise<string> {
  let text: string | undefined;
  await pulumi.runtime.setMocks(
    {
      newResource: (args) => ((text = args.inputs.__provider as string), { id: "probe", state: args.inputs }),
      call: () => ({}),
    },
    "probe",
    "probe",
    false,
  );
  const probe = new BuildTrigger("probe", { job: "probe" });
  await new Promise<void>((resolve) => probe.urn.apply(() => resolve()));
  if (typeof text !== "string") throw new Error("no serialized provider for BuildTrigger");
  return text;
}

let jobText: string;
let triggerText: string;
beforeAll(async () => {
  jobText = await providerTextOfJob();
  triggerText = await providerTextOfTrigger();
});

it("the engine log stub receives what pulumi.log sends from a process wired like the provider", async () => {
  const stub = await startEngineLogStub();
  try {
    const script = `const pulumi = require("@pulumi/pulumi"); pulumi.log.info("hello from the provider side").then(() => process.exit(0), (e) => { console.error(e); process.exit(1); });`;
    const child = spawn(process.execPath, ["-e", script], {
      cwd: repoRoot,
      env: cleanEnv({ PULUMI_NODEJS_ENGINE: stub.address }),
      stdio: "ignore",
    });
    expect(await new Promise((resolve) => child.once("exit", resolve))).toBe(0);
    expect(stub.messages.map((m) => m.message)).toContain("hello from the provider side");
  } finally {
    await stub.close();
  }
});

describe.each([
  ["password", { "jenkins:password": secret(ADMIN.password) }],
  ["API token", { "jenkins:apiToken": secret(ADMIN.apiToken) }],
] as const)("no credential leaks with %s auth", (kind, credential) => {
  let server: JenkinsServer;
  let proxy: Proxy;
  let stub: EngineLogStub;
  let proc: ProviderProcess;
  /** Everything gathered for the scan: [where it came from, value]. */
  const gathered: Array<[string, unknown]> = [];
  const errors: string[] = [];

  beforeAll(async () => {
    server = await startServer("current");
    proxy = await startProxy({ target: server.url });
    stub = await startEngineLogStub();
    proc = await ProviderProcess.start({
      cwd: repoRoot,
      env: cleanEnv({ JENKINS_LOG_REQUESTS: "1", PULUMI_NODEJS_ENGINE: stub.address }),
      engineAddress: stub.address,
    });
    await proc.configure({ "jenkins:url": proxy.url, "jenkins:user": ADMIN.name, ...credential });
  });
  afterAll(async () => {
    await proc?.close();
    await stub?.close();
    await proxy?.close();
    await server?.close();
  });

  const urn = (type: string, name: string) =>
    `urn:pulumi:secrets::hardening::pulumi-nodejs:dynamic/jenkins:${type}::${name}`;

  async function expectFailure(label: string, call: () => Promise<unknown>): Promise<ProviderCallError> {
    const err = await call().then(
      () => undefined,
      (e: unknown) => e,
    );
    if (!(err instanceof ProviderCallError)) throw new Error(`${label}: expected the call to fail`);
    const e = err as ProviderCallError;
    errors.push(e.message);
    gathered.push([label, { message: e.message, initFailed: e.initFailed }]);
    return e;
  }

  it("runs the whole lifecycle, with failures, and nothing anywhere carries a secret", async () => {
    const jobUrn = urn("Job", "app");
    const keep = (label: string, value: unknown) => gathered.push([label, value]);

    // configure → check → create → read
    const checked = await proc.check(
      jobUrn,
      {},
      { name: "app", configXml: markedFreestyle("v1"), description: "first", __provider: jobText },
    );
    keep("check inputs", checked);
    const created = await proc.create(jobUrn, checked.inputs);
    keep("create outputs", created);
    let outputs: PropertyMap = created.properties;
    keep("read", await proc.read(jobUrn, created.id, outputs, checked.inputs));

    // a build trigger (a POST that needs the crumb with a password)
    const triggerChecked = await proc.check(
      urn("BuildTrigger", "app-build"),
      {},
      { job: "app", __provider: triggerText },
    );
    keep("trigger", await proc.create(urn("BuildTrigger", "app-build"), triggerChecked.inputs));
    expect(server.builds.map((b) => b.job)).toEqual(["app"]);

    // update the config
    const v2 = await proc.check(jobUrn, checked.inputs, {
      name: "app",
      configXml: markedFreestyle("v2"),
      description: "first",
      __provider: jobText,
    });
    keep("diff", await proc.diff(jobUrn, created.id, outputs, v2.inputs));
    outputs = await proc.update(jobUrn, created.id, outputs, v2.inputs);
    keep("update outputs", outputs);

    // Jenkins restarts: sessions and crumbs are gone; the next POST needs a new session and crumb.
    await server.restart();
    const v3 = await proc.check(jobUrn, v2.inputs, {
      name: "app",
      configXml: markedFreestyle("v2"),
      description: "second",
      enabled: false,
      __provider: jobText,
    });
    outputs = await proc.update(jobUrn, created.id, outputs, v3.inputs);
    keep("update after restart", outputs);
    const read = await proc.read(jobUrn, created.id, outputs, v3.inputs);
    keep("read after update", read);
    expect(read.properties).toMatchObject({ description: "second", enabled: false });

    // failing calls: an existing job, a type change Jenkins refuses
    const dup = await proc.check(
      urn("Job", "app-again"),
      {},
      { name: "app", configXml: markedFreestyle("x"), __provider: jobText },
    );
    expect(
      (await expectFailure("create over existing", () => proc.create(urn("Job", "app-again"), dup.inputs))).message,
    ).toContain("is already managed by this stack");
    const retyped = await proc.check(jobUrn, v3.inputs, {
      name: "app",
      configXml: PIPELINE_XML,
      __provider: jobText,
    });
    expect(
      (await expectFailure("type change", () => proc.update(jobUrn, created.id, outputs, retyped.inputs))).message,
    ).toContain("Expecting class");

    // delete → read (gone)
    await proc.delete(jobUrn, created.id, outputs);
    expect((await proc.read(jobUrn, created.id, outputs, v3.inputs)).id).toBe("");

    // wrong credentials (another provider process: the host configures a provider once per process)
    const wrong = await ProviderProcess.start({
      cwd: repoRoot,
      env: cleanEnv({ JENKINS_LOG_REQUESTS: "1", PULUMI_NODEJS_ENGINE: stub.address }),
      engineAddress: stub.address,
    });
    try {
      await wrong.configure({
        "jenkins:url": proxy.url,
        "jenkins:user": ADMIN.name,
        [Object.keys(credential)[0]]: secret(WRONG_SECRET),
      });
      const other = await wrong.check(
        urn("Job", "other"),
        {},
        { name: "other", configXml: markedFreestyle("o"), __provider: jobText },
      );
      expect(
        (await expectFailure("wrong credentials", () => wrong.create(urn("Job", "other"), other.inputs))).message,
      ).toMatch(/HTTP 401/);
    } finally {
      await wrong.close();
      keep("stdout of the second process", wrong.stdout);
      keep("stderr of the second process", wrong.stderr);
    }

    // What actually travelled: Basic credentials, session cookies, crumbs.
    const cookies = new Set<string>();
    const crumbs = new Set<string>();
    for (const r of proxy.seen) {
      for (const part of String(r.headers.cookie ?? "").split(";")) {
        const value = part.slice(part.indexOf("=") + 1).trim();
        if (part.includes("=") && value) cookies.add(value);
      }
      const crumb = r.headers["jenkins-crumb"];
      if (typeof crumb === "string" && crumb) crumbs.add(crumb);
    }
    if (kind === "password") {
      // Two sessions (before and after the restart), each with its crumb.
      expect(cookies.size).toBeGreaterThanOrEqual(2);
      expect(crumbs.size).toBeGreaterThanOrEqual(2);
    } else {
      expect(crumbs.size).toBe(0);
      expect(proxy.seen.some((r) => r.path.includes("crumbIssuer"))).toBe(false);
    }
    expect(proxy.seen.every((r) => typeof r.headers.authorization === "string")).toBe(true);

    const forms = [...secretForms(ADMIN.name, [ADMIN.password, ADMIN.apiToken, WRONG_SECRET]), ...cookies, ...crumbs];
    const sources: Array<[string, unknown]> = [
      ["__provider of Job", jobText],
      ["__provider of BuildTrigger", triggerText],
      ...gathered,
      ["provider stdout", proc.stdout],
      ["provider stderr", proc.stderr],
      ["engine log", stub.messages],
    ];
    const leaks = sources.flatMap(([label, value]) => findLeaks(label, textOf(value), forms));
    expect(leaks).toEqual([]);
    // The scan looked at real material: request log lines and error messages naming their job.
    expect(proc.stderr).toMatch(/jenkins: POST \/createItem/);
    expect(errors).toHaveLength(3);
    expect(errors.every((m) => /Jenkins job "(app|other)"/.test(m))).toBe(true);
  });
});
