/** Why a FolderSweep refuses its folder. */

/**
 * The folder is a multibranch project (or an organization folder): Jenkins makes and deletes the items in it by
 * itself, from the project's branch sources, so a sweep would fight every indexing.
 */
export class ComputedFolderSweepError extends Error {
  constructor(
    readonly folder: string,
    readonly className: string,
  ) {
    super(
      `FolderSweep cannot sweep "${folder}": it is a ${className.slice(className.lastIndexOf(".") + 1)}, whose items ` +
        `Jenkins creates, disables and deletes by itself (branch indexing). Point the sweep at a plain folder; the ` +
        `branch jobs follow the project's branch sources and orphaned-item strategy.`,
    );
    this.name = "ComputedFolderSweepError";
  }
}
