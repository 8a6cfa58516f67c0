/**
 * What a pipeline script declares about its own job, as the elements Jenkins writes for it.
 *
 * Declarative (`pipeline { parameters {…} triggers {…} options {…} }`, pipeline-model-definition) and scripted
 * (`properties([...])`, workflow-multibranch's JobPropertyStep) are read from the script text; the documented subset:
 *  - parameters: `string`, `text`, `booleanParam`, `choice`, `password`;
 *  - triggers: `cron`, `pollSCM`, `upstream`;
 *  - job properties (declarative `options {}`, or the `properties([...])` list): `disableConcurrentBuilds`,
 *    `buildDiscarder(logRotator(...))`, `disableResume`, `durabilityHint`, and in `properties([...])` also
 *    `parameters([...])` and `pipelineTriggers([...])`;
 *  - declarative options that are not job properties (`quietPeriod`, `skipDefaultCheckout`, `skipStagesAfterUnstable`,
 *    `preserveStashes`, `checkoutToSubdirectory`, `newContainerPerStage`, `parallelsAlwaysFailFast`,
 *    `disableRestartFromStage`): tracked by name; `quietPeriod` also sets the job's quiet period.
 * Anything else (wrapper options such as `timeout` or `timestamps`, other plugins' symbols) is ignored: a real
 * controller would apply what its plugins know, or fail the build on an unknown symbol; this server sets nothing.
 */
import type { XmlElement, XmlNode } from "../../xml/tree";
import type { GroovyCall, GroovyValue } from "./groovy";
import { callsNamed, parseStatements } from "./groovy";

export const PARAMETERS_PROPERTY = "hudson.model.ParametersDefinitionProperty";
export const TRIGGERS_PROPERTY = "org.jenkinsci.plugins.workflow.job.properties.PipelineTriggersJobProperty";

export interface Declarative {
  /** Job properties from `options {}`, one element per property (named by class). */
  properties: XmlElement[];
  /** Trigger elements from `triggers {}` (named by class). */
  triggers: XmlElement[];
  /** Parameter definition elements from `parameters {}`. */
  parameters: XmlElement[];
  /** Names of the declarative options that are not job properties. */
  options: string[];
  /** The `quietPeriod` option's value, when given. */
  quietPeriod?: number;
}

export interface PipelineDirectives {
  /** The `pipeline {}` block's directives; undefined for a scripted pipeline. */
  declarative?: Declarative;
  /** Each `properties([...])` call in the order written: the property elements it sets. */
  propertiesSteps: XmlElement[][];
}

// ---------------------------------------------------------------------------------------------------------------
// elements

export function element(name: string, children: XmlNode[] = [], attrs: [string, string][] = []): XmlElement {
  return { kind: "element", name, attrs, children };
}

function leaf(name: string, text: string): XmlElement {
  return element(name, [{ kind: "text", text }]);
}

// ---------------------------------------------------------------------------------------------------------------
// argument values

function str(v: GroovyValue | undefined): string | undefined {
  if (!v) return undefined;
  if (v.kind === "string" || v.kind === "name") return v.value;
  if (v.kind === "number" || v.kind === "boolean") return String(v.value);
  return undefined;
}

/** A named argument, or the first positional one when `positional` (`cron('…')` and `cron(spec: '…')`). */
function arg(call: GroovyCall, name: string, positional = false): GroovyValue | undefined {
  return call.named[name] ?? (positional ? call.args[0] : undefined);
}

function bool(v: GroovyValue | undefined, fallback: boolean): boolean {
  if (v?.kind === "boolean") return v.value;
  if (v?.kind === "string") return v.value === "true";
  return fallback;
}

function list(v: GroovyValue | undefined): GroovyValue[] {
  return v?.kind === "list" ? v.items : v ? [v] : [];
}

// ---------------------------------------------------------------------------------------------------------------
// parameters

function withDescription(name: string, call: GroovyCall): XmlNode[] {
  const description = str(arg(call, "description"));
  // ParameterDefinition keeps no description when none (or an empty one) is given.
  return [leaf("name", name), ...(description ? [leaf("description", description)] : [])];
}

