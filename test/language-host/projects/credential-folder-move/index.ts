/**
 * A folder holding a credential and a job using it, and an `org` folder. `credential-folder-move:moved true` moves
 * the team folder into `org` (in place, keeping everything inside): the credential, declared in the team folder's
 * store by its `fullName`, goes with it.
 */
import * as pulumi from "@pulumi/pulumi";
import { Credential, Job } from "pulumi-jenkins-jobs";

const config = new pulumi.Config();
const org = new Job("org", { name: "org", folderSpec: {} });
const team = new Job("team", {
  name: "team",
  folder: config.getBoolean("moved") ? org.fullName : undefined,
  folderSpec: {},
});
const token = new Credential("token", {
  id: "team-token",
  folder: team.fullName,
  secretText: { secret: config.requireSecret("token") },
});
new Job("build", {
  name: "build",
  folder: team.fullName,
  pipeline: { scm: { url: "https://git.example.com/team/build.git", credentialsId: token.credentialId } },
});
