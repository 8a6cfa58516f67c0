/**
 * Validation of specs before rendering. Everything a renderer relies on is checked here, so the renderers can
 * trust their input; every problem is reported, not only the first. Cron syntax is left to Jenkins.
 */
import { Checker, isGiven, type Fields } from "./checker";
import { JobSpecError, type SpecIssue } from "./errors";
import { INDEXING_INTERVALS } from "./indexing";
import type { JobSpecFields, JobSpecKind } from "./types";

export const JOB_SPEC_KINDS: readonly JobSpecKind[] = ["pipeline", "freestyle", "folder", "multibranch"];

const PARAMETER_TYPES = ["string", "boolean", "choice", "password"] as const;
const THRESHOLDS = ["SUCCESS", "UNSTABLE", "FAILURE"] as const;

function parameters(c: Checker, v: unknown, path: string): void {
  if (!c.array(v, path)) return;
  const seen = new Map<string, number>();
  v.forEach((p, i) => {
    const at = `${path}[${i}]`;
    if (!c.object(p, at)) return;
    const type = p.type;
    if (!isGiven(type)) {
      c.add(`${at}.type`, `is required: one of ${PARAMETER_TYPES.join(", ")}`);
      return;
    }
    if (!(PARAMETER_TYPES as readonly unknown[]).includes(type)) {
      c.add(`${at}.type`, `unknown parameter type; expected one of ${PARAMETER_TYPES.join(", ")}`);
      return;
    }
    c.string(p, "name", at, { required: true, nonEmpty: true, singleLine: true });
    c.string(p, "description", at);
    if (type === "string") {
      c.onlyKeys(p, at, ["type", "name", "default", "description", "trim"]);
      c.string(p, "default", at);
      c.boolean(p, "trim", at);
    } else if (type === "boolean") {
      c.onlyKeys(p, at, ["type", "name", "default", "description"]);
      c.boolean(p, "default", at);
    } else if (type === "password") {
      c.onlyKeys(p, at, ["type", "name", "default", "description"]);
      c.string(p, "default", at);
    } else {
      c.onlyKeys(p, at, ["type", "name", "choices", "description"], "The first choice is the default.");
      if (!isGiven(p.choices)) c.add(`${at}.choices`, "is required: a list of at least one choice");
      else if (c.array(p.choices, `${at}.choices`)) {
        if (p.choices.length === 0) c.add(`${at}.choices`, "must hold at least one choice");
        p.choices.forEach((choice, j) => c.stringValue(choice, `${at}.choices[${j}]`, { singleLine: true }));
      }
    }
    if (typeof p.name === "string" && p.name.trim() !== "") {
      const first = seen.get(p.name);
      if (first !== undefined) c.add(`${at}.name`, `duplicate parameter name (also used by ${path}[${first}])`);
      else seen.set(p.name, i);
    }
  });
}

function triggers(c: Checker, v: unknown, path: string): void {
  if (!c.object(v, path)) return;
  c.onlyKeys(v, path, ["cron", "pollScm", "upstream"]);
  c.string(v, "cron", path, { nonEmpty: true });
  c.string(v, "pollScm", path);
  const up = v.upstream;
  const at = `${path}.upstream`;
  if (!isGiven(up) || !c.object(up, at)) return;
  c.onlyKeys(up, at, ["projects", "threshold"]);
  if (!isGiven(up.projects)) c.add(`${at}.projects`, "is required: full names of the upstream jobs");
  else if (c.array(up.projects, `${at}.projects`)) {
    if (up.projects.length === 0) c.add(`${at}.projects`, "must name at least one job");
    up.projects.forEach((name, i) => {
      const p = `${at}.projects[${i}]`;
      // Jenkins keeps the list as one comma-separated string.
      if (c.stringValue(name, p, { nonEmpty: true, singleLine: true }) && name.includes(",")) {
        c.add(p, "must not contain a comma (give each job as its own entry)");
      }
    });
  }
  if (isGiven(up.threshold) && !(THRESHOLDS as readonly unknown[]).includes(up.threshold)) {
    c.add(`${at}.threshold`, `must be one of ${THRESHOLDS.join(", ")}`);
  }
}

const DISCARDER_KEYS = ["daysToKeep", "numToKeep", "artifactDaysToKeep", "artifactNumToKeep"];

function buildDiscarder(c: Checker, v: unknown, path: string): void {
  if (!c.object(v, path)) return;
  c.onlyKeys(v, path, DISCARDER_KEYS);
  for (const key of DISCARDER_KEYS) c.integer(v, key, path, 1);
  if (!DISCARDER_KEYS.some((key) => isGiven(v[key]))) {
    c.add(path, `needs at least one of ${DISCARDER_KEYS.join(", ")} (omit buildDiscarder to keep all builds)`);
  }
}

function gitScm(c: Checker, v: unknown, path: string, extraKeys: readonly string[] = []): v is Fields {
  if (!c.object(v, path)) return false;
  c.onlyKeys(v, path, ["url", "branch", "credentialsId", ...extraKeys]);
  c.string(v, "url", path, { required: true, nonEmpty: true, singleLine: true });
  c.string(v, "branch", path, { nonEmpty: true, singleLine: true });
  c.string(v, "credentialsId", path, { nonEmpty: true, singleLine: true });
  return true;
}

