/**
 * Job properties that a Pipeline's own script set, as the job's tracker actions record them.
 *
 * Each run of a declarative `pipeline {}` with `parameters`/`triggers`/`options`, or of a scripted `properties([...])`
 * step, writes job properties into the job's config.xml and records what it set under `<actions>`:
 *  - `DeclarativeJobPropertyTrackerAction`: job property classes (`<jobProperties>`), trigger classes inside
 *    `PipelineTriggersJobProperty` (`<triggers>`) and parameter names inside `ParametersDefinitionProperty`
 *    (`<parameters>`);
 *  - `JobPropertyTrackerAction`: job property classes (`<jobPropertyDescriptors>`), each a whole property.
 * Those are the pipeline's: the next run replaces or removes them whatever the config says. So they are left out of
 * the comparison (a declared config need not mention them, and one that does is compared without them: the pipeline
 * wins at its next run), and an update posts them back as the job has them, together with the tracker actions. Without
 * the trackers, a scripted pipeline's next `properties` step would remove every property of the job, the declared ones
 * included, and a declarative one could no longer tell its own parameters from anybody else's.
 *
 * Everything the trackers do not list stays managed as any other part of the config. A typed `pipeline` spec's
 * parameters, triggers, build discarder and concurrency setting are rendered as job properties before any rule sees
 * them, so they follow the same rules: declared, and also set by the script, they are the pipeline's.
 */
import { equivalenceForm } from "../../xml/semantic";
import { elementChildren, textOf, type XmlElement, type XmlNode } from "../../xml/tree";
import type { OwnedPartRule } from "./rule";
import { placeAsRemote } from "./placement";

const DECLARATIVE_TRACKER =
  "org.jenkinsci.plugins.pipeline.modeldefinition.actions.DeclarativeJobPropertyTrackerAction";
const SCRIPTED_TRACKER = "org.jenkinsci.plugins.workflow.multibranch.JobPropertyTrackerAction";
/** Actions a pipeline's runs put on its job, which an update keeps as the job has them. */
const PIPELINE_ACTIONS = new Set([
  DECLARATIVE_TRACKER,
  SCRIPTED_TRACKER,
  "org.jenkinsci.plugins.pipeline.modeldefinition.actions.DeclarativeJobAction",
  "org.jenkinsci.plugins.pipeline.modeldefinition.actions.DisableRestartFromStageAction",
]);
const PARAMETERS = "hudson.model.ParametersDefinitionProperty";
const TRIGGERS = "org.jenkinsci.plugins.workflow.job.properties.PipelineTriggersJobProperty";

/** What the pipeline owns: whole properties by class, triggers by class, parameters by name. */
export interface PipelineOwned {
  properties: ReadonlySet<string>;
  triggers: ReadonlySet<string>;
  parameters: ReadonlySet<string>;
}

// ---------------------------------------------------------------------------------------------------------------
// reading the trackers

function child(e: XmlElement | undefined, name: string): XmlElement | undefined {
  return e ? elementChildren(e).find((c) => c.name === name) : undefined;
}

function strings(e: XmlElement | undefined): string[] {
  return e ? elementChildren(e).map((s) => textOf(s).trim()) : [];
}

function actionsOf(root: XmlElement): XmlElement[] {
  const actions = child(root, "actions");
  return actions ? elementChildren(actions) : [];
}

/** What the trackers under the job's `<actions>` say its pipeline set. */
export function pipelineOwnedOf(root: XmlElement): PipelineOwned {
  const properties = new Set<string>();
  const triggers = new Set<string>();
  const parameters = new Set<string>();
  for (const a of actionsOf(root)) {
    if (a.name === DECLARATIVE_TRACKER) {
      strings(child(a, "jobProperties")).forEach((c) => properties.add(c));
      strings(child(a, "triggers")).forEach((c) => triggers.add(c));
      strings(child(a, "parameters")).forEach((n) => parameters.add(n));
    } else if (a.name === SCRIPTED_TRACKER) {
      strings(child(a, "jobPropertyDescriptors")).forEach((c) => properties.add(c));
    }
  }
  return { properties, triggers, parameters };
}

function isEmpty(o: PipelineOwned): boolean {
  return o.properties.size === 0 && o.triggers.size === 0 && o.parameters.size === 0;
}

