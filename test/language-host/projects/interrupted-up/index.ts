/**
 * A folder holding a credential in its store, a list view, a release job whose password parameter comes from a
 * secret, and `interrupted-up:count` freestyle jobs (default 200), which the engine creates in parallel. The
 * jobs come after the credential, the view and the release job, so an `up` cut short in the middle of the jobs has
 * made those.
 */
import * as pulumi from "@pulumi/pulumi";
import { Credential, Job, View } from "pulumi-jenkins-jobs";

const config = new pulumi.Config();
const count = config.getNumber("count") ?? 200;
const token = config.requireSecret("token");

const estate = new Job("estate", { name: "estate", description: "The services", folderSpec: {} });
const deployToken = new Credential("deploy-token", {
  id: "deploy-token",
  folder: estate.fullName,
  secretText: { secret: token },
});
const services = new View("services", {
  name: "services",
  folder: estate.fullName,
  listView: { includeRegex: "service-.*" },
});
const release = new Job("release", {
  name: "release",
  folder: estate.fullName,
  freestyle: {
    parameters: [{ type: "password", name: "DEPLOY_TOKEN", default: token, description: "Token of the registry" }],
    steps: [{ shell: "./release.sh" }],
  },
});

export const urls = Array.from({ length: count }, (_, i) => {
  const name = `service-${i + 1}`;
  const spec = { name, folder: estate.fullName, freestyle: { steps: [{ shell: `make ${name}` }] } };
  return new Job(name, spec, { dependsOn: [deployToken, services, release] }).url;
});
