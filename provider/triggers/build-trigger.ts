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
import { quietPromiseStacks } from "../dynamic/promise-stacks";

/**
 * The inputs of a {@link BuildTrigger}. A change of `job`, `kind`, `parameters`, `triggers` or `controller` replaces
 * the trigger, which fires again (one new build or SCM check); the preview shows it as a replacement.
 *
 * @category Resource inputs
 */
export interface BuildTriggerArgs {
  /**
   * Full path of the job, e.g. "team/api-build". Pass a Job's `fullName` so the job exists before it is built.
   * Changing it fires the trigger again.
   */
  job: pulumi.Input<string>;
  /**
   * "build" queues a build; "scmCheck" asks Jenkins to poll the job's SCM now. Changing it fires the trigger again.
   *
   * @defaultValue `"build"`
   */
  kind?: pulumi.Input<TriggerKind>;
  /**
   * Build parameters, sent through `buildWithParameters` (builds only). Changing them fires a new build.
   *
   * @defaultValue none: the build is queued through `build`
   */
  parameters?: pulumi.Input<Record<string, pulumi.Input<string | number | boolean>>>;
  /**
   * Values that fire the trigger again when any of them changes (a commit id, a version, a timestamp).
   *
   * @defaultValue none: the trigger fires when it is created and when another of these inputs changes
   */
  triggers?: pulumi.Input<pulumi.Input<unknown>[]>;
  /**
   * The controller the job lives on (a name from `jenkins:controllers`). Changing it fires the trigger again, on
   * that controller.
   *
   * @defaultValue the stack-wide connection (`jenkins:url`)
   */
  controller?: pulumi.Input<string>;
}

/**
 * Starts a build of a job, or an SCM check, when the stack is created and whenever a firing input changes
 * (`jenkins:BuildTrigger`). Its outputs follow; {@link BuildTriggerArgs} lists the inputs. Nothing is read back
 * from Jenkins, and deleting the resource undoes nothing: a started build stays in the job's history.
 *
 * @category Resources
 */
export class BuildTrigger extends pulumi.dynamic.Resource {
  // `declare`: with ES2022 class fields a plain declaration would overwrite the outputs the base class sets.
  /** The job's full path, as declared. */
  declare public readonly job: pulumi.Output<string>;
  /** What the trigger started: "build" or "scmCheck". */
  declare public readonly kind: pulumi.Output<TriggerKind>;
  /** The build parameters sent, as declared. */
  declare public readonly parameters: pulumi.Output<Record<string, string | number | boolean> | undefined>;
  /** The firing values, as declared. */
  declare public readonly triggers: pulumi.Output<unknown[] | undefined>;
  /** Absolute URL of the queue item of the last build this trigger started; undefined for SCM checks. */
  declare public readonly queueUrl: pulumi.Output<string | undefined>;

  constructor(name: string, args: BuildTriggerArgs, opts?: pulumi.CustomResourceOptions) {
    const restoreStacks = quietPromiseStacks();
    try {
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
    } finally {
      restoreStacks();
    }
  }
}
