/**
 * Typed job specs: a folder holding a Pipeline job and a freestyle job, written as plain data instead of
 * config.xml, and a build of the pipeline that runs whenever the `version` config value changes.
 *
 * It imports the package by its name, exactly as a program of your own does.
 *
 * Stack config this program reads (all optional):
 *   typed-jobs:version       the release being built; a new value starts one build of `web/deploy` (default "1.0.0")
 *   typed-jobs:deployTarget  default (first choice) of the pipeline's TARGET parameter (default "staging")
 */
import * as pulumi from "@pulumi/pulumi";
import { BuildTrigger, Job, type FreestyleSpec, type PipelineSpec } from "pulumi-jenkins-jobs";

export const DEFAULT_VERSION = "1.0.0";
export const DEFAULT_TARGET = "staging";
const TARGETS = ["staging", "prod"];

/** The inline declarative script; `TARGET` and `VERSION` are the job's build parameters. */
export const DEPLOY_SCRIPT = [
  "pipeline {",
  "  agent any",
  "  stages {",
  "    stage('Deploy') {",
  "      steps {",
  '        sh \'./deploy.sh --target "$TARGET" --version "$VERSION"\'',
  "      }",
  "    }",
  "  }",
  "}",
].join("\n");

export function deploySpec(target: string): PipelineSpec {
  return {
    script: DEPLOY_SCRIPT,
    sandbox: true,
    parameters: [
      { type: "string", name: "VERSION", description: "Release to deploy", trim: true },
      // The first choice is the default: the configured target, then the others.
      { type: "choice", name: "TARGET", choices: [target, ...TARGETS.filter((t) => t !== target)] },
      { type: "boolean", name: "DRY_RUN", default: false, description: "Print what would be deployed" },
    ],
    // Also every weeknight, to catch a broken environment early.
    triggers: { cron: "H 2 * * 1-5" },
    buildDiscarder: { numToKeep: 30, artifactNumToKeep: 5 },
    concurrentBuilds: false,
  };
}

export const BUILD_SPEC: FreestyleSpec = {
  scm: { url: "https://git.example.com/web/site.git", branch: "*/main", credentialsId: "git-read" },
  steps: [
    { shell: "npm ci" },
    { shell: "npm test -- --reporter=junit --reporter-option output=reports/junit.xml" },
    { shell: "npm run build" },
  ],
  triggers: { pollScm: "H/5 * * * *" },
  buildDiscarder: { daysToKeep: 14 },
  junit: { testResults: "reports/*.xml" },
  archiveArtifacts: { artifacts: "dist/**", fingerprint: true, onlyIfSuccessful: true },
};

/** Specs to use instead of the ones above (the tests and the pull-request example show a change with them). */
export interface TypedJobsOverrides {
  deploy?: PipelineSpec;
  build?: FreestyleSpec;
}

export function typedJobs(overrides: TypedJobsOverrides = {}) {
  const config = new pulumi.Config("typed-jobs");
  const version = config.get("version") ?? DEFAULT_VERSION;
  const target = config.get("deployTarget") ?? DEFAULT_TARGET;

  // A folder is a Job too; its children name it through `folder: web.fullName`, so it is created first.
  const web = new Job("web", {
    name: "web",
    folderSpec: { displayName: "Web site" },
    description: "Jobs of the web team",
  });

  const build = new Job("web-build", {
    name: "build",
    folder: web.fullName,
    freestyle: overrides.build ?? BUILD_SPEC,
    description: "Tests and builds the web site on every push",
  });

  const deploy = new Job("web-deploy", {
    name: "deploy",
    folder: web.fullName,
    pipeline: overrides.deploy ?? deploySpec(target),
    description: "Deploys a release of the web site",
  });

  // Starts one build when the stack is created and one whenever `version` changes; nothing otherwise.
  const release = new BuildTrigger("web-deploy-release", {
    job: deploy.fullName,
    parameters: { VERSION: version },
    triggers: [version],
  });

  return {
    buildUrl: build.url,
    deployUrl: deploy.url,
    releaseQueueUrl: release.queueUrl,
  };
}
