/**
 * `FolderSweep`: a folder this stack owns exclusively. Items directly in it that the program does not declare
 * (made by hand, or left over) are reported, disabled or deleted on `up`; the preview lists them first.
 *
 * ```ts
 * const apps = new Job("apps", { name: "apps", folderSpec: {} });
 * const build = new Job("build", { name: "build", folder: apps.fullName, pipeline: { script } });
 * new FolderSweep("apps-sweep", { folder: apps.fullName, keep: [build.fullName], action: "delete" });
 * ```
 */
import * as pulumi from "@pulumi/pulumi";
import sweepProvider from "./provider";
import type { SweepAction } from "./types";

export interface FolderSweepArgs {
  /** Full name of the folder, usually a Job's `fullName`. Only items directly in it are ever touched. */
  folder: pulumi.Input<string>;
  /** Full names of the items the program declares in the folder (their `fullName` outputs); never touched. */
  keep: pulumi.Input<pulumi.Input<string>[]>;
  /** `report` (default: a warning listing them), `disable` or `delete`. */
  action?: pulumi.Input<SweepAction>;
  /** Delete items that hold builds too, with their history. Default false: the sweep refuses and deletes nothing. */
  deleteWithBuilds?: pulumi.Input<boolean>;
  /** The controller (a name from `jenkins:controllers`); default: the stack-wide connection. */
  controller?: pulumi.Input<string>;
}

export class FolderSweep extends pulumi.dynamic.Resource {
  declare public readonly folder: pulumi.Output<string>;
  declare public readonly keep: pulumi.Output<string[]>;
  declare public readonly action: pulumi.Output<SweepAction>;
  /** What the next `up` does to each unmanaged item ("delete apps/old-job"), as the last preview or `up` saw it. */
  declare public readonly plan: pulumi.Output<string[]>;
  /** What the last `up` did ("deleted apps/old-job", "reported apps/tmp"). */
  declare public readonly done: pulumi.Output<string[]>;

  constructor(name: string, args: FolderSweepArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      sweepProvider,
      name,
      {
        folder: args.folder,
        keep: args.keep,
        action: args.action,
        deleteWithBuilds: args.deleteWithBuilds,
        controller: args.controller,
        plan: undefined,
        done: undefined,
      },
      opts,
      "jenkins",
      "FolderSweep",
    );
  }
}
