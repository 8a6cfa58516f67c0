/**
 * The quickstart stack: a folder and three jobs, each from a config.xml file in ./jobs.
 *
 * It imports the package by its name, exactly as a program of your own does.
 * Stack config this program reads (all optional):
 *   quickstart:buildCommand    shell command of api-build (default "npm ci" + "npm run build")
 *   quickstart:nightlyEnabled  whether nightly-cleanup runs (default false)
 */
import { existsSync, readFileSync } from "node:fs";
import * as path from "node:path";
import * as pulumi from "@pulumi/pulumi";
import { Job } from "pulumi-jenkins-jobs";

/** ./jobs next to this file; when run compiled from dist/, the one next to the sources. */
function jobsDir(): string {
  const candidates = [
    path.join(__dirname, "jobs"),
    path.resolve(__dirname, "..", "..", "..", "examples", "quickstart", "jobs"),
  ];
  const found = candidates.find((d) => existsSync(d));
  if (!found) throw new Error(`quickstart: no jobs/ folder found (looked in ${candidates.join(", ")})`);
  return found;
}

function jobXml(file: string): string {
  return readFileSync(path.join(jobsDir(), file), "utf8");
}

function escapeXmlText(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

export const DEFAULT_BUILD_COMMAND = "npm ci\nnpm run build";

export function quickstart() {
  const config = new pulumi.Config("quickstart");
  const buildCommand = config.get("buildCommand") ?? DEFAULT_BUILD_COMMAND;

  const team = new Job("team", { name: "team", configXml: jobXml("team-folder.xml") });

  const apiBuild = new Job("api-build", {
    name: "api-build",
    folder: team.fullName,
    configXml: jobXml("api-build.xml").replace("@BUILD_COMMAND@", escapeXmlText(buildCommand)),
    // Given here, the description wins over the one in the XML file.
    description: "Builds the API on every push",
  });

  const apiDeploy = new Job("api-deploy", {
    name: "api-deploy",
    folder: team.fullName,
    configXml: jobXml("api-deploy.xml"),
  });

  const nightly = new Job("nightly-cleanup", {
    name: "nightly-cleanup",
    configXml: jobXml("nightly-cleanup.xml"),
    enabled: config.getBoolean("nightlyEnabled") ?? false,
  });

  return {
    teamUrl: team.url,
    apiBuildUrl: apiBuild.url,
    apiDeployUrl: apiDeploy.url,
    nightlyCleanupUrl: nightly.url,
  };
}
