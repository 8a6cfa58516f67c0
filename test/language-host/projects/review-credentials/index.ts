/**
 * Credentials a pull request changes: a login in the system store (`review-credentials:registryDescription`,
 * `registryUser`, the secret `registryPassword`), a secret text whose id is `githubTokenId`, a secret text to rotate
 * (`npmToken`), one present or not (`withLegacy`), an SSH key present or not (`withDeployKey`), and a folder that
 * `moved` moves into `org` in place with the credential in its store and the job using it.
 */
import * as pulumi from "@pulumi/pulumi";
import { Credential, Job } from "pulumi-jenkins-jobs";

const config = new pulumi.Config();

new Credential("registry", {
  id: "registry",
  description: config.get("registryDescription") ?? "Docker registry",
  usernamePassword: {
    username: config.get("registryUser") ?? "ci",
    password: config.requireSecret("registryPassword"),
  },
});

new Credential("github-token", {
  id: config.get("githubTokenId") ?? "github-token",
  description: "GitHub API",
  secretText: { secret: config.requireSecret("githubToken") },
});

new Credential("npm-token", { id: "npm-token", secretText: { secret: config.requireSecret("npmToken") } });

if (config.getBoolean("withLegacy") ?? true) {
  new Credential("legacy-token", {
    id: "legacy-token",
    description: "The old deploy token",
    secretText: { secret: config.requireSecret("legacyToken") },
  });
}

if (config.getBoolean("withDeployKey") ?? false) {
  new Credential("deploy-key", {
    id: "deploy-key",
    description: "Pushes release tags",
    sshPrivateKey: {
      username: "git",
      privateKey: config.requireSecret("deployKey"),
      passphrase: config.requireSecret("deployKeyPassphrase"),
    },
    secretVersion: "2026-11",
  });
}

const org = new Job("org", { name: "org", folderSpec: {} });
const team = new Job("team", {
  name: "team",
  folder: config.getBoolean("moved") ? org.fullName : undefined,
  folderSpec: {},
});
const teamToken = new Credential("team-token", {
  id: "team-token",
  folder: team.fullName,
  secretText: { secret: config.requireSecret("teamToken") },
});
new Job("build", {
  name: "build",
  folder: team.fullName,
  pipeline: { scm: { url: "https://git.example.com/team/build.git", credentialsId: teamToken.credentialId } },
});
