/**
 * Typed job specs: plain-data descriptions of Pipeline jobs, freestyle jobs and folders, rendered to the
 * config.xml a current Jenkins stores for them.
 */
export type {
  ArchiveArtifactsSpec,
  BatchStepSpec,
  BooleanParameterSpec,
  BranchSourceSpec,
  GitBranchSourceSpec,
  GitHubBranchSourceSpec,
  IndexingInterval,
  MultibranchSpec,
  OrphanedItemsSpec,
  PasswordParameterSpec,
  BuildDiscarderSpec,
  BuildStepSpec,
  ChoiceParameterSpec,
  FolderSpec,
  FreestyleSpec,
  GitScmSpec,
  JobSpecFields,
  JobSpecKind,
  JobSpecs,
  JunitSpec,
  ParameterSpec,
  ParameterType,
  PipelineScmSpec,
  PipelineSpec,
  ShellStepSpec,
  StringParameterSpec,
  TriggersSpec,
  UpstreamThreshold,
  UpstreamTriggerSpec,
} from "./types";
export { JobSpecError, type SpecIssue } from "./errors";
export { JOB_SPEC_KINDS, specIssues, validateJobSpec } from "./validate";
export { renderPipeline, DEFAULT_SCRIPT_PATH } from "./pipeline";
export { renderFreestyle } from "./freestyle";
export { renderFolder } from "./folder";
export { renderMultibranch } from "./multibranch";
export { renderJobSpec } from "./render";
export { DEFAULT_BRANCH } from "./fragments";
export { RENDERED_PLUGIN_VERSIONS } from "./plugins";
export { XSTREAM_DECLARATION } from "./document";
export { parseJobSpec, type ParsedJobSpec } from "./parse";
export { unknownPath } from "./unknown";
