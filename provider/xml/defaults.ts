/**
 * What Jenkins adds to a config when it saves it, and which therefore must not count as drift on refresh.
 *
 * When Jenkins re-serializes a job (any save, and every config.xml GET on current versions), XStream writes every
 * field of the job's classes: fields the user left out come back with their default value. The Jenkins-aware
 * comparison (semantic.ts, `jenkinsDefaults: true`) accepts an element that only the Jenkins side has when it is
 *  - empty: no text, no child elements, no attributes other than `class`/`plugin` (`<triggers/>`, `<actions/>`,
 *    `<configuredLocalRules/>`, `<scm class="hudson.scm.NullSCM"/>`, `<description></description>`), or
 *  - listed below with its default value, or
 *  - a container whose children are all acceptable in the same way (`<executionStrategy>` of matrix projects).
 * Anything else the server has and the declaration lacks is a real difference.
 *
 * The table is data, not logic: add a row when a Jenkins version or plugin starts writing another default field.
 */

/** Root elements of jobs built on AbstractProject. */
export const ABSTRACT_PROJECT_ROOTS = ["project", "matrix-project", "maven2-moduleset"] as const;
/** Root elements of all job types that carry the common Job fields. */
export const JOB_ROOTS = [...ABSTRACT_PROJECT_ROOTS, "flow-definition"] as const;

/** Root elements of the core views (a view's config.xml). */
export const VIEW_ROOTS = ["hudson.model.ListView", "hudson.model.AllView", "hudson.model.MyView"] as const;

export interface DefaultField {
  /** Element name of the field. */
  element: string;
  /** Text Jenkins writes when the user did not set the field. */
  value: string;
  /** Names of the parent elements the row applies to; any parent when omitted. */
  parents?: readonly string[];
}

export const JENKINS_DEFAULT_FIELDS: readonly DefaultField[] = [
  // hudson.model.Job / AbstractProject
  { element: "keepDependencies", value: "false", parents: JOB_ROOTS },
  { element: "disabled", value: "false", parents: JOB_ROOTS },
  { element: "canRoam", value: "true", parents: ABSTRACT_PROJECT_ROOTS },
  { element: "blockBuildWhenDownstreamBuilding", value: "false", parents: ABSTRACT_PROJECT_ROOTS },
  { element: "blockBuildWhenUpstreamBuilding", value: "false", parents: ABSTRACT_PROJECT_ROOTS },
  { element: "concurrentBuild", value: "false", parents: ABSTRACT_PROJECT_ROOTS },
  // matrix-project
  { element: "runSequentially", value: "false", parents: ["executionStrategy"] },
  // maven2-moduleset (maven-plugin writes every boolean of MavenModuleSet)
  { element: "aggregatorStyleBuild", value: "true", parents: ["maven2-moduleset"] },
  { element: "incrementalBuild", value: "false", parents: ["maven2-moduleset"] },
  { element: "ignoreUpstremChanges", value: "false", parents: ["maven2-moduleset"] },
  { element: "ignoreUnsuccessfulUpstreams", value: "false", parents: ["maven2-moduleset"] },
  { element: "archivingDisabled", value: "false", parents: ["maven2-moduleset"] },
  { element: "siteArchivingDisabled", value: "false", parents: ["maven2-moduleset"] },
  { element: "fingerprintingDisabled", value: "false", parents: ["maven2-moduleset"] },
  { element: "resolveDependencies", value: "false", parents: ["maven2-moduleset"] },
  { element: "processPlugins", value: "false", parents: ["maven2-moduleset"] },
  { element: "mavenValidationLevel", value: "-1", parents: ["maven2-moduleset"] },
  { element: "runHeadless", value: "false", parents: ["maven2-moduleset"] },
  { element: "disableTriggerDownstreamProjects", value: "false", parents: ["maven2-moduleset"] },
  { element: "blockTriggerWhenBuilding", value: "true", parents: ["maven2-moduleset"] },
  { element: "name", value: "FAILURE", parents: ["runPostStepsIfResult"] },
  { element: "ordinal", value: "2", parents: ["runPostStepsIfResult"] },
  { element: "color", value: "RED", parents: ["runPostStepsIfResult"] },
  { element: "completeBuild", value: "true", parents: ["runPostStepsIfResult"] },
  // Pipeline (workflow-cps): a primitive boolean, always written
  { element: "sandbox", value: "false", parents: ["definition"] },
  // Parameters: newer Jenkins writes trim on string parameters
  { element: "trim", value: "false", parents: ["hudson.model.StringParameterDefinition"] },
  // Views (hudson.model.View, ListView): primitive booleans, always written
  { element: "filterExecutors", value: "false", parents: VIEW_ROOTS },
  { element: "filterQueue", value: "false", parents: VIEW_ROOTS },
  { element: "recurse", value: "false", parents: ["hudson.model.ListView"] },
];

/**
 * Containers whose content Jenkins manages itself: running a Pipeline adds tracker actions under the job's
 * `<actions>`. Elements that only the Jenkins side has inside these are not drift.
 */
export interface ManagedContainer {
  element: string;
  parents: readonly string[];
}

export const JENKINS_MANAGED_CONTAINERS: readonly ManagedContainer[] = [{ element: "actions", parents: JOB_ROOTS }];

/** Attributes that may sit on an element Jenkins added without giving it a non-default value. */
export const NEUTRAL_ATTRIBUTES: readonly string[] = ["class", "plugin"];

/** Rows by element name: the comparisons ask about every element of a config, most of which no row names. */
function byElement<R extends { element: string }>(rows: readonly R[]): ReadonlyMap<string, readonly R[]> {
  const out = new Map<string, R[]>();
  for (const row of rows) {
    const list = out.get(row.element);
    if (list === undefined) out.set(row.element, [row]);
    else list.push(row);
  }
  return out;
}

const DEFAULT_FIELDS_BY_ELEMENT = byElement(JENKINS_DEFAULT_FIELDS);
const MANAGED_CONTAINERS_BY_ELEMENT = byElement(JENKINS_MANAGED_CONTAINERS);

export function isDefaultField(parent: string, element: string, value: string): boolean {
  const rows = DEFAULT_FIELDS_BY_ELEMENT.get(element);
  if (rows === undefined) return false;
  return rows.some((row) => row.value === value && (row.parents === undefined || row.parents.includes(parent)));
}

export function isManagedContainer(parent: string, element: string): boolean {
  const rows = MANAGED_CONTAINERS_BY_ELEMENT.get(element);
  return rows !== undefined && rows.some((row) => row.parents.includes(parent));
}
