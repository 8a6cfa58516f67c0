/**
 * Typed specs as Job inputs (`pipeline`, `freestyle`, `folderSpec`): the lifecycle methods called directly against
 * the Jenkins-compatible server in both modes. Request counts are asserted at the server.
 */
import { createHash } from "node:crypto";
import type { JenkinsServer } from "../../provider/server";
import * as lifecycle from "../../provider/resource/lifecycle";
import { checked, createJob, PROVIDER_TEXT, type Props } from "./lifecycle-calls";
import { closeClients } from "../../provider/connection/settings";
import { UNKNOWN } from "../../provider/resource/types";
import { renderJobSpec } from "../../provider/specs/render";
import { canonicalizeConfig } from "../../provider/xml/canonical";
import type { FolderSpec, FreestyleSpec, PipelineSpec } from "../../provider/specs/types";
import { JenkinsUser } from "../harness/jenkins-user";
import { ADMIN, MODES, calls, startServer, tokenConfig, beyondPreflight } from "../harness/test-server";
import { FREESTYLE_XML, PIPELINE_XML } from "../harness/job-configs";
import { addCredentials, SAMPLE_CREDENTIAL_IDS } from "../harness/known-credentials";
import { addJobs } from "../harness/known-runnables";
import { refreshRead } from "../harness/refresh-read";
import { digestIn } from "../../provider/resource/config-digest";

export const PIPELINE: PipelineSpec = {
  script: "pipeline {\n  agent any\n  stages {\n    stage('Build') { steps { sh 'make' } }\n  }\n}\n",
  parameters: [{ type: "string", name: "TARGET", default: "staging", description: "Where to deploy" }],
  triggers: { cron: "H 2 * * *" },
  buildDiscarder: { numToKeep: 20 },
};

const FREESTYLE: FreestyleSpec = {
  scm: { url: "https://git.example.com/web.git", branch: "*/develop", credentialsId: "git-ro" },
  steps: [{ shell: "npm ci\nnpm test" }],
  triggers: { pollScm: "H/15 * * * *" },
  buildDiscarder: { daysToKeep: 30 },
  archiveArtifacts: { artifacts: "dist/**", fingerprint: true },
  junit: { testResults: "reports/*.xml" },
};

const FOLDER: FolderSpec = { displayName: "Web team" };

async function refresh(id: string, outs: Props): Promise<{ props: Props; inputs?: Props }> {
  const res = await refreshRead(lifecycle, id, outs);
  expect(res.id).toBe(id);
  return { props: { ...res.props, __provider: PROVIDER_TEXT }, inputs: res.inputs as Props | undefined };
}

