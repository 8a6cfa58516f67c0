/**
 * The provider plugin started from `plugin/` as the CLI starts a source-based plugin (run-plugin, the port on
 * stdout) and driven over gRPC as the engine drives it, against the Jenkins-compatible server: the call order of
 * an `up` (GetPluginInfo → CheckConfig → Configure → Check → Diff → Create → Read → Update → Delete), the detailed
 * diff, moves in place, a replace, a preview with unknowns, secrets in and out, a partial failure, an import by
 * id, errors that name the job.
 */
import { readFileSync } from "node:fs";
import * as path from "node:path";
import type { JenkinsServer } from "../../provider/server";
import { withMark } from "../../provider/ownership/mark";
import { readFields } from "../../provider/resource/job-config";
import { JenkinsUser } from "../harness/jenkins-user";
import {
  ProviderCallError,
  repoRoot,
  secret,
  UNKNOWN,
  type CheckOutcome,
  type ConfigureOutcome,
  type DiffOutcome,
  type PropertyMap,
} from "../harness/provider-process";
import { startPlugin, type PluginStart } from "../harness/plugin-process";
import { findLeaks, textOf } from "../harness/secrets";
import { ADMIN, calls, credentialForms, startServer } from "../harness/test-server";
import { FOLDER_XML, FREESTYLE_XML, freestyle, pipeline, PIPELINE_XML } from "../harness/job-configs";
import { renderJobSpec, type MultibranchSpec } from "../../provider/specs";

const JOB = "jenkins:index:Job";
/** The inputs that can define a job: configXml or a typed spec. */
const SOURCE_KEYS = ["configXml", "pipeline", "freestyle", "folderSpec", "multibranch"];
const urnOf = (name: string, type = JOB) => `urn:pulumi:dev::jenkins-jobs::${type}::${name}`;
const SIG = "4dabf18193072939515e22adb298388d";
const isSecret = (v: unknown) => typeof v === "object" && v !== null && SIG in (v as object);

const PASSWORD = "Pl-9f3e&<pw>";
const escape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
function passwordJob(value: string): string {
  return `<project>
  <description>with a password</description>
  <properties>
    <hudson.model.ParametersDefinitionProperty>
      <parameterDefinitions>
        <hudson.model.PasswordParameterDefinition>
          <name>PW</name>
          <defaultValue>${escape(value)}</defaultValue>
        </hudson.model.PasswordParameterDefinition>
      </parameterDefinitions>
    </hudson.model.ParametersDefinitionProperty>
  </properties>
  <builders><hudson.tasks.Shell><command>./run.sh</command></hudson.tasks.Shell></builders>
</project>`;
}

/** `xml` with a Maven step after its other build steps: a step no freestyle spec has. */
function withMavenStep(xml: string): string {
  return xml.replace("</builders>", "<hudson.tasks.Maven><targets>verify</targets></hudson.tasks.Maven></builders>");
}

/** A value with every secret shown as `[secret]`, as the CLI shows it. */
function unmarked(v: unknown): unknown {
  if (isSecret(v)) return "[secret]";
  if (Array.isArray(v)) return v.map(unmarked);
  if (typeof v === "object" && v !== null)
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, unmarked(x)]));
  return v;
}

/** Neither the job's password nor a credential in anything shown, secrets shown as the CLI shows them. */
function expectNoSecretShown(shown: ReadonlyArray<[string, unknown]>): void {
  for (const [label, value] of shown) {
    const text = textOf(unmarked(value));
    expect(text).not.toContain(PASSWORD);
    expect(findLeaks(label, text, credentialForms())).toEqual([]);
  }
}

interface State {
  id: string;
  inputs: PropertyMap;
  outputs: PropertyMap;
}

