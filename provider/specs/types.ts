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

/** A build parameter ("This project is parameterized"): one of the four types, told apart by `type`. */
export type ParameterSpec = StringParameterSpec | BooleanParameterSpec | ChoiceParameterSpec | PasswordParameterSpec;

/** A string parameter (`hudson.model.StringParameterDefinition`). */
export interface StringParameterSpec {
  /** Tells the parameter types apart. */
  type: "string";
  /** The parameter's name, as builds see it. */
  name: string;
  /**
   * Default value.
   *
   * @defaultValue `""`
   */
  default?: string;
  /** Shown next to the parameter when a build is started by hand. */
  description?: string;
  /**
   * Strip leading and trailing whitespace from the value.
   *
   * @defaultValue `false`
   */
  trim?: boolean;
}

/** A boolean parameter (`hudson.model.BooleanParameterDefinition`). */
export interface BooleanParameterSpec {
  /** Tells the parameter types apart. */
  type: "boolean";
  /** The parameter's name, as builds see it. */
  name: string;
  /**
   * Default value.
   *
   * @defaultValue `false`
   */
  default?: boolean;
  /** Shown next to the parameter when a build is started by hand. */
  description?: string;
}

/** A choice parameter (`hudson.model.ChoiceParameterDefinition`). */
export interface ChoiceParameterSpec {
  /** Tells the parameter types apart. */
  type: "choice";
  /** The parameter's name, as builds see it. */
  name: string;
  /** At least one; the first is the default (Jenkins has no separate default for a choice). */
  choices: string[];
  /** Shown next to the parameter when a build is started by hand. */
  description?: string;
}

/**
 * A password parameter (`hudson.model.PasswordParameterDefinition`), whose default Jenkins stores encrypted. In a
 * program, give the default as a `pulumi.secret`: the Job resource moves it into an input Pulumi encrypts and
 * leaves a placeholder (`[secret 1]`) in the spec, so neither the state nor `pulumi preview --diff` shows it.
 */
export interface PasswordParameterSpec {
  /** Tells the parameter types apart. */
  type: "password";
  /** The parameter's name, as builds see it. */
  name: string;
  /**
   * Default value, best a `pulumi.secret` (see {@link PasswordParameterInput}).
   *
   * @defaultValue `""`
   */
  default?: string;
  /** Shown next to the parameter when a build is started by hand. */
  description?: string;
}

/** The `type` of a build parameter. */
export type ParameterType = ParameterSpec["type"];

/** Result of an upstream build that triggers this job (and any better result). */
export type UpstreamThreshold = "SUCCESS" | "UNSTABLE" | "FAILURE";

/** What starts a build besides a person or a script: a schedule, SCM polling, other jobs. */
export interface TriggersSpec {
  /** "Build periodically": a Jenkins cron schedule such as "H 2 * * *". */
  cron?: string;
  /** "Poll SCM": a Jenkins cron schedule; "" polls only when notified by a commit hook. */
  pollScm?: string;
  /** "Build after other projects are built". */
  upstream?: UpstreamTriggerSpec;
}

/** "Build after other projects are built" (`jenkins.triggers.ReverseBuildTrigger`). */
export interface UpstreamTriggerSpec {
  /** Full names of the upstream jobs ("team/api-build"). */
  projects: string[];
  /**
   * The worst result of an upstream build that still starts this job.
   *
   * @defaultValue `"SUCCESS"`
   */
  threshold?: UpstreamThreshold;
}

/** "Discard old builds" (a LogRotator). Omitted values keep everything (-1 in Jenkins). */
export interface BuildDiscarderSpec {
  /**
   * Keep builds for this many days.
   *
   * @defaultValue no limit
   */
  daysToKeep?: number;
  /**
   * Keep at most this many builds.
   *
   * @defaultValue no limit
   */
  numToKeep?: number;
  /**
   * Keep builds' artifacts for this many days.
   *
   * @defaultValue no limit
   */
  artifactDaysToKeep?: number;
  /**
   * Keep the artifacts of at most this many builds.
   *
   * @defaultValue no limit
   */
  artifactNumToKeep?: number;
}

/** A git repository (git plugin's GitSCM with one remote and one branch). */
export interface GitScmSpec {
  /** The repository URL. */
  url: string;
  /**
   * Branch specifier.
   *
   * @defaultValue `"*\/main"`
   */
  branch?: string;
  /** Id of a Jenkins credential (never the secret itself). */
  credentialsId?: string;
}

