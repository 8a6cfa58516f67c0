/**
 * What a job names that it needs in order to run, from its config.xml or its typed spec: its inline pipeline script
 * (to lint), the agent labels it asks for, the shared libraries it loads and the jobs it triggers or is triggered
 * by. Also, for a folder, the shared libraries it defines (FolderLibraries), which its jobs may load. Pure.
 *
 * A freestyle or matrix job is tied to a label only by `<assignedNode>` with `<canRoam>false</canRoam>`: with
 * canRoam true Jenkins ignores the assigned node. A value with `${…}` is resolved by Jenkins later and is skipped.
 */
import { elementChildren, textOf, type XmlElement } from "../xml/tree";
import { scriptNames } from "./script-names";

export interface JobNames {
  /** The inline pipeline script, when the job has one. */
  script?: string;
  labels: string[];
  libraries: string[];
  /** Names of other jobs, as written (relative to the job's folder, or absolute). */
  jobs: string[];
}

export const CPS_FLOW_DEFINITION = "org.jenkinsci.plugins.workflow.cps.CpsFlowDefinition";
const REVERSE_BUILD_TRIGGER = "jenkins.triggers.ReverseBuildTrigger";
const BUILD_TRIGGER = "hudson.tasks.BuildTrigger";
const FOLDER_LIBRARIES = "org.jenkinsci.plugins.workflow.libs.FolderLibraries";
const LIBRARY_CONFIGURATION = "org.jenkinsci.plugins.workflow.libs.LibraryConfiguration";

const checkable = (s: string, unknown: string): boolean => s !== "" && !s.includes("${") && !s.includes(unknown);

/** A comma-separated list of job names (upstreamProjects, childProjects), as Jenkins splits it. */
export function nameList(text: string, unknown = "\u0000"): string[] {
  return text
    .split(",")
    .map((s) => s.trim())
    .filter((s) => checkable(s, unknown));
}

function attr(e: XmlElement, name: string): string | undefined {
  return e.attrs.find(([k]) => k === name)?.[1];
}

function child(e: XmlElement, name: string): XmlElement | undefined {
  return elementChildren(e).find((c) => c.name === name);
}

function descendants(e: XmlElement, name: string, out: XmlElement[] = []): XmlElement[] {
  for (const c of elementChildren(e)) {
    if (c.name === name) out.push(c);
    descendants(c, name, out);
  }
  return out;
}

function merge(into: JobNames, from: { labels: string[]; libraries: string[]; jobs: string[] }): void {
  for (const key of ["labels", "libraries", "jobs"] as const)
    for (const v of from[key]) if (!into[key].includes(v)) into[key].push(v);
}

/** What a job's config names. */
export function namesInConfig(root: XmlElement, unknown = "\u0000"): JobNames {
  const out: JobNames = { labels: [], libraries: [], jobs: [] };
  const definition = child(root, "definition");
  if (definition !== undefined && attr(definition, "class") === CPS_FLOW_DEFINITION) {
    const script = child(definition, "script");
    if (script !== undefined && !textOf(script).includes(unknown)) {
      out.script = textOf(script);
      merge(out, scriptNames(out.script));
    }
  }
  const assigned = child(root, "assignedNode");
  const canRoam = child(root, "canRoam");
  if (assigned !== undefined && canRoam !== undefined && textOf(canRoam).trim() === "false") {
    const label = textOf(assigned).trim();
    if (checkable(label, unknown)) out.labels.push(label);
  }
  for (const trigger of descendants(root, REVERSE_BUILD_TRIGGER)) {
    const projects = child(trigger, "upstreamProjects");
    if (projects !== undefined) merge(out, { labels: [], libraries: [], jobs: nameList(textOf(projects), unknown) });
  }
  for (const trigger of descendants(root, BUILD_TRIGGER)) {
    const projects = child(trigger, "childProjects");
    if (projects !== undefined) merge(out, { labels: [], libraries: [], jobs: nameList(textOf(projects), unknown) });
  }
  return out;
}

/** What a typed spec names (`pipeline`, `freestyle`; folders and multibranch projects name nothing checked here). */
export function namesInSpec(key: string, spec: unknown, unknown = "\u0000"): JobNames {
  const out: JobNames = { labels: [], libraries: [], jobs: [] };
  if (spec === null || typeof spec !== "object") return out;
  const s = spec as { script?: unknown; label?: unknown; triggers?: { upstream?: { projects?: unknown } } };
  if (key === "pipeline" && typeof s.script === "string" && !s.script.includes(unknown)) {
    out.script = s.script;
    merge(out, scriptNames(s.script));
  }
  if (key === "freestyle" && typeof s.label === "string" && checkable(s.label.trim(), unknown))
    out.labels.push(s.label.trim());
  const projects = s.triggers?.upstream?.projects;
  if ((key === "pipeline" || key === "freestyle") && Array.isArray(projects))
    for (const p of projects)
      if (typeof p === "string" && checkable(p.trim(), unknown) && !out.jobs.includes(p.trim()))
        out.jobs.push(p.trim());
  return out;
}

/** The names of the shared libraries a folder's config defines (its FolderLibraries property). */
export function folderLibraries(root: XmlElement): string[] {
  const out: string[] = [];
  for (const property of descendants(root, FOLDER_LIBRARIES))
    for (const library of descendants(property, LIBRARY_CONFIGURATION)) {
      const name = child(library, "name");
      if (name !== undefined && textOf(name).trim() !== "") out.push(textOf(name).trim());
    }
  return out;
}