function choices(v: GroovyValue | undefined): string[] {
  if (v?.kind === "list") return v.items.map((i) => str(i) ?? "");
  const text = str(v);
  return text === undefined || text === "" ? [] : text.split(/\r?\n/);
}

/** A parameter definition element for a call such as `string(name: 'A', defaultValue: 'x')`. */
export function parameterDefinition(call: GroovyCall): XmlElement | undefined {
  const name = str(arg(call, "name"));
  if (name === undefined) return undefined;
  const head = withDescription(name, call);
  const defaultValue = str(arg(call, "defaultValue")) ?? "";
  switch (call.name) {
    case "string":
      return element("hudson.model.StringParameterDefinition", [
        ...head,
        leaf("defaultValue", defaultValue),
        leaf("trim", String(bool(arg(call, "trim"), false))),
      ]);
    case "text":
      return element("hudson.model.TextParameterDefinition", [
        ...head,
        leaf("defaultValue", defaultValue),
        leaf("trim", String(bool(arg(call, "trim"), false))),
      ]);
    case "booleanParam":
      return element("hudson.model.BooleanParameterDefinition", [
        ...head,
        leaf("defaultValue", String(bool(arg(call, "defaultValue"), false))),
      ]);
    case "password":
      // A Secret field: the server's save path stores it the way it stores every Secret.
      return element("hudson.model.PasswordParameterDefinition", [...head, leaf("defaultValue", defaultValue)]);
    case "choice":
      return element("hudson.model.ChoiceParameterDefinition", [
        ...head,
        element(
          "choices",
          [
            element(
              "a",
              choices(arg(call, "choices")).map((c) => leaf("string", c)),
              [["class", "string-array"]],
            ),
          ],
          [["class", "java.util.Arrays$ArrayList"]],
        ),
      ]);
    default:
      return undefined;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// triggers

const RESULTS: Record<string, [number, string, boolean]> = {
  SUCCESS: [0, "BLUE", true],
  UNSTABLE: [1, "YELLOW", true],
  FAILURE: [2, "RED", true],
  NOT_BUILT: [3, "NOTBUILT", false],
  ABORTED: [4, "ABORTED", false],
};

function threshold(v: GroovyValue | undefined): XmlElement {
  const name = (str(v) ?? "SUCCESS").split(".").pop() as string;
  const [ordinal, color, complete] = RESULTS[name] ?? RESULTS.SUCCESS;
  const known = RESULTS[name] ? name : "SUCCESS";
  return element("threshold", [
    leaf("name", known),
    leaf("ordinal", String(ordinal)),
    leaf("color", color),
    leaf("completeBuild", String(complete)),
  ]);
}

export function trigger(call: GroovyCall): XmlElement | undefined {
  switch (call.name) {
    case "cron":
      return element("hudson.triggers.TimerTrigger", [leaf("spec", str(arg(call, "spec", true)) ?? "")]);
    case "pollSCM":
      return element("hudson.triggers.SCMTrigger", [
        leaf("spec", str(arg(call, "scmpoll_spec", true)) ?? str(arg(call, "spec")) ?? ""),
        leaf("ignorePostCommitHooks", String(bool(arg(call, "ignorePostCommitHooks"), false))),
      ]);
    case "upstream":
      return element("jenkins.triggers.ReverseBuildTrigger", [
        leaf("spec", ""),
        leaf("upstreamProjects", str(arg(call, "upstreamProjects", true)) ?? ""),
        threshold(arg(call, "threshold")),
      ]);
    default:
      return undefined;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// job properties

function keep(v: GroovyValue | undefined): string {
  const s = str(v);
  return s === undefined || s.trim() === "" ? "-1" : s.trim();
}

export function jobProperty(call: GroovyCall): XmlElement | undefined {
  switch (call.name) {
    case "disableConcurrentBuilds":
      return element("org.jenkinsci.plugins.workflow.job.properties.DisableConcurrentBuildsJobProperty", [
        leaf("abortPrevious", String(bool(arg(call, "abortPrevious"), false))),
      ]);
    case "disableResume":
      return element("org.jenkinsci.plugins.workflow.job.properties.DisableResumeJobProperty");
    case "durabilityHint":
      return element("org.jenkinsci.plugins.workflow.job.properties.DurabilityHintJobProperty", [
        leaf("hint", str(arg(call, "hint", true)) ?? "MAX_SURVIVABILITY"),
      ]);
    case "buildDiscarder": {
      const strategy = call.args[0] ?? arg(call, "strategy");
      if (strategy?.kind !== "call" || strategy.name !== "logRotator") return undefined;
      return element("jenkins.model.BuildDiscarderProperty", [
        element(
          "strategy",
          [
            leaf("daysToKeep", keep(arg(strategy, "daysToKeepStr"))),
            leaf("numToKeep", keep(arg(strategy, "numToKeepStr"))),
            leaf("artifactDaysToKeep", keep(arg(strategy, "artifactDaysToKeepStr"))),
            leaf("artifactNumToKeep", keep(arg(strategy, "artifactNumToKeepStr"))),
          ],
          [["class", "hudson.tasks.LogRotator"]],
        ),
      ]);
    }
    case "parameters": {
      const defs = list(call.args[0]).flatMap((p) => (p.kind === "call" ? [parameterDefinition(p)] : []));
      return element(PARAMETERS_PROPERTY, [
        element(
          "parameterDefinitions",
          defs.filter((d) => d !== undefined),
        ),
      ]);
    }
    case "pipelineTriggers": {
      const triggers = list(call.args[0]).flatMap((t) => (t.kind === "call" ? [trigger(t)] : []));
      return element(TRIGGERS_PROPERTY, [
        element(
          "triggers",
          triggers.filter((t) => t !== undefined),
        ),
      ]);
    }
    default:
      return undefined;
  }
}

/** Declarative options that are not job properties, tracked by their symbol. */
const DECLARATIVE_OPTIONS = new Set([
  "quietPeriod",
  "skipDefaultCheckout",
  "skipStagesAfterUnstable",
  "preserveStashes",
  "checkoutToSubdirectory",
  "newContainerPerStage",
  "parallelsAlwaysFailFast",
  "disableRestartFromStage",
]);

// ---------------------------------------------------------------------------------------------------------------
// the script

function closureCalls(block: GroovyCall | undefined): GroovyCall[] {
  return (block?.closure ?? []).filter((s): s is GroovyCall => s.kind === "call");
}

function declarative(pipeline: GroovyCall): Declarative {
  const directives = closureCalls(pipeline);
  const named = (n: string) => directives.find((d) => d.name === n && d.closure !== undefined);
  const out: Declarative = { properties: [], triggers: [], parameters: [], options: [] };
  for (const p of closureCalls(named("parameters"))) {
    const def = parameterDefinition(p);
    if (def) out.parameters.push(def);
  }
  for (const t of closureCalls(named("triggers"))) {
    const el = trigger(t);
    // One trigger per class: a later one replaces an earlier one, as the tracker's set keeps one per class.
    if (el) out.triggers = [...out.triggers.filter((x) => x.name !== el.name), el];
  }
  for (const o of closureCalls(named("options"))) {
    if (DECLARATIVE_OPTIONS.has(o.name)) {
      out.options.push(o.name);
      if (o.name === "quietPeriod") {
        const v = arg(o, "quietPeriod", true);
        if (v?.kind === "number") out.quietPeriod = v.value;
      }
      continue;
    }
    if (o.name === "parameters" || o.name === "pipelineTriggers") continue;
    const prop = jobProperty(o);
    if (prop) out.properties = [...out.properties.filter((x) => x.name !== prop.name), prop];
  }
  return out;
}

/** What the script declares about its job. */
export function directivesOf(script: string): PipelineDirectives {
  const pipeline = parseStatements(script).find(
    (s): s is GroovyCall => s.kind === "call" && s.name === "pipeline" && s.closure !== undefined,
  );
  const propertiesSteps = callsNamed(script, "properties").map((call) =>
    list(call.args[0]).flatMap((p) => {
      const el = p.kind === "call" ? jobProperty(p) : undefined;
      return el ? [el] : [];
    }),
  );
  return { declarative: pipeline ? declarative(pipeline) : undefined, propertiesSteps };
}