/** Pipeline script read from a git repository. */
export interface PipelineScmSpec extends GitScmSpec {
  /**
   * Path of the Pipeline script in the repository.
   *
   * @defaultValue `"Jenkinsfile"`
   */
  scriptPath?: string;
  /**
   * Read the script without a full checkout.
   *
   * @defaultValue `true` (as the Jenkins UI)
   */
  lightweight?: boolean;
}

/**
 * A Pipeline job (`flow-definition`, the `pipeline` input of a Job): exactly one of `script` (inline) and `scm`
 * (script from git). A change to any field updates the job in place.
 */
export interface PipelineSpec {
  /** Inline Pipeline script (Groovy). */
  script?: string;
  /**
   * Run the inline script in the Groovy sandbox. Only with `script`.
   *
   * @defaultValue `true`
   */
  sandbox?: boolean;
  /** The Pipeline script from a git repository. */
  scm?: PipelineScmSpec;
  /** Build parameters, in the order Jenkins shows them. */
  parameters?: ParameterSpec[];
  /** What starts a build besides a person or a script. */
  triggers?: TriggersSpec;
  /** Which old builds Jenkins discards. */
  buildDiscarder?: BuildDiscarderSpec;
  /**
   * Allow builds to run concurrently.
   *
   * @defaultValue `true` (as Jenkins does for Pipeline jobs)
   */
  concurrentBuilds?: boolean;
  /**
   * Seconds a triggered build waits in the queue.
   *
   * @defaultValue the global quiet period of Jenkins
   */
  quietPeriod?: number;
}

/** A build step of a freestyle job. */
export type BuildStepSpec = ShellStepSpec | BatchStepSpec;
/** A shell step. */
export interface ShellStepSpec {
  /** "Execute shell" (hudson.tasks.Shell). */
  shell: string;
}
/** A Windows batch step. */
export interface BatchStepSpec {
  /** "Execute Windows batch command" (hudson.tasks.BatchFile). */
  batch: string;
}

/** "Archive the artifacts" (`hudson.tasks.ArtifactArchiver`). */
export interface ArchiveArtifactsSpec {
  /** Ant-style pattern, e.g. "dist/**". */
  artifacts: string;
  /**
   * Do not fail the build when nothing matches.
   *
   * @defaultValue `false`
   */
  allowEmpty?: boolean;
  /**
   * Record fingerprints of the archived files.
   *
   * @defaultValue `false`
   */
  fingerprint?: boolean;
  /**
   * Archive only when the build is successful (or unstable).
   *
   * @defaultValue `false`
   */
  onlyIfSuccessful?: boolean;
}

/** "Publish JUnit test result report" (`hudson.tasks.junit.JUnitResultArchiver`). */
export interface JunitSpec {
  /** Ant-style pattern of JUnit XML reports, e.g. "target/surefire-reports/*.xml". */
  testResults: string;
  /**
   * Do not fail the build when no report is found.
   *
   * @defaultValue `false`
   */
  allowEmptyResults?: boolean;
}

/**
 * A freestyle job (`project`, the `freestyle` input of a Job). Build steps run in the order given. A change to any
 * field updates the job in place.
 */
export interface FreestyleSpec {
  /**
   * The agents the job runs on: a label expression such as "linux && docker" ("Restrict where this project can be
   * run"). Omitted: any node. The preview checks that a node with executors or a cloud matches it.
   */
  label?: string;
  /** The git repository checked out before the steps. */
  scm?: GitScmSpec;
  /** Build steps, run in this order. */
  steps?: BuildStepSpec[];
  /** What starts a build besides a person or a script. */
  triggers?: TriggersSpec;
  /** Which old builds Jenkins discards. */
  buildDiscarder?: BuildDiscarderSpec;
  /** Files archived after the steps. */
  archiveArtifacts?: ArchiveArtifactsSpec;
  /** JUnit reports recorded after the steps. */
  junit?: JunitSpec;
  /**
   * Allow builds to run concurrently.
   *
   * @defaultValue `false` (as Jenkins does for freestyle jobs)
   */
  concurrentBuild?: boolean;
  /**
   * Seconds a triggered build waits in the queue.
   *
   * @defaultValue the global quiet period of Jenkins
   */
  quietPeriod?: number;
  /** Build parameters, in the order Jenkins shows them. */
  parameters?: ParameterSpec[];
}

