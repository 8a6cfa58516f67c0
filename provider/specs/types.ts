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

export type JobSpecKind = "pipeline" | "freestyle" | "folder";

export interface JobSpecs {
  pipeline: PipelineSpec;
  freestyle: FreestyleSpec;
  folder: FolderSpec;
}

/** The two settings that live in config.xml but belong to the Job resource itself. */
export interface JobSpecFields {
  /** Written into `<description>`; "" when omitted. */
  description?: string;
  /** Written as `<disabled>` (jobs only; a folder cannot be disabled). Default true. */
  enabled?: boolean;
}
