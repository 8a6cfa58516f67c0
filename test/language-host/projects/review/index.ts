/**
 * What a pull request reviewer meets: `review:services` Pipeline jobs from one template (whose build step is
 * `review:buildStep`), a deploy job with a password parameter from a secret, a job in the folder `review:toolsFolder`,
 * two jobs present or not (`review:withLegacy`, `review:withNew`), and with `review:brokenJobName` a job whose name
 * Jenkins refuses.
 */
import * as pulumi from "@pulumi/pulumi";
import { Job } from "pulumi-jenkins-jobs";

const config = new pulumi.Config();
const services = config.getNumber("services") ?? 300;
const buildStep = config.get("buildStep") ?? "make build";

const services_ = new Job("services", { name: "services", folderSpec: {}, description: "One job per service" });

function template(service: string): string {
  return `<?xml version="1.1" encoding="UTF-8"?>
<flow-definition plugin="workflow-job">
  <description>Builds ${service}</description>
  <keepDependencies>false</keepDependencies>
  <properties/>
  <definition class="org.jenkinsci.plugins.workflow.cps.CpsFlowDefinition" plugin="workflow-cps">
    <script>pipeline {
  agent any
  stages {
    stage('Checkout') {
      steps {
        git url: 'https://git.example.com/${service}.git', branch: 'main'
      }
    }
    stage('Build') {
      steps {
        sh '${buildStep}'
      }
    }
    stage('Test') {
      steps {
        sh 'make test'
      }
    }
  }
}</script>
    <sandbox>true</sandbox>
  </definition>
  <triggers/>
  <disabled>false</disabled>
</flow-definition>
`;
}

for (let i = 1; i <= services; i++) {
  const name = `service-${String(i).padStart(3, "0")}`;
  new Job(name, { name, folder: services_.fullName, configXml: template(name) });
}

new Job("deploy", {
  name: "deploy",
  description: config.get("deployDescription") ?? "Deploys the services",
  freestyle: {
    parameters: [
      { type: "string", name: "TARGET", default: "staging" },
      { type: "password", name: "DEPLOY_PASSWORD", default: config.requireSecret("deployPassword") },
    ],
    steps: [{ shell: './deploy.sh --target "$TARGET"' }],
  },
});

const tools = new Job("tools", { name: "tools", folderSpec: {} });
const platform = new Job("platform", { name: "platform", folderSpec: {} });
const folders: Record<string, pulumi.Output<string>> = { tools: tools.fullName, platform: platform.fullName };
new Job("lint", {
  name: "lint",
  folder: folders[config.get("toolsFolder") ?? "tools"],
  pipeline: { script: "node {\n  sh 'make lint'\n}\n" },
});

if (config.getBoolean("withLegacy") ?? true) {
  new Job("legacy-deploy", {
    name: "legacy-deploy",
    description: "The old deploy, replaced by deploy",
    freestyle: { steps: [{ shell: "./legacy-deploy.sh" }] },
  });
}

// A job whose name Jenkins refuses: its Check fails, and with it the preview.
const brokenName = config.get("brokenJobName");
if (brokenName !== undefined) new Job("broken", { name: brokenName, pipeline: { script: "node {}\n" } });

if (config.getBoolean("withNew") ?? false) {
  new Job("release", {
    name: "release",
    description: "Tags and publishes a release",
    pipeline: {
      script:
        "pipeline {\n  agent any\n  stages {\n    stage('Release') {\n      steps {\n        sh './release.sh'\n      }\n    }\n  }\n}\n",
      parameters: [{ type: "string", name: "VERSION", description: "The version to release" }],
    },
  });
}
