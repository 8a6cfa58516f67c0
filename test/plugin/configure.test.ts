/**
 * Where the plugin's connection comes from, each case in its own plugin process as the engine starts one: a
 * default provider's stack config (Configure's arguments and variables), an explicit provider's inputs (arguments
 * only) over the stack config in PULUMI_CONFIG, PULUMI_CONFIG alone, the environment, the credential in the
 * environment winning as for the dynamic provider, named controllers, and CheckConfig's refusals.
 */
import { existsSync, readFileSync } from "node:fs";
import * as path from "node:path";
import type { JenkinsServer } from "../../provider/server";
import { JenkinsUser } from "../harness/jenkins-user";
import { secret, type PropertyMap } from "../harness/provider-process";
import { PLUGIN_DIR, startPlugin, type PluginStart } from "../harness/plugin-process";
import { ADMIN, startServer } from "../harness/test-server";
import { startEngineLogStub } from "../hardening/engine-log-stub";
import { FREESTYLE_XML } from "../harness/job-configs";

const urnOf = (name: string) => `urn:pulumi:dev::jenkins-jobs::jenkins:index:Job::${name}`;
const PROVIDER_URN = "urn:pulumi:dev::jenkins-jobs::pulumi:providers:jenkins::default";

describe("the plugin's configuration", () => {
  let a: JenkinsServer;
  let b: JenkinsServer;
  let userA: JenkinsUser;
  let userB: JenkinsUser;
  const started: PluginStart[] = [];

  beforeAll(async () => {
    [a, b] = await Promise.all([startServer("current"), startServer("current")]);
    userA = new JenkinsUser(a.url, { user: ADMIN.name, apiToken: ADMIN.apiToken });
    userB = new JenkinsUser(b.url, { user: ADMIN.name, apiToken: ADMIN.apiToken });
  });
  afterAll(async () => {
    for (const p of started) await p.close();
    await a?.close();
    await b?.close();
  });

  async function plugin(env: Record<string, string> = {}): Promise<PluginStart> {
    const p = await startPlugin({ installed: true, env });
    started.push(p);
    return p;
  }

  /** Check + Create of a job; the failure message when Check or Create refuses. */
  async function createJob(p: PluginStart, name: string, extra: PropertyMap = {}): Promise<string | undefined> {
    const checked = await p.proc.check(urnOf(name), {}, { name, configXml: FREESTYLE_XML, ...extra });
    if (checked.failures.length > 0) return checked.failures.map((f) => f.reason).join("\n");
    try {
      await p.proc.create(urnOf(name), checked.inputs);
      return undefined;
    } catch (e) {
      return (e as Error).message;
    }
  }

  const stackConfigOf = (server: JenkinsServer) => ({
    "jenkins:url": server.url,
    "jenkins:user": ADMIN.name,
    "jenkins:apiToken": ADMIN.apiToken,
  });

  it("a default provider: the stack config as Configure's arguments and variables", async () => {
    const p = await plugin();
    await p.proc.configureWith(
      { url: a.url, user: ADMIN.name, apiToken: secret(ADMIN.apiToken) },
      { "jenkins:url": a.url, "jenkins:user": ADMIN.name, "jenkins:apiToken": ADMIN.apiToken },
    );
    expect(await createJob(p, "from-stack")).toBeUndefined();
    expect(await userA.exists("from-stack")).toBe(true);
  });

  it("an explicit provider: its inputs win over the stack config of PULUMI_CONFIG", async () => {
    const p = await plugin({ PULUMI_CONFIG: JSON.stringify(stackConfigOf(a)) });
    await p.proc.configureWith({ url: b.url, user: ADMIN.name, apiToken: secret(ADMIN.apiToken) });
    expect(await createJob(p, "explicit")).toBeUndefined();
    expect(await userB.exists("explicit")).toBe(true);
    expect(await userA.exists("explicit")).toBe(false);
  });

  it("an explicit provider naming another Jenkins borrows no credential from the stack config", async () => {
    const p = await plugin({ PULUMI_CONFIG: JSON.stringify(stackConfigOf(a)) });
    await p.proc.configureWith({ url: b.url });
    const refused = await createJob(p, "no-credential");
    expect(refused).toMatch(/No Jenkins credentials are configured/);
    expect(await userB.exists("no-credential")).toBe(false);
  });

  it("Configure without arguments: the stack config of PULUMI_CONFIG", async () => {
    const p = await plugin({ PULUMI_CONFIG: JSON.stringify(stackConfigOf(a)) });
    await p.proc.configureWith({});
    expect(await createJob(p, "from-pulumi-config")).toBeUndefined();
    expect(await userA.exists("from-pulumi-config")).toBe(true);
  });

  it("the environment fills in what the config leaves out, and its credential wins over the config's", async () => {
    const p = await plugin({ JENKINS_USER: ADMIN.name, JENKINS_API_TOKEN: ADMIN.apiToken });
    // A stale token in the config: the environment's is the one used.
    await p.proc.configureWith({ url: b.url, user: ADMIN.name, apiToken: secret("stale-token-0000") });
    expect(await createJob(p, "env-credential")).toBeUndefined();
    expect(await userB.exists("env-credential")).toBe(true);
    const q = await plugin({ JENKINS_URL: a.url, JENKINS_USER: ADMIN.name, JENKINS_API_TOKEN: ADMIN.apiToken });
    await q.proc.configureWith({});
    expect(await createJob(q, "env-only")).toBeUndefined();
    expect(await userA.exists("env-only")).toBe(true);
  });

  it("named controllers: a job with `controller` goes to its own Jenkins; an unknown name fails the check", async () => {
    const p = await plugin();
    await p.proc.configureWith({
      url: a.url,
      user: ADMIN.name,
      apiToken: secret(ADMIN.apiToken),
      controllers: secret({ ci2: { url: b.url, user: ADMIN.name, apiToken: ADMIN.apiToken } }),
    });
    expect(await createJob(p, "on-ci2", { controller: "ci2" })).toBeUndefined();
    expect(await userB.exists("on-ci2")).toBe(true);
    expect(await userA.exists("on-ci2")).toBe(false);
    expect(await createJob(p, "on-ci3", { controller: "ci3" })).toMatch(/ci3/);
    // An import names the controller before the job's full name.
    await userB.createJob("by-hand", FREESTYLE_XML);
    const imported = await p.proc.read(urnOf("by-hand"), "ci2:by-hand", {});
    expect(imported.id).toBe("ci2:by-hand");
    expect(imported.inputs).toMatchObject({ name: "by-hand", controller: "ci2" });
    expect(imported.properties).toMatchObject({ url: `${b.url}job/by-hand/` });
  });

  it("CheckConfig refuses a check policy or controllers it cannot read, naming the key; DiffConfig never replaces", async () => {
    const p = await plugin();
    const checked = await p.proc.checkConfig(
      PROVIDER_URN,
      {},
      {
        url: a.url,
        pluginCheck: "sometimes",
        controllers: "not an object",
      },
    );
    expect(checked.failures.map((f) => f.property).sort()).toEqual(["controllers", "pluginCheck"]);
    expect(checked.failures.find((f) => f.property === "pluginCheck")?.reason).toMatch(/jenkins:pluginCheck/);
    const ok = await p.proc.checkConfig(PROVIDER_URN, {}, { url: a.url, user: ADMIN.name, apiToken: secret("t") });
    expect(ok).toEqual({ inputs: { url: a.url, user: ADMIN.name, apiToken: secret("t") }, failures: [] });
    const olds = { url: a.url, user: ADMIN.name, apiToken: secret("t") };
    expect(await p.proc.diffConfig(PROVIDER_URN, olds, olds)).toEqual({
      changes: "none",
      replaces: [],
      deleteBeforeReplace: false,
    });
    const changed = await p.proc.diffConfig(PROVIDER_URN, olds, { ...olds, user: "other", apiToken: secret("u") });
    expect(changed).toEqual({
      changes: "some",
      replaces: [],
      deleteBeforeReplace: false,
      detailedDiff: { user: { kind: "UPDATE", inputDiff: true }, apiToken: { kind: "UPDATE", inputDiff: true } },
    });
  });

  it("sends its warnings to the engine whose address it was started with, after the CLI's logging flags", async () => {
    const engine = await startEngineLogStub();
    try {
      const p = await startPlugin({ installed: true, engineAddress: engine.address, flags: ["-v=9"] });
      started.push(p);
      await p.proc.configureWith({
        url: a.url,
        user: ADMIN.name,
        apiToken: secret(ADMIN.apiToken),
        runnableCheck: "warn",
      });
      const checked = await p.proc.check(
        urnOf("warned"),
        {},
        {
          name: "warned",
          pipeline: { script: "node { build job: 'nowhere-job' }" },
        },
      );
      expect(checked.failures).toEqual([]);
      expect(engine.messages.map((m) => m.message).join("\n")).toMatch(/nowhere-job/);
    } finally {
      await engine.close();
    }
  });

  it("runs from the checkout's own plugin/ folder, serving the checkout's build and its schema file", async () => {
    const p = await startPlugin();
    started.push(p);
    expect(p.dir).toBe(PLUGIN_DIR);
    const version = JSON.parse(readFileSync(path.join(PLUGIN_DIR, "..", "package.json"), "utf8")).version;
    expect(await p.proc.getPluginInfo()).toEqual({ version });
    const schemaFile = path.join(PLUGIN_DIR, "schema.json");
    if (existsSync(schemaFile)) {
      expect(await p.proc.getSchema()).toBe(readFileSync(schemaFile, "utf8"));
    } else {
      await expect(p.proc.getSchema()).rejects.toThrow(/schema\.json is not there/);
    }
  });
});
