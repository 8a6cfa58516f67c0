/**
 * A team folder with a job given as config.xml and a typed pipeline in it, a list view of the two, and a credential
 * whose secret comes from the stack config (`appToken`, secret). With `mode: dynamic` the program declares them with
 * this package's TypeScript classes (the dynamic provider); otherwise as the jenkins provider plugin's resources,
 * through `pulumi.CustomResource` as a generated SDK declares them: the token, the inputs, every output as
 * undefined, and an alias to the dynamic type the resource had, so a stack written with the classes moves over.
 * `deployDescription` changes one job; `imported` (JSON) declares a job imported with `pulumi import`, as the
 * code the CLI generates declares it; `otherUrl`, `otherUser` and `otherToken` (secret) declare an explicit provider
 * for another controller and a job on it.
 */
import * as pulumi from "@pulumi/pulumi";
import { Credential, Job, View } from "pulumi-jenkins-jobs";

const config = new pulumi.Config();

const buildXml = `<?xml version='1.1' encoding='UTF-8'?>
<project>
  <description>Builds the API</description>
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

type Inputs = Record<string, pulumi.Input<unknown>>;

/** A resource of the jenkins plugin as a generated SDK's class registers it. */
class PluginResource extends pulumi.CustomResource {
  constructor(
    token: string,
    dynamicType: string,
    outputs: readonly string[],
    name: string,
    args: Inputs,
    opts: pulumi.CustomResourceOptions = {},
  ) {
    const props: Inputs = { ...args };
    for (const o of outputs) if (!(o in props)) props[o] = undefined;
    super(token, name, props, pulumi.mergeOptions(opts, { aliases: [{ type: dynamicType }] }));
  }
}

class PluginJob extends PluginResource {
  declare readonly fullName: pulumi.Output<string>;
  declare readonly name: pulumi.Output<string>;
  declare readonly url: pulumi.Output<string>;
  constructor(name: string, args: Inputs, opts?: pulumi.CustomResourceOptions) {
    const outputs = ["name", "fullName", "url", "description", "enabled", "configXml", "secretValues"];
    super("jenkins:index:Job", "pulumi-nodejs:dynamic/jenkins:Job", outputs, name, args, opts);
  }
}

class PluginView extends PluginResource {
  declare readonly url: pulumi.Output<string>;
  constructor(name: string, args: Inputs, opts?: pulumi.CustomResourceOptions) {
    super("jenkins:index:View", "pulumi-nodejs:dynamic/jenkins:View", ["fullName", "url"], name, args, opts);
  }
}

class PluginCredential extends PluginResource {
  constructor(name: string, args: Inputs, opts?: pulumi.CustomResourceOptions) {
    const outputs = ["credentialId", "url", "secretValues"];
    super("jenkins:index:Credential", "pulumi-nodejs:dynamic/jenkins:Credential", outputs, name, args, opts);
  }
}

/** What a generated SDK's `Provider` class does: a provider resource of the package, its inputs the connection. */
class PluginProvider extends pulumi.ProviderResource {
  constructor(name: string, args: Inputs, opts?: pulumi.ResourceOptions) {
    super("jenkins", name, args, opts);
  }
}

const deployDescription = config.get("deployDescription") ?? "Deploys the API";
const deployPipeline = { script: "node {\n  sh 'make deploy'\n}\n" };
const appToken = config.requireSecret("appToken");

if (config.get("mode") === "dynamic") {
  const team = new Job("team", { name: "team", folderSpec: {}, description: "The team's jobs" });
  const build = new Job("api-build", { name: "api-build", folder: team.fullName, configXml: buildXml });
  const deploy = new Job("api-deploy", {
    name: "api-deploy",
    folder: team.fullName,
    description: deployDescription,
    pipeline: deployPipeline,
  });
  new View("apps", { name: "apps", folder: team.fullName, listView: { jobs: [build.name, deploy.name] } });
  new Credential("app-token", { id: "app-token", description: "The app's token", secretText: { secret: appToken } });
} else {
  const team = new PluginJob("team", { name: "team", folderSpec: {}, description: "The team's jobs" });
  const build = new PluginJob("api-build", { name: "api-build", folder: team.fullName, configXml: buildXml });
  const deploy = new PluginJob("api-deploy", {
    name: "api-deploy",
    folder: team.fullName,
    description: deployDescription,
    pipeline: deployPipeline,
  });
  new PluginView("apps", { name: "apps", folder: team.fullName, listView: { jobs: [build.name, deploy.name] } });
  // `id` is every resource's own output: a generated SDK names the credential's id `credentialId`.
  new PluginCredential("app-token", {
    credentialId: "app-token",
    description: "The app's token",
    secretText: { secret: appToken },
  });
  const imported = config.getObject<Inputs>("imported");
  if (imported) new PluginJob("legacy", imported, { dependsOn: [team] });
  const otherUrl = config.get("otherUrl");
  if (otherUrl) {
    const other = new PluginProvider("other", {
      url: otherUrl,
      user: config.require("otherUser"),
      apiToken: config.requireSecret("otherToken"),
    });
    new PluginJob("elsewhere", { name: "elsewhere", configXml: buildXml }, { provider: other });
  }
}
