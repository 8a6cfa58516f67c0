/**
 * Two freestyle jobs with a password parameter each (the default from a secret config value, in XML and in a spec),
 * and one whose config is an Output without any secret.
 */
import * as pulumi from "@pulumi/pulumi";
import { Job } from "pulumi-jenkins-jobs";

const config = new pulumi.Config();
const deployPassword = config.requireSecret("deployPassword");
const releaseToken = config.requireSecret("releaseToken");

const deploy = new Job("deploy", {
  name: "deploy",
  description: "Deploys with a password",
  configXml: pulumi.interpolate`<?xml version="1.1" encoding="UTF-8"?>
<project>
  <properties>
    <hudson.model.ParametersDefinitionProperty>
      <parameterDefinitions>
        <hudson.model.PasswordParameterDefinition>
          <name>DEPLOY_PASSWORD</name>
          <description>Password of the deploy account</description>
          <defaultValue>${deployPassword}</defaultValue>
        </hudson.model.PasswordParameterDefinition>
      </parameterDefinitions>
    </hudson.model.ParametersDefinitionProperty>
  </properties>
  <builders>
    <hudson.tasks.Shell>
      <command>./deploy.sh</command>
    </hudson.tasks.Shell>
  </builders>
</project>
`,
});

const release = new Job("release", {
  name: "release",
  freestyle: {
    parameters: [
      { type: "string", name: "VERSION", default: "1.0.0" },
      { type: "password", name: "RELEASE_TOKEN", default: releaseToken, description: "Token of the registry" },
    ],
    steps: [{ shell: "./release.sh" }],
  },
});

// A config built from an Output but holding no secret: no value moves, nothing changes for it.
const channel = pulumi.output(config.get("channel") ?? "#builds");
const notify = new Job("notify", {
  name: "notify",
  configXml: pulumi.interpolate`<project>
  <builders>
    <hudson.tasks.Shell>
      <command>./notify.sh '${channel}'</command>
    </hudson.tasks.Shell>
  </builders>
</project>
`,
});

export const deployUrl = deploy.url;
export const notifyUrl = notify.url;
export const releaseUrl = release.url;