/** The owned parts as words, sorted: "property C", "trigger C", "parameter NAME" (the `pipelineOwned` output). */
export function describeOwned(o: PipelineOwned): string[] {
  return [
    ...[...o.properties].map((c) => `property ${c}`),
    ...[...o.triggers].map((c) => `trigger ${c}`),
    ...[...o.parameters].map((n) => `parameter ${n}`),
  ].sort();
}

/** The inverse of `describeOwned`; entries it does not know are ignored. */
export function ownedFromDescription(list: readonly string[]): PipelineOwned {
  const pick = (prefix: string) => new Set(list.filter((s) => s.startsWith(prefix)).map((s) => s.slice(prefix.length)));
  return { properties: pick("property "), triggers: pick("trigger "), parameters: pick("parameter ") };
}

// ---------------------------------------------------------------------------------------------------------------
// parts of <properties>

function propertiesOf(root: XmlElement): XmlElement[] {
  const props = child(root, "properties");
  return props ? elementChildren(props) : [];
}

function parameterName(def: XmlElement): string {
  return textOf(child(def, "name") ?? def).trim();
}

/** How the entries of a property holding a list (parameters, triggers) are owned one by one. */
interface ListProperty {
  property: string;
  list: string;
  owned(o: PipelineOwned, entry: XmlElement): boolean;
  /** What makes an entry the same entry in another copy of the list (a parameter's name, a trigger's class). */
  key(entry: XmlElement): string;
}

const LIST_PROPERTIES: readonly ListProperty[] = [
  {
    property: PARAMETERS,
    list: "parameterDefinitions",
    owned: (o, e) => o.parameters.has(parameterName(e)),
    key: (e) => `${e.name} ${parameterName(e)}`,
  },
  { property: TRIGGERS, list: "triggers", owned: (o, e) => o.triggers.has(e.name), key: (e) => e.name },
];

const elementsIn = (nodes: readonly XmlNode[]): XmlElement[] =>
  nodes.filter((n): n is XmlElement => n.kind === "element");

function entriesOf(prop: XmlElement | undefined, list: string): XmlElement[] {
  const l = child(prop, list);
  return l ? elementChildren(l) : [];
}

/** `prop` (or a new one named like `template`) with its list's entries replaced. */
function withEntries(prop: XmlElement | undefined, template: XmlElement, list: string, entries: XmlElement[]) {
  const base = prop ?? { ...template, children: [] };
  const current = child(base, list);
  const listElement: XmlElement = { kind: "element", name: list, attrs: current?.attrs ?? [], children: entries };
  const children: XmlNode[] = current
    ? base.children.map((c) => (c === current ? listElement : c))
    : [...base.children, listElement];
  return { ...base, children };
}

/**
 * The remote property as the comparison should see it: its owned entries taken out, and the declared entries that
 * claim owned ones put in at their declared places. Undefined when nothing is left that the declaration could be
 * compared with.
 */
function comparableList(
  kind: ListProperty,
  o: PipelineOwned,
  remote: XmlElement | undefined,
  declared: XmlElement | undefined,
): XmlElement | undefined {
  const entries = entriesOf(remote, kind.list).filter((e) => !kind.owned(o, e));
  entriesOf(declared, kind.list).forEach((e, i) => {
    if (kind.owned(o, e)) entries.splice(Math.min(i, entries.length), 0, e);
  });
  if (remote === undefined && entries.length === 0) return undefined;
  if (entries.length === 0 && declared === undefined) return undefined;
  return withEntries(remote, (remote ?? declared) as XmlElement, kind.list, entries);
}

// ---------------------------------------------------------------------------------------------------------------
// the rule

function replaceProperties(root: XmlElement, props: XmlElement[]): XmlElement {
  const current = child(root, "properties");
  const next: XmlElement = { kind: "element", name: "properties", attrs: current?.attrs ?? [], children: props };
  if (current) return { ...root, children: root.children.map((c) => (c === current ? next : c)) };
  const children = [...root.children];
  const at = children.findIndex((c) => c.kind === "element" && c.name === "definition");
  children.splice(at >= 0 ? at : children.length, 0, next);
  return { ...root, children };
}

