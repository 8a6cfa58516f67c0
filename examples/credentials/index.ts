/**
 * Credentials as code. A folder holds an SSH key and a secret text in its own credentials store; the system store
 * holds a git bot's login. A pipeline from git and a freestyle job use them by reference (`credentialId`), so
 * Pulumi makes each credential before the job that needs it, and the preview checks every id a job names against
 * the stores the job sees. Every secret comes from secret stack config and stays encrypted in the state.
 *
 * `credentials:typo true` adds a job that names "deploy-kye": the preview fails, naming the job, the id, the stores
 * searched and the closest id ("deploy-key").
 */
import * as pulumi from "@pulumi/pulumi";
import { Credential, Job } from "pulumi-jenkins-jobs";

const config = new pulumi.Config();

const platform = new Job("platform", {
  name: config.get("folderName") ?? "platform",
  folderSpec: {},
  description: "The platform team's jobs and credentials",
});

// In the folder's store: only the jobs inside the folder see them.
const deployKey = new Credential("deploy-key", {
  id: "deploy-key",
  folder: platform.fullName,
  description: "Deploy key of the api repository",
  sshPrivateKey: { username: "git", privateKey: config.requireSecret("deployKey") },
});
const registryToken = new Credential("registry-token", {
  id: "registry-token",
  folder: platform.fullName,
  description: config.get("registryDescription") ?? "Pushes images to the registry",
  secretText: { secret: config.requireSecret("registryToken") },
});

// In the system store: every job sees it.
const gitBot = new Credential("git-bot", {
  id: "git-bot",
  description: "The bot that tags releases",
  usernamePassword: { username: "release-bot", password: config.requireSecret("botPassword") },
});

const api = new Job("api", {
  name: "api",
  folder: platform.fullName,
  pipeline: {
    scm: { url: "git@git.example.com:platform/api.git", branch: "*/main", credentialsId: deployKey.credentialId },
  },
});

const release = new Job("release", {
  name: "release",
  folder: platform.fullName,
  freestyle: {
    scm: { url: "https://git.example.com/platform/api.git", credentialsId: gitBot.credentialId },
    steps: [{ shell: "make release" }],
  },
});

if (config.getBoolean("typo")) {
  // A literal id with a typo: caught by the preview, before anything is sent.
  new Job("broken", {
    name: "broken",
    folder: platform.fullName,
    pipeline: { scm: { url: "git@git.example.com:platform/api.git", credentialsId: "deploy-kye" } },
  });
}

export const credentialUrls = [deployKey.url, registryToken.url, gitBot.url];
export const jobUrls = [api.url, release.url];
