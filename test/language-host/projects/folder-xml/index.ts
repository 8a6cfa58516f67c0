/** A folder declared in XML without `<folderViews>` (Jenkins adds its holder and `All` view), with a job in it. */
import * as pulumi from "@pulumi/pulumi";
import { Job } from "pulumi-jenkins-jobs";

const config = new pulumi.Config();
const team = new Job("team", {
  name: "team",
  configXml: `<com.cloudbees.hudson.plugins.folder.Folder plugin="cloudbees-folder">
  <description>${config.get("description") ?? "Team"}</description>
  <properties/>
</com.cloudbees.hudson.plugins.folder.Folder>`,
});
const api = new Job("api", { name: "api", folder: team.fullName, freestyle: { steps: [{ shell: "make" }] } });

export const url = api.url;
