/**
 * Field order and defaults of the core view classes (hudson.model.View, AllView, ListView), and the view holder a
 * folder gets when its config has none (cloudbees-folder's DefaultFolderViewHolder with one `All` view).
 *
 * View writes owner, name, description, filterExecutors, filterQueue, properties; ListView adds jobNames (a TreeSet
 * with String.CASE_INSENSITIVE_ORDER, written with its comparator), jobFilters, columns (the default set when a
 * config has none: ListView.initColumns), includeRegex, recurse and statusFilter.
 */
import type { FieldSpec } from "./field-spec";

export const CASE_INSENSITIVE_COMPARATOR = "java.lang.String$CaseInsensitiveComparator";

/** ListViewColumn.createDefaultInitialColumnList on a controller without column plugins. */
export const DEFAULT_LIST_COLUMNS: readonly string[] = [
  "hudson.views.StatusColumn",
  "hudson.views.WeatherColumn",
  "hudson.views.JobColumn",
  "hudson.views.LastSuccessColumn",
  "hudson.views.LastFailureColumn",
  "hudson.views.LastDurationColumn",
  "hudson.views.BuildButtonColumn",
];

const field = (name: string, defaultXml?: string): FieldSpec =>
  defaultXml === undefined ? { name } : { name, default: defaultXml };

export const VIEW: FieldSpec[] = [
  field("owner"),
  field("name"),
  field("description"),
  field("filterExecutors", "<filterExecutors>false</filterExecutors>"),
  field("filterQueue", "<filterQueue>false</filterQueue>"),
  field("properties", `<properties class="hudson.model.View$PropertyList"/>`),
];

export const LIST_VIEW: FieldSpec[] = [
  ...VIEW,
  field("jobNames", `<jobNames><comparator class="${CASE_INSENSITIVE_COMPARATOR}"/></jobNames>`),
  field("jobFilters", "<jobFilters/>"),
  field("columns", `<columns>${DEFAULT_LIST_COLUMNS.map((c) => `<${c}/>`).join("")}</columns>`),
  field("includeRegex"),
  field("recurse", "<recurse>false</recurse>"),
  field("statusFilter"),
];

export const DEFAULT_FOLDER_VIEWS =
  `<folderViews class="com.cloudbees.hudson.plugins.folder.views.DefaultFolderViewHolder"><views>` +
  `<hudson.model.AllView><owner class="com.cloudbees.hudson.plugins.folder.Folder" reference="../../../.."/>` +
  `<name>All</name><filterExecutors>false</filterExecutors><filterQueue>false</filterQueue>` +
  `<properties class="hudson.model.View$PropertyList"/></hudson.model.AllView></views>` +
  `<tabBar class="hudson.views.DefaultViewsTabBar"/></folderViews>`;
