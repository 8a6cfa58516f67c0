/** Specs shared by the spec tests: a minimal and a full one of each kind. */
import type { FolderSpec, FreestyleSpec, JobSpecFields, PipelineSpec } from "../../provider/specs";

export const PIPELINE_MINIMAL: PipelineSpec = { script: "node {\n  echo 'hello'\n}" };

export const PIPELINE_FULL: PipelineSpec = {
  scm: {
    url: "https://git.example.com/team/api.git",
    branch: "*/release",
    credentialsId: "git-read",
    scriptPath: "ci/Jenkinsfile",
    lightweight: false,
  },
  parameters: [
    { type: "string", name: "TARGET", default: "staging", description: "Where to deploy", trim: true },
    { type: "boolean", name: "DRY_RUN", default: true },
    { type: "choice", name: "REGION", choices: ["eu-west-1", "us-east-1"], description: "Region" },
  ],
  triggers: {
    cron: "H 2 * * 1-5",
    pollScm: "H/15 * * * *",
    upstream: { projects: ["team/lib", "team/tools"], threshold: "UNSTABLE" },
  },
  buildDiscarder: { numToKeep: 20, artifactNumToKeep: 5 },
  concurrentBuilds: false,
  quietPeriod: 10,
};

export const PIPELINE_FULL_FIELDS: JobSpecFields = { description: 'Deploys the API "nightly"', enabled: false };

export const FREESTYLE_MINIMAL: FreestyleSpec = { steps: [{ shell: "make test" }] };

export const FREESTYLE_FULL: FreestyleSpec = {
  scm: { url: "https://git.example.com/team/web.git", branch: "*/develop", credentialsId: "git-read" },
  steps: [
    { shell: '#!/bin/bash\nset -eu\necho "building $GIT_COMMIT"\nmake dist' },
    { batch: "call build.cmd & exit /b 0" },
    { shell: "./run-tests.sh" },
  ],
  triggers: { cron: "@midnight", pollScm: "" },
  buildDiscarder: { daysToKeep: 30, numToKeep: 50, artifactDaysToKeep: 7, artifactNumToKeep: 3 },
  archiveArtifacts: { artifacts: "dist/**/*.zip", allowEmpty: true, fingerprint: true, onlyIfSuccessful: true },
  junit: { testResults: "reports/junit/*.xml", allowEmptyResults: true },
  concurrentBuild: true,
  quietPeriod: 0,
  parameters: [
    { type: "string", name: "VERSION" },
    { type: "choice", name: "FLAVOUR", choices: ["release", "debug"] },
  ],
};

export const FREESTYLE_FULL_FIELDS: JobSpecFields = { description: "Web build", enabled: true };

export const FOLDER_MINIMAL: FolderSpec = {};
export const FOLDER_FULL: FolderSpec = { displayName: "Team Web & API" };
export const FOLDER_FULL_FIELDS: JobSpecFields = { description: "Jobs of the web team" };
