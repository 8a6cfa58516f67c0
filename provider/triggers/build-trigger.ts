/**
 * `BuildTrigger`: start a build of a job (or an SCM check) when the stack is created and whenever chosen values
 * change, like the `triggers` of @pulumi/command.
 *
 * ```ts
 * const build = new Job("api-build", { name: "api-build", configXml });
 * new BuildTrigger("api-build-on-release", {
 *   job: build.fullName,
 *   parameters: { VERSION: version },
 *   triggers: [version],          // a new version → a new build; an unchanged one → nothing
 * });
 * new BuildTrigger("api-build-scm", { job: build.fullName, kind: "scmCheck", triggers: [commitId] });
 * ```
 * The connection is the Job resource's: stack config (`jenkins:url`, …) or the environment, read at run time.
 */
import * as pulumi from "@pulumi/pulumi";
import triggerProvider from "./provider";
import type { TriggerKind } from "./types";

export interface BuildTriggerArgs {
  /** Full path of the job, e.g. "team/api-build". Pass a Job's `fullName` so the job exists before it is built. */
  job: pulumi.Input<string>;
  /** "build" (default) queues a build; "scmCheck" asks Jenkins to poll the job's SCM now. */
  kind?: pulumi.Input<TriggerKind>;
  /** Build parameters, sent through `buildWithParameters`. A change fires a new build. */
  parameters?: pulumi.Input<Record<string, pulumi.Input<string | number | boolean>>>;
  /** Values that fire the trigger again when any of them changes (a commit id, a version, a timestamp). */
  triggers?: pulumi.Input<pulumi.Input<unknown>[]>;
  /** The controller the job lives on (a name from `jenkins:controllers`); default: the stack-wide connection. */
  controller?: pulumi.Input<string>;
}

export class BuildTrigger extends pulumi.dynamic.Resource {
  // `declare`: with ES2022 class fields a plain declaration would overwrite the outputs the base class sets.
  declare public readonly job: pulumi.Output<string>;
  declare public readonly kind: pulumi.Output<TriggerKind>;
  declare public readonly parameters: pulumi.Output<Record<string, string | number | boolean> | undefined>;
  declare public readonly triggers: pulumi.Output<unknown[] | undefined>;
  /** Absolute URL of the queue item of the last build this trigger started; undefined for SCM checks. */
  declare public readonly queueUrl: pulumi.Output<string | undefined>;

  constructor(name: string, args: BuildTriggerArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      triggerProvider,
      name,
      {
        job: args.job,
        kind: args.kind,
        parameters: args.parameters,
        triggers: args.triggers,
        controller: args.controller,
        queueUrl: undefined,
      },
      opts,
      "jenkins",
      "BuildTrigger",
    );
  }
}
