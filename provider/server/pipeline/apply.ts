/**
 * What a run of a pipeline does to its own job's config: the declarative `pipeline {}` block's directives
 * (pipeline-model-definition's `Utils.updateJobProperties`) and each `properties([...])` step (workflow-multibranch's
 * `JobPropertyStep`), with the tracker actions that record what the script set and the rules that use them:
 *
 * Declarative, with the set tracked by `DeclarativeJobPropertyTrackerAction` (the job's, or else the previous
 * build's): job properties of a tracked class the script no longer declares are removed, declared ones replace those
 * of their class, others are kept; triggers likewise by class inside `PipelineTriggersJobProperty` (kept sorted by
 * class); parameters by name inside `ParametersDefinitionProperty` (declared ones first, then those set by others).
 * A changed trigger or parameter list replaces its property, which moves to the end of `<properties>`. The job is
 * saved only when something changed.
 *
 * Scripted: with the job's `JobPropertyTrackerAction`, the properties of the tracked classes are removed and the
 * step's added; without one, if the previous build ran the step, every property is removed (the plugin's upgrade
 * path: the reason an update must keep the tracker), else none is. The tracker is replaced each time.
 *
 * Pure: returns new trees and never modifies its arguments.
 */
import { elementChildren, textOf, type XmlElement, type XmlNode } from "../../xml/tree";
import {
  directivesOf,
  element,
  PARAMETERS_PROPERTY,
  TRIGGERS_PROPERTY,
  type Declarative,
  type PipelineDirectives,
} from "./directives";
import { javaHashSetOrder } from "./java-hash-set";

export const DECLARATIVE_TRACKER =
  "org.jenkinsci.plugins.pipeline.modeldefinition.actions.DeclarativeJobPropertyTrackerAction";
export const DECLARATIVE_JOB_ACTION = "org.jenkinsci.plugins.pipeline.modeldefinition.actions.DeclarativeJobAction";
export const SCRIPTED_TRACKER = "org.jenkinsci.plugins.workflow.multibranch.JobPropertyTrackerAction";
const BRANCH_JOB_PROPERTY = "org.jenkinsci.plugins.workflow.multibranch.BranchJobProperty";
/** Jenkins's own quiet period, which a job gets back when a script stops setting `quietPeriod`. */
const GLOBAL_QUIET_PERIOD = "5";

/** What one run leaves for the next: whether it ran `properties`, and the declarative tracker it recorded. */
export interface RunRecord {
  propertiesStep: boolean;
  declarativeTracker?: XmlElement;
}

export interface RunResult {
  /** The job's config after the run; the same object when the run changed nothing (no save). */
  root: XmlElement;
  record: RunRecord;
}

interface DeclarativeSets {
  jobProperties: string[];
  triggers: string[];
  parameters: string[];
  options: string[];
}

// ---------------------------------------------------------------------------------------------------------------
// tree helpers

function child(e: XmlElement | undefined, name: string): XmlElement | undefined {
  return e ? elementChildren(e).find((c) => c.name === name) : undefined;
}

function strings(e: XmlElement | undefined): string[] {
  return e ? elementChildren(e).map((c) => textOf(c)) : [];
}

function withStrings(name: string, values: string[]): XmlElement {
  return element(
    name,
    javaHashSetOrder(values).map((v) => element("string", [{ kind: "text", text: v }])),
  );
}

/** Equal as XStream would write them: names, attributes other than `plugin`, trimmed text, children in order. */
export function sameElement(a: XmlElement, b: XmlElement): boolean {
  if (a.name !== b.name) return false;
  const attrs = (e: XmlElement) =>
    e.attrs
      .filter(([n]) => n !== "plugin")
      .map(([n, v]) => `${n}=${v}`)
      .sort()
      .join("\u0000");
  if (attrs(a) !== attrs(b)) return false;
  const ka = elementChildren(a);
  const kb = elementChildren(b);
  if (ka.length === 0 && kb.length === 0) return textOf(a).trim() === textOf(b).trim();
  return ka.length === kb.length && ka.every((c, i) => sameElement(c, kb[i]));
}

/** `root` with its child `name` replaced by `value` (appended when absent, removed when `value` is undefined). */
function setChild(root: XmlElement, name: string, value: XmlElement | undefined, before?: string): XmlElement {
  const at = root.children.findIndex((c) => c.kind === "element" && c.name === name);
  const children = [...root.children];
  if (at >= 0) {
    if (value) children[at] = value;
    else children.splice(at, 1);
  } else if (value) {
    const anchor = before ? children.findIndex((c) => c.kind === "element" && c.name === before) : -1;
    children.splice(anchor >= 0 ? anchor : children.length, 0, value);
  }
  return { ...root, children };
}

