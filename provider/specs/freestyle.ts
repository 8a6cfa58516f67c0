/**
 * Freestyle jobs (core's FreeStyleProject, root `<project>`), fields in AbstractProject's class order: actions,
 * description, keepDependencies, properties, scm, quietPeriod, assignedNode, canRoam, disabled, blockBuildWhen*, triggers,
 * concurrentBuild, builders, publishers, buildWrappers. Defaults a save always writes are written too.
 */
import type { XmlElement } from "../xml/tree";
import { descriptionElement, isDisabled, writeConfig } from "./document";
import { buildDiscarderProperty, gitScm, parametersProperty, triggerElements } from "./fragments";
import { bool, classAttr, obj, str, int } from "./nodes";
import { pluginAttr } from "./plugins";
import type { BuildStepSpec, FreestyleSpec, JobSpecFields } from "./types";
import { validateJobSpec } from "./validate";

function step(s: BuildStepSpec): XmlElement {
  const [className, command] = "shell" in s ? ["hudson.tasks.Shell", s.shell] : ["hudson.tasks.BatchFile", s.batch];
  // `configuredLocalRules` (exit-code rules of CommandInterpreter) is written empty by current versions.
  return obj(className, [str("command", command), obj("configuredLocalRules")]);
}

/** Post-build actions in the order of the UI's list: archive artifacts, then JUnit. */
function publishers(spec: FreestyleSpec): XmlElement[] {
  const out: XmlElement[] = [];
  const aa = spec.archiveArtifacts;
  if (aa) {
    out.push(
      obj("hudson.tasks.ArtifactArchiver", [
        str("artifacts", aa.artifacts),
        bool("allowEmptyArchive", aa.allowEmpty ?? false),
        bool("onlyIfSuccessful", aa.onlyIfSuccessful ?? false),
        bool("fingerprint", aa.fingerprint ?? false),
        bool("defaultExcludes", true),
        bool("caseSensitive", true),
        bool("followSymlinks", true),
      ]),
    );
  }
  const junit = spec.junit;
  if (junit) {
    out.push(
      obj(
        "hudson.tasks.junit.JUnitResultArchiver",
        [
          str("testResults", junit.testResults),
          bool("keepProperties", false),
          bool("keepTestNames", false),
          str("healthScaleFactor", "1.0"),
          bool("allowEmptyResults", junit.allowEmptyResults ?? false),
          bool("skipPublishingChecks", false),
          bool("skipMarkingBuildUnstable", false),
          bool("skipOldReports", false),
        ],
        [pluginAttr("junit")],
      ),
    );
  }
  return out;
}

/** The config tree of a freestyle job (validated input). */
export function freestyleTree(spec: FreestyleSpec, fields?: JobSpecFields): XmlElement {
  const quiet = spec.quietPeriod ?? null;
  return obj("project", [
    obj("actions"),
    descriptionElement(fields),
    bool("keepDependencies", false),
    obj("properties", [...buildDiscarderProperty(spec.buildDiscarder), ...parametersProperty(spec.parameters)]),
    spec.scm ? gitScm(spec.scm) : obj("scm", [], [classAttr("hudson.scm.NullSCM")]),
    ...(quiet === null ? [] : [int("quietPeriod", quiet)]),
    // Tied to a label: Jenkins uses assignedNode only when canRoam is false.
    ...(spec.label === undefined ? [] : [str("assignedNode", spec.label.trim())]),
    bool("canRoam", spec.label === undefined),
    bool("disabled", isDisabled(fields)),
    bool("blockBuildWhenDownstreamBuilding", false),
    bool("blockBuildWhenUpstreamBuilding", false),
    obj("triggers", triggerElements(spec.triggers)),
    bool("concurrentBuild", spec.concurrentBuild ?? false),
    obj("builders", (spec.steps ?? []).map(step)),
    obj("publishers", publishers(spec)),
    obj("buildWrappers"),
  ]);
}

/** config.xml of a freestyle job, as a current Jenkins saves it. Throws JobSpecError for an invalid spec. */
export function renderFreestyle(spec: FreestyleSpec, fields?: JobSpecFields): string {
  validateJobSpec("freestyle", spec, fields);
  return writeConfig(freestyleTree(spec, fields));
}
