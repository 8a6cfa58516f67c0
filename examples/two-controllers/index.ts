/**
 * Jobs on two controllers: the stack-wide one (`jenkins:url`) and one named in `jenkins:controllers`
 * (`two-controllers:second`, default "ci2"). The same job name on both is two resources.
 */
import * as pulumi from "@pulumi/pulumi";
import { Job } from "pulumi-jenkins-jobs";

const second = new pulumi.Config().get("second") ?? "ci2";
const script = "node {\n  sh 'make deploy'\n}\n";

const team = new Job("team", { name: "team", folderSpec: {} });
const deploy = new Job("deploy", { name: "deploy", folder: team.fullName, pipeline: { script } });

const team2 = new Job("team-on-second", { name: "team", folderSpec: {}, controller: second });
const deploy2 = new Job("deploy-on-second", {
  name: "deploy",
  folder: team2.fullName,
  pipeline: { script },
  controller: second,
});

export const urls = [deploy.url, deploy2.url];