describe("the provider plugin over gRPC, as the engine drives it: Job", () => {
  let server: JenkinsServer;
  let user: JenkinsUser;
  let plugin: PluginStart;
  let start: {
    info: { version: string };
    schema: { name: string };
    checkedConfig: CheckOutcome;
    configDiff: DiffOutcome;
    accepted: ConfigureOutcome;
  };
  const shown: Array<[string, unknown]> = [];

  beforeAll(async () => {
    server = await startServer("current");
    user = new JenkinsUser(server.url, { user: ADMIN.name, apiToken: ADMIN.apiToken });
    plugin = await startPlugin({ installed: true });
    // What the engine asks first, in its order, before any resource.
    const config = { url: server.url, user: ADMIN.name, apiToken: secret(ADMIN.apiToken) };
    const providerUrn = "urn:pulumi:dev::jenkins-jobs::pulumi:providers:jenkins::default";
    const info = await plugin.proc.getPluginInfo();
    const schema = JSON.parse(await plugin.proc.getSchema()) as { name: string };
    const checkedConfig = await plugin.proc.checkConfig(providerUrn, {}, config);
    const configDiff = await plugin.proc.diffConfig(providerUrn, config, {
      ...config,
      url: server.url.replace("127.0.0.1", "localhost"),
    });
    const accepted = await plugin.proc.configureWith(config);
    start = { info, schema, checkedConfig, configDiff, accepted };
  });
  afterAll(async () => {
    await plugin?.close();
    await server?.close();
  });
  beforeEach(() => server.resetCounters());

  const proc = () => plugin.proc;

  async function createThrough(name: string, news: PropertyMap): Promise<State> {
    const checked = await proc().check(urnOf(name), {}, news);
    expect(checked.failures).toEqual([]);
    const created = await proc().create(urnOf(name), checked.inputs);
    shown.push([`create ${name}`, created]);
    return { id: created.id, inputs: checked.inputs, outputs: created.properties };
  }

  async function upThrough(name: string, state: State, news: PropertyMap) {
    const checked = await proc().check(urnOf(name), state.inputs, news);
    expect(checked.failures).toEqual([]);
    const diff = await proc().diff(urnOf(name), state.id, state.outputs, checked.inputs, state.inputs);
    shown.push([`check ${name}`, checked], [`diff ${name}`, diff]);
    return { checked: checked.inputs, diff };
  }

  it("answers in the engine's order: plugin info, config check and diff, configure, then the job's lifecycle", async () => {
    expect(start.info.version).toBe(JSON.parse(readFileSync(path.join(repoRoot, "package.json"), "utf8")).version);
    expect(start.schema.name).toBe("jenkins");
    expect(start.checkedConfig.failures).toEqual([]);
    // The token stays a secret in the provider's checked inputs.
    expect(isSecret(start.checkedConfig.inputs.apiToken)).toBe(true);
    // A new URL reaches the jobs through the provider: a change, never a replacement.
    expect(start.configDiff).toMatchObject({
      changes: "some",
      replaces: [],
      detailedDiff: { url: { kind: "UPDATE" } },
    });
    expect(start.accepted).toEqual({ acceptSecrets: true, acceptResources: true, supportsPreview: false });

    const state = await createThrough("api-build", {
      name: "api-build",
      configXml: FREESTYLE_XML,
      description: "Builds the API",
      enabled: false,
    });
    // The connection check, the root's items with their descriptions (the ownership check of a job to create), the
    // plugin pre-flight, the create.
    expect(calls(server)).toEqual([
      "GET /api/json",
      "GET /api/json",
      "GET /pluginManager/api/json",
      "POST /createItem",
    ]);
    expect(state.outputs).toMatchObject({
      name: "api-build",
      fullName: "api-build",
      url: `${server.url}job/api-build/`,
      description: "Builds the API",
      enabled: false,
    });
    // A plugin stores no serialized provider.
    expect(state.outputs).not.toHaveProperty("__provider");
    expect(state.inputs).not.toHaveProperty("__provider");
    // With the mark of ownership the plugin names from the resource's URN (project and stack) as its last line.
    expect(readFields(await user.getConfig("api-build"))).toEqual({
      description: withMark("Builds the API", "jenkins-jobs/dev"),
      enabled: false,
    });

    // refresh: one GET, nothing changed, no new inputs
    server.resetCounters();
    const read = await proc().read(urnOf("api-build"), state.id, state.outputs, state.inputs);
    expect(calls(server)).toEqual(["GET /job/api-build/config.xml"]);
    expect(read.id).toBe(state.id);
    expect(read.properties).toEqual(state.outputs);
    expect(read.inputs).toBeUndefined();
    const same = await upThrough("api-build", state, {
      name: "api-build",
      configXml: FREESTYLE_XML,
      description: "Builds the API",
      enabled: false,
    });
    expect(same.diff).toEqual({ changes: "none", replaces: [], deleteBeforeReplace: false });

    // description only: the detailed diff names it alone, shown against the old inputs; one POST
    const step = await upThrough("api-build", state, {
      name: "api-build",
      configXml: FREESTYLE_XML,
      description: "Builds it all",
      enabled: false,
    });
    expect(step.diff).toEqual({
      changes: "some",
      replaces: [],
      deleteBeforeReplace: false,
      detailedDiff: { description: { kind: "UPDATE", inputDiff: true } },
    });
    server.resetCounters();
    state.outputs = await proc().update(urnOf("api-build"), state.id, state.outputs, step.checked);
    state.inputs = step.checked;
    expect(calls(server)).toEqual(["POST /job/api-build/description"]);

    // a rename and a move into a folder are updates in place (same id), named in the detailed diff
    await createThrough("team", { name: "team", configXml: FOLDER_XML });
    const moved = await upThrough("api-build", state, {
      name: "api",
      folder: "team",
      configXml: FREESTYLE_XML,
      description: "Builds it all",
      enabled: false,
    });
    expect(moved.diff).toMatchObject({ changes: "some", replaces: [], deleteBeforeReplace: false });
    expect(Object.keys(moved.diff.detailedDiff ?? {}).sort()).toEqual(["folder", "name"]);
    expect(moved.diff.detailedDiff?.folder.kind).toBe("ADD");
    server.resetCounters();
    state.outputs = await proc().update(urnOf("api-build"), state.id, state.outputs, moved.checked);
    state.inputs = moved.checked;
    expect(state.outputs).toMatchObject({ fullName: "team/api", url: `${server.url}job/team/job/api/` });
    expect(await user.exists("team/api")).toBe(true);

    // another item type replaces, named as a replacement
    const retyped = await upThrough("api-build", state, { name: "api", folder: "team", configXml: PIPELINE_XML });
    expect(retyped.diff).toMatchObject({
      changes: "some",
      replaces: ["configXml"],
      deleteBeforeReplace: true,
      detailedDiff: { configXml: { kind: "UPDATE_REPLACE", inputDiff: true } },
    });

    // the replacement as the engine runs it with deleteBeforeReplace: the old job deleted, then the new one made
    server.resetCounters();
    await proc().delete(urnOf("api-build"), state.id, state.outputs);
    // One read of its mark of ownership (and of the items inside, for a folder), then the delete.
    expect(calls(server)).toEqual(["GET /job/team/job/api/api/json", "POST /job/team/job/api/doDelete"]);
    // a refresh in between finds the old job gone
    const gone = await proc().read(urnOf("api-build"), state.id, state.outputs, state.inputs);
    expect(gone.id).toBe("");
    const replaced = await proc().create(urnOf("api-build"), retyped.checked);
    expect(replaced.id).not.toBe(state.id);
    expect(await user.getConfig("team/api")).toContain("<flow-definition");

    // another controller replaces too, made there before the old one is deleted
    const elsewhere = await upThrough(
      "api-build",
      { id: replaced.id, inputs: retyped.checked, outputs: replaced.properties },
      {
        name: "api",
        folder: "team",
        configXml: PIPELINE_XML,
        controller: UNKNOWN,
      },
    );
    expect(elsewhere.diff).toMatchObject({ changes: "some", detailedDiff: { controller: { kind: "ADD" } } });
    await proc().delete(urnOf("api-build"), replaced.id, replaced.properties);
    expect(await user.exists("team/api")).toBe(false);
  });

  it("previews with unknown inputs as the dynamic provider does: checked, diffed, no request that writes", async () => {
    const state = await createThrough("preview-me", { name: "preview-me", configXml: FREESTYLE_XML });
    server.resetCounters();
    const step = await upThrough("preview-me", state, { name: "preview-me", folder: UNKNOWN, configXml: UNKNOWN });
    expect(step.diff.changes).toBe("some");
    expect(step.diff.replaces).toEqual([]);
    expect(Object.keys(step.diff.detailedDiff ?? {})).toEqual(expect.arrayContaining(["folder", "configXml"]));
    // A new job whose config is not known yet checks clean.
    const fresh = await proc().check(urnOf("later"), {}, { name: "later", configXml: UNKNOWN });
    expect(fresh.failures).toEqual([]);
    expect(calls(server).filter((c) => c.startsWith("POST"))).toEqual([]);
  });

  it("takes a secret out of a config as the Job class does, keeps it secret in state and outputs, sends it to Jenkins", async () => {
    const checked = await proc().check(urnOf("pw"), {}, { name: "pw", configXml: secret(passwordJob(PASSWORD)) });
    expect(checked.failures).toEqual([]);
    // The config is readable (the diff shows it) with a placeholder; the value is in the secret secretValues.
    expect(isSecret(checked.inputs.configXml)).toBe(false);
    expect(checked.inputs.configXml).toContain("[secret 1]");
    expect(isSecret(checked.inputs.secretValues)).toBe(true);
    const created = await proc().create(urnOf("pw"), checked.inputs);
    expect(isSecret(created.properties.secretValues)).toBe(true);
    const held = /<defaultValue>([^<]*)<\/defaultValue>/.exec(await user.getConfig("pw"))?.[1] ?? "";
    expect(server.decryptSecret(held) ?? held).toBe(
      escape(PASSWORD).replace(/&amp;/g, "&").replace(/&lt;/g, "<").replace(/&gt;/g, ">"),
    );
    const read = await proc().read(urnOf("pw"), created.id, created.properties, checked.inputs);
    expect(isSecret(read.properties.secretValues)).toBe(true);
    // A plain config with a password in clear is treated alike: the value never stays readable.
    const plainChecked = await proc().check(urnOf("pw2"), {}, { name: "pw2", configXml: passwordJob(PASSWORD) });
    expect(isSecret(plainChecked.inputs.secretValues)).toBe(true);
    // A spec's password parameter given as a secret: its default moves out, the spec stays readable.
    const spec = {
      script: "node { sh './deploy.sh' }",
      parameters: [{ type: "password", name: "PW", default: secret(PASSWORD) }],
    };
    const specChecked = await proc().check(urnOf("pw3"), {}, { name: "pw3", pipeline: spec });
    expect(specChecked.failures).toEqual([]);
    expect(isSecret(specChecked.inputs.pipeline)).toBe(false);
    expect(specChecked.inputs.pipeline).toMatchObject({ parameters: [{ name: "PW", default: "[secret 1]" }] });
    expect(isSecret(specChecked.inputs.secretValues)).toBe(true);
    const specCreated = await proc().create(urnOf("pw3"), specChecked.inputs);
    expect(isSecret(specCreated.properties.secretValues)).toBe(true);
    expect(isSecret(specCreated.properties.pipeline)).toBe(false);
    shown.push(
      ["secret check", checked],
      ["secret create", created],
      ["secret read", read],
      ["plain", plainChecked],
      ["spec check", specChecked],
      ["spec create", specCreated],
    );
    expectNoSecretShown(shown);
    await proc().delete(urnOf("pw"), created.id, created.properties);
  });

  /**
   * `pulumi import` of `id` as the engine drives it: Read with the id alone, then Check and Diff of the program the
   * CLI writes from the read inputs (those the schema declares: fullName and url are outputs), then a refresh.
   * Returns what each step answered; asserts that no request but a GET reached the server.
   */
  async function importThrough(name: string, id: string) {
    server.resetCounters();
    const read = await proc().read(urnOf(name), id, {});
    // The read itself sends nothing but GETs.
    expect(calls(server).filter((c) => !c.startsWith("GET "))).toEqual([]);
    const program: PropertyMap = { ...read.inputs };
    delete program.fullName;
    delete program.url;
    // The engine checks them against the read inputs, then diffs with the read outputs.
    const checked = await proc().check(urnOf(name), read.inputs ?? {}, program);
    const diff = await proc().diff(urnOf(name), read.id, read.properties, checked.inputs, read.inputs);
    // A refresh of the imported resource finds it unchanged.
    const refreshed = await proc().read(urnOf(name), read.id, read.properties, checked.inputs);
    // Nor did the check, the diff or the refresh: not even a linter's POST.
    expect(calls(server).filter((c) => !c.startsWith("GET "))).toEqual([]);
    return { read, program, failures: checked.failures, diff, refreshed };
  }

  it("imports a job or folder that fits a typed spec as that spec, which previews and refreshes clean with no write", async () => {
    const folderSpec = { displayName: "Team Three" };
    const multibranch = { sources: [{ type: "git", remote: "https://git.example.com/team/app.git" }] };
    await user.createJob("team3", renderJobSpec("folder", folderSpec, { description: "The third team" }));
    const script =
      "pipeline {\n  agent any\n  stages {\n    stage('Test') {\n      steps { sh 'make test' }\n    }\n  }\n}";
    await user.createJob("team3/existing", pipeline({ description: "Runs the tests", script }));
    await user.createJob("team3/nightly", freestyle({ command: "make nightly", disabled: true }));
    await user.createJob("team3/app", renderJobSpec("multibranch", multibranch as MultibranchSpec));
    const sourceId = /<id>([^<]+)<\/id>/.exec(await user.getConfig("team3/app"))?.[1];
    expect(sourceId).toMatch(/^[0-9a-f-]{36}$/);
    const url = (path: string) => `${server.url}${path}`;
    const cases: Array<[string, string, PropertyMap]> = [
      [
        "team3",
        "team3",
        { name: "team3", folderSpec, description: "The third team", fullName: "team3", url: url("job/team3/") },
      ],
      [
        "existing",
        "team3/existing",
        {
          name: "existing",
          folder: "team3",
          pipeline: { script },
          description: "Runs the tests",
          fullName: "team3/existing",
          url: url("job/team3/job/existing/"),
        },
      ],
      [
        // No description and disabled: `enabled: false` is written, an empty description is not.
        "nightly",
        "team3/nightly",
        {
          name: "nightly",
          folder: "team3",
          freestyle: { steps: [{ shell: "make nightly" }] },
          enabled: false,
          fullName: "team3/nightly",
          url: url("job/team3/job/nightly/"),
        },
      ],
      [
        "app",
        "team3/app",
        {
          name: "app",
          folder: "team3",
          // With the id Jenkins gave the source, as `pulumi-jenkins import` writes it.
          multibranch: { sources: [{ ...multibranch.sources[0], id: sourceId }] },
          fullName: "team3/app",
          url: url("job/team3/job/app/"),
        },
      ],
    ];
    for (const [name, id, inputs] of cases) {
      const step = await importThrough(name, id);
      shown.push([`import ${id}`, step]);
      expect([id, step.read.id, step.read.inputs]).toEqual([id, id, inputs]);
      expect([id, step.failures, step.diff]).toEqual([
        id,
        [],
        { changes: "none", replaces: [], deleteBeforeReplace: false },
      ]);
      expect([id, step.refreshed.properties, step.refreshed.inputs]).toEqual([id, step.read.properties, undefined]);
    }
    await expect(proc().read(urnOf("missing"), "team3/missing", {})).resolves.toMatchObject({ id: "" });
  });

  it("imports an item no spec says exactly as its configXml, which previews clean with no write", async () => {
    // A folder saved with an empty list of health metrics, which a folderSpec renders with its default metric.
    await user.createJob("team2", FOLDER_XML);
    await user.createJob("team2/maven", withMavenStep(FREESTYLE_XML));
    for (const [name, id] of [
      ["team2", "team2"],
      ["maven", "team2/maven"],
    ]) {
      const step = await importThrough(name, id);
      shown.push([`import ${id}`, step]);
      expect(Object.keys(step.read.inputs ?? {}).filter((k) => SOURCE_KEYS.includes(k))).toEqual(["configXml"]);
      expect(step.read.inputs).toMatchObject({ name, configXml: expect.stringContaining(`<description>`) });
      expect([id, step.failures, step.diff]).toEqual([
        id,
        [],
        { changes: "none", replaces: [], deleteBeforeReplace: false },
      ]);
      expect(step.refreshed.properties).toEqual(step.read.properties);
    }
    expect(String((await importThrough("maven", "team2/maven")).read.inputs?.configXml)).toContain(
      "<targets>verify</targets>",
    );
  });

  it("imports a job whose spec holds a secret with a placeholder the program fills; the first up writes it once", async () => {
    await user.createJob("with-secret", passwordJob(PASSWORD));
    const read = await proc().read(urnOf("with-secret"), "with-secret", {});
    // The freestyle spec it fits, Jenkins's encrypted value not carried into it: a placeholder stands in its place.
    expect(read.inputs?.freestyle).toEqual({
      parameters: [{ type: "password", name: "PW", default: "[secret 1]" }],
      steps: [{ shell: "./run.sh" }],
    });
    expect(textOf(read)).not.toMatch(/\{AQAAABAAAA/);
    const asRead = await proc().check(urnOf("with-secret"), read.inputs ?? {}, read.inputs ?? {});
    expect(asRead.failures.map((f) => f.reason).join("\n")).toMatch(
      /the spec has 1 password parameter\(s\) but 0 secret value\(s\)/,
    );
    // The program writes the value where the placeholder is (as a secret): one update sends it.
    const program: PropertyMap = {
      ...read.inputs,
      freestyle: {
        parameters: [{ type: "password", name: "PW", default: secret(PASSWORD) }],
        steps: [{ shell: "./run.sh" }],
      },
    };
    delete program.fullName;
    delete program.url;
    const checked = await proc().check(urnOf("with-secret"), read.inputs ?? {}, program);
    expect(checked.failures).toEqual([]);
    const diff = await proc().diff(urnOf("with-secret"), read.id, read.properties, checked.inputs, read.inputs);
    expect(diff).toMatchObject({ changes: "some", replaces: [] });
    expect(Object.keys(diff.detailedDiff ?? {})).toEqual(["secretValues"]);
    server.resetCounters();
    const outputs = await proc().update(urnOf("with-secret"), read.id, read.properties, checked.inputs);
    expect(calls(server).filter((c) => !c.startsWith("GET "))).toEqual(["POST /job/with-secret/config.xml"]);
    const next = await proc().check(urnOf("with-secret"), checked.inputs, program);
    expect(await proc().diff(urnOf("with-secret"), read.id, outputs, next.inputs, checked.inputs)).toMatchObject({
      changes: "none",
    });
    expectNoSecretShown([["spec secret import", { read, asRead, checked, diff, outputs }]]);
  });

  it("imports a job whose config holds a secret, and no spec says it, with a placeholder in its configXml", async () => {
    await user.createJob("with-secret-xml", withMavenStep(passwordJob(PASSWORD)));
    const read = await proc().read(urnOf("with-secret-xml"), "with-secret-xml", {});
    // Jenkins's encrypted value is not carried into the inputs: a placeholder stands in its place.
    expect(read.inputs?.configXml).toContain("[secret 1]");
    expect(read.inputs).not.toHaveProperty("freestyle");
    expect(textOf(read)).not.toMatch(/\{AQAAABAAAA/);
    const asRead = await proc().check(urnOf("with-secret-xml"), read.inputs ?? {}, read.inputs ?? {});
    expect(asRead.failures.map((f) => f.reason).join("\n")).toMatch(
      /1 secret placeholder\(s\) but 0 secret value\(s\)/,
    );
    // The program writes the value where the placeholder is (as a secret): one update sends it.
    const filled = String(read.inputs?.configXml).replace("[secret 1]", escape(PASSWORD));
    const program: PropertyMap = { ...read.inputs, configXml: secret(filled) };
    delete program.fullName;
    delete program.url;
    const checked = await proc().check(urnOf("with-secret-xml"), read.inputs ?? {}, program);
    expect(checked.failures).toEqual([]);
    const diff = await proc().diff(urnOf("with-secret-xml"), read.id, read.properties, checked.inputs, read.inputs);
    expect(diff).toMatchObject({ changes: "some", replaces: [] });
    expect(Object.keys(diff.detailedDiff ?? {})).toEqual(["secretValues"]);
    expectNoSecretShown([["config secret import", { read, asRead, checked, diff }]]);
  });

  it("reports a create that failed after the job was made as a partial failure, with the job kept in state", async () => {
    // The server makes the job, then the answer is lost: the job may exist, so it is kept with an unknown config.
    const checked = await proc().check(urnOf("half"), {}, { name: "half", configXml: FREESTYLE_XML });
    server.faults.dropAfterRate = 1;
    server.faults.seed = 7;
    const error = await proc()
      .create(urnOf("half"), checked.inputs)
      .then(
        () => undefined,
        (e: unknown) => e,
      )
      .finally(() => (server.faults.dropAfterRate = 0));
    expect(error).toBeInstanceOf(ProviderCallError);
    const e = error as ProviderCallError;
    expect(e.message).toContain('"half"');
    expect(e.initFailed?.id).toBeTruthy();
    expect(e.initFailed?.properties).toMatchObject({ name: "half", fullName: "half", configXml: "" });
    expect(e.initFailed?.properties).not.toHaveProperty("__provider");
    expect(e.initFailed?.reasons).toEqual([expect.stringContaining("may or may not exist")]);
    expect(await user.exists("half")).toBe(true);
    // The next `up` diffs against the kept properties and converges with an update.
    const state = { id: e.initFailed!.id, inputs: checked.inputs, outputs: e.initFailed!.properties };
    const step = await upThrough("half", state, { name: "half", configXml: FREESTYLE_XML });
    expect(step.diff).toMatchObject({ changes: "some", replaces: [] });
    await proc().update(urnOf("half"), state.id, state.outputs, step.checked);
    expect(await user.getConfig("half")).toContain("make test");
  });

  it("knows the jobs the program declared before they exist, as the Job class's record does (checks in dependency order)", async () => {
    const script = "node { build job: 'downstream' }";
    // Without the downstream job declared, the runnable check fails naming it.
    const alone = await proc().check(urnOf("upstream-alone"), {}, { name: "upstream-alone", pipeline: { script } });
    expect(alone.failures.map((f) => f.reason).join("\n")).toMatch(/job "downstream" does not exist/);
    // The engine checks the downstream job first when the program orders it so (`dependsOn`): then it counts.
    expect(
      (await proc().check(urnOf("downstream"), {}, { name: "downstream", configXml: FREESTYLE_XML })).failures,
    ).toEqual([]);
    const after = await proc().check(urnOf("upstream"), {}, { name: "upstream", pipeline: { script } });
    expect(after.failures).toEqual([]);
  });

  it("never puts a whole config in front of a check failure: a failure about it names the property in its reason", async () => {
    // The lifecycle names `pipeline` (the dynamic provider passes that on, and the CLI prints the whole spec).
    const spec = { script: 5, parameters: [{ type: "string", name: "GREETING", default: "hello" }] };
    const checked = await proc().check(urnOf("broken"), {}, { name: "broken", pipeline: spec });
    expect(checked.failures).toEqual([{ property: "", reason: "pipeline.script: must be a string, got a number" }]);
    // A short value keeps its property: the CLI shows it beside the reason.
    const named = await proc().check(
      urnOf("named"),
      {},
      { name: "named", configXml: FREESTYLE_XML, controller: "nowhere" },
    );
    expect(named.failures).toEqual([{ property: "controller", reason: expect.stringContaining("nowhere") }]);
  });

  it("names the job in its errors", async () => {
    // Jenkins holds another config under the name: a create never takes that over.
    await user.createJob("taken", PIPELINE_XML);
    const checked = await proc().check(urnOf("taken"), {}, { name: "taken", configXml: FREESTYLE_XML });
    await expect(proc().create(urnOf("taken"), checked.inputs)).rejects.toThrow(/"taken"/);
    const bad = await proc().check(urnOf("bad"), {}, { name: "a/b", configXml: FREESTYLE_XML });
    expect(bad.failures.map((f) => f.reason).join(" ")).toMatch(/a\/b/);
  });

  it("printed no credential and no job secret on its stdout or stderr", () => {
    const printed = `${plugin.proc.stdout}\n${plugin.proc.stderr}`;
    expect(printed).not.toContain(PASSWORD);
    expect(findLeaks("plugin output", printed, credentialForms())).toEqual([]);
  });
});
