/**
 * Entries of the harness's test plugin (package `kv`), declared through `pulumi.CustomResource` as a generated SDK
 * declares them. The stack config picks what the program declares:
 * - `mode: dynamic`: the entries as dynamic resources of a provider in this program (the state an older program
 *   wrote); `mode: plugin` (the default): as `kv:index:Entry`, with an alias to the dynamic type;
 * - `value`, `secret` (secret config), `tags` (JSON): the `app` entry's properties;
 * - `explicit: true`: one more entry served by an explicit provider resource;
 * - `imported` (JSON): the inputs of an entry imported with `pulumi import kv:index:Entry imported <key>`, as the
 *   code the CLI generates declares them.
 */
import * as pulumi from "@pulumi/pulumi";

const config = new pulumi.Config();

interface EntryArgs {
  key: pulumi.Input<string>;
  value?: pulumi.Input<string>;
  secret?: pulumi.Input<string>;
  tags?: pulumi.Input<pulumi.Input<string>[]>;
}

/** What a generated SDK's resource class does: the token, the inputs, the outputs as undefined, the aliases. */
class Entry extends pulumi.CustomResource {
  declare readonly key: pulumi.Output<string>;
  declare readonly value: pulumi.Output<string>;
  declare readonly length: pulumi.Output<number>;

  constructor(name: string, args: EntryArgs, opts: pulumi.CustomResourceOptions = {}) {
    const aliases = [{ type: "pulumi-nodejs:dynamic:Resource" }];
    super(
      "kv:index:Entry",
      name,
      { ...args, length: undefined },
      pulumi.mergeOptions(opts, { aliases, additionalSecretOutputs: ["secret"] }),
    );
  }
}

/** What a generated SDK's `Provider` class does: a provider resource of the package, its inputs the config. */
class Provider extends pulumi.ProviderResource {
  constructor(name: string, args: { file: pulumi.Input<string> }, opts: pulumi.ResourceOptions = {}) {
    super("kv", name, args, opts);
  }
}

/** The same entries as an older program wrote them: a dynamic provider storing them in the same file. */
const dynamicEntries: pulumi.dynamic.ResourceProvider = {
  async create(inputs: Record<string, unknown>) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const fs: typeof import("node:fs") = require("node:fs");
    const file = String(inputs.file);
    const s = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, "utf8")) : {};
    s[String(inputs.key)] = { value: inputs.value };
    fs.writeFileSync(file, JSON.stringify(s));
    return { id: String(inputs.key), outs: { ...inputs, length: String(inputs.value).length } };
  },
  async delete(id: string, props: Record<string, unknown>) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const fs: typeof import("node:fs") = require("node:fs");
    const file = String(props.file);
    const s = JSON.parse(fs.readFileSync(file, "utf8"));
    delete s[id];
    fs.writeFileSync(file, JSON.stringify(s));
  },
};

class DynamicEntry extends pulumi.dynamic.Resource {}

const value = config.get("value") ?? "one";
if (config.get("mode") === "dynamic") {
  new DynamicEntry(dynamicEntries, "app", { key: "app", value, file: config.require("dynamicFile") });
} else {
  const secret = config.getSecret("secret");
  const tags = config.getObject<string[]>("tags");
  new Entry("app", { key: "app", value, ...(secret ? { secret } : {}), ...(tags ? { tags } : {}) });
  if (config.getBoolean("explicit")) {
    const provider = new Provider("explicit", { file: config.require("explicitFile") });
    new Entry("other", { key: "other", value: "two" }, { provider });
  }
  const imported = config.getObject<EntryArgs>("imported");
  if (imported) new Entry("imported", imported);
}
