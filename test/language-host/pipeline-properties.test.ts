/**
 * Pipelines that set their own job properties, through the language host: a declarative pipeline with
 * parameters/triggers/options and a scripted one calling `properties([...])` beside a property the program declares.
 * After builds, refresh and preview are quiet; a declared property removed by hand is one update that restores it and
 * keeps the pipeline's, which the pipeline's next run keeps too; a new parameter default in the script is one update,
 * and the job previews clean after its next build; a property the program declares that the pipeline also sets is
 * named in one warning. Against a legacy server here; real-estate.test.ts takes the same steps against a current
 * one, and test/server/pipeline-runs.test.ts holds the server's runs to both modes.
 */
import * as path from "node:path";
import type { JenkinsServer } from "../../provider/server";
import { elementChildren, parseXml, textOf, type XmlElement } from "../../provider/xml/tree";
import { jobPath, type JenkinsUser } from "../harness/jenkins-user";
import type { OperationResult, PulumiCli } from "../harness/language-host";
import { repoRoot } from "../harness/provider-process";
import { calls, RUNNABLE_CHECK_REQUEST } from "../harness/test-server";
import { startStack } from "./stack";

const PROJECT = path.join(repoRoot, "test", "language-host", "projects", "pipeline-properties");
const PARAMETERS = "hudson.model.ParametersDefinitionProperty";
const TRIGGERS = "org.jenkinsci.plugins.workflow.job.properties.PipelineTriggersJobProperty";
const DISCARDER = "jenkins.model.BuildDiscarderProperty";
const NO_CONCURRENT = "org.jenkinsci.plugins.workflow.job.properties.DisableConcurrentBuildsJobProperty";
const SCRIPTED_TRACKER = "org.jenkinsci.plugins.workflow.multibranch.JobPropertyTrackerAction";
const DECLARATIVE_TRACKER =
  "org.jenkinsci.plugins.pipeline.modeldefinition.actions.DeclarativeJobPropertyTrackerAction";

function child(e: XmlElement | undefined, name: string): XmlElement | undefined {
  return e ? elementChildren(e).find((c) => c.name === name) : undefined;
}

function changes(result: OperationResult): string[] {
  return result.steps.filter((s) => s.op !== "same").map((s) => `${s.op} ${s.urn.split("::").pop()}`);
}

function warnings(result: OperationResult): string[] {
  return result.logs.filter((l) => l.severity === "warning").map((l) => l.message);
}

