/**
 * The floor every dynamic provider pays: a dynamic resource with the Job's inputs and outputs whose provider sends
 * no request and does no XML work (Check returns its inputs, Diff compares the config text, Create/Update return
 * the inputs with `fullName` and `url`), registered with the same property names as the Job. It imports nothing
 * but the SDK, so the language-host benchmark can copy it into a program folder as a user's own inline provider.
 */
import * as pulumi from "@pulumi/pulumi";

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

/**
 * What a Job registers, so that the program registers and receives the same property maps as with ours (the SDK
 * makes four promises per registered property of every resource, each with a stack trace): the outputs every Job
 * has, and of its other inputs those the program gives. null-job.test.ts holds these lists and this rule to the
 * Job's (`registeredProperties` in provider/dynamic; not imported, so that this file needs nothing but the SDK).
 */
export const JOB_OUTPUTS = ["name", "configXml", "description", "enabled", "fullName", "url"];

/** The Job's inputs besides its outputs, each registered only when given. */
export const JOB_OPTIONAL_INPUTS = [
  "folder",
  "pipeline",
  "freestyle",
  "folderSpec",
  "multibranch",
  "adopt",
  "controller",
];

export class NullJob extends pulumi.dynamic.Resource {
  declare public readonly fullName: pulumi.Output<string>;

  constructor(name: string, props: Props) {
    const registered: Props = {};
    for (const key of [...JOB_OUTPUTS, ...JOB_OPTIONAL_INPUTS]) {
      if (props[key] !== undefined) registered[key] = props[key];
    }
    for (const key of JOB_OUTPUTS) if (!(key in registered)) registered[key] = undefined;
    // The owner every Job passes as a hidden input (its stack's project and stack).
    registered.__owner = `${pulumi.getProject()}/${pulumi.getStack()}`;
    super(nullProvider, name, registered, undefined, "jenkins", "Job");
  }
}
