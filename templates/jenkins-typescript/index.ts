import * as pulumi from "@pulumi/pulumi";
import { Job, type PipelineSpec } from "pulumi-jenkins-jobs";

const config = new pulumi.Config();

// A folder for this project's jobs: deleting the stack deletes the folder after what it holds.
const folder = new Job("folder", {
  name: config.get("folder") ?? "${PROJECT}",
  folderSpec: { displayName: "${PROJECT}" },
  description: "Jobs managed by the ${PROJECT} Pulumi project",
});

// A pipeline from a typed spec: the provider renders the config.xml Jenkins stores for it, and
// `pulumi preview --diff` shows a change to it as the property (or the script lines) that changed.
const pipeline: PipelineSpec = {
  script: [
    "pipeline {",
    "  agent any",
    "  stages {",
    "    stage('Build') {",
    "      steps {",
    "        sh 'echo Building'",
    "      }",
    "    }",
    "  }",
    "}",
    "",
  ].join("\n"),
  parameters: [{ type: "choice", name: "TARGET", choices: ["staging", "production"] }],
  buildDiscarder: { numToKeep: 20 },
};

const build = new Job("build", {
  name: "build",
  folder: folder.fullName,
  description: "Builds the project",
  pipeline,
});

export const folderUrl = folder.url;
export const buildUrl = build.url;
