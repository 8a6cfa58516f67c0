/**
 * `build`: a freestyle job from the config.xml in `reviewable:configXml` (default: a small one below).
 * `deploy`: a typed pipeline whose script is `reviewable:deployScript` (default `make deploy`).
 */
import * as pulumi from "@pulumi/pulumi";
import { Job } from "pulumi-jenkins-jobs";

const config = new pulumi.Config();
const defaultXml = `<?xml version='1.1' encoding='UTF-8'?>
<project>
  <description>Builds the service</description>
  <keepDependencies>false</keepDependencies>
  <canRoam>true</canRoam>
  <disabled>false</disabled>
  <builders>
    <hudson.tasks.Shell>
      <command>make test</command>
    </hudson.tasks.Shell>
  </builders>
</project>
`;
new Job("build", { name: "build", configXml: config.get("configXml") ?? defaultXml });
new Job("deploy", {
  name: "deploy",
  description: "Deploys the service",
  pipeline: { script: `node {\n  sh '${config.get("deployScript") ?? "make deploy"}'\n}\n` },
});
