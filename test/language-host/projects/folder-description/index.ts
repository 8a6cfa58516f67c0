/** A folder whose description is stack config, and two jobs declared inside it through the folder's fullName. */
import * as pulumi from "@pulumi/pulumi";
import { Job } from "pulumi-jenkins-jobs";

const config = new pulumi.Config();
const apps = new Job("apps", {
  name: "apps",
  folderSpec: {},
  description: config.get("description") ?? "Applications",
});
const build = new Job("build", {
  name: "build",
  folder: apps.fullName,
  pipeline: { script: "node {\n  sh 'make'\n}\n" },
});
const deploy = new Job("deploy", {
  name: "deploy",
  folder: apps.fullName,
  pipeline: { script: "node {\n  sh 'make deploy'\n}\n" },
  description: pulumi.interpolate`Deploys what ${build.fullName} built`,
});

export const buildUrl = build.url;
export const deployUrl = deploy.url;
