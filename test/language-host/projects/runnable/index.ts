/**
 * Jobs that name what they need to run: a folder defining a shared library, a declarative pipeline loading it on an
 * agent label, a scripted pipeline on a cloud label building a job of the same program, and a freestyle job tied
 * to a label with an upstream trigger on that job, on a Jenkins that has none of the jobs yet. The config `break`
 * breaks one thing (or several, separated by commas); `description` changes a description only.
 */
import * as pulumi from "@pulumi/pulumi";
import { Job } from "pulumi-jenkins-jobs";

const config = new pulumi.Config();
// One breakage, or several separated by commas.
const broken = new Set((config.get("break") ?? "").split(","));
const description = config.get("description") ?? "Builds the app";

const folderXml = `<?xml version='1.1' encoding='UTF-8'?>
<com.cloudbees.hudson.plugins.folder.Folder>
  <actions/>
  <description>The team's jobs</description>
  <properties>
    <org.jenkinsci.plugins.workflow.libs.FolderLibraries>
      <libraries>
        <org.jenkinsci.plugins.workflow.libs.LibraryConfiguration>
          <name>team-lib</name>
          <retriever class="org.jenkinsci.plugins.workflow.libs.SCMSourceRetriever">
            <clone>false</clone>
            <scm class="jenkins.plugins.git.GitSCMSource">
              <id>team-lib</id>
              <remote>https://git.example.com/team-lib.git</remote>
              <credentialsId></credentialsId>
              <traits/>
            </scm>
          </retriever>
          <defaultVersion>main</defaultVersion>
          <implicit>false</implicit>
          <allowVersionOverride>true</allowVersionOverride>
          <includeInChangesets>true</includeInChangesets>
        </org.jenkinsci.plugins.workflow.libs.LibraryConfiguration>
      </libraries>
    </org.jenkinsci.plugins.workflow.libs.FolderLibraries>
  </properties>
</com.cloudbees.hudson.plugins.folder.Folder>
`;

const team = new Job("team", { name: "team", configXml: folderXml });

const library = broken.has("library") ? "nowhere-lib" : "team-lib";
const label = broken.has("label-pipeline") ? "gpu" : "linux";
const tools = broken.has("tool") ? "\n  tools { maven 'M4' }" : "";
const stages = broken.has("no-stages")
  ? ""
  : `
  stages {
    stage('Build') {
      steps {
        sh 'make'
      }
    }
  }`;
const close = broken.has("brace") ? "" : "}\n";
new Job("app", {
  name: "app",
  folder: team.fullName,
  description,
  pipeline: {
    script: `@Library('${library}@main') _
pipeline {
  agent { label '${label}' }${tools}${stages}
${close}`,
  },
});

const target = broken.has("build-job") ? "deploi" : "app";
const quote = broken.has("unterminated") ? "" : "'";
new Job("release", {
  name: "release",
  folder: team.fullName,
  pipeline: {
    script: `node('cloud-x') {
  echo 'releasing${quote}
  build job: '${target}', wait: false
}
`,
  },
});

new Job("nightly", {
  name: "nightly",
  freestyle: {
    label: broken.has("label-freestyle") ? "gpu" : "linux",
    steps: [{ shell: "make nightly" }],
    triggers: { upstream: { projects: [broken.has("upstream") ? "team/ap" : "team/app"] } },
  },
});