/** `root` without the pipeline's actions that `declared` does not have (they are Jenkins's, never drift). */
function withoutPipelineActions(root: XmlElement, declared: XmlElement): XmlElement {
  const actions = child(root, "actions");
  if (!actions) return root;
  const declaredNames = new Set(actionsOf(declared).map((a) => a.name));
  const children = actions.children.filter(
    (c) => c.kind !== "element" || !PIPELINE_ACTIONS.has(c.name) || declaredNames.has(c.name),
  );
  if (children.length === actions.children.length) return root;
  const next: XmlElement = { ...actions, children };
  return { ...root, children: root.children.map((c) => (c === actions ? next : c)) };
}

/** The root of a Pipeline job's config: the only item whose runs set job properties and record them in trackers. */
const PIPELINE_ROOT = "flow-definition";

function forComparison(remoteConfig: XmlElement, declared: XmlElement): XmlElement {
  const remote = withoutPipelineActions(remoteConfig, declared);
  if (remoteConfig.name !== PIPELINE_ROOT) return remote;
  const o = pipelineOwnedOf(remoteConfig);
  if (isEmpty(o)) return remote;
  const declaredProps = propertiesOf(declared);
  const out: XmlElement[] = [];
  const handled = new Set<string>();
  for (const p of propertiesOf(remote)) {
    if (o.properties.has(p.name)) continue;
    const kind = LIST_PROPERTIES.find((k) => k.property === p.name);
    if (!kind) {
      out.push(p);
      continue;
    }
    handled.add(p.name);
    const view = comparableList(
      kind,
      o,
      p,
      declaredProps.find((d) => d.name === p.name),
    );
    if (view) out.push(view);
  }
  for (const d of declaredProps) {
    // The declaration's own copy of what the pipeline owns: compared with itself (the pipeline wins anyway).
    if (o.properties.has(d.name)) {
      out.push(d);
      continue;
    }
    const kind = LIST_PROPERTIES.find((k) => k.property === d.name);
    if (kind && !handled.has(d.name) && !o.properties.has(d.name)) {
      handled.add(d.name);
      const view = comparableList(kind, o, undefined, d);
      if (view) out.push(view);
    }
  }
  return replaceProperties(remote, out);
}

function keep(declared: XmlElement, remote: XmlElement): XmlElement {
  const o = pipelineOwnedOf(remote);
  const remoteActions = actionsOf(remote);
  const isPipelineAction = (a: XmlElement): boolean => PIPELINE_ACTIONS.has(a.name);
  if (isEmpty(o) && !remoteActions.some(isPipelineAction)) return declared;

  // The pipeline's actions, as the job has them, where the job has them.
  const actions = child(declared, "actions");
  const nextActions: XmlElement = {
    kind: "element",
    name: "actions",
    attrs: actions?.attrs ?? [],
    children: placeAsRemote(
      actionsOf(declared).filter((a) => !isPipelineAction(a)),
      remoteActions,
      isPipelineAction,
    ),
  };
  let root: XmlElement;
  if (actions) {
    root = { ...declared, children: declared.children.map((c) => (c === actions ? nextActions : c)) };
  } else {
    const at = declared.children.findIndex((c) => c.kind === "element");
    const children = [...declared.children];
    children.splice(at >= 0 ? at : 0, 0, nextActions);
    root = { ...declared, children };
  }
  if (isEmpty(o)) return root;

  // The pipeline's properties, entries and all, as the job has them and where it has them; the declared rest as
  // declared.
  const remoteProps = propertiesOf(remote);
  const ours: XmlElement[] = [];
  const handled = new Set<string>();
  for (const p of propertiesOf(declared)) {
    if (o.properties.has(p.name)) continue;
    const kind = LIST_PROPERTIES.find((k) => k.property === p.name);
    if (!kind) {
      ours.push(p);
      continue;
    }
    handled.add(p.name);
    const remoteEntries = entriesOf(
      remoteProps.find((r) => r.name === p.name),
      kind.list,
    );
    const mine = entriesOf(p, kind.list).filter((e) => !kind.owned(o, e));
    const entries = placeAsRemote(mine, remoteEntries, (e) => kind.owned(o, e), kind.key);
    ours.push(withEntries(p, p, kind.list, elementsIn(entries)));
  }
  const kept = new Set<XmlElement>();
  const remoteView = remoteProps.map((r) => {
    if (o.properties.has(r.name)) {
      kept.add(r);
      return r;
    }
    const kind = LIST_PROPERTIES.find((k) => k.property === r.name);
    if (!kind || handled.has(r.name)) return r;
    const theirs = entriesOf(r, kind.list).filter((e) => kind.owned(o, e));
    if (theirs.length === 0) return r;
    const only = withEntries(r, r, kind.list, theirs);
    kept.add(only);
    return only;
  });
  return replaceProperties(root, elementsIn(placeAsRemote(ours, remoteView, (e) => kept.has(e))));
}

