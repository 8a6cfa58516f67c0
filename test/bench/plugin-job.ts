/**
 * The Job of a program that uses the provider plugin, as the SDK `pulumi package add` generates declares it: a
 * `pulumi.CustomResource` of the plugin's token `jenkins:index:Job`. It registers the property names this package's
 * `Job` class registers for the same declaration, `__provider` aside (the outputs every Job has, and of its other
 * inputs those given), so the `plugin-program` benchmark's programs differ in the provider that serves them alone;
 * null-job.test.ts holds the three classes to it. It imports nothing but the SDK, so the benchmark copies it into
 * the program folder.
 */
import * as pulumi from "@pulumi/pulumi";

type Props = Record<string, unknown>;

const OUTPUTS = ["name", "configXml", "description", "enabled", "fullName", "url"];
const OPTIONAL_INPUTS = ["folder", "pipeline", "freestyle", "folderSpec", "multibranch", "adopt", "controller"];

export class Job extends pulumi.CustomResource {
  declare public readonly fullName: pulumi.Output<string>;

  constructor(name: string, props: Props, opts?: pulumi.CustomResourceOptions) {
    const registered: Props = {};
    for (const key of [...OUTPUTS, ...OPTIONAL_INPUTS]) {
      if (props[key] !== undefined) registered[key] = props[key];
    }
    for (const key of OUTPUTS) if (!(key in registered)) registered[key] = undefined;
    super("jenkins:index:Job", name, registered, opts);
  }
}
