/**
 * A team folder with a job given as config.xml and a typed pipeline in it, a list view of the two, and a credential
 * whose secret comes from the stack config (`appToken`, secret). With `mode: dynamic` the program declares them with
 * this package's TypeScript classes (the dynamic provider); otherwise as the jenkins provider plugin's resources,
 * through the stand-in of a generated SDK beside it (../jenkins-sdk), whose aliases let a stack written with the
 * classes move over.
 * `deployDescription` changes one job; `imported` (JSON, resource name → inputs) declares the jobs and folders
 * imported with `pulumi import`, as the code the CLI generates declares them, and `importedViews` the views; `otherUrl`, `otherUser` and `otherToken` (secret) declare an explicit provider
 * for another controller and a job on it. `letGo` (resource names) declares `api-build`, `apps` or `app-token` with
 * `letGo: true` and `retainOnDelete`, and `dropped` (resource names) leaves them out of the program.
 */
import * as pulumi from "@pulumi/pulumi";
import { Credential, Job, View } from "pulumi-jenkins-jobs";
import * as jenkins from "../jenkins-sdk";

const config = new pulumi.Config();

const buildXml = `<?xml version='1.1' encoding='UTF-8'?>
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

const deployDescription = config.get("deployDescription") ?? "Deploys the API";
const deployPipeline = { script: "node {\n  sh 'make deploy'\n}\n" };
const appToken = config.requireSecret("appToken");

if (config.get("mode") === "dynamic") {
  const team = new Job("team", { name: "team", folderSpec: {}, description: "The team's jobs" });
  const build = new Job("api-build", { name: "api-build", folder: team.fullName, configXml: buildXml });
  const deploy = new Job("api-deploy", {
    name: "api-deploy",
    folder: team.fullName,
    description: deployDescription,
    pipeline: deployPipeline,
  });
  new View("apps", { name: "apps", folder: team.fullName, listView: { jobs: [build.name, deploy.name] } });
  new Credential("app-token", { id: "app-token", description: "The app's token", secretText: { secret: appToken } });
} else {
  const list = (key: string) => new Set((config.get(key) ?? "").split(",").filter((n) => n !== ""));
  const letGo = list("letGo");
  const dropped = list("dropped");
  const letGoArgs = (name: string) => (letGo.has(name) ? { letGo: true } : {});
  const letGoOpts = (name: string) => ({ retainOnDelete: letGo.has(name) });
  const team = new jenkins.Job("team", { name: "team", folderSpec: {}, description: "The team's jobs" });
  const build = dropped.has("api-build")
    ? undefined
    : new jenkins.Job(
        "api-build",
        { name: "api-build", folder: team.fullName, configXml: buildXml, ...letGoArgs("api-build") },
        letGoOpts("api-build"),
      );
  const deploy = new jenkins.Job("api-deploy", {
    name: "api-deploy",
    folder: team.fullName,
    description: deployDescription,
    pipeline: deployPipeline,
  });
  if (!dropped.has("apps"))
    new jenkins.View(
      "apps",
      {
        name: "apps",
        folder: team.fullName,
        listView: { jobs: [build?.name ?? "api-build", deploy.name] },
        ...letGoArgs("apps"),
      },
      letGoOpts("apps"),
    );
  // `id` is every resource's own output: a generated SDK names the credential's id `credentialId`.
  if (!dropped.has("app-token"))
    new jenkins.Credential(
      "app-token",
      {
        credentialId: "app-token",
        description: "The app's token",
        secretText: { secret: appToken },
        ...letGoArgs("app-token"),
      },
      letGoOpts("app-token"),
    );
  const imported = config.getObject<Record<string, jenkins.Inputs>>("imported") ?? {};
  for (const [name, inputs] of Object.entries(imported)) new jenkins.Job(name, inputs, { dependsOn: [team] });
  const importedViews = config.getObject<Record<string, jenkins.Inputs>>("importedViews") ?? {};
  for (const [name, inputs] of Object.entries(importedViews)) new jenkins.View(name, inputs);
  const otherUrl = config.get("otherUrl");
  if (otherUrl) {
    const other = new jenkins.Provider("other", {
      url: otherUrl,
      user: config.require("otherUser"),
      apiToken: config.requireSecret("otherToken"),
    });
    new jenkins.Job("elsewhere", { name: "elsewhere", configXml: buildXml }, { provider: other });
  }
}
