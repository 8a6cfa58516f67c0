/**
 * Layer 2: the provider serialized from a real `Job`, loaded by the real `@pulumi/pulumi/cmd/dynamic-provider`
 * process and driven over gRPC the way the engine drives it (Configure → Check → Diff → Create → Read → Update →
 * Delete, old outputs as `olds`, `__provider` in every property map), against the server in both modes.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type { JenkinsServer } from "../../provider/server";
import { readFields } from "../../provider/resource/job-config";
import { JenkinsUser } from "../harness/jenkins-user";
import {
  jobUrn,
  ProviderCallError,
  ProviderProcess,
  repoRoot,
  secret,
  UNKNOWN,
  type PropertyMap,
} from "../harness/provider-process";
import { findLeaks, textOf } from "../harness/secrets";
import { cleanEnv, providerTextOfJob } from "../harness/serialized-provider";
import { ADMIN, MODES, calls, credentialForms, startServer } from "../harness/test-server";
import { startConfiguredProvider } from "../harness/configured-provider";
import { FOLDER_XML, FREESTYLE_XML, PIPELINE_XML } from "../harness/job-configs";
import { digestIn } from "../../provider/resource/config-digest";

let providerText: string;
beforeAll(async () => {
  providerText = await providerTextOfJob();
});

function leaksIn(label: string, value: unknown): string[] {
  return findLeaks(label, textOf(value), credentialForms());
}

describe.each(MODES)("Job provider in the dynamic-provider process, over gRPC (%s server)", (mode) => {
  let server: JenkinsServer;
  let user: JenkinsUser;
  let proc: ProviderProcess;
  const seen: Array<[string, unknown]> = [];

  beforeAll(async () => {
    server = await startServer(mode);
    user = new JenkinsUser(server.url, { user: ADMIN.name, apiToken: ADMIN.apiToken });
    proc = await startConfiguredProvider(server, {
      logRequests: true,
      config: { "jenkins-quickstart:unrelated": "value" },
    });
  });
  afterAll(async () => {
    await proc?.close();
    await server?.close();
  });
  beforeEach(() => server.resetCounters());

  /** Check + Create, recording what the engine would store. */
  async function createThrough(urn: string, news: PropertyMap) {
    const checked = await proc.check(urn, {}, { ...news, __provider: providerText });
    expect(checked.failures).toEqual([]);
    const created = await proc.create(urn, checked.inputs);
    seen.push([`create ${urn}`, created]);
    return { id: created.id, inputs: checked.inputs, outputs: created.properties };
  }

  /** What `pulumi up` does for an existing resource: Check (old inputs) → Diff (old outputs) → Update. */
  async function upThrough(
    urn: string,
    state: { id: string; inputs: PropertyMap; outputs: PropertyMap },
    news: PropertyMap,
  ) {
    const checked = await proc.check(urn, state.inputs, { ...news, __provider: providerText });
    expect(checked.failures).toEqual([]);
    const diff = await proc.diff(urn, state.id, state.outputs, checked.inputs);
    return { checked: checked.inputs, diff };
  }

  it("runs the whole lifecycle with the fewest requests", async () => {
    const urn = jobUrn("api-build");
    const state = await createThrough(urn, {
      name: "api-build",
      configXml: FREESTYLE_XML,
      description: "Builds the API",
      enabled: false,
    });
    // The first call of the process checks once that the URL leads to a Jenkins and reads the installed plugins
    // (the plugin pre-flight of Check), and lists the root's items with their descriptions once (the ownership
    // check of a job to create); the create is one request.
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
      __provider: providerText,
    });
    expect(readFields(await user.getConfig("api-build"))).toEqual({ description: "Builds the API", enabled: false });

    // refresh: one GET, nothing changed
    server.resetCounters();
    const read = await proc.read(urn, state.id, state.outputs, state.inputs);
    expect(calls(server)).toEqual(["GET /job/api-build/config.xml"]);
    expect(read.id).toBe(state.id);
    expect(read.properties).toEqual(state.outputs);
    expect(read.inputs).toBeUndefined();
    const same = await upThrough(urn, state, {
      name: "api-build",
      configXml: FREESTYLE_XML,
      description: "Builds the API",
      enabled: false,
    });
    expect(same.diff).toEqual({ changes: "none", replaces: [], deleteBeforeReplace: false });

    // description only → one POST
    let step = await upThrough(urn, state, {
      name: "api-build",
      configXml: FREESTYLE_XML,
      description: "Builds it all",
      enabled: false,
    });
    expect(step.diff).toMatchObject({ changes: "some", replaces: [] });
    server.resetCounters();
    state.outputs = await proc.update(urn, state.id, state.outputs, step.checked);
    state.inputs = step.checked;
    expect(calls(server)).toEqual(["POST /job/api-build/description"]);

    // enabled only → one POST
    step = await upThrough(urn, state, {
      name: "api-build",
      configXml: FREESTYLE_XML,
      description: "Builds it all",
      enabled: true,
    });
    server.resetCounters();
    state.outputs = await proc.update(urn, state.id, state.outputs, step.checked);
    state.inputs = step.checked;
    expect(calls(server)).toEqual(["POST /job/api-build/enable"]);

    // config → one POST
    const changedXml = FREESTYLE_XML.replace("make test", "make test lint");
    step = await upThrough(urn, state, {
      name: "api-build",
      configXml: changedXml,
      description: "Builds it all",
      enabled: true,
    });
    expect(step.diff.changes).toBe("some");
    server.resetCounters();
    state.outputs = await proc.update(urn, state.id, state.outputs, step.checked);
    state.inputs = step.checked;
    expect(calls(server)).toEqual(["POST /job/api-build/config.xml"]);
    expect(await user.getConfig("api-build")).toContain("make test lint");

    // rename → an update (same id), one confirmRename
    step = await upThrough(urn, state, {
      name: "api-build-2",
      configXml: changedXml,
      description: "Builds it all",
      enabled: true,
    });
    expect(step.diff).toMatchObject({ changes: "some", replaces: [] });
    server.resetCounters();
    state.outputs = await proc.update(urn, state.id, state.outputs, step.checked);
    state.inputs = step.checked;
    expect(calls(server)).toEqual(["POST /job/api-build/confirmRename"]);
    expect(state.outputs).toMatchObject({ fullName: "api-build-2", __provider: providerText });
    seen.push(["update outputs", state.outputs]);

    // a new folder is a move in place (an update); another item type replaces
    const moved = await upThrough(urn, state, { name: "api-build-2", folder: "team", configXml: changedXml });
    expect(moved.diff).toMatchObject({ changes: "some", replaces: [], deleteBeforeReplace: false });
    const retyped = await upThrough(urn, state, { name: "api-build-2", configXml: PIPELINE_XML });
    expect(retyped.diff).toMatchObject({ changes: "some", replaces: ["configXml"], deleteBeforeReplace: true });

    // delete → one POST; then refresh finds it gone and a second delete is fine
    server.resetCounters();
    await proc.delete(urn, state.id, state.outputs);
    expect(calls(server)).toEqual(["GET /job/api-build-2/api/json", "POST /job/api-build-2/doDelete"]);
    const gone = await proc.read(urn, state.id, state.outputs, state.inputs);
    expect(gone.id).toBe("");
    await proc.delete(urn, state.id, state.outputs);
  });

  it("finds a hand edit on refresh and puts it back on the next update", async () => {
    const urn = jobUrn("hand-edited");
    const state = await createThrough(urn, { name: "hand-edited", configXml: PIPELINE_XML });
    await user.editConfig("hand-edited", (xml) =>
      xml
        .replace("sh &apos;make test&apos;", "sh &apos;make test || true&apos;")
        .replace("sh 'make test'", "sh 'make test || true'"),
    );
    const read = await proc.read(urn, state.id, state.outputs, state.inputs);
    expect(read.properties.configXml).toContain("make test || true");
    // The refresh's diff right after the read: "unknown", so the engine compares the inputs and shows the edit.
    expect((await proc.diff(urn, state.id, read.properties, state.inputs)).changes).toBe("unknown");
    // Reported as the inputs Jenkins now reflects as well, so a preview shows the edit whichever side it compares.
    expect(read.inputs).toMatchObject({
      name: "hand-edited",
      configXml: read.properties.configXml,
      __provider: providerText,
    });
    const step = await upThrough(
      urn,
      { ...state, outputs: read.properties },
      { name: "hand-edited", configXml: PIPELINE_XML },
    );
    expect(step.diff).toMatchObject({ changes: "some", replaces: [] });
    server.resetCounters();
    const outputs = await proc.update(urn, state.id, read.properties, step.checked);
    expect(calls(server)).toEqual(["POST /job/hand-edited/config.xml"]);
    const again = await proc.read(urn, state.id, outputs, step.checked);
    // Jenkins holds the declared config again: the outputs keep its digest, not a config.
    expect(again.properties.configXml).toBeUndefined();
    expect(again.properties.__digest).toEqual(outputs.__digest);
    expect((await proc.diff(urn, state.id, again.properties, step.checked)).changes).toBe("none");
  });

  it("manages a job declared as a typed spec: create, refresh without changes, a script change, a hand edit", async () => {
    const urn = jobUrn("spec-deploy");
    const spec = {
      script: "node {\n  sh 'make deploy'\n}\n",
      parameters: [{ type: "boolean", name: "DRY_RUN", default: true }],
      buildDiscarder: { numToKeep: 10 },
    };
    const state = await createThrough(urn, { name: "spec-deploy", pipeline: spec, description: "Deploys" });
    // Checked inputs keep the spec as written (the preview diff shows spec properties), with the enabled state filled
    // in (as a refresh reports it), plus the outputs that follow from the inputs alone; outputs echo it.
    expect(state.inputs).toEqual({
      name: "spec-deploy",
      pipeline: spec,
      description: "Deploys",
      enabled: true,
      fullName: "spec-deploy",
      url: `${server.url}job/spec-deploy/`,
      __provider: providerText,
    });
    expect(state.outputs).toMatchObject({ pipeline: spec, description: "Deploys", enabled: true });
    // The rendered config is kept beside the spec (for a refresh to show an edit the spec cannot hold as lines).
    expect(state.outputs.configXml).toMatch(/^<\?xml[\s\S]*<flow-definition[\s\S]*<description>Deploys<\/description>/);
    expect(digestIn(state.outputs)).toMatchObject({ root: "flow-definition" });

    server.resetCounters();
    const read = await proc.read(urn, state.id, state.outputs, state.inputs);
    expect(calls(server)).toEqual(["GET /job/spec-deploy/config.xml"]);
    expect(read.properties).toEqual(state.outputs);
    expect(read.inputs).toBeUndefined();
    const same = await upThrough(urn, state, { name: "spec-deploy", pipeline: spec, description: "Deploys" });
    expect(same.diff).toEqual({ changes: "none", replaces: [], deleteBeforeReplace: false });

    const changed = { ...spec, script: spec.script.replace("make deploy", "make deploy-all") };
    const step = await upThrough(urn, state, { name: "spec-deploy", pipeline: changed, description: "Deploys" });
    expect(step.diff).toEqual({ changes: "some", replaces: [], deleteBeforeReplace: false });
    server.resetCounters();
    state.outputs = await proc.update(urn, state.id, state.outputs, step.checked);
    state.inputs = step.checked;
    expect(calls(server)).toEqual(["POST /job/spec-deploy/config.xml"]);
    expect(state.outputs.pipeline).toEqual(changed);

    // A hand edit comes back as the spec Jenkins now has, in outputs and inputs.
    await user.editConfig("spec-deploy", (xml) => xml.replace(/deploy-all/g, "deploy-some"));
    const edited = await proc.read(urn, state.id, state.outputs, state.inputs);
    const handEdited = { ...changed, script: changed.script.replace("deploy-all", "deploy-some") };
    expect(edited.properties.pipeline).toEqual(handEdited);
    expect(edited.inputs).toMatchObject({ name: "spec-deploy", pipeline: handEdited, __provider: providerText });
    // The refresh's diff right after the read answers "unknown" (the engine shows the spec property that differs);
    // the next diff, an `up`'s, plans putting the spec back.
    expect((await proc.diff(urn, state.id, edited.properties, state.inputs)).changes).toBe("unknown");
    const back = await proc.diff(urn, state.id, edited.properties, state.inputs);
    expect(back).toEqual({ changes: "some", replaces: [], deleteBeforeReplace: false });

    // Another kind of spec: a replacement, deleting first (same name).
    const retyped = await upThrough(urn, state, { name: "spec-deploy", freestyle: { steps: [{ shell: "make" }] } });
    expect(retyped.diff).toEqual({ changes: "some", replaces: ["freestyle"], deleteBeforeReplace: true });
    const bad = await proc.check(urn, state.inputs, {
      name: "spec-deploy",
      pipeline: { script: "" },
      __provider: providerText,
    });
    expect(bad.failures).toEqual([{ property: "pipeline", reason: "pipeline.script: must not be empty" }]);
    await proc.delete(urn, state.id, state.outputs);
  });

  it("passes unknown preview values through Check and reports a change in Diff", async () => {
    const urn = jobUrn("previewed");
    const state = await createThrough(urn, { name: "previewed", configXml: FOLDER_XML });
    const checked = await proc.check(urn, state.inputs, {
      name: "previewed",
      configXml: UNKNOWN,
      __provider: providerText,
    });
    expect(checked.failures).toEqual([]);
    expect(checked.inputs.configXml).toBe(UNKNOWN);
    expect((await proc.diff(urn, state.id, state.outputs, checked.inputs)).changes).toBe("some");
  });

  it("returns check failures with the property and, for XML, line and column", async () => {
    const res = await proc.check(
      jobUrn("bad"),
      {},
      {
        name: "bad",
        configXml: "<project>\n  <builders>\n</project>",
        __provider: providerText,
      },
    );
    expect(res.failures).toEqual([{ property: "", reason: expect.stringMatching(/^configXml .*line 3, column \d+/) }]);
    const folder = await proc.check(
      jobUrn("f"),
      {},
      { name: "f", configXml: FOLDER_XML, enabled: false, __provider: providerText },
    );
    expect(folder.failures).toEqual([{ property: "enabled", reason: expect.stringContaining("cannot be disabled") }]);
  });

  it("fails a create over an existing job with how to adopt it, and adopts when asked", async () => {
    await user.createJob("taken", FREESTYLE_XML);
    const urn = jobUrn("taken");
    const checked = await proc.check(
      urn,
      {},
      { name: "taken", configXml: PIPELINE_XML.replace("pipeline", "pipeline"), __provider: providerText },
    );
    const err = await proc.create(urn, checked.inputs).catch((e: unknown) => e);
    seen.push(["create error", err]);
    expect(err).toBeInstanceOf(ProviderCallError);
    expect((err as Error).message).toContain("adopt: true");
    const freestyle = await proc.check(
      urn,
      {},
      {
        name: "taken",
        configXml: FREESTYLE_XML.replace("make test", "make adopt"),
        adopt: true,
        __provider: providerText,
      },
    );
    server.resetCounters();
    await proc.create(urn, freestyle.inputs);
    expect(calls(server)).toEqual(["POST /createItem", "GET /job/taken/config.xml", "POST /job/taken/config.xml"]);
    expect(await user.getConfig("taken")).toContain("make adopt");
  });

  it("reports a create whose answer was lost as a partial failure that keeps the job in state", async () => {
    const urn = jobUrn("partial");
    const checked = await proc.check(urn, {}, { name: "partial", configXml: FREESTYLE_XML, __provider: providerText });
    server.faults.dropAfterRate = 1;
    server.faults.seed = 3;
    const err = await proc.create(urn, checked.inputs).catch((e: unknown) => e);
    server.faults.dropAfterRate = 0;
    seen.push(["partial error", err]);
    expect(err).toBeInstanceOf(ProviderCallError);
    const failed = (err as ProviderCallError).initFailed;
    expect(failed).toBeDefined();
    expect(failed!.id).not.toBe("");
    expect(failed!.properties).toMatchObject({ fullName: "partial", __provider: providerText });
    // next `up`: the engine updates a resource with init errors; it converges
    const diff = await proc.diff(urn, failed!.id, failed!.properties, checked.inputs);
    expect(diff.changes).toBe("some");
    const outputs = await proc.update(urn, failed!.id, failed!.properties, checked.inputs);
    const read = await proc.read(urn, failed!.id, outputs, checked.inputs);
    expect((await proc.diff(urn, failed!.id, read.properties, checked.inputs)).changes).toBe("none");
  });

  it("refreshes, diffs and deletes state written by another build of the provider", async () => {
    const urn = jobUrn("old-state");
    const state = await createThrough(urn, { name: "old-state", configXml: FREESTYLE_XML });
    // A different provider text (an older package version) in state; the new one in the program's inputs.
    const olderText = `${providerText}\n// built by an older version of the package\n`;
    const oldOutputs = { ...state.outputs, __provider: olderText };
    const read = await proc.read(urn, state.id, oldOutputs, { ...state.inputs, __provider: olderText });
    expect(read.id).toBe(state.id);
    expect(read.properties.__provider).toBe(olderText);
    expect((await proc.diff(urn, state.id, read.properties, state.inputs)).changes).toBe("none");
    server.resetCounters();
    await proc.delete(urn, state.id, read.properties);
    // One read of the item's mark of ownership before the delete.
    expect(calls(server)).toEqual(["GET /job/old-state/api/json", "POST /job/old-state/doDelete"]);
  });

  it("keeps credentials out of __provider, outputs, logs and errors", () => {
    expect(proc.stderr).toContain("jenkins: ");
    const leaks = [
      ...leaksIn("__provider", providerText),
      ...seen.flatMap(([label, value]) => leaksIn(label, value)),
      ...leaksIn("provider stdout", proc.stdout),
      ...leaksIn("provider stderr", proc.stderr),
    ];
    expect(leaks).toEqual([]);
  });
});

