/**
 * Jenkins jobs imported from http://127.0.0.1:8080/ by `pulumi-jenkins import`.
 *
 * Each job is declared with `adopt: true`: the first `pulumi up` takes over the job that already exists
 * instead of failing. A job that fits a typed spec exactly is declared with it (pipeline, freestyle, folderSpec);
 * the config.xml of every other job is in ./jobs (one file per job, laid out like the folders); edit it there and
 * `pulumi preview --diff` shows the lines that change. The connection comes from the stack config (jenkins:url,
 * jenkins:user, jenkins:apiToken) or the JENKINS_URL / JENKINS_USER / JENKINS_API_TOKEN variables.
 *
 * Credentials are not declared: they stay in Jenkins, and the jobs name them by id (the preview of a job being
 * adopted or changed checks that the ids exist). `pulumi-jenkins import --credentials` declares them as well.
 */
import { readFileSync } from "node:fs";
import * as path from "node:path";
import { Job } from "pulumi-jenkins-jobs";

/** The config.xml of a job, from ./jobs. */
function jobConfig(file: string): string {
  return readFileSync(path.join(__dirname, "jobs", file), "utf8");
}

new Job("cleanup", { name: "cleanup", configXml: jobConfig("cleanup.xml"), adopt: true });

const platform = new Job("platform", { name: "platform", folderSpec: {
  "displayName": "GitHub"
}, description: "Repositories hosted on [GitHub](https://github.com)", adopt: true });
new Job("platform/api", { name: "api", folder: platform.fullName, configXml: jobConfig("platform/api.xml"), adopt: true });
new Job("platform/nightly-report", { name: "nightly-report", folder: platform.fullName, configXml: jobConfig("platform/nightly-report.xml"), adopt: true });
new Job("platform/upload", { name: "upload", folder: platform.fullName, configXml: jobConfig("platform/upload.xml"), adopt: true });
