/**
 * The rendered classes and field orders agree with configs real Jenkins servers saved (test/fixtures, see
 * SOURCES.md). Where a fixture comes from an older plugin or core, the fields added since (or left null by a spec)
 * are named explicitly, so any other difference fails.
 */
import { readFileSync } from "node:fs";
import * as path from "node:path";
import { RENDERED_PLUGIN_VERSIONS, renderFolder, renderFreestyle, renderPipeline } from "../../provider/specs";
import { INSTALLED_PLUGINS } from "../../provider/server/xstream";
import { configsEqual } from "../../provider/xml/semantic";
import { elementChildren, parseXml, type XmlElement } from "../../provider/xml/tree";
import { writeXml } from "../../provider/xml/writer";
import { FIXTURE_DIR } from "../harness/fixtures";
import { FOLDER_FULL, FOLDER_FULL_FIELDS, FREESTYLE_FULL, PIPELINE_FULL, PIPELINE_MINIMAL } from "./samples";

function fixture(file: string): XmlElement {
  return parseXml(readFileSync(path.join(FIXTURE_DIR, file), "utf8")).root;
}

/** The first element (depth first, the root included) named `name`, optionally with a given `class`. */
function find(root: XmlElement, name: string, className?: string): XmlElement {
  const stack = [root];
  while (stack.length > 0) {
    const e = stack.shift() as XmlElement;
    const cls = e.attrs.find(([k]) => k === "class")?.[1];
    if (e.name === name && (className === undefined || cls === className)) return e;
    stack.push(...elementChildren(e));
  }
  throw new Error(`no <${name}${className ? ` class="${className}"` : ""}> found`);
}

/** Child element names with their `class` attribute: the part of XStream's form a class decides. */
function signature(e: XmlElement, leaveOut: readonly string[] = []): string[] {
  return elementChildren(e)
    .filter((c) => !leaveOut.includes(c.name))
    .map((c) => {
      const cls = c.attrs.find(([k]) => k === "class")?.[1];
      return cls === undefined ? c.name : `${c.name}[class=${cls}]`;
    });
}

function subtree(e: XmlElement): string {
  return writeXml(e, { declaration: null, style: "pretty" });
}

const pipelineMinimal = parseXml(renderPipeline(PIPELINE_MINIMAL)).root;
const pipelineFull = parseXml(renderPipeline(PIPELINE_FULL)).root;
const freestyleFull = parseXml(renderFreestyle(FREESTYLE_FULL)).root;
const folderFull = parseXml(renderFolder(FOLDER_FULL, FOLDER_FULL_FIELDS)).root;

interface Case {
  what: string;
  rendered: () => XmlElement;
  fixture: () => XmlElement;
  /** Fields the fixture has that the rendering leaves out (null in Java for the spec at hand). */
  absent?: string[];
  /** Fields of newer versions than the fixture's, which the rendering has. */
  newer?: string[];
}

