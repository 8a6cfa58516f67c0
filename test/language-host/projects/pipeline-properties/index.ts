/**
 * Two Pipeline jobs whose scripts set job properties when they run: a declarative one (typed spec) with
 * `parameters`, `triggers` and `options`, and a scripted one (config.xml) calling `properties([...])` beside a build
 * discarder the program declares itself. Stack config: `greeting` (the default of the declarative GREETING
 * parameter), `declareBranch` (the scripted job also declares the BRANCH parameter its script sets).
 */
import * as pulumi from "@pulumi/pulumi";
import { Job } from "pulumi-jenkins-jobs";

const config = new pulumi.Config();
const greeting = config.get("greeting") ?? "hello";

const release = new Job("release", {
  name: "release",
  pipeline: {
    script: [
      "pipeline {",
      "  agent any",
      "  parameters {",
      `    string(name: 'GREETING', defaultValue: '${greeting}', description: 'Who to greet')`,
      "    choice(name: 'TARGET', choices: ['staging', 'production'])",
      "  }",
      "  triggers { cron('H 4 * * 1-5') }",
      "  options {",
      "    disableConcurrentBuilds()",
      "    buildDiscarder(logRotator(numToKeepStr: '20'))",
      "  }",
      "  stages {",
      "    stage('Greet') { steps { echo \"${params.GREETING}\" } }",
      "  }",
      "}",
    ].join("\n"),
  },
});

const SCRIPT = `properties([
  parameters([string(name: 'BRANCH', defaultValue: 'main')]),
  pipelineTriggers([pollSCM('H/15 * * * *')]),
])
node {
  echo "building \${params.BRANCH}"
}`;

const BRANCH_PARAMETER = `
    <hudson.model.ParametersDefinitionProperty>
      <parameterDefinitions>
        <hudson.model.StringParameterDefinition>
          <name>BRANCH</name>
          <defaultValue>main</defaultValue>
          <trim>false</trim>
        </hudson.model.StringParameterDefinition>
      </parameterDefinitions>
    </hudson.model.ParametersDefinitionProperty>`;

const escape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

const nightly = new Job("nightly", {
  name: "nightly",
  configXml: `<?xml version='1.1' encoding='UTF-8'?>
<flow-definition plugin="workflow-job">
  <description>Nightly build</description>
  <keepDependencies>false</keepDependencies>
  <properties>
    <jenkins.model.BuildDiscarderProperty>
      <strategy class="hudson.tasks.LogRotator">
        <daysToKeep>-1</daysToKeep>
        <numToKeep>7</numToKeep>
        <artifactDaysToKeep>-1</artifactDaysToKeep>
        <artifactNumToKeep>-1</artifactNumToKeep>
      </strategy>
    </jenkins.model.BuildDiscarderProperty>${config.getBoolean("declareBranch") ? BRANCH_PARAMETER : ""}
  </properties>
  <definition class="org.jenkinsci.plugins.workflow.cps.CpsFlowDefinition" plugin="workflow-cps">
    <script>${escape(SCRIPT)}</script>
    <sandbox>true</sandbox>
  </definition>
  <triggers/>
  <disabled>false</disabled>
</flow-definition>
`,
});

export const releaseUrl = release.url;
export const nightlyUrl = nightly.url;
