/**
 * The program of test/fixtures/upgrade-main-7430377 (a folder, jobs given as config.xml and as a typed pipeline, a
 * list view, credentials in the system store and in the folder's store) with each resource moved to the jenkins
 * provider plugin's type: the classes of the stand-in SDK (../jenkins-sdk) in place of this package's, the same
 * names and inputs, a Credential's id as `credentialId`. Its project name is the fixture's, so its resources find
 * the fixture's state through their aliases.
 */
import * as pulumi from "@pulumi/pulumi";
import { Credential, Job, View } from "../jenkins-sdk";

const config = new pulumi.Config();

const freestyleXml = `<?xml version='1.1' encoding='UTF-8'?>
<project>
  <description>Builds the API</description>
  <keepDependencies>false</keepDependencies>
  <canRoam>true</canRoam>
  <disabled>false</disabled>
  <builders>
    <hudson.tasks.Shell>
      <command>make test</command>
    </hudson.tasks.Shell>
  </builders>
</project>
`;

const nightlyXml = `<?xml version='1.1' encoding='UTF-8'?>
<project>
  <description>Runs every night</description>
  <keepDependencies>false</keepDependencies>
  <canRoam>true</canRoam>
  <disabled>false</disabled>
  <builders>
    <hudson.tasks.Shell>
      <command>make nightly</command>
    </hudson.tasks.Shell>
  </builders>
</project>
`;

const team = new Job("team", { name: "team", folderSpec: {}, description: "The team's jobs" });
const build = new Job("api-build", {
  name: "api-build",
  folder: team.fullName,
  configXml: freestyleXml,
  description: "Builds and tests the API",
});
const deploy = new Job("api-deploy", {
  name: "api-deploy",
  folder: team.fullName,
  description: config.get("deployDescription") ?? "Deploys the API",
  pipeline: { script: "node {\n  sh 'make deploy'\n}\n" },
});
new Job("nightly", { name: "nightly", configXml: nightlyXml });
const apps = new View("apps", { name: "apps", folder: team.fullName, listView: { jobs: [build.name, deploy.name] } });
new Credential("app-token", {
  credentialId: "app-token",
  description: "The app's API token",
  secretText: { secret: config.requireSecret("appToken") },
});
new Credential("team-token", {
  credentialId: "team-token",
  folder: team.fullName,
  secretText: { secret: config.requireSecret("teamToken") },
});

export const deployUrl = deploy.url;
export const appsUrl = apps.url;