const CASES: Case[] = [
  {
    what: "Pipeline job fields",
    rendered: () => pipelineMinimal,
    fixture: () => fixture("pipeline-declarative-inline.xml"),
  },
  {
    what: "inline Pipeline definition",
    rendered: () => find(pipelineMinimal, "definition"),
    fixture: () => find(fixture("pipeline-declarative-inline.xml"), "definition"),
  },
  {
    what: "Pipeline script from SCM",
    rendered: () => find(pipelineFull, "definition"),
    fixture: () => find(fixture("pipeline-scm-git-lightweight.xml"), "definition"),
  },
  {
    what: "git SCM",
    rendered: () => find(freestyleFull, "scm"),
    fixture: () => find(fixture("freestyle-batch-prescm-buildwrappers.xml"), "scm"),
    absent: ["gitTool"],
  },
  {
    what: "build discarder",
    rendered: () => find(pipelineFull, "strategy"),
    fixture: () => find(fixture("pipeline-scm-git-lightweight.xml"), "strategy"),
    newer: ["removeLastBuild"],
  },
  {
    what: "string parameter",
    rendered: () => find(pipelineFull, "hudson.model.StringParameterDefinition"),
    fixture: () => find(fixture("pipeline-declarative-parameters.xml"), "hudson.model.StringParameterDefinition"),
  },
  {
    what: "boolean parameter",
    rendered: () => find(pipelineFull, "hudson.model.BooleanParameterDefinition"),
    fixture: () => find(fixture("pipeline-declarative-parameters.xml"), "hudson.model.BooleanParameterDefinition"),
    absent: ["description"],
  },
  {
    what: "choice parameter",
    rendered: () => find(pipelineFull, "hudson.model.ChoiceParameterDefinition"),
    fixture: () => find(fixture("pipeline-declarative-parameters.xml"), "hudson.model.ChoiceParameterDefinition"),
  },
  {
    what: "choices",
    rendered: () => find(pipelineFull, "choices"),
    fixture: () => find(fixture("freestyle-params-shell-v1.0.xml"), "choices"),
  },
  {
    what: "Pipeline triggers property",
    rendered: () => find(pipelineFull, "org.jenkinsci.plugins.workflow.job.properties.PipelineTriggersJobProperty"),
    fixture: () =>
      find(
        fixture("pipeline-declarative-reverse-trigger.xml"),
        "org.jenkinsci.plugins.workflow.job.properties.PipelineTriggersJobProperty",
      ),
  },
  {
    what: "upstream trigger",
    rendered: () => find(pipelineFull, "jenkins.triggers.ReverseBuildTrigger"),
    fixture: () => find(fixture("pipeline-declarative-reverse-trigger.xml"), "jenkins.triggers.ReverseBuildTrigger"),
  },
  {
    what: "result threshold",
    rendered: () => find(pipelineFull, "threshold"),
    fixture: () => find(fixture("pipeline-declarative-reverse-trigger.xml"), "threshold"),
  },
  {
    what: "periodic trigger",
    rendered: () => find(pipelineFull, "hudson.triggers.TimerTrigger"),
    fixture: () => find(fixture("pipeline-inline-timer-v1.0.xml"), "hudson.triggers.TimerTrigger"),
  },
  {
    what: "SCM polling trigger",
    rendered: () => find(freestyleFull, "hudson.triggers.SCMTrigger"),
    fixture: () => find(fixture("freestyle-git-shell-archiveartifacts.xml"), "hudson.triggers.SCMTrigger"),
  },
  {
    what: "freestyle job fields",
    rendered: () => freestyleFull,
    fixture: () => fixture("freestyle-git-shell-archiveartifacts.xml"),
    absent: ["assignedNode", "jdk"],
  },
  {
    what: "shell step",
    rendered: () => find(freestyleFull, "hudson.tasks.Shell"),
    fixture: () => find(fixture("freestyle-git-shell-archiveartifacts.xml"), "hudson.tasks.Shell"),
  },
  {
    what: "batch step",
    rendered: () => find(freestyleFull, "hudson.tasks.BatchFile"),
    fixture: () => find(fixture("freestyle-batch-prescm-buildwrappers.xml"), "hudson.tasks.BatchFile"),
  },
  {
    what: "archive artifacts",
    rendered: () => find(freestyleFull, "hudson.tasks.ArtifactArchiver"),
    fixture: () => find(fixture("freestyle-git-shell-archiveartifacts.xml"), "hudson.tasks.ArtifactArchiver"),
  },
  {
    what: "JUnit results",
    rendered: () => find(freestyleFull, "hudson.tasks.junit.JUnitResultArchiver"),
    fixture: () =>
      find(fixture("freestyle-git-choiceparam-junit-coverage-warnings.xml"), "hudson.tasks.junit.JUnitResultArchiver"),
    absent: ["checksName"],
    newer: ["keepTestNames"],
  },
  {
    what: "folder fields",
    rendered: () => folderFull,
    fixture: () => fixture("folder-github-minimal.xml"),
  },
];

describe("rendered classes and field order match real saved configs", () => {
  test.each(CASES.map((c) => [c.what, c] as const))("%s", (_what, c) => {
    expect(signature(c.rendered(), c.newer)).toEqual(signature(c.fixture(), c.absent));
    expect(c.rendered().name).toBe(c.fixture().name);
  });

  test.each(["folderViews", "healthMetrics", "icon"])(
    "a new folder's <%s> is the one cloudbees-folder saves",
    (name) => {
      const ours = subtree(find(folderFull, name));
      for (const file of ["folder-github-minimal.xml", "folder-weather-sample-properties.xml"]) {
        expect(configsEqual(ours, subtree(find(fixture(file), name)))).toBe(true);
      }
    },
  );

  test("the job-level plugin attributes sit where real Jenkins puts them", () => {
    const pluginOf = (e: XmlElement) => e.attrs.find(([k]) => k === "plugin")?.[1]?.split("@")[0];
    expect(pluginOf(pipelineFull)).toBe(pluginOf(fixture("pipeline-declarative-inline.xml")));
    expect(pluginOf(find(pipelineFull, "definition"))).toBe("workflow-cps");
    expect(pluginOf(find(pipelineFull, "scm"))).toBe("git");
    expect(pluginOf(freestyleFull)).toBeUndefined();
    expect(pluginOf(find(freestyleFull, "hudson.tasks.junit.JUnitResultArchiver"))).toBe("junit");
    expect(pluginOf(find(freestyleFull, "hudson.tasks.ArtifactArchiver"))).toBeUndefined();
    expect(pluginOf(folderFull)).toBe("cloudbees-folder");
    // Classes of the job's own plugin carry no attribute inside it.
    expect(
      pluginOf(find(pipelineFull, "org.jenkinsci.plugins.workflow.job.properties.DisableConcurrentBuildsJobProperty")),
    ).toBeUndefined();
  });
});

describe("plugin versions", () => {
  test.each(Object.entries(RENDERED_PLUGIN_VERSIONS))(
    "%s is rendered with the version the Jenkins-compatible server has installed",
    (shortName, version) => {
      expect(INSTALLED_PLUGINS[shortName]).toBe(version);
    },
  );
});