/**
 * A folder (cloudbees-folder, the `folderSpec` input of a Job). Its description is the Job resource's
 * `description` input. A change to any field updates the folder in place.
 */
export interface FolderSpec {
  /**
   * Name shown in the UI instead of the folder's own name.
   *
   * @defaultValue the folder's `name`
   */
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
  /** Tells the branch source types apart. */
  type: "git";
  /** The repository URL. */
  remote: string;
  /** Id of a Jenkins credential (never the secret itself). */
  credentialsId?: string;
  /**
   * The source's id. Changing it makes Jenkins re-create every branch job.
   *
   * @defaultValue assigned by Jenkins, then kept
   */
  id?: string;
  /**
   * Discover branches.
   *
   * @defaultValue `true`
   */
  discoverBranches?: boolean;
  /**
   * Discover tags.
   *
   * @defaultValue `false`
   */
  discoverTags?: boolean;
  /**
   * Space-separated wildcards of the branch (and tag) names to build, e.g. "main release/*".
   *
   * @defaultValue all names
   */
  includes?: string;
  /** Space-separated wildcards of names to leave out. */
  excludes?: string;
}

/** A GitHub repository as a branch source (github-branch-source's GitHubSCMSource), discovering its branches. */
export interface GitHubBranchSourceSpec {
  /** Tells the branch source types apart. */
  type: "github";
  /** The owner (user or organization) of the repository. */
  repoOwner: string;
  /** The repository's name. */
  repository: string;
  /** Id of a Jenkins credential (a GitHub app or token credential). */
  credentialsId?: string;
  /**
   * GitHub Enterprise API endpoint, e.g. "https://github.example.com/api/v3".
   *
   * @defaultValue github.com
   */
  apiUri?: string;
  /**
   * The source's id. Changing it makes Jenkins re-create every branch job.
   *
   * @defaultValue assigned by Jenkins, then kept
   */
  id?: string;
}

/** A branch source of a multibranch project, told apart by `type`. */
export type BranchSourceSpec = GitBranchSourceSpec | GitHubBranchSourceSpec;

/** What happens to the jobs of branches that are gone (DefaultOrphanedItemStrategy). Omitted: they are deleted. */
export interface OrphanedItemsSpec {
  /** Keep the jobs of gone branches for this many days. */
  daysToKeep?: number;
  /** Keep at most this many jobs of gone branches. */
  numToKeep?: number;
}

/**
 * A Multibranch Pipeline project (workflow-multibranch, the `multibranch` input of a Job): one Pipeline job per
 * branch of its sources, made, disabled and deleted by Jenkins's branch indexing. The branch jobs are Jenkins's:
 * never declared, planned or swept. A change to any field updates the project in place.
 */
export interface MultibranchSpec {
  /** The branch sources; at least one. */
  sources: BranchSourceSpec[];
  /**
   * Path of the Pipeline script in each branch.
   *
   * @defaultValue `"Jenkinsfile"`
   */
  scriptPath?: string;
  /**
   * What happens to the jobs of branches that are gone.
   *
   * @defaultValue they are deleted
   */
  orphanedItems?: OrphanedItemsSpec;
  /**
   * Index the branches periodically, at this interval, besides when notified.
   *
   * @defaultValue no periodic indexing
   */
  periodicIndexing?: IndexingInterval;
}

/** The kinds of typed spec. */
export type JobSpecKind = "pipeline" | "freestyle" | "folder" | "multibranch";

/** Each kind of typed spec by name. */
export interface JobSpecs {
  /** The `pipeline` input's spec. */
  pipeline: PipelineSpec;
  /** The `freestyle` input's spec. */
  freestyle: FreestyleSpec;
  /** The `folderSpec` input's spec. */
  folder: FolderSpec;
  /** The `multibranch` input's spec. */
  multibranch: MultibranchSpec;
}

/** The two settings that live in config.xml but belong to the Job resource itself. */
export interface JobSpecFields {
  /**
   * Written into `<description>`.
   *
   * @defaultValue `""`
   */
  description?: string;
  /**
   * Written as `<disabled>` (jobs only; a folder cannot be disabled).
   *
   * @defaultValue `true`
   */
  enabled?: boolean;
}
