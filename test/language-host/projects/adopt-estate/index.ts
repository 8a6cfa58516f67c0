/**
 * Four jobs of an existing Jenkins, adopted with the configs it holds (`jobs/*.xml`): one tied to an agent label no
 * node has any more, one loading a shared library defined nowhere, one triggered by a job that no longer exists, and
 * one that runs. `adopt-estate:change true` edits the script of the first.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import * as pulumi from "@pulumi/pulumi";
import { Job } from "pulumi-jenkins-jobs";

const change = new pulumi.Config().getBoolean("change") ?? false;

for (const name of ["legacy-gpu", "legacy-lib", "legacy-upstream", "healthy"]) {
  let configXml = fs.readFileSync(path.join(__dirname, "jobs", `${name}.xml`), "utf8");
  if (change && name === "legacy-gpu") configXml = configXml.replace("make train", "make train-all");
  new Job(name, { name, configXml, adopt: true });
}
