/**
 * A stand-in for the TypeScript SDK that `pulumi package add` generates for the jenkins provider plugin, for the
 * test programs beside it: each class registers the plugin's token through `pulumi.CustomResource` with its inputs,
 * every output as undefined (so the program gets them back), and an alias to the dynamic type this package's class
 * of the same name registers, as the generated classes do.
 */
import * as pulumi from "@pulumi/pulumi";

export type Inputs = Record<string, pulumi.Input<unknown>>;

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

export class Job extends PluginResource {
  declare readonly fullName: pulumi.Output<string>;
  declare readonly name: pulumi.Output<string>;
  declare readonly url: pulumi.Output<string>;
  constructor(name: string, args: Inputs, opts?: pulumi.CustomResourceOptions) {
    const outputs = ["name", "fullName", "url", "description", "enabled", "configXml", "secretValues"];
    super("jenkins:index:Job", "pulumi-nodejs:dynamic/jenkins:Job", outputs, name, args, opts);
  }
}

export class View extends PluginResource {
  declare readonly url: pulumi.Output<string>;
  constructor(name: string, args: Inputs, opts?: pulumi.CustomResourceOptions) {
    super("jenkins:index:View", "pulumi-nodejs:dynamic/jenkins:View", ["fullName", "url"], name, args, opts);
  }
}

/** A credential; its id is `credentialId`, since `id` is every resource's own output. */
export class Credential extends PluginResource {
  constructor(name: string, args: Inputs, opts?: pulumi.CustomResourceOptions) {
    const outputs = ["credentialId", "url", "secretValues"];
    super("jenkins:index:Credential", "pulumi-nodejs:dynamic/jenkins:Credential", outputs, name, args, opts);
  }
}

/** A provider resource of the package: its inputs are the connection (`url`, `user`, `apiToken`, …). */
export class Provider extends pulumi.ProviderResource {
  constructor(name: string, args: Inputs, opts?: pulumi.ResourceOptions) {
    super("jenkins", name, args, opts);
  }
}
