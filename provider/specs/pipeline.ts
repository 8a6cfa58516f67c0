/**
 * Pipeline jobs (workflow-job's WorkflowJob, root `<flow-definition>`), fields in WorkflowJob's class order:
 * actions, description, keepDependencies, properties, definition, triggers, quietPeriod, disabled.
 *
 * Triggers of a Pipeline job live in the PipelineTriggersJobProperty; the legacy root `<triggers>` stays empty.
 * "Do not allow concurrent builds" is the DisableConcurrentBuildsJobProperty (the legacy `concurrentBuild`
 * field is no longer written by current versions).
 */
import type { XmlElement } from "../xml/tree";
import { descriptionElement, isDisabled, writeConfig } from "./document";
import { buildDiscarderProperty, gitScm, parametersProperty, triggerElements } from "./fragments";
import { bool, classAttr, int, obj, str } from "./nodes";
import { pluginAttr } from "./plugins";
import type { JobSpecFields, PipelineSpec } from "./types";
import { validateJobSpec } from "./validate";

export const DEFAULT_SCRIPT_PATH = "Jenkinsfile";

function definition(spec: PipelineSpec): XmlElement {
  if (spec.scm) {
    return obj(
      "definition",
      [
        gitScm(spec.scm),
        str("scriptPath", spec.scm.scriptPath ?? DEFAULT_SCRIPT_PATH),
        bool("lightweight", spec.scm.lightweight ?? true),
      ],
      [classAttr("org.jenkinsci.plugins.workflow.cps.CpsScmFlowDefinition"), pluginAttr("workflow-cps")],
    );
  }
  return obj(
    "definition",
    [str("script", spec.script ?? ""), bool("sandbox", spec.sandbox ?? true)],
    [classAttr("org.jenkinsci.plugins.workflow.cps.CpsFlowDefinition"), pluginAttr("workflow-cps")],
  );
}

function properties(spec: PipelineSpec): XmlElement {
  const triggers = triggerElements(spec.triggers);
  return obj("properties", [
    ...buildDiscarderProperty(spec.buildDiscarder),
    ...(spec.concurrentBuilds === false
      ? [
          obj("org.jenkinsci.plugins.workflow.job.properties.DisableConcurrentBuildsJobProperty", [
            bool("abortPrevious", false),
          ]),
        ]
      : []),
    ...parametersProperty(spec.parameters),
    ...(triggers.length > 0
      ? [obj("org.jenkinsci.plugins.workflow.job.properties.PipelineTriggersJobProperty", [obj("triggers", triggers)])]
      : []),
  ]);
}

/** The config tree of a Pipeline job (validated input). */
export function pipelineTree(spec: PipelineSpec, fields?: JobSpecFields): XmlElement {
  const quiet = spec.quietPeriod ?? null;
  return obj(
    "flow-definition",
    [
      obj("actions"),
      descriptionElement(fields),
      bool("keepDependencies", false),
      properties(spec),
      definition(spec),
      obj("triggers"),
      ...(quiet === null ? [] : [int("quietPeriod", quiet)]),
      bool("disabled", isDisabled(fields)),
    ],
    [pluginAttr("workflow-job")],
  );
}

/** config.xml of a Pipeline job, as a current Jenkins saves it. Throws JobSpecError for an invalid spec. */
export function renderPipeline(spec: PipelineSpec, fields?: JobSpecFields): string {
  validateJobSpec("pipeline", spec, fields);
  return writeConfig(pipelineTree(spec, fields));
}