/** Words without which an inline script declares no job property (neither declarative nor `properties([...])`). */
const DIRECTIVE_WORDS = /\b(properties|parameters|triggers|options)\b/;

/**
 * Whether the job's next run may set job properties, so that an update must keep what the job has: every Pipeline
 * from SCM (its Jenkinsfile is not in the config), and an inline script that mentions one of the directive words.
 * An inline script that mentions none sets nothing; what an older script set goes at its next run anyway, so posting
 * the declared config alone (one request, no read) leaves the job where that run would.
 */
export function mayOwnProperties(declared: XmlElement): boolean {
  if (declared.name !== "flow-definition") return false;
  const definition = child(declared, "definition");
  const cls = definition?.attrs.find(([n]) => n === "class")?.[1];
  if (cls !== "org.jenkinsci.plugins.workflow.cps.CpsFlowDefinition") return true;
  const script = child(definition, "script");
  return script !== undefined && DIRECTIVE_WORDS.test(textOf(script));
}

/**
 * What forComparison reads of a declaration: the names of the pipeline actions it has, and, for a Pipeline job whose
 * runs may set properties, its properties (those the pipeline owns go into the comparison as declared). A job whose
 * script sets none (mayOwnProperties) gets no tracker listing any from its runs: only an edit in Jenkins gives it one,
 * and that edit changes its script too.
 */
function reads(declared: XmlElement): XmlElement[] {
  const out: XmlElement[] = [];
  const actions = child(declared, "actions");
  const named = actionsOf(declared).filter((a) => PIPELINE_ACTIONS.has(a.name));
  if (actions && named.length > 0) {
    const bare = named.map((a): XmlElement => ({ kind: "element", name: a.name, attrs: [], children: [] }));
    out.push({ kind: "element", name: "actions", attrs: [], children: bare });
  }
  const props = child(declared, "properties");
  const mayOwn = mayOwnProperties(declared) || named.length > 0;
  // In the form the digest compares (xml/semantic.ts `equivalenceForm`): what a digest keeps of them is small.
  if (declared.name === PIPELINE_ROOT && mayOwn && props && elementChildren(props).length > 0)
    out.push(equivalenceForm(props, declared.name));
  return out;
}

export const pipelinePropertiesRule: OwnedPartRule = {
  what: "job properties, triggers and parameters that the job's pipeline set (its tracker actions say which)",
  forComparison,
  reads,
  // Whether the job has trackers is known from its remote config alone.
  needsRemote: mayOwnProperties,
  // The tracker actions and the properties they list are written by the `properties` step, during a run.
  setByRuns: true,
  keep,
};

// ---------------------------------------------------------------------------------------------------------------
// what a declaration claims of the pipeline's parts

/**
 * The owned parts that `declared` declares too, as words ("property C", …), except those its own tracker actions
 * list (a config copied from Jenkins carries the pipeline's parts knowingly). Sorted; empty when none.
 */
export function claimedByDeclared(declared: XmlElement, owned: PipelineOwned): string[] {
  const copied = pipelineOwnedOf(declared);
  const out: string[] = [];
  for (const p of propertiesOf(declared)) {
    if (owned.properties.has(p.name) && !copied.properties.has(p.name)) out.push(`property ${p.name}`);
    if (owned.properties.has(p.name)) continue;
    for (const kind of LIST_PROPERTIES) {
      if (kind.property !== p.name) continue;
      for (const e of entriesOf(p, kind.list)) {
        if (kind.owned(owned, e) && !kind.owned(copied, e)) {
          out.push(kind.property === PARAMETERS ? `parameter ${parameterName(e)}` : `trigger ${e.name}`);
        }
      }
    }
  }
  return [...new Set(out)].sort();
}
