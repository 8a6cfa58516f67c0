/**
 * Two freestyle jobs with a password parameter each, the default from secret stack config: one written as
 * config.xml, one as a typed spec. The Job resource moves each password into an input Pulumi encrypts and leaves
 * `[secret 1]` in the config, so the state and `pulumi preview --diff` never show it.
 */
import * as pulumi from "@pulumi/pulumi";
import { Job } from "pulumi-jenkins-jobs";

const config = new pulumi.Config();
const deployPassword = config.requireSecret("deployPassword");
const registryToken = config.requireSecret("registryToken");

// `pulumi.interpolate` keeps the config secret; the Job takes the password out and shows the rest in the diff.
const deploy = new Job("deploy", {
  name: "deploy",
  description: "Deploys the site with the deploy account",
  configXml: pulumi.interpolate`<?xml version="1.1" encoding="UTF-8"?>
<project>
  <properties>
    <hudson.model.ParametersDefinitionProperty>
      <parameterDefinitions>
        <hudson.model.StringParameterDefinition>
          <name>TARGET</name>
          <defaultValue>staging</defaultValue>
          <trim>true</trim>
        </hudson.model.StringParameterDefinition>
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
      <command>./deploy.sh "$TARGET"</command>
    </hudson.tasks.Shell>
  </builders>
</project>
`,
});

// In a typed spec, a password parameter's default may be the secret itself.
const publish = new Job("publish", {
  name: "publish",
  description: "Publishes the package to the registry",
  freestyle: {
    parameters: [
      { type: "string", name: "VERSION", default: "1.0.0" },
      { type: "password", name: "REGISTRY_TOKEN", default: registryToken, description: "Token of the registry" },
    ],
    steps: [{ shell: 'npm publish --tag "$VERSION"' }],
  },
});

export const deployUrl = deploy.url;
export const publishUrl = publish.url;
