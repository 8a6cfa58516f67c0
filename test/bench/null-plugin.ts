/**
 * The least any Node.js provider plugin does, for the `plugin-program` benchmark: the package `jenkins` served by
 * the SDK's own `@pulumi/pulumi/provider` `main()`, whose Check returns the inputs, Diff says nothing changes and
 * Create returns the inputs as the outputs with the job's name as the id. No request, no XML, no secret scan.
 * Its compiled form is the `index.js` of a plugin folder (plugin-program.ts), started by `cmd/run-plugin` as the
 * provider plugin is, and it needs nothing but the SDK.
 */
import * as provider from "@pulumi/pulumi/provider";

type Props = Record<string, unknown>;

const nothing: provider.Provider = {
  version: "0.0.1",
  async check(_urn: string, _olds: Props, news: Props) {
    return { inputs: news };
  },
  async diff() {
    return { changes: false };
  },
  async create(_urn: string, inputs: Props) {
    return { id: String(inputs.name), outs: inputs };
  },
};

void provider.main(nothing, process.argv.slice(2));
