/**
 * Field order and default values of the classes whose XStream form the server reproduces.
 *
 * XStream writes the non-transient fields of an object superclass first, in declaration order, and writes every
 * field that is not null. So a config that omits, say, `<canRoam>` comes back with it after the next save. The
 * lists below follow the Java classes (Actionable → AbstractItem → Job → AbstractProject → Project, and so on);
 * the defaults are what a freshly created job of that type is saved with (the `*-unbuilt-*` fixtures show them).
 * Fields without a default are only placed in order when present. Fields not listed here keep their place after
 * the listed field they follow.
 */
import type { FieldSpec } from "./field-spec";
import { DEFAULT_FOLDER_VIEWS, LIST_VIEW, VIEW } from "./view-fields";

function f(name: string, defaultXml?: string): FieldSpec {
  return defaultXml === undefined ? { name } : { name, default: defaultXml };
}
const flag = (name: string, value: boolean | number): FieldSpec => f(name, `<${name}>${String(value)}</${name}>`);
const list = (name: string): FieldSpec => f(name, `<${name}/>`);

/** Actionable + AbstractItem. */
const ITEM: FieldSpec[] = [list("actions"), f("description"), f("displayName")];

/** hudson.model.Job. */
const JOB: FieldSpec[] = [...ITEM, f("logRotator"), flag("keepDependencies", false), list("properties")];

/** hudson.model.AbstractProject. */
const ABSTRACT_PROJECT: FieldSpec[] = [
  ...JOB,
  f("scm", `<scm class="hudson.scm.NullSCM"/>`),
  f("scmCheckoutStrategy"),
  f("quietPeriod"),
  f("scmCheckoutRetryCount"),
  f("assignedNode"),
  flag("canRoam", true),
  flag("disabled", false),
  flag("blockBuildWhenDownstreamBuilding", false),
  flag("blockBuildWhenUpstreamBuilding", false),
  f("jdk"),
  f("authToken"),
  list("triggers"),
  flag("concurrentBuild", false),
  f("customWorkspace"),
];

const FREESTYLE: FieldSpec[] = [...ABSTRACT_PROJECT, list("builders"), list("publishers"), list("buildWrappers")];

const MATRIX: FieldSpec[] = [
  ...ABSTRACT_PROJECT,
  list("axes"),
  f("combinationFilter"),
  list("builders"),
  list("publishers"),
  list("buildWrappers"),
  f(
    "executionStrategy",
    `<executionStrategy class="hudson.matrix.DefaultMatrixExecutionStrategyImpl">` +
      `<runSequentially>false</runSequentially></executionStrategy>`,
  ),
];

const MAVEN: FieldSpec[] = [
  ...ABSTRACT_PROJECT,
  f("rootModule"),
  f("goals"),
  f("mavenName"),
  flag("aggregatorStyleBuild", true),
  flag("incrementalBuild", false),
  flag("ignoreUpstremChanges", false),
  flag("ignoreUnsuccessfulUpstreams", false),
  flag("archivingDisabled", false),
  flag("siteArchivingDisabled", false),
  flag("fingerprintingDisabled", false),
  flag("resolveDependencies", false),
  flag("processPlugins", false),
  flag("mavenValidationLevel", -1),
  flag("runHeadless", false),
  flag("disableTriggerDownstreamProjects", false),
  flag("blockTriggerWhenBuilding", true),
  f("settings", `<settings class="jenkins.mvn.DefaultSettingsProvider"/>`),
  f("globalSettings", `<globalSettings class="jenkins.mvn.DefaultGlobalSettingsProvider"/>`),
  list("reporters"),
  list("publishers"),
  list("buildWrappers"),
  list("prebuilders"),
  list("postbuilders"),
  f(
    "runPostStepsIfResult",
    "<runPostStepsIfResult><name>FAILURE</name><ordinal>2</ordinal><color>RED</color>" +
      "<completeBuild>true</completeBuild></runPostStepsIfResult>",
  ),
];

/** org.jenkinsci.plugins.workflow.job.WorkflowJob. */
const PIPELINE: FieldSpec[] = [
  ...JOB,
  f("definition"),
  list("triggers"),
  f("quietPeriod"),
  f("authToken"),
  f("concurrentBuild"),
  flag("disabled", false),
];

/** com.cloudbees.hudson.plugins.folder.AbstractFolder. */
const FOLDER: FieldSpec[] = [...ITEM, list("properties"), f("folderViews"), f("healthMetrics"), f("icon")];

/**
 * A plain Folder: AbstractFolder.init gives every folder a DefaultFolderViewHolder with its `All` view when its
 * config has none, so the next serialization writes them.
 */
const PLAIN_FOLDER: FieldSpec[] = FOLDER.map((spec) =>
  spec.name === "folderViews" ? f("folderViews", DEFAULT_FOLDER_VIEWS) : spec,
);

/** com.cloudbees.hudson.plugins.folder.computed.ComputedFolder. */
const COMPUTED_FOLDER: FieldSpec[] = [...FOLDER, f("orphanedItemStrategy"), list("triggers"), flag("disabled", false)];

const MULTIBRANCH: FieldSpec[] = [...COMPUTED_FOLDER, f("sources"), f("factory")];

const ORGANIZATION_FOLDER: FieldSpec[] = [
  ...COMPUTED_FOLDER,
  list("navigators"),
  list("projectFactories"),
  list("buildStrategies"),
  f("strategy"),
];

/** hudson.tasks.CommandInterpreter subclasses: `configuredLocalRules` is written by current versions. */
const COMMAND: FieldSpec[] = [f("command"), list("configuredLocalRules"), f("unstableReturn")];

export const CLASS_FIELDS: Readonly<Record<string, readonly FieldSpec[]>> = {
  "hudson.model.FreeStyleProject": FREESTYLE,
  "hudson.matrix.MatrixProject": MATRIX,
  "hudson.maven.MavenModuleSet": MAVEN,
  "org.jenkinsci.plugins.workflow.job.WorkflowJob": PIPELINE,
  "com.cloudbees.hudson.plugins.folder.Folder": PLAIN_FOLDER,
  "hudson.model.AllView": VIEW,
  "hudson.model.ListView": LIST_VIEW,
  "org.jenkinsci.plugins.workflow.multibranch.WorkflowMultiBranchProject": MULTIBRANCH,
  "jenkins.branch.OrganizationFolder": ORGANIZATION_FOLDER,
  "hudson.tasks.Shell": COMMAND,
  "hudson.tasks.BatchFile": COMMAND,
  "hudson.model.StringParameterDefinition": [f("name"), f("description"), f("defaultValue"), flag("trim", false)],
  "hudson.triggers.SCMTrigger": [f("spec"), flag("ignorePostCommitHooks", false)],
};

/** The field list of a class, if the server models it. */
export function fieldsOf(className: string | undefined): readonly FieldSpec[] | undefined {
  // Own properties only: a class named "constructor" or "__proto__" in a posted config must not find Object's.
  if (className === undefined || !Object.prototype.hasOwnProperty.call(CLASS_FIELDS, className)) return undefined;
  return CLASS_FIELDS[className];
}
