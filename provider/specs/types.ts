/**
 * Typed job specs: plain data that describes a job, rendered to the config.xml a current Jenkins stores for it.
 *
 * Specs are plain objects (no classes, no functions) so that a Pulumi program can pass them as inputs and
 * `pulumi preview --diff` shows a change as the property that changed (`pipeline.script`, `parameters[2]`).
 *
 * A job's description and enabled state are deliberately not part of any spec: they are the Job resource's own
 * `description` / `enabled` inputs (Jenkins changes them through endpoints of their own, and the resource reports
 * them through outputs of their own). The renderers take them as a separate, optional argument.
 */

/** A build parameter. */
export type ParameterSpec = StringParameterSpec | BooleanParameterSpec | ChoiceParameterSpec | PasswordParameterSpec;

export interface StringParameterSpec {
  type: "string";
  name: string;
  /** Default value; "" when omitted. */
  default?: string;
  description?: string;
  /** Strip leading and trailing whitespace from the value. Default false. */
  trim?: boolean;
}

export interface BooleanParameterSpec {
  type: "boolean";
  name: string;
  /** Default false. */
  default?: boolean;
  description?: string;
}

export interface ChoiceParameterSpec {
  type: "choice";
  name: string;
  /** At least one; the first is the default (Jenkins has no separate default for a choice). */
  choices: string[];
  description?: string;
}

/**
 * A password parameter (`hudson.model.PasswordParameterDefinition`), whose default Jenkins stores encrypted. In a
 * program, give the default as a `pulumi.secret`: the Job resource moves it into an input Pulumi encrypts and
 * leaves a placeholder (`[secret 1]`) in the spec, so neither the state nor `pulumi preview --diff` shows it.
 */
export interface PasswordParameterSpec {
  type: "password";
  name: string;
  /** Default value; "" when omitted. */
  default?: string;
  description?: string;
}

export type ParameterType = ParameterSpec["type"];

/** Result of an upstream build that triggers this job (and any better result). */
export type UpstreamThreshold = "SUCCESS" | "UNSTABLE" | "FAILURE";

export interface TriggersSpec {
  /** "Build periodically": a Jenkins cron schedule such as "H 2 * * *". */
  cron?: string;
  /** "Poll SCM": a Jenkins cron schedule; "" polls only when notified by a commit hook. */
  pollScm?: string;
  /** "Build after other projects are built". */
  upstream?: UpstreamTriggerSpec;
}

export interface UpstreamTriggerSpec {
  /** Full names of the upstream jobs ("team/api-build"). */
  projects: string[];
  /** Default "SUCCESS". */
  threshold?: UpstreamThreshold;
}

/** "Discard old builds" (a LogRotator). Omitted values keep everything (-1 in Jenkins). */
export interface BuildDiscarderSpec {
  daysToKeep?: number;
  numToKeep?: number;
  artifactDaysToKeep?: number;
  artifactNumToKeep?: number;
}

/** A git repository (git plugin's GitSCM with one remote and one branch). */
export interface GitScmSpec {
  url: string;
  /** Branch specifier. Default "*\/main". */
  branch?: string;
  /** Id of a Jenkins credential (never the secret itself). */
  credentialsId?: string;
}

/** Pipeline script read from a git repository. */
export interface PipelineScmSpec extends GitScmSpec {
  /** Default "Jenkinsfile". */
  scriptPath?: string;
  /** Read the script without a full checkout. Default true (as the Jenkins UI). */
  lightweight?: boolean;
}

/** A Pipeline job: exactly one of `script` (inline) and `scm` (script from git). */
export interface PipelineSpec {
  /** Inline Pipeline script (Groovy). */
  script?: string;
  /** Run the inline script in the Groovy sandbox. Default true. Only with `script`. */
  sandbox?: boolean;
  scm?: PipelineScmSpec;
  parameters?: ParameterSpec[];
  triggers?: TriggersSpec;
  buildDiscarder?: BuildDiscarderSpec;
  /** Allow builds to run concurrently. Default true (as Jenkins does for Pipeline jobs). */
  concurrentBuilds?: boolean;
  /** Seconds a triggered build waits in the queue; the global default when omitted. */
  quietPeriod?: number;
}

export type BuildStepSpec = ShellStepSpec | BatchStepSpec;
export interface ShellStepSpec {
  /** "Execute shell" (hudson.tasks.Shell). */
  shell: string;
}
export interface BatchStepSpec {
  /** "Execute Windows batch command" (hudson.tasks.BatchFile). */
  batch: string;
}

export interface ArchiveArtifactsSpec {
  /** Ant-style pattern, e.g. "dist/**". */
  artifacts: string;
  /** Do not fail the build when nothing matches. Default false. */
  allowEmpty?: boolean;
  /** Record fingerprints of the archived files. Default false. */
  fingerprint?: boolean;
  /** Archive only when the build is successful (or unstable). Default false. */
  onlyIfSuccessful?: boolean;
}