describe.each(MODES)("Job with a typed spec, methods called directly (%s server)", (mode) => {
  let server: JenkinsServer;
  let user: JenkinsUser;

  beforeAll(async () => {
    server = await startServer(mode);
    user = new JenkinsUser(server.url, { user: ADMIN.name, apiToken: ADMIN.apiToken });
    await addCredentials(user, SAMPLE_CREDENTIAL_IDS);
    // The upstream job a trigger below names.
    await addJobs(user, ["spec-up"]);
    await lifecycle.configure({ config: { get: (k: string) => tokenConfig(server)[k] } });
  });
  afterAll(async () => {
    await closeClients();
    await server.close();
  });
  beforeEach(() => server.resetCounters());

  describe("create → refresh shows no changes", () => {
    it.each([
      ["pipeline", PIPELINE, "flow-definition"],
      ["freestyle", FREESTYLE, "project"],
      ["folderSpec", FOLDER, "com.cloudbees.hudson.plugins.folder.Folder"],
    ] as const)("%s", async (key, spec, root) => {
      const name = `spec-${key}`;
      const { id, outs, inputs } = await createJob({ name, [key]: spec, description: `a ${key}` });
      // The spec stays in the inputs as written: the preview diff shows spec properties, not XML.
      expect(inputs[key]).toEqual(spec);
      expect(inputs).not.toHaveProperty("configXml");
      // (The first call of a connection also checks once that the URL leads to a Jenkins.)
      expect(beyondPreflight(server)).toEqual(["POST /createItem"]);
      expect(outs[key]).toEqual(spec);
      // The rendered config is kept beside the spec, as posted, so that a refresh can show a hand edit the
      // spec cannot hold as its lines; its digest too.
      expect(outs.configXml).toContain(`<${root}`);
      expect(outs.configXml).toContain(`<description>a ${key}</description>`);
      expect(digestIn(outs)).toMatchObject({ root });
      expect(outs).toMatchObject({ description: `a ${key}`, enabled: true, fullName: name });
      expect(await user.getConfig(name)).toContain(`<description>a ${key}</description>`);

      server.resetCounters();
      const after = await refresh(id, outs);
      expect(calls(server)).toEqual([`GET /job/${name}/config.xml`]);
      expect(after.inputs).toBeUndefined();
      expect(after.props).toEqual(outs);
      const d = await lifecycle.diff(id, after.props, inputs);
      expect(d).toMatchObject({ changes: false, replaces: [] });
      expect(d).not.toHaveProperty("diffs");
    });
  });

  describe("each field change is one config.xml POST, seen as a change of the spec property", () => {
    const cases: Array<[string, "pipeline" | "freestyle", PipelineSpec | FreestyleSpec, PipelineSpec | FreestyleSpec]> =
      [
        [
          "a script line",
          "pipeline",
          PIPELINE,
          { ...PIPELINE, script: PIPELINE.script!.replace("sh 'make'", "sh 'make all'") },
        ],
        [
          "a new parameter",
          "pipeline",
          PIPELINE,
          {
            ...PIPELINE,
            parameters: [...PIPELINE.parameters!, { type: "choice", name: "REGION", choices: ["eu", "us"] }],
          },
        ],
        [
          "a new step",
          "freestyle",
          FREESTYLE,
          { ...FREESTYLE, steps: [...FREESTYLE.steps!, { shell: "npm run build" }] },
        ],
        [
          "a trigger",
          "pipeline",
          PIPELINE,
          { ...PIPELINE, triggers: { cron: "H 3 * * *", upstream: { projects: ["spec-up"] } } },
        ],
        [
          "a build discarder",
          "freestyle",
          FREESTYLE,
          { ...FREESTYLE, buildDiscarder: { daysToKeep: 7, numToKeep: 5 } },
        ],
      ];

    it.each(cases)("%s", async (label, key, before, after) => {
      const name = `change-${label.replace(/[^a-z]+/g, "-")}`;
      const created = await createJob({ name, [key]: before });
      const news = await checked({ name, [key]: after });
      const d = await lifecycle.diff(created.id, created.outs, news);
      expect(d).toEqual({ changes: true, replaces: [], deleteBeforeReplace: false, diffs: [key] });

      server.resetCounters();
      const updated = await lifecycle.update(created.id, created.outs, news);
      expect(calls(server)).toEqual([`POST /job/${name}/config.xml`]);
      expect(updated.outs[key]).toEqual(after);
      // The config digest is that of the canonical rendering of the new spec.
      expect(digestIn(updated.outs)?.canonical).toBe(
        createHash("sha256")
          .update(canonicalizeConfig(renderJobSpec(key, after as never)), "utf8")
          .digest("base64url")
          .slice(0, 22),
      );

      const again = await refresh(created.id, { ...updated.outs, __provider: PROVIDER_TEXT });
      expect(again.inputs).toBeUndefined();
      expect(await lifecycle.diff(created.id, again.props, news)).toMatchObject({ changes: false });
    });
  });

  it("a cosmetic spec change (a default written out) is not an update", async () => {
    const { id, outs } = await createJob({ name: "cosmetic", pipeline: PIPELINE });
    const explicit = await checked({
      name: "cosmetic",
      pipeline: { ...PIPELINE, sandbox: true, concurrentBuilds: true },
    });
    expect(await lifecycle.diff(id, outs, explicit)).toMatchObject({ changes: false, replaces: [] });
  });

  it("a description change on a spec job is one description POST", async () => {
    const { id, outs, inputs } = await createJob({ name: "spec-described", pipeline: PIPELINE, description: "a" });
    const news = await checked({ ...inputs, description: "b" });
    expect(await lifecycle.diff(id, outs, news)).toMatchObject({ changes: true, diffs: ["description"] });
    server.resetCounters();
    await lifecycle.update(id, outs, news);
    expect(calls(server)).toEqual(["POST /job/spec-described/description"]);
  });

  describe("hand edits in Jenkins", () => {
    it("a script edited through config.xml is reported as a change of the spec property", async () => {
      const { id, outs, inputs } = await createJob({ name: "hand-edited", pipeline: PIPELINE, description: "d" });
      await user.editConfig("hand-edited", (xml) =>
        xml.replace("sh &apos;make&apos;", "sh &apos;make hotfix&apos;").replace("sh 'make'", "sh 'make hotfix'"),
      );

      server.resetCounters();
      const after = await refresh(id, outs);
      expect(calls(server)).toEqual(["GET /job/hand-edited/config.xml"]);
      const edited = { ...PIPELINE, script: PIPELINE.script!.replace("sh 'make'", "sh 'make hotfix'") };
      expect(after.props.pipeline).toEqual(edited);
      // Reported as inputs too, so the next preview shows `pipeline.script` changing back.
      expect(after.inputs).toMatchObject({ name: "hand-edited", pipeline: edited, description: "d", enabled: true });
      expect(after.inputs).not.toHaveProperty("configXml");
      expect(String(after.props.configXml)).toContain("make hotfix");

      const d = await lifecycle.diff(id, after.props, inputs);
      expect(d).toEqual({ changes: true, replaces: [], deleteBeforeReplace: false, diffs: ["pipeline"] });
      server.resetCounters();
      const updated = await lifecycle.update(id, after.props, inputs);
      expect(calls(server)).toEqual(["POST /job/hand-edited/config.xml"]);
      const again = await refresh(id, { ...updated.outs, __provider: PROVIDER_TEXT });
      expect(again.inputs).toBeUndefined();
      expect(await user.getConfig("hand-edited")).not.toContain("make hotfix");
    });

    it("an edit no spec expresses is reported through configXml, and update puts the spec back", async () => {
      const { id, outs, inputs } = await createJob({ name: "hand-extended", freestyle: FREESTYLE });
      await user.editConfig("hand-extended", (xml) =>
        xml.replace("</builders>", "<hudson.tasks.Ant><targets>dist</targets></hudson.tasks.Ant></builders>"),
      );
      const after = await refresh(id, outs);
      // The declared spec stays; the config output is Jenkins's, beside it (found-config.ts).
      expect(after.props.freestyle).toEqual(FREESTYLE);
      expect(after.props.__foundConfig).toBe(true);
      expect(String(after.props.configXml)).toContain("<targets>dist</targets>");
      expect(after.inputs).toMatchObject({ configXml: after.props.configXml, freestyle: FREESTYLE });

      // The next check puts the spec's config beside the spec; the diff names the config, shown from the outputs.
      const planned = (await lifecycle.check(after.inputs as Props, inputs)).inputs as Props;
      expect(planned.configXml).toBe(outs.configXml);
      expect(await lifecycle.diff(id, after.props, planned)).toMatchObject({
        changes: true,
        diffs: ["configXml"],
        fromOutputs: ["configXml"],
      });
      server.resetCounters();
      const updated = await lifecycle.update(id, after.props, inputs);
      expect(calls(server)).toEqual(["POST /job/hand-extended/config.xml"]);
      expect(updated.outs.freestyle).toEqual(FREESTYLE);
      const again = await refresh(id, { ...updated.outs, __provider: PROVIDER_TEXT });
      expect(again.inputs).toBeUndefined();
    });

    it("a description edited by hand drifts through description, the spec stays", async () => {
      const { id, outs } = await createJob({ name: "hand-described", folderSpec: FOLDER, description: "declared" });
      await user.editConfig("hand-described", (xml) =>
        xml.replace("<description>declared</description>", "<description>by hand</description>"),
      );
      const after = await refresh(id, outs);
      expect(after.props).toMatchObject({
        description: "by hand",
        folderSpec: FOLDER,
        __digest: outs.__digest,
      });
      expect(after.props.configXml).toBe(outs.configXml);
      expect(after.props).not.toHaveProperty("__foundConfig");
      expect(after.inputs).toMatchObject({ folderSpec: FOLDER, description: "by hand" });
      expect(after.inputs).not.toHaveProperty("configXml");
    });
  });

  describe("check", () => {
    async function failuresOf(inputs: Props) {
      return (await lifecycle.check({}, inputs)).failures ?? [];
    }

    it.each([
      ["a Pipeline with neither script nor scm", { pipeline: {} }, "pipeline", /^pipeline: needs script/],
      [
        "a Pipeline with both script and scm",
        { pipeline: { script: "x", scm: { url: "u" } } },
        "pipeline",
        /^pipeline: give either/,
      ],
      [
        "an empty shell step",
        { freestyle: { steps: [{ shell: "" }] } },
        "freestyle",
        /^freestyle\.steps\[0\]\.shell: must not be empty/,
      ],
      [
        "an unknown parameter type",
        { pipeline: { script: "x", parameters: [{ type: "text", name: "P" }] } },
        "pipeline",
        /parameters\[0\]\.type: unknown parameter type/,
      ],
      [
        "a password parameter whose default did not go through the Job class (it would sit in state in clear)",
        { pipeline: { script: "x", parameters: [{ type: "password", name: "P", default: "in-clear" }] } },
        "pipeline",
        /^pipeline\.parameters\[0\]\.default is not a secret placeholder/,
      ],
      ["a typo in a field name", { freestyle: { step: [] } }, "freestyle", /^freestyle\.step: unknown field/],
      [
        "a folder display name of the wrong type",
        { folderSpec: { displayName: 3 } },
        "folderSpec",
        /^folderSpec\.displayName: must be a string/,
      ],
      ["a disabled folder", { folderSpec: {}, enabled: false }, "enabled", /^enabled: a folder cannot be disabled/],
      [
        "a spec and configXml together",
        { pipeline: PIPELINE, configXml: PIPELINE_XML },
        "pipeline",
        /exactly one of configXml, pipeline, freestyle, folderSpec/,
      ],
      ["two specs", { pipeline: PIPELINE, freestyle: FREESTYLE }, "freestyle", /got pipeline and freestyle/],
      [
        "nothing that defines the job",
        {},
        "configXml",
        /configXml is required.*pipeline, freestyle, folderSpec or multibranch/,
      ],
    ])("rejects %s before any request", async (_label, spec, property, reason) => {
      const failures = await failuresOf({ name: "bad-spec", ...spec });
      expect(failures).toEqual([expect.objectContaining({ property, reason: expect.stringMatching(reason) })]);
      expect(server.requests).toHaveLength(0);
    });

    it("passes a spec holding unknown preview values through, and diff reports a change", async () => {
      const { id, outs } = await createJob({ name: "spec-unknown", pipeline: PIPELINE });
      const spec = { ...PIPELINE, scm: undefined, script: UNKNOWN };
      const res = await lifecycle.check({}, { name: "spec-unknown", pipeline: spec, __provider: PROVIDER_TEXT });
      expect(res.failures).toEqual([]);
      expect((res.inputs as Props).pipeline).toEqual(spec);
      expect(await lifecycle.diff(id, outs, res.inputs as Props)).toMatchObject({
        changes: true,
        replaces: [],
        diffs: ["pipeline"],
      });
      // The kind is known even while the spec's values are not: a kind change is announced as a replacement.
      const other = { name: "spec-unknown", freestyle: { steps: [{ shell: UNKNOWN }] } };
      expect(await lifecycle.diff(id, outs, other)).toMatchObject({
        replaces: ["freestyle"],
        deleteBeforeReplace: true,
      });
      expect(server.requests.filter((r) => r.method === "POST")).toHaveLength(1);
    });
  });

  describe("changing how a job is defined", () => {
    it("pipeline → freestyle replaces the job, deleting first", async () => {
      const { id, outs } = await createJob({ name: "kind-change", pipeline: PIPELINE });
      const news = await checked({ name: "kind-change", freestyle: FREESTYLE });
      expect(await lifecycle.diff(id, outs, news)).toEqual({
        changes: true,
        replaces: ["freestyle"],
        deleteBeforeReplace: true,
      });
    });

    it("configXml → a spec of another item type replaces; of the same type it is an update", async () => {
      const { id, outs } = await createJob({ name: "xml-to-spec", configXml: PIPELINE_XML });
      const other = await checked({ name: "xml-to-spec", freestyle: FREESTYLE });
      expect(await lifecycle.diff(id, outs, other)).toEqual({
        changes: true,
        replaces: ["freestyle"],
        deleteBeforeReplace: true,
      });
      const same = await checked({ name: "xml-to-spec", pipeline: PIPELINE });
      // (PIPELINE_XML has a description of its own, the spec job none: that is a change too.)
      expect(await lifecycle.diff(id, outs, same)).toMatchObject({
        changes: true,
        replaces: [],
        diffs: ["pipeline", "description"],
      });
    });

    it("a spec → configXml of another item type replaces", async () => {
      const { id, outs } = await createJob({ name: "spec-to-xml", pipeline: PIPELINE });
      const news = await checked({ name: "spec-to-xml", configXml: FREESTYLE_XML });
      expect(await lifecycle.diff(id, outs, news)).toEqual({
        changes: true,
        replaces: ["configXml"],
        deleteBeforeReplace: true,
      });
    });

    it("switching between configXml and a spec that renders the same config is not a change", async () => {
      const xml = renderJobSpec("pipeline", PIPELINE, { description: "same" });
      const viaXml = await createJob({ name: "same-config", configXml: xml, description: "same" });
      const viaSpec = await checked({ name: "same-config", pipeline: PIPELINE, description: "same" });
      expect(await lifecycle.diff(viaXml.id, viaXml.outs, viaSpec)).toMatchObject({ changes: false, replaces: [] });

      server.resetCounters();
      const updated = await lifecycle.update(viaXml.id, viaXml.outs, viaSpec);
      expect(calls(server)).toEqual([]);
      const outs = { ...updated.outs, __provider: PROVIDER_TEXT };
      expect(outs.pipeline).toEqual(PIPELINE);
      const back = await checked({ name: "same-config", configXml: xml, description: "same" });
      expect(await lifecycle.diff(viaXml.id, outs, back)).toMatchObject({ changes: false, replaces: [] });
    });
  });
});
