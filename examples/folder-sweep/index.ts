/**
 * The folder `apps`, owned by this stack: `build` and `pipe` are declared; anything else directly in `apps` is
 * unmanaged. `folder-sweep:action` says what `up` does to it: report (default), disable or delete.
 */
import * as pulumi from "@pulumi/pulumi";
import { FolderSweep, Job, type SweepAction } from "pulumi-jenkins-jobs";

const config = new pulumi.Config();
const action = (config.get("action") ?? "report") as SweepAction;

const apps = new Job("apps", { name: "apps", folderSpec: {}, description: "Owned by the folder-sweep stack" });
const build = new Job("build", { name: "build", folder: apps.fullName, freestyle: { steps: [{ shell: "make" }] } });
const pipe = new Job("pipe", {
  name: "pipe",
  folder: apps.fullName,
  pipeline: { script: "node {\n  sh 'make pipe'\n}\n" },
});

const sweep = new FolderSweep("apps-sweep", {
  folder: apps.fullName,
  keep: [build.fullName, pipe.fullName],
  action,
  deleteWithBuilds: config.getBoolean("deleteWithBuilds") ?? false,
});

export const plan = sweep.plan;
export const done = sweep.done;
