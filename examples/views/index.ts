/**
 * Views next to the jobs they show: a root list view of a root job, a folder holding two jobs with a list view of
 * both (by their resources' names, so a rename flows through) and a view of the jobs whose names match a regex.
 * The folder is declared in XML without views: Jenkins adds its `All` view, the View resources add theirs, and the
 * folder never shows them as changes.
 */
import * as pulumi from "@pulumi/pulumi";
import { Job, View } from "pulumi-jenkins-jobs";

const config = new pulumi.Config();

const nightly = new Job("nightly", {
  name: "nightly",
  freestyle: { steps: [{ shell: "make nightly" }] },
});
const ci = new View("ci", { name: "ci", listView: { jobs: [nightly.name], description: "What runs every night" } });

const team = new Job("team", {
  name: "team",
  configXml: `<?xml version='1.1' encoding='UTF-8'?>
<com.cloudbees.hudson.plugins.folder.Folder plugin="cloudbees-folder">
  <actions/>
  <description>The team's jobs</description>
  <properties/>
</com.cloudbees.hudson.plugins.folder.Folder>
`,
});
const api = new Job("api", {
  name: config.get("apiName") ?? "api",
  folder: team.fullName,
  pipeline: { script: "node {\n  sh 'make api'\n}\n" },
});
const web = new Job("web", {
  name: "web",
  folder: team.fullName,
  pipeline: { script: "node {\n  sh 'make web'\n}\n" },
});
const apps = new View("apps", { name: "apps", folder: team.fullName, listView: { jobs: [api.name, web.name] } });

const views: Record<string, pulumi.Output<string>> = { ci: ci.url, apps: apps.url };
if (config.getBoolean("regexView") ?? true) {
  const web2 = new View("web-jobs", { name: "web-jobs", folder: team.fullName, listView: { includeRegex: "w.*" } });
  views["web-jobs"] = web2.url;
}

export const urls = views;