describe.each(["legacy"] as const)(
  "pipelines that set their own properties, through the language host (%s server)",
  (mode) => {
    let server: JenkinsServer;
    let user: JenkinsUser;
    let cli: PulumiCli;

    beforeAll(async () => {
      ({ server, user, cli } = await startStack(PROJECT, { mode, server: { quietPeriodMs: 0 } }));
    });
    afterAll(async () => {
      await server?.close();
    });

    async function config(job: string): Promise<XmlElement> {
      return parseXml(await user.getConfig(job)).root;
    }

    async function properties(job: string): Promise<string[]> {
      return elementChildren(child(await config(job), "properties") as XmlElement)
        .map((p) => p.name)
        .sort();
    }

    /** One build, run to its end (the server runs a build's script when its quiet period is over). */
    async function build(job: string): Promise<void> {
      const parameterized = (await properties(job)).includes(PARAMETERS);
      const res = await user.request("POST", `/${jobPath(job)}${parameterized ? "buildWithParameters" : "build"}`);
      expect(res.status).toBe(201);
      await user.getConfig(job);
    }

    async function previewIsClean(): Promise<void> {
      const preview = await cli.preview();
      expect({ ok: preview.ok, changes: changes(preview), warnings: warnings(preview) }).toEqual({
        ok: true,
        changes: [],
        warnings: [],
      });
    }

    it("up creates both jobs; their builds set the pipelines' properties and tracker actions", async () => {
      const up = await cli.up();
      expect({ ok: up.ok, errors: up.errors }).toEqual({ ok: true, errors: [] });
      expect(changes(up).sort()).toEqual(["create nightly", "create release"]);
      expect(await properties("nightly")).toEqual([DISCARDER]);

      await build("release");
      await build("nightly");
      expect(await properties("release")).toEqual([DISCARDER, NO_CONCURRENT, PARAMETERS, TRIGGERS].sort());
      expect(await properties("nightly")).toEqual([DISCARDER, PARAMETERS, TRIGGERS].sort());
      expect(child(child(await config("release"), "actions"), DECLARATIVE_TRACKER)).toBeDefined();
      expect(child(child(await config("nightly"), "actions"), SCRIPTED_TRACKER)).toBeDefined();
    });

    it("refresh records what each pipeline owns and plans nothing; preview has no changes", async () => {
      const refresh = await cli.refresh();
      expect(refresh.ok).toBe(true);
      // Only the new output: what the pipelines set, as their trackers say.
      for (const c of refresh.changed) {
        const before = { ...c.before };
        const after = { ...c.after };
        delete after.pipelineOwned;
        expect(after).toEqual(before);
      }
      const owned = Object.fromEntries(
        cli.state.resources.filter((r) => r.custom).map((r) => [r.urn.split("::").pop(), r.outputs.pipelineOwned]),
      );
      expect(owned).toEqual({
        release: [
          "parameter GREETING",
          "parameter TARGET",
          `property ${DISCARDER}`,
          `property ${NO_CONCURRENT}`,
          "trigger hudson.triggers.TimerTrigger",
        ],
        nightly: [`property ${PARAMETERS}`, `property ${TRIGGERS}`],
      });
      // Never an input: a preview shows nothing added.
      for (const r of cli.state.resources) expect(r.inputs?.pipelineOwned).toBeUndefined();
      server.resetCounters();
      await previewIsClean();
      expect(calls(server).filter((c) => c.startsWith("POST"))).toEqual([]);
    });

    it("a declared property removed by hand is one update that restores it and keeps the pipeline's", async () => {
      await user.editConfig("nightly", (xml) =>
        xml.replace(/<jenkins\.model\.BuildDiscarderProperty>[\s\S]*<\/jenkins\.model\.BuildDiscarderProperty>/, ""),
      );
      expect(await properties("nightly")).toEqual([PARAMETERS, TRIGGERS]);
      const refresh = await cli.refresh();
      expect(refresh.changed.map((c) => c.urn.split("::").pop())).toEqual(["nightly"]);
      const preview = await cli.preview();
      expect(changes(preview)).toEqual(["update nightly"]);

      server.resetCounters();
      const up = await cli.up();
      expect({ ok: up.ok, changes: changes(up) }).toEqual({ ok: true, changes: ["update nightly"] });
      // The job's config is read (to keep what the pipeline owns), then posted once.
      expect(calls(server).filter((c) => c.includes("/job/"))).toEqual([
        "GET /job/nightly/config.xml",
        "POST /job/nightly/config.xml",
      ]);
      expect(await properties("nightly")).toEqual([DISCARDER, PARAMETERS, TRIGGERS].sort());
      const tracker = child(child(await config("nightly"), "actions"), SCRIPTED_TRACKER);
      expect(
        elementChildren(child(tracker, "jobPropertyDescriptors") as XmlElement)
          .map(textOf)
          .sort(),
      ).toEqual([PARAMETERS, TRIGGERS].sort());

      // The pipeline's next run keeps the program's property: the tracker says it is not the pipeline's.
      await build("nightly");
      expect(await properties("nightly")).toEqual([DISCARDER, PARAMETERS, TRIGGERS].sort());
      expect((await cli.refresh()).ok).toBe(true);
      await previewIsClean();
    });

    it("a new default in the script is one update; after the next build the job previews clean", async () => {
      cli.setConfig("greeting", "bonjour");
      const preview = await cli.preview();
      expect(changes(preview)).toEqual(["update release"]);
      server.resetCounters();
      const up = await cli.up();
      expect(changes(up)).toEqual(["update release"]);
      // The new script is linted (the runnable check: a read), then posted.
      expect(calls(server).filter((c) => c.startsWith("POST") && !RUNNABLE_CHECK_REQUEST.test(c))).toEqual([
        "POST /job/release/config.xml",
      ]);
      // Until it runs, the job keeps the parameters the pipeline set.
      expect(await properties("release")).toEqual([DISCARDER, NO_CONCURRENT, PARAMETERS, TRIGGERS].sort());
      await build("release");
      expect(await user.getConfig("release")).toContain("<defaultValue>bonjour</defaultValue>");
      await previewIsClean();
      expect((await cli.refresh()).ok).toBe(true);
      await previewIsClean();
    });

    it("a property the program declares that the pipeline also sets gets one warning naming job and property", async () => {
      cli.setConfig("declareBranch", true);
      const preview = await cli.preview();
      expect(changes(preview)).toEqual(["update nightly"]);
      const said = warnings(preview);
      expect(said).toHaveLength(1);
      expect(said[0]).toContain('Jenkins job "nightly"');
      expect(said[0]).toContain(`property ${PARAMETERS}`);
      expect(said[0]).toContain("pipeline");
      // Applied, the job keeps the pipeline's version; nothing drifts.
      const up = await cli.up();
      expect(changes(up)).toEqual(["update nightly"]);
      expect(await properties("nightly")).toEqual([DISCARDER, PARAMETERS, TRIGGERS].sort());
      await build("nightly");
      const again = await cli.preview();
      expect(changes(again)).toEqual([]);
      expect(warnings(again)).toHaveLength(1);
      cli.removeConfig("declareBranch");
      expect(changes(await cli.up())).toEqual(["update nightly"]);
      await previewIsClean();
    });

    it("destroy leaves nothing", async () => {
      const destroy = await cli.destroy();
      expect(destroy.errors).toEqual([]);
      expect(await user.exists("release")).toBe(false);
      expect(await user.exists("nightly")).toBe(false);
    });
  },
);