function commonJobFields(c: Checker, s: Fields, path: string): void {
  if (isGiven(s.parameters)) parameters(c, s.parameters, `${path}.parameters`);
  if (isGiven(s.triggers)) triggers(c, s.triggers, `${path}.triggers`);
  if (isGiven(s.buildDiscarder)) buildDiscarder(c, s.buildDiscarder, `${path}.buildDiscarder`);
  c.integer(s, "quietPeriod", path, 0);
}

/** Advice for the fields people are likely to look for in the wrong place. */
function jobHint(key: string): string | undefined {
  if (["description", "disabled", "enabled"].includes(key)) {
    return "A job's description and enabled state are the Job's own `description` and `enabled` inputs";
  }
  if (key === "concurrentBuild") return "Pipeline jobs spell it concurrentBuilds";
  if (key === "concurrentBuilds") return "freestyle jobs spell it concurrentBuild";
  return undefined;
}

function pipeline(c: Checker, s: Fields, path: string): void {
  c.onlyKeys(
    s,
    path,
    ["script", "sandbox", "scm", "parameters", "triggers", "buildDiscarder", "concurrentBuilds", "quietPeriod"],
    jobHint,
  );
  const hasScript = isGiven(s.script);
  const hasScm = isGiven(s.scm);
  if (hasScript && hasScm) c.add(path, "give either script (inline) or scm (script from git), not both");
  if (!hasScript && !hasScm) c.add(path, "needs script (inline Pipeline script) or scm (script from git)");
  if (hasScript) c.string(s, "script", path, { nonEmpty: true });
  c.boolean(s, "sandbox", path);
  if (isGiven(s.sandbox) && !hasScript && hasScm) c.add(`${path}.sandbox`, "applies to an inline script only");
  if (hasScm && gitScm(c, s.scm, `${path}.scm`, ["scriptPath", "lightweight"])) {
    const scm = s.scm as Fields;
    c.string(scm, "scriptPath", `${path}.scm`, { nonEmpty: true, singleLine: true });
    c.boolean(scm, "lightweight", `${path}.scm`);
  }
  c.boolean(s, "concurrentBuilds", path);
  commonJobFields(c, s, path);
}

function freestyle(c: Checker, s: Fields, path: string): void {
  c.onlyKeys(
    s,
    path,
    [
      "label",
      "scm",
      "steps",
      "triggers",
      "buildDiscarder",
      "archiveArtifacts",
      "junit",
      "concurrentBuild",
      "quietPeriod",
      "parameters",
    ],
    jobHint,
  );
  c.string(s, "label", path, { nonEmpty: true, singleLine: true });
  if (isGiven(s.scm)) gitScm(c, s.scm, `${path}.scm`);
  if (isGiven(s.steps) && c.array(s.steps, `${path}.steps`)) {
    s.steps.forEach((step, i) => {
      const at = `${path}.steps[${i}]`;
      if (!c.object(step, at)) return;
      const kinds = ["shell", "batch"].filter((k) => isGiven(step[k]));
      c.onlyKeys(step, at, ["shell", "batch"]);
      if (kinds.length !== 1) c.add(at, "must have exactly one of shell, batch");
      for (const k of kinds) c.string(step, k, at, { nonEmpty: true });
    });
  }
  const aa = s.archiveArtifacts;
  if (isGiven(aa) && c.object(aa, `${path}.archiveArtifacts`)) {
    const at = `${path}.archiveArtifacts`;
    c.onlyKeys(aa, at, ["artifacts", "allowEmpty", "fingerprint", "onlyIfSuccessful"]);
    c.string(aa, "artifacts", at, { required: true, nonEmpty: true });
    for (const k of ["allowEmpty", "fingerprint", "onlyIfSuccessful"]) c.boolean(aa, k, at);
  }
  const junit = s.junit;
  if (isGiven(junit) && c.object(junit, `${path}.junit`)) {
    const at = `${path}.junit`;
    c.onlyKeys(junit, at, ["testResults", "allowEmptyResults"]);
    c.string(junit, "testResults", at, { required: true, nonEmpty: true });
    c.boolean(junit, "allowEmptyResults", at);
  }
  c.boolean(s, "concurrentBuild", path);
  commonJobFields(c, s, path);
}

function folder(c: Checker, s: Fields, path: string): void {
  c.onlyKeys(s, path, ["displayName"], "A folder's description is the Job's own `description` input.");
  c.string(s, "displayName", path, { singleLine: true });
}

const SOURCE_TYPES = ["git", "github"] as const;

