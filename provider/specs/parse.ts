/**
 * The reverse of rendering: the spec a config.xml was made from, when the config fits a spec exactly.
 *
 * Used to bring existing jobs under code (import writes a typed spec where one fits, the raw XML otherwise) and to
 * report a drifted spec-managed job as spec properties. The parse is best effort; what makes it safe is the check
 * at the end: the spec found is returned only when rendering it gives the same configuration as the input
 * (configsEquivalent, the comparison refresh uses: plugin versions, layout, and what Jenkins adds by itself such
 * as run-time `<actions>` do not count). Anything a spec cannot express (another SCM, a Maven step, a plugin's job
 * property) makes the check fail, so the answer is `undefined` rather than a spec that would lose settings.
 *
 * Values equal to a default are left out, so the spec reads like one a person would write.
 */
import { configsEquivalent } from "../xml/semantic";
import { childText, elementChildren, parseXml, textOf, type XmlElement } from "../xml/tree";
import { JobSpecError } from "./errors";
import { FOLDER_CLASS } from "./folder";
import { INDEXING_INTERVALS } from "./indexing";
import {
  GIT_BRANCH_TRAIT,
  GIT_SOURCE_CLASS,
  GIT_TAG_TRAIT,
  GITHUB_SOURCE_CLASS,
  MULTIBRANCH_CLASS,
  PERIODIC_TRIGGER,
  WILDCARD_TRAIT,
} from "./multibranch";
import { DEFAULT_BRANCH } from "./fragments";
import { DEFAULT_SCRIPT_PATH } from "./pipeline";
import { renderJobSpec } from "./render";
import type {
  BranchSourceSpec,
  BuildDiscarderSpec,
  GitBranchSourceSpec,
  GitHubBranchSourceSpec,
  IndexingInterval,
  MultibranchSpec,
  OrphanedItemsSpec,
  BuildStepSpec,
  FreestyleSpec,
  GitScmSpec,
  JobSpecFields,
  JobSpecKind,
  JobSpecs,
  ParameterSpec,
  PipelineScmSpec,
  PipelineSpec,
  TriggersSpec,
  UpstreamThreshold,
} from "./types";

export type ParsedJobSpec = {
  [K in JobSpecKind]: { kind: K; spec: JobSpecs[K]; fields: Required<JobSpecFields> };
}[JobSpecKind];

/** Thrown inside the parse when the config has a shape no spec produces; caught below. */
class DoesNotFit extends Error {}

function child(e: XmlElement, name: string): XmlElement | undefined {
  return elementChildren(e).find((c) => c.name === name);
}

function classOf(e: XmlElement): string | undefined {
  return e.attrs.find(([k]) => k === "class")?.[1];
}

function flag(e: XmlElement, name: string): boolean | undefined {
  const t = childText(e, name);
  return t === undefined ? undefined : t.trim() === "true";
}

function whole(text: string | undefined): number | undefined {
  if (text === undefined || !/^-?\d+$/.test(text.trim())) return undefined;
  return Number(text.trim());
}

function parameters(props: XmlElement): ParameterSpec[] | undefined {
  const holder = child(props, "hudson.model.ParametersDefinitionProperty");
  const defs = holder && child(holder, "parameterDefinitions");
  if (!defs) return undefined;
  return elementChildren(defs).map((d): ParameterSpec => {
    const name = childText(d, "name") ?? "";
    const description = childText(d, "description");
    const desc = description ? { description } : {};
    switch (d.name) {
      case "hudson.model.StringParameterDefinition": {
        const dflt = childText(d, "defaultValue") ?? "";
        return {
          type: "string",
          name,
          ...(dflt !== "" ? { default: dflt } : {}),
          ...desc,
          ...(flag(d, "trim") ? { trim: true } : {}),
        };
      }
      case "hudson.model.BooleanParameterDefinition":
        return { type: "boolean", name, ...(flag(d, "defaultValue") ? { default: true } : {}), ...desc };
      case "hudson.model.PasswordParameterDefinition": {
        const dflt = childText(d, "defaultValue") ?? "";
        return { type: "password", name, ...(dflt !== "" ? { default: dflt } : {}), ...desc };
      }
      case "hudson.model.ChoiceParameterDefinition": {
        const choices = child(d, "choices");
        const list = choices && (child(choices, "a") ?? choices);
        return { type: "choice", name, choices: list ? elementChildren(list).map(textOf) : [], ...desc };
      }
      default:
        throw new DoesNotFit();
    }
  });
}

