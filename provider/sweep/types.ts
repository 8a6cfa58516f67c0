/** Inputs and outputs of the FolderSweep resource, as the provider sees them. */
/**
 * What a FolderSweep does to an item it finds: warn about it (`report`), `disable` it, or `delete` it.
 *
 * @category Resource inputs
 */
export type SweepAction = "report" | "disable" | "delete";
export const SWEEP_ACTIONS = ["report", "disable", "delete"] as const satisfies readonly SweepAction[];

export interface SweepInputs {
  /** Full name of the folder the stack owns exclusively. */
  folder: string;
  /** Full names of the items declared in it; everything else directly in the folder is unmanaged. */
  keep: string[];
  action: SweepAction;
  /** Delete items that hold builds too (default false: such items are refused). */
  deleteWithBuilds?: boolean;
  controller?: string;
  /** The owner this stack marks its items with (hidden input `__owner`): items another owner marked are left. */
  __owner?: string;
  /** Filled by check from the server: the unmanaged items and what the next `up` does to each ("delete apps/x"). */
  plan?: string[];
}

export interface SweepOutputs extends SweepInputs {
  /** What the last `up` found unmanaged and did, e.g. ["deleted apps/old-job"]. */
  done: string[];
}
