/**
 * Rendered specs over real HTTP against the Jenkins-compatible server, in both read modes: a job created from a
 * rendering reads back as the same config, a save on the server writes back exactly the rendered bytes (so a
 * refresh finds nothing to change), and changing one field of a spec changes only that part of the config.
 */
import { JenkinsClient } from "../../provider/client";
import type { JenkinsServer } from "../../provider/server";
import {
  renderFolder,
  renderFreestyle,
  renderJobSpec,
  renderPipeline,
  type FreestyleSpec,
  type JobSpecFields,
  type JobSpecKind,
  type JobSpecs,
  type PipelineSpec,
} from "../../provider/specs";
import { configDifferences, configsEqual, configsEquivalent } from "../../provider/xml/semantic";
import { ADMIN, MODES, startServer } from "../harness/test-server";
import {
  FOLDER_FULL,
  FOLDER_FULL_FIELDS,
  FOLDER_MINIMAL,
  FREESTYLE_FULL,
  FREESTYLE_FULL_FIELDS,
  FREESTYLE_MINIMAL,
  PIPELINE_FULL,
  PIPELINE_FULL_FIELDS,
  PIPELINE_MINIMAL,
} from "./samples";

type Sample = [name: string, kind: JobSpecKind, spec: JobSpecs[JobSpecKind], fields: JobSpecFields | undefined];

const SAMPLES: Sample[] = [
  ["pipeline-minimal", "pipeline", PIPELINE_MINIMAL, undefined],
  ["pipeline-full", "pipeline", PIPELINE_FULL, PIPELINE_FULL_FIELDS],
  ["freestyle-minimal", "freestyle", FREESTYLE_MINIMAL, undefined],
  ["freestyle-full", "freestyle", FREESTYLE_FULL, FREESTYLE_FULL_FIELDS],
  ["folder-minimal", "folder", FOLDER_MINIMAL, undefined],
  ["folder-full", "folder", FOLDER_FULL, FOLDER_FULL_FIELDS],
];

/** The document without its declaration line (created, saved and served files each have their own). */
function body(xml: string): string {
  return xml.replace(/^<\?xml[^>]*\?>\n?/, "");
}