describe("Job provider process connection settings", () => {
  it("fails with both ways to configure when nothing is configured", async () => {
    const proc = await ProviderProcess.start({ cwd: repoRoot, env: cleanEnv() });
    try {
      await proc.configure({});
      const urn = jobUrn("x");
      const news = { name: "x", configXml: FREESTYLE_XML, __provider: providerText };
      // The check of a job to create fails already (a preview goes red), and so would the create.
      const checked = await proc.check(urn, {}, news);
      expect(checked.failures.map((f) => f.reason)).toEqual([
        expect.stringMatching(/^Jenkins job "x" cannot be planned: .*pulumi config set jenkins:url .* JENKINS_URL/),
      ]);
      const err = await proc.create(urn, news).catch((e: Error) => e);
      expect((err as Error).message).toMatch(/pulumi config set jenkins:url .* JENKINS_URL/);
    } finally {
      await proc.close();
    }
  });

  it("works with a password (crumb fetched once) and keeps it out of outputs and logs", async () => {
    const server = await startServer("legacy");
    const proc = await ProviderProcess.start({ cwd: repoRoot, env: cleanEnv({ JENKINS_LOG_REQUESTS: "1" }) });
    try {
      await proc.configure({
        "jenkins:url": server.url,
        "jenkins:user": ADMIN.name,
        "jenkins:password": secret(ADMIN.password),
      });
      const urn = jobUrn("with-password");
      const checked = await proc.check(
        urn,
        {},
        { name: "with-password", configXml: FREESTYLE_XML, __provider: providerText },
      );
      const created = await proc.create(urn, checked.inputs);
      const news = (await proc.check(urn, checked.inputs, { ...checked.inputs, description: "via password" })).inputs;
      const updated = await proc.update(urn, created.id, created.properties, news);
      await proc.delete(urn, created.id, updated);
      expect(server.requests.filter((r) => r.path.includes("crumbIssuer"))).toHaveLength(1);
      expect(server.requests.every((r) => r.user === ADMIN.name && !r.viaToken)).toBe(true);
      const leaks = [
        ...leaksIn("outputs", [created.properties, updated]),
        ...leaksIn("provider stderr", proc.stderr),
        ...leaksIn("provider stdout", proc.stdout),
      ];
      expect(leaks).toEqual([]);
    } finally {
      await proc.close();
      await server.close();
    }
  });

  it("reads the connection from the environment when the stack config has none", async () => {
    const server = await startServer("current");
    const proc = await ProviderProcess.start({
      cwd: repoRoot,
      env: cleanEnv({ JENKINS_URL: server.url, JENKINS_USER: ADMIN.name, JENKINS_API_TOKEN: ADMIN.apiToken }),
    });
    try {
      await proc.configure({});
      const urn = jobUrn("from-env");
      const checked = await proc.check(
        urn,
        {},
        { name: "from-env", configXml: FREESTYLE_XML, __provider: providerText },
      );
      const created = await proc.create(urn, checked.inputs);
      expect(created.properties.fullName).toBe("from-env");
      expect(server.requests.every((r) => r.viaToken && r.user === ADMIN.name)).toBe(true);
      expect(leaksIn("outputs", created.properties)).toEqual([]);
    } finally {
      await proc.close();
      await server.close();
    }
  });
});