export interface JunitSpec {
  /** Ant-style pattern of JUnit XML reports, e.g. "target/surefire-reports/*.xml". */
  testResults: string;
  /** Do not fail the build when no report is found. Default false. */
  allowEmptyResults?: boolean;
}

/** A freestyle job. Build steps run in the order given. */
export interface FreestyleSpec {
  /**
   * The agents the job runs on: a label expression such as "linux && docker" ("Restrict where this project can be
   * run"). Omitted: any node. The preview checks that a node with executors or a cloud matches it.
   */
  label?: string;
  scm?: GitScmSpec;
  steps?: BuildStepSpec[];
  triggers?: TriggersSpec;
  buildDiscarder?: BuildDiscarderSpec;
  archiveArtifacts?: ArchiveArtifactsSpec;
  junit?: JunitSpec;
  /** Allow builds to run concurrently. Default false (as Jenkins does for freestyle jobs). */
  concurrentBuild?: boolean;
  /** Seconds a triggered build waits in the queue; the global default when omitted. */
  quietPeriod?: number;
  parameters?: ParameterSpec[];
}

/** A folder (cloudbees-folder). Its description is the Job resource's `description` input. */
export interface FolderSpec {
  /** Name shown in the UI instead of the folder's own name. */
  displayName?: string;
}

/**
 * How often a multibranch project indexes its branches when nothing notifies it (cloudbees-folder's
 * PeriodicFolderTrigger; the values its UI offers).
 */
export type IndexingInterval =
  | "1m"
  | "2m"
  | "5m"
  | "10m"
  | "15m"
  | "20m"
  | "25m"
  | "30m"
  | "1h"
  | "2h"
  | "4h"
  | "8h"
  | "12h"
  | "1d"
  | "2d"
  | "7d"
  | "14d"
  | "28d";

/**
 * A git repository as a branch source (git plugin's GitSCMSource). `id` is the source's id: leave it out and
 * Jenkins assigns one, which the provider then keeps (a new id would make Jenkins re-create every branch job).
 */
export interface GitBranchSourceSpec {
  type: "git";
  /** The repository URL. */
  remote: string;
  /** Id of a Jenkins credential (never the secret itself). */
  credentialsId?: string;
  id?: string;
  /** Discover branches. Default true. */
  discoverBranches?: boolean;
  /** Discover tags. Default false. */
  discoverTags?: boolean;
  /** Space-separated wildcards of the branch (and tag) names to build, e.g. "main release/*". Default all. */
  includes?: string;
  /** Space-separated wildcards of names to leave out. */
  excludes?: string;
}

/** A GitHub repository as a branch source (github-branch-source's GitHubSCMSource), discovering its branches. */
export interface GitHubBranchSourceSpec {
  type: "github";
  repoOwner: string;
  repository: string;
  /** Id of a Jenkins credential (a GitHub app or token credential). */
  credentialsId?: string;
  /** GitHub Enterprise API endpoint, e.g. "https://github.example.com/api/v3"; github.com when omitted. */
  apiUri?: string;
  id?: string;
}

export type BranchSourceSpec = GitBranchSourceSpec | GitHubBranchSourceSpec;

/** What happens to the jobs of branches that are gone (DefaultOrphanedItemStrategy). Omitted: they are deleted. */
export interface OrphanedItemsSpec {
  /** Keep the jobs of gone branches for this many days. */
  daysToKeep?: number;
  /** Keep at most this many jobs of gone branches. */
  numToKeep?: number;
}

/**
 * A Multibranch Pipeline project (workflow-multibranch): one Pipeline job per branch of its sources, made, disabled
 * and deleted by Jenkins's branch indexing. The branch jobs are Jenkins's: never declared, planned or swept.
 */
export interface MultibranchSpec {
  /** At least one. */
  sources: BranchSourceSpec[];
  /** Path of the Pipeline script in each branch. Default "Jenkinsfile". */
  scriptPath?: string;
  orphanedItems?: OrphanedItemsSpec;
  /** Index the branches periodically, at this interval, besides when notified. */
  periodicIndexing?: IndexingInterval;
}

export type JobSpecKind = "pipeline" | "freestyle" | "folder" | "multibranch";

export interface JobSpecs {
  pipeline: PipelineSpec;
  freestyle: FreestyleSpec;
  folder: FolderSpec;
  multibranch: MultibranchSpec;
}

/** The two settings that live in config.xml but belong to the Job resource itself. */
export interface JobSpecFields {
  /** Written into `<description>`; "" when omitted. */
  description?: string;
  /** Written as `<disabled>` (jobs only; a folder cannot be disabled). Default true. */
  enabled?: boolean;
}