describe.each(MODES)("rendered specs over HTTP (%s config.xml reads)", (mode) => {
  let server: JenkinsServer;
  let client: JenkinsClient;

  beforeAll(async () => {
    server = await startServer(mode);
    client = new JenkinsClient({ url: server.url, user: ADMIN.name, apiToken: ADMIN.apiToken });
  });

  afterAll(async () => {
    await client.close();
    await server.close();
  });

  test.each(SAMPLES)("%s: created, read back as the same config", async (name, kind, spec, fields) => {
    const rendered = renderJobSpec(kind, spec, fields);
    await client.createJob(name, rendered);
    const back = await client.getConfig(name);
    expect(configsEqual(rendered, back)).toBe(true);
    expect(configsEquivalent(rendered, back)).toBe(true);
    expect(configDifferences(rendered, back)).toEqual([]);
    if (mode === "current") {
      // Served from memory after a full re-serialization: the rendered text exactly, declaration aside.
      expect(body(back)).toBe(body(rendered));
    }
  });

  test.each(SAMPLES)("%s: a save on the server stores exactly the rendered bytes", async (name, kind, spec, fields) => {
    const rendered = renderJobSpec(kind, spec, fields);
    if (kind === "folder") {
      // Folders have no description endpoint; a config.xml POST saves the reloaded folder since 2.568.
      await client.updateConfig(name, rendered);
      if (mode === "legacy") {
        expect(configsEqual(rendered, server.jobConfigOnDisk(name) ?? "")).toBe(true);
        return;
      }
    } else {
      // Setting the description it already has makes the server save the job (XStream form).
      await client.setDescription(name, fields?.description ?? "");
    }
    expect(server.jobConfigOnDisk(name)).toBe(rendered);
    expect(configsEqual(rendered, await client.getConfig(name))).toBe(true);
  });

  test("a job inside a folder created from a folder spec", async () => {
    const folder = renderFolder({ displayName: "Team" }, { description: "the team" });
    await client.createJob("team", folder);
    expect(configsEqual(folder, await client.getConfig("team"))).toBe(true);
    const job = renderPipeline({ script: "echo 'in a folder'" }, { description: "nested" });
    await client.createJob("team/api", job);
    expect(configsEqual(job, await client.getConfig("team/api"))).toBe(true);
  });

  describe("one changed field changes only its part of the config", () => {
    async function change<K extends "pipeline" | "freestyle" | "folder">(
      name: string,
      kind: K,
      before: JobSpecs[K],
      after: JobSpecs[K],
    ): Promise<string[]> {
      const first = renderJobSpec(kind, before);
      await client.createJob(name, first);
      await client.updateConfig(name, renderJobSpec(kind, after));
      const back = await client.getConfig(name);
      expect(configsEqual(renderJobSpec(kind, after), back)).toBe(true);
      return configDifferences(first, back);
    }

    const script = (line: string): PipelineSpec => ({
      script: `pipeline {\n  agent any\n  stages {\n    stage('build') {\n      steps { ${line} }\n    }\n  }\n}\n`,
      parameters: [{ type: "string", name: "TARGET", default: "staging" }],
    });

    test("a line of the Pipeline script", async () => {
      expect(await change("chg-script", "pipeline", script("sh 'make'"), script("sh 'make all'"))).toEqual([
        "/flow-definition/definition/script: text changed",
      ]);
    });

    test("a new parameter", async () => {
      const before = script("sh 'make'");
      const after: PipelineSpec = {
        ...before,
        parameters: [...(before.parameters ?? []), { type: "boolean", name: "DRY_RUN" }],
      };
      expect(await change("chg-param", "pipeline", before, after)).toEqual([
        "/flow-definition/properties/hudson.model.ParametersDefinitionProperty[1]/parameterDefinitions/hudson.model.BooleanParameterDefinition[1]: added",
      ]);
    });

    test("a parameter's default", async () => {
      const before = script("sh 'make'");
      const after: PipelineSpec = { ...before, parameters: [{ type: "string", name: "TARGET", default: "prod" }] };
      expect(await change("chg-default", "pipeline", before, after)).toEqual([
        "/flow-definition/properties/hudson.model.ParametersDefinitionProperty[1]/parameterDefinitions/hudson.model.StringParameterDefinition[1]/defaultValue: text changed",
      ]);
    });

    test("concurrent builds switched off", async () => {
      const before = script("sh 'make'");
      expect(await change("chg-concurrent", "pipeline", before, { ...before, concurrentBuilds: false })).toEqual([
        "/flow-definition/properties/org.jenkinsci.plugins.workflow.job.properties.DisableConcurrentBuildsJobProperty[1]: added",
      ]);
    });

    test("a new freestyle step at the end", async () => {
      const before: FreestyleSpec = { steps: [{ shell: "make" }], junit: { testResults: "*.xml" } };
      const after: FreestyleSpec = { ...before, steps: [{ shell: "make" }, { batch: "deploy.cmd" }] };
      expect(await change("chg-step", "freestyle", before, after)).toEqual([
        "/project/builders/hudson.tasks.BatchFile[1]: added",
      ]);
    });

    test("the command of one freestyle step", async () => {
      const before: FreestyleSpec = { steps: [{ shell: "make" }, { shell: "make test" }] };
      const after: FreestyleSpec = { steps: [{ shell: "make" }, { shell: "make check" }] };
      expect(await change("chg-command", "freestyle", before, after)).toEqual([
        "/project/builders/hudson.tasks.Shell[2]/command: text changed",
      ]);
    });

    test("the branch of a git SCM", async () => {
      const before: FreestyleSpec = { scm: { url: "https://git.example.com/a.git" } };
      const after: FreestyleSpec = { scm: { url: "https://git.example.com/a.git", branch: "*/next" } };
      expect(await change("chg-branch", "freestyle", before, after)).toEqual([
        "/project/scm/branches/hudson.plugins.git.BranchSpec[1]/name: text changed",
      ]);
    });

    test("a folder's display name", async () => {
      expect(await change("chg-folder", "folder", {}, { displayName: "Shown" })).toEqual([
        "/com.cloudbees.hudson.plugins.folder.Folder/displayName: added",
      ]);
    });
  });

  test("disabling through the job fields matches Jenkins's own disable", async () => {
    const spec: FreestyleSpec = { steps: [{ shell: "true" }] };
    await client.createJob("toggle", renderFreestyle(spec));
    await client.disable("toggle");
    expect(server.jobConfigOnDisk("toggle")).toBe(renderFreestyle(spec, { enabled: false }));
  });
});
