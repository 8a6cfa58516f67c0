/**
 * A reorganisation between two layouts, chosen by `reorganise-folders:layout`:
 *
 *   before                     after
 *   apps/                      applications/        (the folder renamed; `build` follows it)
 *     build                      build
 *     deploy                   platform/
 *     lint                       deploy             (moved)
 *   platform/                    lint-all           (moved and renamed)
 *   tools/                       tools/             (a folder moved into another; `scan` follows it)
 *     scan                         scan
 *
 * Every change is made in place: no job is deleted or re-created; build history and numbers stay.
 */
import * as pulumi from "@pulumi/pulumi";
import { Job } from "pulumi-jenkins-jobs";

const after = new pulumi.Config().get("layout") === "after";

const apps = new Job("apps", { name: after ? "applications" : "apps", folderSpec: {}, description: "Applications" });
const platform = new Job("platform", { name: "platform", folderSpec: {}, description: "Platform tooling" });

const build = new Job("build", {
  name: "build",
  folder: apps.fullName,
  pipeline: { script: "node {\n  sh 'make build'\n}\n" },
});
const deploy = new Job("deploy", {
  name: "deploy",
  folder: after ? platform.fullName : apps.fullName,
  pipeline: { script: "node {\n  sh 'make deploy'\n}\n" },
});
const lint = new Job("lint", {
  name: after ? "lint-all" : "lint",
  folder: after ? platform.fullName : apps.fullName,
  pipeline: { script: "node {\n  sh 'make lint'\n}\n" },
});

const tools = new Job("tools", { name: "tools", folder: after ? platform.fullName : undefined, folderSpec: {} });
const scan = new Job("scan", {
  name: "scan",
  folder: tools.fullName,
  pipeline: { script: "node {\n  sh 'make scan'\n}\n" },
});

export const urls = { build: build.url, deploy: deploy.url, lint: lint.url, scan: scan.url };
