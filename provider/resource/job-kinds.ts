/**
 * Which root elements of a config.xml are Jenkins items this resource can manage, and what they can do.
 *
 * XStream writes an item's class either as a short alias (`project`, `flow-definition`, …) or as the fully
 * qualified class name. A config whose root is not an item (global config, a view, a node, credentials) would be
 * refused by Jenkins with an unhelpful 500, so `check` refuses it up front with a clear message.
 */

export type ItemKind = "job" | "folder";

export interface RootInfo {
  kind: ItemKind;
  /** Whether Jenkins can disable the item (a plain Folder cannot: enable/disable are silent no-ops on it). */
  canDisable: boolean;
  /** Element names after which XStream writes `<disabled>` for this type, most specific first. */
  disabledAfter: readonly string[];
}

const FREESTYLE_ORDER = ["canRoam", "scm", "properties", "keepDependencies", "description", "actions"] as const;
const PIPELINE_ORDER = ["triggers", "definition", "properties", "keepDependencies", "description", "actions"] as const;
const COMPUTED_FOLDER_ORDER = [
  "triggers",
  "orphanedItemStrategy",
  "healthMetrics",
  "folderViews",
  "properties",
  "description",
  "actions",
] as const;

const job = (disabledAfter: readonly string[]): RootInfo => ({ kind: "job", canDisable: true, disabledAfter });

const KNOWN: ReadonlyMap<string, RootInfo> = new Map([
  ["project", job(FREESTYLE_ORDER)],
  ["hudson.model.FreeStyleProject", job(FREESTYLE_ORDER)],
  ["matrix-project", job(FREESTYLE_ORDER)],
  ["hudson.matrix.MatrixProject", job(FREESTYLE_ORDER)],
  ["maven2-moduleset", job(FREESTYLE_ORDER)],
  ["hudson.maven.MavenModuleSet", job(FREESTYLE_ORDER)],
  ["flow-definition", job(PIPELINE_ORDER)],
  ["org.jenkinsci.plugins.workflow.job.WorkflowJob", job(PIPELINE_ORDER)],
  ["hudson.model.ExternalJob", job(FREESTYLE_ORDER)],
  ["com.cloudbees.hudson.plugins.folder.Folder", { kind: "folder", canDisable: false, disabledAfter: [] }],
  [
    "org.jenkinsci.plugins.workflow.multibranch.WorkflowMultiBranchProject",
    { kind: "folder", canDisable: true, disabledAfter: COMPUTED_FOLDER_ORDER },
  ],
  ["jenkins.branch.OrganizationFolder", { kind: "folder", canDisable: true, disabledAfter: COMPUTED_FOLDER_ORDER }],
]);

/** Roots that are well-known Jenkins files but not items. */
const NOT_ITEMS =
  /^(hudson|jenkins|user|slave|agent|view|listView|myView|hudson\.model\.\w*View|com\.cloudbees\.plugins\.credentials\..*|.*\.(Credentials|Configuration|GlobalConfiguration)\w*)$/;

/** Item types contributed by plugins are class names; these endings are how Jenkins names its item classes. */
const PLUGIN_ITEM = /^[a-z_$][\w$]*(\.[\w$]+)+\.[\w$]*(Project|Job|Folder|ModuleSet)$/i;

export function describeRoot(rootName: string): RootInfo | undefined {
  const known = KNOWN.get(rootName);
  if (known) return known;
  if (NOT_ITEMS.test(rootName)) return undefined;
  if (PLUGIN_ITEM.test(rootName)) {
    const folder = /Folder$/i.test(rootName);
    return {
      kind: folder ? "folder" : "job",
      canDisable: true,
      disabledAfter: folder ? COMPUTED_FOLDER_ORDER : FREESTYLE_ORDER,
    };
  }
  return undefined;
}

/** The root elements accepted without question, for messages. */
export const KNOWN_ROOTS: readonly string[] = [
  "project",
  "flow-definition",
  "matrix-project",
  "maven2-moduleset",
  "com.cloudbees.hudson.plugins.folder.Folder",
  "org.jenkinsci.plugins.workflow.multibranch.WorkflowMultiBranchProject",
  "jenkins.branch.OrganizationFolder",
];
