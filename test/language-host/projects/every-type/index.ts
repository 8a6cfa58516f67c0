/**
 * One resource of each type the package has: `team`, a folder from the spec; `build`, a typed pipeline in it; `apps`,
 * a list view of it; `token`, a secret-text credential in the folder's store (its secret from the stack config);
 * `sweep`, a folder sweep that reports what the folder holds beyond `build`; `kick`, a build trigger of `build`.
 */
import * as pulumi from "@pulumi/pulumi";
import { BuildTrigger, Credential, FolderSweep, Job, View } from "pulumi-jenkins-jobs";

const config = new pulumi.Config();
const team = new Job("team", { name: "team", folderSpec: { displayName: "Team" }, description: "The team's jobs" });
const build = new Job("build", {
  name: "build",
  folder: team.fullName,
  description: "Builds the service",
  pipeline: { script: "node {\n  sh 'make test'\n}\n" },
});
new View("apps", { name: "apps", folder: team.fullName, listView: { jobs: [build.name] } });
new Credential("token", {
  id: "team-token",
  folder: team.fullName,
  description: "Pushes images",
  secretText: { secret: config.requireSecret("token") },
});
new FolderSweep("sweep", { folder: team.fullName, keep: [build.fullName], action: "report" });
new BuildTrigger("kick", { job: build.fullName, triggers: ["1"] });
