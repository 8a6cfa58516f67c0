/**
 * `Job`: a Jenkins job (or folder) declared in a Pulumi program.
 *
 * ```ts
 * const team = new Job("team", { name: "team", configXml: folderXml });
 * const build = new Job("api-build", { name: "api-build", folder: team.fullName, configXml, description: "Builds the API" });
 * ```
 * The connection comes from the stack config (`jenkins:url`, `jenkins:user`, `jenkins:apiToken` or
 * `jenkins:password`, …) or the environment (`JENKINS_URL`, …), read by the provider at run time.
 */
import * as pulumi from "@pulumi/pulumi";
import { jobProvider } from "./provider";

export interface JobArgs {
  /** The job's own name (no slashes). Changing it renames the job in place and keeps its build history. */
  name: pulumi.Input<string>;
  /** Full path of the parent folder, e.g. `team` or `team/apps` (often another Job's `fullName`). Changing it replaces the job. */
  folder?: pulumi.Input<string>;
  /** The job's config.xml. Compared semantically: formatting, attribute order and plugin versions do not count. */
  configXml: pulumi.Input<string>;
  /** The job's description; wins over `<description>` in configXml. */
  description?: pulumi.Input<string>;
  /** Whether the job is enabled; wins over `<disabled>` in configXml. Folders cannot be disabled. */
  enabled?: pulumi.Input<boolean>;
  /** Take over a job that already exists (its config is replaced by the declared one). Default false. */
  adopt?: pulumi.Input<boolean>;
}

export class Job extends pulumi.dynamic.Resource {
  // `declare`: with ES2022 class fields a plain declaration would overwrite the outputs the base class sets.
  declare public readonly name: pulumi.Output<string>;
  declare public readonly folder: pulumi.Output<string | undefined>;
  /** Full path, e.g. "team/api-build". */
  declare public readonly fullName: pulumi.Output<string>;
  /** Browser URL of the job. */
  declare public readonly url: pulumi.Output<string>;
  /** The config in canonical form, as last applied (or as found by a refresh that detected a hand edit). */
  declare public readonly configXml: pulumi.Output<string>;
  declare public readonly description: pulumi.Output<string>;
  declare public readonly enabled: pulumi.Output<boolean>;

  constructor(name: string, args: JobArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      jobProvider,
      name,
      {
        name: args.name,
        folder: args.folder,
        configXml: args.configXml,
        description: args.description,
        enabled: args.enabled,
        adopt: args.adopt,
        fullName: undefined,
        url: undefined,
      },
      opts,
      "jenkins",
      "Job",
    );
  }
}
