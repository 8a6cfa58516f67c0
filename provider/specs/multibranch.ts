/**
 * Multibranch Pipeline projects (workflow-multibranch's WorkflowMultiBranchProject), fields in the order saved
 * configs show them: actions, description, properties, folderViews, healthMetrics, icon, orphanedItemStrategy,
 * triggers, disabled, sources, factory. The view holder, icon, sources list and factory each carry a back-reference
 * to the project (`<owner … reference="../.."/>`), as XStream writes them.
 *
 * A source's `<id>` is written only when the spec gives one: Jenkins assigns the others, and the Job resource keeps
 * the id Jenkins assigned (resource/owned/branch-source-ids.ts).
 */
import type { XmlElement } from "../xml/tree";
import { descriptionElement, isDisabled, writeConfig } from "./document";
import { bool, classAttr, int, obj, str } from "./nodes";
import { pluginAttr } from "./plugins";
import type {
  BranchSourceSpec,
  GitBranchSourceSpec,
  GitHubBranchSourceSpec,
  JobSpecFields,
  MultibranchSpec,
} from "./types";
import { INDEXING_INTERVALS, indexingCron } from "./indexing";
import { validateJobSpec } from "./validate";

export const MULTIBRANCH_CLASS = "org.jenkinsci.plugins.workflow.multibranch.WorkflowMultiBranchProject";
export const GIT_SOURCE_CLASS = "jenkins.plugins.git.GitSCMSource";
export const GITHUB_SOURCE_CLASS = "org.jenkinsci.plugins.github_branch_source.GitHubSCMSource";
export const PERIODIC_TRIGGER = "com.cloudbees.hudson.plugins.folder.computed.PeriodicFolderTrigger";
export const WILDCARD_TRAIT = "jenkins.scm.impl.trait.WildcardSCMHeadFilterTrait";
export const GIT_BRANCH_TRAIT = "jenkins.plugins.git.traits.BranchDiscoveryTrait";
export const GIT_TAG_TRAIT = "jenkins.plugins.git.traits.TagDiscoveryTrait";
/** XStream writes `_` of a class name as `__` in an element name. */
export const GITHUB_BRANCH_TRAIT = "org.jenkinsci.plugins.github__branch__source.BranchDiscoveryTrait";

const owner = (): XmlElement => obj("owner", [], [classAttr(MULTIBRANCH_CLASS), ["reference", "../.."]]);

function wildcard(includes: string | undefined, excludes: string | undefined): XmlElement[] {
  if (includes === undefined && excludes === undefined) return [];
  return [
    obj(WILDCARD_TRAIT, [str("includes", includes ?? "*"), str("excludes", excludes ?? "")], [pluginAttr("scm-api")]),
  ];
}

function gitSource(s: GitBranchSourceSpec): XmlElement {
  const traits = [
    ...(s.discoverBranches === false ? [] : [obj(GIT_BRANCH_TRAIT)]),
    ...(s.discoverTags ? [obj(GIT_TAG_TRAIT)] : []),
    ...wildcard(s.includes, s.excludes),
  ];
  return obj(
    "source",
    [
      ...(s.id === undefined ? [] : [str("id", s.id)]),
      str("remote", s.remote),
      ...(s.credentialsId === undefined ? [] : [str("credentialsId", s.credentialsId)]),
      obj("traits", traits),
    ],
    [classAttr(GIT_SOURCE_CLASS), pluginAttr("git")],
  );
}

function githubSource(s: GitHubBranchSourceSpec): XmlElement {
  return obj(
    "source",
    [
      ...(s.id === undefined ? [] : [str("id", s.id)]),
      ...(s.apiUri === undefined ? [] : [str("apiUri", s.apiUri)]),
      ...(s.credentialsId === undefined ? [] : [str("credentialsId", s.credentialsId)]),
      str("repoOwner", s.repoOwner),
      str("repository", s.repository),
      // Strategy 1: branches that are not also filed as pull requests (the UI's default).
      obj("traits", [obj(GITHUB_BRANCH_TRAIT, [int("strategyId", 1)])]),
    ],
    [classAttr(GITHUB_SOURCE_CLASS), pluginAttr("github-branch-source")],
  );
}

function branchSource(s: BranchSourceSpec): XmlElement {
  return obj("jenkins.branch.BranchSource", [
    s.type === "github" ? githubSource(s) : gitSource(s),
    obj(
      "strategy",
      [obj("properties", [], [classAttr("empty-list")])],
      [classAttr("jenkins.branch.DefaultBranchPropertyStrategy")],
    ),
  ]);
}

function triggers(spec: MultibranchSpec): XmlElement {
  if (spec.periodicIndexing === undefined) return obj("triggers");
  const millis = INDEXING_INTERVALS[spec.periodicIndexing];
  return obj("triggers", [
    obj(
      PERIODIC_TRIGGER,
      [str("spec", indexingCron(millis)), int("interval", millis)],
      [pluginAttr("cloudbees-folder")],
    ),
  ]);
}

/** The config tree of a multibranch project (validated input). */
export function multibranchTree(spec: MultibranchSpec, fields?: JobSpecFields): XmlElement {
  const orphaned = spec.orphanedItems ?? {};
  return obj(
    MULTIBRANCH_CLASS,
    [
      obj("actions"),
      descriptionElement(fields),
      obj("properties"),
      obj(
        "folderViews",
        [owner()],
        [classAttr("jenkins.branch.MultiBranchProjectViewHolder"), pluginAttr("branch-api")],
      ),
      obj("healthMetrics", [
        obj(
          "com.cloudbees.hudson.plugins.folder.health.WorstChildHealthMetric",
          [bool("nonRecursive", false)],
          [pluginAttr("cloudbees-folder")],
        ),
      ]),
      obj("icon", [owner()], [classAttr("jenkins.branch.MetadataActionFolderIcon"), pluginAttr("branch-api")]),
      obj(
        "orphanedItemStrategy",
        [
          bool("pruneDeadBranches", true),
          int("daysToKeep", orphaned.daysToKeep ?? -1),
          int("numToKeep", orphaned.numToKeep ?? -1),
        ],
        [
          classAttr("com.cloudbees.hudson.plugins.folder.computed.DefaultOrphanedItemStrategy"),
          pluginAttr("cloudbees-folder"),
        ],
      ),
      triggers(spec),
      bool("disabled", isDisabled(fields)),
      obj(
        "sources",
        [obj("data", spec.sources.map(branchSource)), owner()],
        [classAttr("jenkins.branch.MultiBranchProject$BranchSourceList"), pluginAttr("branch-api")],
      ),
      obj(
        "factory",
        [owner(), str("scriptPath", spec.scriptPath ?? "Jenkinsfile")],
        [classAttr("org.jenkinsci.plugins.workflow.multibranch.WorkflowBranchProjectFactory")],
      ),
    ],
    [pluginAttr("workflow-multibranch")],
  );
}

/** config.xml of a multibranch project, as a current Jenkins saves it. Throws JobSpecError for an invalid spec. */
export function renderMultibranch(spec: MultibranchSpec, fields?: JobSpecFields): string {
  validateJobSpec("multibranch", spec, fields);
  return writeConfig(multibranchTree(spec, fields));
}
