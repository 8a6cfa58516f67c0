/**
 * Item classes whose children nobody but Jenkins makes: a multibranch project computes one job per branch (branch
 * indexing), an organization folder one multibranch project per repository. Their children are never declared,
 * moved, renamed or swept; only the plain folder holds items that people create.
 */
export const PLAIN_FOLDER_CLASS = "com.cloudbees.hudson.plugins.folder.Folder";

export const COMPUTED_FOLDER_CLASSES: ReadonlySet<string> = new Set([
  "org.jenkinsci.plugins.workflow.multibranch.WorkflowMultiBranchProject",
  "jenkins.branch.OrganizationFolder",
]);

/** Whether items of this class (an `_class` or a config's root element) hold children Jenkins computes. */
export function computesItsItems(className: string): boolean {
  return COMPUTED_FOLDER_CLASSES.has(className);
}