describe("the serialized provider stays a thin entry point", () => {
  it("holds no lifecycle code and no credential, only where to load it from", () => {
    expect(providerText.length).toBeLessThan(6000);
    expect(providerText).not.toMatch(/createJob|canonicalizeConfig|updateConfig|apiToken/);
    expect(providerText).toContain("pulumi-jenkins-jobs/dist/provider/resource/lifecycle");
    expect(leaksIn("__provider", providerText)).toEqual([]);
  });

  it("loads the lifecycle of the package installed where the program runs, before its own copy", async () => {
    // A program folder with the package installed under node_modules: its lifecycle module must win, which is
    // what lets an upgraded package handle state written by an older one.
    const dir = mkdtempSync(path.join(os.tmpdir(), "jenkins-program-"));
    const lifecycleDir = path.join(dir, "node_modules", "pulumi-jenkins-jobs", "dist", "provider", "resource");
    mkdirSync(lifecycleDir, { recursive: true });
    writeFileSync(
      path.join(lifecycleDir, "lifecycle.js"),
      `exports.configure = async () => {};
exports.check = async (olds, news) => ({ inputs: news, failures: [{ property: "name", reason: "installed copy" }] });
`,
    );
    const proc = await ProviderProcess.start({ cwd: dir, env: cleanEnv() });
    try {
      await proc.configure({});
      const res = await proc.check(jobUrn("x"), {}, { name: "x", configXml: FREESTYLE_XML, __provider: providerText });
      expect(res.failures).toEqual([{ property: "name", reason: "installed copy" }]);
    } finally {
      await proc.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
