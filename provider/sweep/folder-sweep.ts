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
import { programOwner } from "../ownership/program-owner";
import * as pulumi from "@pulumi/pulumi";
import sweepProvider from "./provider";
import type { SweepAction } from "./types";
import { quietPromiseStacks } from "../dynamic/promise-stacks";

/**
 * The inputs of a {@link FolderSweep}. A change of `folder`, `keep`, `action` or `deleteWithBuilds` updates the
 * sweep in place, and the `up` acts on the folder again; a new `controller` replaces it.
 *
 * @category Resource inputs
 */
export interface FolderSweepArgs {
  /**
   * Full name of the folder, usually a Job's `fullName`. Only items directly in it are ever touched. Changing it
   * updates the sweep, which then sweeps the new folder.
   */
  folder: pulumi.Input<string>;
  /**
   * Full names of the items the program declares in the folder (their `fullName` outputs); never touched.
   * Changing it updates the sweep.
   */
  keep: pulumi.Input<pulumi.Input<string>[]>;
  /**
   * What happens to the items `keep` does not name: `report` (a warning listing them), `disable` or `delete`.
   * Changing it updates the sweep.
   *
   * @defaultValue `"report"`
   */
  action?: pulumi.Input<SweepAction>;
  /**
   * Delete items that hold builds too, with their history. When false, a sweep that would delete such an item
   * refuses and deletes nothing. Changing it updates the sweep.
   *
   * @defaultValue `false`
   */
  deleteWithBuilds?: pulumi.Input<boolean>;
  /**
   * The controller (a name from `jenkins:controllers`). Changing it replaces the sweep.
   *
   * @defaultValue the stack-wide connection (`jenkins:url`)
   */
  controller?: pulumi.Input<string>;
}

/**
 * A folder this stack owns exclusively (`jenkins:FolderSweep`): on `up`, the items directly in it that `keep` does
 * not name are reported, disabled or deleted; the preview lists them first (`plan`). Its outputs follow;
 * {@link FolderSweepArgs} lists the inputs. Deleting the resource removes no job.
 *
 * @category Resources
 */
export class FolderSweep extends pulumi.dynamic.Resource {
  /** The folder's full name, as declared. */
  declare public readonly folder: pulumi.Output<string>;
  /** The items never touched, as declared. */
  declare public readonly keep: pulumi.Output<string[]>;
  /** The action, `report` when not declared. */
  declare public readonly action: pulumi.Output<SweepAction>;
  /** What the next `up` does to each unmanaged item ("delete apps/old-job"), as the last preview or `up` saw it. */
  declare public readonly plan: pulumi.Output<string[]>;
  /** What the last `up` did ("deleted apps/old-job", "reported apps/tmp"). */
  declare public readonly done: pulumi.Output<string[]>;

  constructor(name: string, args: FolderSweepArgs, opts?: pulumi.CustomResourceOptions) {
    const restoreStacks = quietPromiseStacks();
    try {
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
          // Items marked by this owner are the stack's own; another owner's are never swept.
          __owner: programOwner(),
        },
        opts,
        "jenkins",
        "FolderSweep",
      );
    } finally {
      restoreStacks();
    }
  }
}
