/**
 * Plain (resolved) shapes of the BuildTrigger resource's inputs and outputs, as its provider methods see them.
 * The Pulumi-facing argument type with Input<> wrappers is in build-trigger.ts.
 */
import type { BuildParameters } from "../client/jenkins-client";

/**
 * "build": queue a build of the job. "scmCheck": ask Jenkins to poll the job's SCM now.
 *
 * @category Resource inputs
 */
export type TriggerKind = "build" | "scmCheck";
export const TRIGGER_KINDS: readonly TriggerKind[] = ["build", "scmCheck"];

export interface TriggerInputs {
  /** Full path of the job, e.g. "team/api-build" (often a Job's `fullName`). */
  job: string;
  /** Default "build". */
  kind: TriggerKind;
  /** Build parameters; the build then goes through `buildWithParameters`. Builds only. */
  parameters?: BuildParameters;
  /** Any values; when one of them changes, the trigger fires again (like the `triggers` of @pulumi/command). */
  triggers?: unknown[];
  /** Name of a controller of `jenkins:controllers`; absent for the stack-wide connection. */
  controller?: string;
}

export interface TriggerOutputs extends TriggerInputs {
  /** Absolute URL of the queue item of the build this trigger started (builds only). */
  queueUrl?: string;
}

/** The inputs whose change fires the trigger again: what is triggered (job, kind, parameters) and when (triggers). */
export const FIRING_INPUTS = ["job", "kind", "parameters", "triggers", "controller"] as const;