function buildDiscarder(props: XmlElement): BuildDiscarderSpec | undefined {
  const prop = child(props, "jenkins.model.BuildDiscarderProperty");
  const strategy = prop && child(prop, "strategy");
  if (!strategy) return undefined;
  const out: BuildDiscarderSpec = {};
  for (const key of ["daysToKeep", "numToKeep", "artifactDaysToKeep", "artifactNumToKeep"] as const) {
    const n = whole(childText(strategy, key));
    if (n !== undefined && n > 0) out[key] = n;
  }
  return out;
}

function triggers(list: XmlElement | undefined): TriggersSpec | undefined {
  if (!list) return undefined;
  const out: TriggersSpec = {};
  for (const t of elementChildren(list)) {
    if (t.name === "hudson.triggers.TimerTrigger") out.cron = childText(t, "spec") ?? "";
    else if (t.name === "hudson.triggers.SCMTrigger") out.pollScm = childText(t, "spec") ?? "";
    else if (t.name === "jenkins.triggers.ReverseBuildTrigger") {
      const projects = (childText(t, "upstreamProjects") ?? "")
        .split(",")
        .map((p) => p.trim())
        .filter((p) => p !== "");
      const th = child(t, "threshold");
      const threshold = (th && childText(th, "name")) as UpstreamThreshold | undefined;
      out.upstream = { projects, ...(threshold && threshold !== "SUCCESS" ? { threshold } : {}) };
    } else throw new DoesNotFit();
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

function git(scm: XmlElement): GitScmSpec {
  if (classOf(scm) !== "hudson.plugins.git.GitSCM") throw new DoesNotFit();
  const remotes = child(scm, "userRemoteConfigs");
  const remote = remotes && elementChildren(remotes);
  const branches = child(scm, "branches");
  const branch = branches && elementChildren(branches);
  if (!remote || remote.length !== 1 || !branch || branch.length !== 1) throw new DoesNotFit();
  const credentialsId = childText(remote[0], "credentialsId");
  const branchName = childText(branch[0], "name") ?? "";
  return {
    url: childText(remote[0], "url") ?? "",
    ...(branchName !== DEFAULT_BRANCH ? { branch: branchName } : {}),
    ...(credentialsId ? { credentialsId } : {}),
  };
}

/** Spec fields shared by Pipeline and freestyle jobs, in the order a person would write them. */
function common(root: XmlElement, props: XmlElement | undefined, triggerList: XmlElement | undefined) {
  const out: Pick<PipelineSpec, "parameters" | "triggers" | "buildDiscarder" | "quietPeriod"> = {};
  const params = props && parameters(props);
  if (params) out.parameters = params;
  const t = triggers(triggerList);
  if (t) out.triggers = t;
  const bd = props && buildDiscarder(props);
  if (bd) out.buildDiscarder = bd;
  const quiet = whole(childText(root, "quietPeriod"));
  if (quiet !== undefined) out.quietPeriod = quiet;
  return out;
}

function pipeline(root: XmlElement): PipelineSpec {
  const def = child(root, "definition");
  if (!def) throw new DoesNotFit();
  const spec: PipelineSpec = {};
  if (classOf(def) === "org.jenkinsci.plugins.workflow.cps.CpsFlowDefinition") {
    spec.script = childText(def, "script") ?? "";
    if (flag(def, "sandbox") === false) spec.sandbox = false;
  } else if (classOf(def) === "org.jenkinsci.plugins.workflow.cps.CpsScmFlowDefinition") {
    const scmEl = child(def, "scm");
    if (!scmEl) throw new DoesNotFit();
    const scm: PipelineScmSpec = git(scmEl);
    const scriptPath = childText(def, "scriptPath") ?? "";
    if (scriptPath !== DEFAULT_SCRIPT_PATH) scm.scriptPath = scriptPath;
    if (flag(def, "lightweight") === false) scm.lightweight = false;
    spec.scm = scm;
  } else {
    throw new DoesNotFit();
  }
  const props = child(root, "properties");
  const triggerProp =
    props && child(props, "org.jenkinsci.plugins.workflow.job.properties.PipelineTriggersJobProperty");
  Object.assign(spec, common(root, props, triggerProp && child(triggerProp, "triggers")));
  if (props && child(props, "org.jenkinsci.plugins.workflow.job.properties.DisableConcurrentBuildsJobProperty")) {
    spec.concurrentBuilds = false;
  }
  return spec;
}

function step(e: XmlElement): BuildStepSpec {
  if (e.name === "hudson.tasks.Shell") return { shell: childText(e, "command") ?? "" };
  if (e.name === "hudson.tasks.BatchFile") return { batch: childText(e, "command") ?? "" };
  throw new DoesNotFit();
}

function freestyle(root: XmlElement): FreestyleSpec {
  const spec: FreestyleSpec = {};
  const assigned = childText(root, "assignedNode");
  if (assigned !== undefined && assigned.trim() !== "" && childText(root, "canRoam")?.trim() === "false")
    spec.label = assigned.trim();
  const scm = child(root, "scm");
  if (scm && classOf(scm) !== "hudson.scm.NullSCM") spec.scm = git(scm);
  const builders = child(root, "builders");
  const steps = builders ? elementChildren(builders).map(step) : [];
  if (steps.length > 0) spec.steps = steps;
  Object.assign(spec, common(root, child(root, "properties"), child(root, "triggers")));
  const publishers = child(root, "publishers");
  for (const p of publishers ? elementChildren(publishers) : []) {
    if (p.name === "hudson.tasks.ArtifactArchiver") {
      spec.archiveArtifacts = {
        artifacts: childText(p, "artifacts") ?? "",
        ...(flag(p, "allowEmptyArchive") ? { allowEmpty: true } : {}),
        ...(flag(p, "fingerprint") ? { fingerprint: true } : {}),
        ...(flag(p, "onlyIfSuccessful") ? { onlyIfSuccessful: true } : {}),
      };
    } else if (p.name === "hudson.tasks.junit.JUnitResultArchiver") {
      spec.junit = {
        testResults: childText(p, "testResults") ?? "",
        ...(flag(p, "allowEmptyResults") ? { allowEmptyResults: true } : {}),
      };
    } else {
      throw new DoesNotFit();
    }
  }
  if (flag(root, "concurrentBuild")) spec.concurrentBuild = true;
  return spec;
}

function gitBranchSource(source: XmlElement): GitBranchSourceSpec {
  const out: GitBranchSourceSpec = { type: "git", remote: childText(source, "remote") ?? "" };
  const traits = child(source, "traits");
  let branches = false;
  for (const t of traits ? elementChildren(traits) : []) {
    if (t.name === GIT_BRANCH_TRAIT) branches = true;
    else if (t.name === GIT_TAG_TRAIT) out.discoverTags = true;
    else if (t.name === WILDCARD_TRAIT) {
      const includes = childText(t, "includes") ?? "*";
      const excludes = childText(t, "excludes") ?? "";
      // Both are written whenever the filter is there; "*" alone still says a filter was declared.
      out.includes = includes;
      if (excludes !== "") out.excludes = excludes;
    } else throw new DoesNotFit();
  }
  if (!branches) out.discoverBranches = false;
  return out;
}

function githubBranchSource(source: XmlElement): GitHubBranchSourceSpec {
  const apiUri = childText(source, "apiUri");
  return {
    type: "github",
    repoOwner: childText(source, "repoOwner") ?? "",
    repository: childText(source, "repository") ?? "",
    ...(apiUri ? { apiUri } : {}),
  };
}

function multibranch(root: XmlElement): MultibranchSpec {
  const sources = child(root, "sources");
  const data = sources && child(sources, "data");
  const spec: MultibranchSpec = {
    sources: (data ? elementChildren(data) : []).map((bs): BranchSourceSpec => {
      const source = child(bs, "source");
      if (!source) throw new DoesNotFit();
      const found =
        classOf(source) === GIT_SOURCE_CLASS
          ? gitBranchSource(source)
          : classOf(source) === GITHUB_SOURCE_CLASS
            ? githubBranchSource(source)
            : undefined;
      if (!found) throw new DoesNotFit();
      const credentialsId = childText(source, "credentialsId");
      if (credentialsId) found.credentialsId = credentialsId;
      // The id Jenkins holds is declared, so adopting the project keeps its branch jobs.
      const id = childText(source, "id");
      if (id) found.id = id;
      return found;
    }),
  };
  const factory = child(root, "factory");
  const scriptPath = factory && childText(factory, "scriptPath");
  if (scriptPath && scriptPath !== DEFAULT_SCRIPT_PATH) spec.scriptPath = scriptPath;
  const strategy = child(root, "orphanedItemStrategy");
  if (strategy) {
    const orphaned: OrphanedItemsSpec = {};
    const days = whole(childText(strategy, "daysToKeep"));
    const num = whole(childText(strategy, "numToKeep"));
    if (days !== undefined && days > 0) orphaned.daysToKeep = days;
    if (num !== undefined && num > 0) orphaned.numToKeep = num;
    if (Object.keys(orphaned).length > 0) spec.orphanedItems = orphaned;
  }
  const triggers = child(root, "triggers");
  for (const t of triggers ? elementChildren(triggers) : []) {
    const millis = t.name === PERIODIC_TRIGGER ? whole(childText(t, "interval")) : undefined;
    const interval = (Object.keys(INDEXING_INTERVALS) as IndexingInterval[]).find(
      (k) => INDEXING_INTERVALS[k] === millis,
    );
    if (interval === undefined) throw new DoesNotFit();
    spec.periodicIndexing = interval;
  }
  return spec;
}

function fieldsOf(root: XmlElement): Required<JobSpecFields> {
  return { description: childText(root, "description") ?? "", enabled: flag(root, "disabled") !== true };
}

function candidate(root: XmlElement): ParsedJobSpec | undefined {
  const fields = fieldsOf(root);
  switch (root.name) {
    case "flow-definition":
      return { kind: "pipeline", spec: pipeline(root), fields };
    case "project":
      return { kind: "freestyle", spec: freestyle(root), fields };
    case MULTIBRANCH_CLASS:
      return { kind: "multibranch", spec: multibranch(root), fields };
    case FOLDER_CLASS: {
      const displayName = childText(root, "displayName");
      return { kind: "folder", spec: displayName ? { displayName } : {}, fields };
    }
    default:
      return undefined;
  }
}

/**
 * The spec (and the Job's description/enabled) a config fits exactly, or undefined when no spec expresses it.
 * Throws the XML module's errors for input that is not well-formed XML.
 */
export function parseJobSpec(configXml: string): ParsedJobSpec | undefined {
  const root = parseXml(configXml).root;
  let found: ParsedJobSpec | undefined;
  let rendered: string;
  try {
    found = candidate(root);
    if (found === undefined) return undefined;
    rendered = renderJobSpec(found.kind, found.spec, found.fields);
  } catch (e) {
    if (e instanceof DoesNotFit || e instanceof JobSpecError) return undefined;
    throw e;
  }
  return configsEquivalent(rendered, configXml) ? found : undefined;
}