function withActions(root: XmlElement, edit: (actions: XmlElement[]) => XmlElement[]): XmlElement {
  const actions = child(root, "actions");
  const next = element("actions", edit(actions ? elementChildren(actions) : []), actions?.attrs ?? []);
  const at = root.children.findIndex((c) => c.kind === "element");
  if (actions) return setChild(root, "actions", next);
  // `<actions>` comes first in a job's config.
  const children: XmlNode[] = [...root.children];
  children.splice(at >= 0 ? at : 0, 0, next);
  return { ...root, children };
}

function propertiesOf(root: XmlElement): XmlElement[] {
  const props = child(root, "properties");
  return props ? elementChildren(props) : [];
}

function withProperties(root: XmlElement, props: XmlElement[]): XmlElement {
  return setChild(root, "properties", element("properties", props), "definition");
}

/** `list` with one entry per element name, the last of each kept, sorted like a TreeSet keyed on the class. */
function uniqueByClass(list: XmlElement[]): XmlElement[] {
  const byName = new Map<string, XmlElement>();
  for (const e of list) byName.set(e.name, e);
  return [...byName.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

function nameOfParameter(def: XmlElement): string {
  return textOf(child(def, "name") ?? element("name")).trim();
}

// ---------------------------------------------------------------------------------------------------------------
// declarative

function trackedSets(tracker: XmlElement | undefined): DeclarativeSets {
  return {
    jobProperties: strings(child(tracker, "jobProperties")),
    triggers: strings(child(tracker, "triggers")),
    parameters: strings(child(tracker, "parameters")),
    options: strings(child(tracker, "options")),
  };
}

function trackerElement(sets: DeclarativeSets): XmlElement {
  return element(DECLARATIVE_TRACKER, [
    withStrings("jobProperties", sets.jobProperties),
    withStrings("triggers", sets.triggers),
    withStrings("parameters", sets.parameters),
    withStrings("options", sets.options),
  ]);
}

function sameSet(a: string[], b: string[]): boolean {
  const sa = new Set(a);
  const sb = new Set(b);
  return sa.size === sb.size && [...sa].every((x) => sb.has(x));
}

function applyDeclarative(root: XmlElement, d: Declarative, previousBuildTracker: XmlElement | undefined) {
  const jobTracker = elementChildren(child(root, "actions") ?? element("actions")).find(
    (a) => a.name === DECLARATIVE_TRACKER,
  );
  const previousTracker = jobTracker ?? previousBuildTracker;
  const prev = trackedSets(previousTracker);
  const existing = propertiesOf(root);
  const existingJobProps = existing.filter((p) => p.name !== TRIGGERS_PROPERTY && p.name !== PARAMETERS_PROPERTY);
  const existingTriggers = elementChildren(
    child(
      existing.find((p) => p.name === TRIGGERS_PROPERTY),
      "triggers",
    ) ?? element("triggers"),
  );
  const existingParams = elementChildren(
    child(
      existing.find((p) => p.name === PARAMETERS_PROPERTY),
      "parameterDefinitions",
    ) ?? element("x"),
  );
  let changed = false;
  let props = [...existing];

  // Job properties: those of tracked classes go unless declared again; declared ones replace their class.
  const current = uniqueByClass([
    ...uniqueByClass(existingJobProps).filter((p) => !prev.jobProperties.includes(p.name)),
    ...d.properties,
  ]);
  const currentNames = new Set(current.map((p) => p.name));
  const toRemove = existingJobProps.filter((p) => !currentNames.has(p.name));
  const toUpdate = current.filter((p) => {
    const same = existingJobProps.filter((e) => e.name === p.name);
    return same.length !== 1 || !sameElement(same[0], p);
  });

  // Triggers: one per class, sorted by class; a change replaces the whole property.
  const triggers = uniqueByClass([
    ...uniqueByClass(existingTriggers).filter((t) => !prev.triggers.includes(t.name)),
    ...d.triggers,
  ]);
  const triggersChanged =
    triggers.length !== existingTriggers.length ||
    !triggers.every((t) => {
      const e = existingTriggers.find((x) => x.name === t.name);
      return e !== undefined && sameElement(e, t);
    });
  if (triggersChanged) {
    props = props.filter((p) => p.name !== TRIGGERS_PROPERTY);
    if (triggers.length > 0) props.push(element(TRIGGERS_PROPERTY, [element("triggers", triggers)]));
    changed = true;
  }

  // Parameters: the declared ones first, then those nobody's script declared.
  const declaredNames = new Set(d.parameters.map(nameOfParameter));
  const params = [
    ...d.parameters,
    ...existingParams.filter(
      (p) => !declaredNames.has(nameOfParameter(p)) && !prev.parameters.includes(nameOfParameter(p)),
    ),
  ];
  const paramsChanged =
    params.length !== existingParams.length ||
    !params.every((p) => {
      const e = existingParams.find((x) => nameOfParameter(x) === nameOfParameter(p));
      return e !== undefined && sameElement(e, p);
    });
  if (paramsChanged) {
    props = props.filter((p) => p.name !== PARAMETERS_PROPERTY);
    if (params.length > 0) props.push(element(PARAMETERS_PROPERTY, [element("parameterDefinitions", params)]));
    changed = true;
  }

  if (toRemove.length > 0) {
    props = props.filter((p) => !toRemove.includes(p));
    changed = true;
  }
  for (const p of toUpdate) {
    props = [...props.filter((x) => x.name !== p.name), p];
    changed = true;
  }

  let next = changed ? withProperties(root, props) : root;

  // The quiet period option sets the job's own; dropped from the script, the job gets Jenkins's back.
  const quiet =
    d.quietPeriod !== undefined
      ? String(d.quietPeriod)
      : prev.options.includes("quietPeriod")
        ? GLOBAL_QUIET_PERIOD
        : undefined;
  const currentQuiet = child(next, "quietPeriod");
  if (quiet !== undefined && (currentQuiet === undefined || textOf(currentQuiet).trim() !== quiet)) {
    next = setChild(next, "quietPeriod", element("quietPeriod", [{ kind: "text", text: quiet }]));
  }

  const sets: DeclarativeSets = {
    jobProperties: d.properties.map((p) => p.name),
    triggers: d.triggers.map((t) => t.name),
    parameters: d.parameters.map(nameOfParameter),
    options: d.options,
  };
  const tracker = trackerElement(sets);
  const trackerChanged =
    previousTracker === undefined ||
    !(
      sameSet(prev.jobProperties, sets.jobProperties) &&
      sameSet(prev.parameters, sets.parameters) &&
      sameSet(prev.options, sets.options) &&
      sameSet(prev.triggers, sets.triggers)
    );
  const hasJobAction = elementChildren(child(next, "actions") ?? element("actions")).some(
    (a) => a.name === DECLARATIVE_JOB_ACTION,
  );
  if (trackerChanged || !hasJobAction) {
    next = withActions(next, (actions) => {
      const withJobAction = hasJobAction ? actions : [element(DECLARATIVE_JOB_ACTION), ...actions];
      // replaceAction: the old tracker goes, the new one is added last.
      return trackerChanged ? [...withJobAction.filter((a) => a.name !== DECLARATIVE_TRACKER), tracker] : withJobAction;
    });
  }
  return { root: next, tracker: trackerChanged ? tracker : previousTracker };
}

// ---------------------------------------------------------------------------------------------------------------
// scripted

function applyPropertiesStep(root: XmlElement, step: XmlElement[], previousRanStep: boolean): XmlElement {
  const tracker = elementChildren(child(root, "actions") ?? element("actions")).find(
    (a) => a.name === SCRIPTED_TRACKER,
  );
  const tracked = strings(child(tracker, "jobPropertyDescriptors"));
  const kept = propertiesOf(root).filter((p) => {
    if (p.name === BRANCH_JOB_PROPERTY) return true;
    if (tracker) return !tracked.includes(p.name);
    return !previousRanStep;
  });
  const next = withProperties(root, [...kept, ...step]);
  return withActions(next, (actions) => [
    ...actions.filter((a) => a.name !== SCRIPTED_TRACKER),
    element(SCRIPTED_TRACKER, [
      withStrings(
        "jobPropertyDescriptors",
        step.map((p) => p.name),
      ),
    ]),
  ]);
}

// ---------------------------------------------------------------------------------------------------------------

/** A run of the job whose config is `root`, with `script` as its Pipeline script. */
export function runPipeline(root: XmlElement, script: string, previous: RunRecord | undefined): RunResult {
  const directives: PipelineDirectives = directivesOf(script);
  let next = root;
  let declarativeTracker: XmlElement | undefined;
  if (directives.declarative) {
    const out = applyDeclarative(next, directives.declarative, previous?.declarativeTracker);
    next = out.root;
    declarativeTracker = out.tracker;
  }
  directives.propertiesSteps.forEach((step, i) => {
    // Within one run, the first step looks at the previous build; later ones find the tracker the first one left.
    next = applyPropertiesStep(next, step, i === 0 ? (previous?.propertiesStep ?? false) : true);
  });
  return { root: next, record: { propertiesStep: directives.propertiesSteps.length > 0, declarativeTracker } };
}

/** The Pipeline script of a job with an inline `CpsFlowDefinition`; undefined for other definitions. */
export function inlineScriptOf(root: XmlElement): string | undefined {
  const definition = child(root, "definition");
  const cls = definition?.attrs.find(([n]) => n === "class")?.[1];
  if (cls !== "org.jenkinsci.plugins.workflow.cps.CpsFlowDefinition") return undefined;
  const script = child(definition, "script");
  return script ? textOf(script) : "";
}

/** Whether the job's Pipeline comes from SCM (`CpsScmFlowDefinition`: a Jenkinsfile). */
export function isScmDefinition(root: XmlElement): boolean {
  const definition = child(root, "definition");
  return (
    definition?.attrs.find(([n]) => n === "class")?.[1] === "org.jenkinsci.plugins.workflow.cps.CpsScmFlowDefinition"
  );
}
