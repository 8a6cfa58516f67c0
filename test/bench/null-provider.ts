/**
 * The floor every dynamic provider pays: a dynamic resource with the Job's inputs and outputs whose provider sends
 * no request and does no XML work (Check returns its inputs, Diff compares the config text, Create/Update return
 * the inputs with `fullName` and `url`). Serialized by the real SDK and driven by the same host and driver as ours,
 * it measures what the engine side and the dynamic-provider host cost, so `ours / null provider` is what our own
 * code adds.
 */
import * as pulumi from "@pulumi/pulumi";
import { providerTextOf } from "../harness/serialized-provider";

type Props = Record<string, unknown>;

const nullProvider: pulumi.dynamic.ResourceProvider = {
  async check(_olds: Props, news: Props) {
    return { inputs: news };
  },
  async diff(_id: string, olds: Props, news: Props) {
    const changed = olds.configXml !== news.configXml || olds.name !== news.name || olds.folder !== news.folder;
    return { changes: changed, replaces: [], deleteBeforeReplace: false };
  },
  async create(inputs: Props) {
    const fullName = inputs.folder ? `${String(inputs.folder)}/${String(inputs.name)}` : String(inputs.name);
    return { id: fullName, outs: { ...inputs, fullName, url: `job/${fullName}/` } };
  },
  async read(id: string, props: Props) {
    return { id, props };
  },
  async update(_id: string, olds: Props, news: Props) {
    return { outs: { ...news, fullName: olds.fullName, url: olds.url } };
  },
  async delete() {
    // nothing to remove
  },
};

class NullJob extends pulumi.dynamic.Resource {
  constructor(name: string, props: Props) {
    super(nullProvider, name, { ...props, fullName: undefined, url: undefined }, undefined, "jenkins", "Job");
  }
}

/** The null provider's `__provider` text, as a program would send it. */
export function providerTextOfNull(): Promise<string> {
  return providerTextOf(() => new NullJob("probe", { name: "probe", configXml: "<project/>" }));
}
