/**
 * Credentials named by literal ids rather than by reference: a folder's credential and a system one, each declared
 * before the jobs that name them, on a Jenkins that has neither yet. The preview must pass: the Credentials'
 * checks record what the program declares before the jobs' checks look.
 */
import * as pulumi from "@pulumi/pulumi";
import { Credential, Job } from "pulumi-jenkins-jobs";

const config = new pulumi.Config();
const team = new Job("team", { name: "team", folderSpec: {} });
new Credential("team-token", {
  id: "team-token",
  folder: team.fullName,
  secretText: { secret: config.requireSecret("token") },
});
new Credential("org-bot", {
  id: "org-bot",
  usernamePassword: { username: "bot", password: config.requireSecret("password") },
});
new Job("api", {
  name: "api",
  folder: team.fullName,
  pipeline: { scm: { url: "https://git.example.com/api.git", credentialsId: "team-token" } },
});
new Job("nightly", {
  name: "nightly",
  freestyle: {
    scm: { url: "https://git.example.com/tools.git", credentialsId: "org-bot" },
    steps: [{ shell: "make" }],
  },
});