function branchSource(c: Checker, v: unknown, at: string): void {
  if (!c.object(v, at)) return;
  if (!isGiven(v.type)) {
    c.add(`${at}.type`, `is required: one of ${SOURCE_TYPES.join(", ")}`);
    return;
  }
  if (!(SOURCE_TYPES as readonly unknown[]).includes(v.type)) {
    c.add(`${at}.type`, `unknown branch source type; expected one of ${SOURCE_TYPES.join(", ")}`);
    return;
  }
  const line = { nonEmpty: true, singleLine: true };
  c.string(v, "id", at, line);
  c.string(v, "credentialsId", at, line);
  if (v.type === "git") {
    c.onlyKeys(v, at, [
      "type",
      "remote",
      "credentialsId",
      "id",
      "discoverBranches",
      "discoverTags",
      "includes",
      "excludes",
    ]);
    c.string(v, "remote", at, { required: true, ...line });
    c.boolean(v, "discoverBranches", at);
    c.boolean(v, "discoverTags", at);
    c.string(v, "includes", at, line);
    c.string(v, "excludes", at, { singleLine: true });
    if (v.discoverBranches === false && v.discoverTags !== true) {
      c.add(at, "discovers nothing: set discoverBranches or discoverTags");
    }
  } else {
    c.onlyKeys(v, at, ["type", "repoOwner", "repository", "credentialsId", "apiUri", "id"]);
    c.string(v, "repoOwner", at, { required: true, ...line });
    c.string(v, "repository", at, { required: true, ...line });
    c.string(v, "apiUri", at, line);
    if (typeof v.apiUri === "string" && !/^https?:\/\/\S+$/.test(v.apiUri)) {
      c.add(`${at}.apiUri`, 'must be an http(s) URL, e.g. "https://github.example.com/api/v3"');
    }
  }
}

function multibranch(c: Checker, s: Fields, path: string): void {
  c.onlyKeys(s, path, ["sources", "scriptPath", "orphanedItems", "periodicIndexing"], jobHint);
  if (!isGiven(s.sources)) c.add(`${path}.sources`, "is required: a list of at least one branch source");
  else if (c.array(s.sources, `${path}.sources`)) {
    if (s.sources.length === 0) c.add(`${path}.sources`, "must hold at least one branch source");
    const ids = new Map<string, number>();
    s.sources.forEach((source, i) => {
      branchSource(c, source, `${path}.sources[${i}]`);
      const id = (source as Fields | null)?.id;
      if (typeof id === "string") {
        const first = ids.get(id);
        if (first !== undefined)
          c.add(`${path}.sources[${i}].id`, `duplicate source id (also used by sources[${first}])`);
        else ids.set(id, i);
      }
    });
  }
  c.string(s, "scriptPath", path, { nonEmpty: true, singleLine: true });
  const o = s.orphanedItems;
  if (isGiven(o) && c.object(o, `${path}.orphanedItems`)) {
    c.onlyKeys(o, `${path}.orphanedItems`, ["daysToKeep", "numToKeep"]);
    c.integer(o, "daysToKeep", `${path}.orphanedItems`, 1);
    c.integer(o, "numToKeep", `${path}.orphanedItems`, 1);
  }
  const interval = s.periodicIndexing;
  if (isGiven(interval) && !Object.prototype.hasOwnProperty.call(INDEXING_INTERVALS, String(interval))) {
    c.add(`${path}.periodicIndexing`, `must be one of ${Object.keys(INDEXING_INTERVALS).join(", ")}`);
  }
}

/** The Job's own inputs, reported under their own names (`description`, `enabled`). */
function fields(c: Checker, kind: JobSpecKind, f: unknown): void {
  if (!isGiven(f)) return;
  if (typeof f !== "object" || f === null || Array.isArray(f)) {
    c.add("fields", "must be an object with description and/or enabled");
    return;
  }
  const o = f as Fields;
  for (const key of Object.keys(o)) if (key !== "description" && key !== "enabled") c.add(key, "unknown job field");
  if (isGiven(o.description)) c.stringValue(o.description, "description");
  if (isGiven(o.enabled) && typeof o.enabled !== "boolean") c.add("enabled", "must be true or false");
  if (kind === "folder" && o.enabled === false) c.add("enabled", "a folder cannot be disabled");
}

/** Every problem of `spec` (and of the job fields, when given) as a `kind` spec; empty when it can be rendered. */
export function specIssues(kind: JobSpecKind, spec: unknown, jobFields?: JobSpecFields): SpecIssue[] {
  const c = new Checker();
  if (!JOB_SPEC_KINDS.includes(kind)) {
    c.add("kind", `unknown job spec kind; expected one of ${JOB_SPEC_KINDS.join(", ")}`);
    return c.issues;
  }
  if (c.object(spec, kind)) {
    if (kind === "pipeline") pipeline(c, spec, kind);
    else if (kind === "freestyle") freestyle(c, spec, kind);
    else if (kind === "multibranch") multibranch(c, spec, kind);
    else folder(c, spec, kind);
  }
  fields(c, kind, jobFields);
  return c.issues;
}

/** Throws JobSpecError listing every problem of `spec`. */
export function validateJobSpec(kind: JobSpecKind, spec: unknown, jobFields?: JobSpecFields): void {
  const issues = specIssues(kind, spec, jobFields);
  if (issues.length > 0) throw new JobSpecError(String(kind), issues);
}
