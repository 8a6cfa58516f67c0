/**
 * The folder `team` with two Multibranch Pipeline projects: `app` builds every branch of a git repository, `api`
 * every branch of a GitHub repository. Jenkins's branch indexing makes one Pipeline job per branch inside each
 * project; those jobs are Jenkins's, so they are never declared here, never planned, and never swept.
 */
import * as pulumi from "@pulumi/pulumi";
import { Job } from "pulumi-jenkins-jobs";

const config = new pulumi.Config();

const team = new Job("team", { name: "team", folderSpec: {}, description: "The team's multibranch projects" });

const app = new Job("app", {
  name: "app",
  folder: team.fullName,
  description: "Every branch of the app repository",
  multibranch: {
    // No source id: Jenkins assigns one, and the provider keeps it on every update.
    sources: [{ type: "git", remote: config.get("remote") ?? "https://git.example.com/team/app.git" }],
    scriptPath: config.get("scriptPath") ?? "Jenkinsfile",
    // Jobs of deleted branches: keep the last 5, disabled.
    orphanedItems: { numToKeep: 5 },
    periodicIndexing: "1d",
  },
});

const api = new Job("api", {
  name: "api",
  folder: team.fullName,
  multibranch: {
    sources: [{ type: "github", repoOwner: "acme", repository: "api", credentialsId: "github-app" }],
  },
});

export const appUrl = app.url;
export const apiUrl = api.url;
