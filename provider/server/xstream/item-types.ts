/**
 * The item types the server knows, keyed by the root element Jenkins writes for them.
 *
 * A root element outside this table is what a Jenkins without the right plugin sees: createItem and a config.xml POST
 * answer 500. The flags drive the HTTP layer: `/disable` on a plain Folder is a silent no-op, `/polling` on an item
 * without SCM polling is a 404, folders hold other items.
 */
export interface ItemType {
  /** Root element name in config.xml (an XStream alias such as `project`, or the class name). */
  root: string;
  /** Java class Jenkins instantiates for the root element. */
  className: string;
  isFolder: boolean;
  canDisable: boolean;
  hasScmPolling: boolean;
  /** Short name of the plugin that provides the type; absent for core types. */
  plugin?: string;
}

const ITEM_TYPES: readonly ItemType[] = [
  {
    root: "project",
    className: "hudson.model.FreeStyleProject",
    isFolder: false,
    canDisable: true,
    hasScmPolling: true,
  },
  {
    root: "flow-definition",
    className: "org.jenkinsci.plugins.workflow.job.WorkflowJob",
    isFolder: false,
    canDisable: true,
    hasScmPolling: true,
    plugin: "workflow-job",
  },
  {
    root: "matrix-project",
    className: "hudson.matrix.MatrixProject",
    isFolder: false,
    canDisable: true,
    hasScmPolling: true,
    plugin: "matrix-project",
  },
  {
    root: "maven2-moduleset",
    className: "hudson.maven.MavenModuleSet",
    isFolder: false,
    canDisable: true,
    hasScmPolling: true,
    plugin: "maven-plugin",
  },
  {
    root: "com.cloudbees.hudson.plugins.folder.Folder",
    className: "com.cloudbees.hudson.plugins.folder.Folder",
    isFolder: true,
    // A plain Folder has no `disabled` field: enable/disable answer 302 and change nothing.
    canDisable: false,
    hasScmPolling: false,
    plugin: "cloudbees-folder",
  },
  {
    root: "org.jenkinsci.plugins.workflow.multibranch.WorkflowMultiBranchProject",
    className: "org.jenkinsci.plugins.workflow.multibranch.WorkflowMultiBranchProject",
    isFolder: true,
    // Computed folders (multibranch, organization) carry `<disabled>` and can be disabled.
    canDisable: true,
    hasScmPolling: false,
    plugin: "workflow-multibranch",
  },
  {
    root: "jenkins.branch.OrganizationFolder",
    className: "jenkins.branch.OrganizationFolder",
    isFolder: true,
    canDisable: true,
    hasScmPolling: false,
    plugin: "branch-api",
  },
];

const BY_ROOT = new Map(ITEM_TYPES.map((t) => [t.root, t]));

/** The item type for a config.xml root element, or undefined when the server does not know it (→ HTTP 500). */
export function itemTypeOf(rootElementName: string): ItemType | undefined {
  const t = BY_ROOT.get(rootElementName);
  return t === undefined ? undefined : { ...t };
}

/** Every known item type (copies), e.g. for listings and tests. */
export function knownItemTypes(): ItemType[] {
  return ITEM_TYPES.map((t) => ({ ...t }));
}
