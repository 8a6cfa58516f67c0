/**
 * The `listView` spec: rendered to the XML of a `hudson.model.ListView` as Jenkins saves one, and read back from
 * Jenkins's copy, so a refresh reports a hand edit property by property (`listView.jobs`). Pure.
 *
 * Jenkins keeps `jobNames` in a TreeSet ordered case-insensitively, fills the default columns when a config has
 * none, and writes `recurse` always; the normal form of a spec does the same, so specs that Jenkins would store
 * alike compare equal.
 */
import { canonicalizeDocument } from "../xml/canonical";
import { elementChildren, parseXml, textOf, type XmlElement } from "../xml/tree";
import type { ListViewSpec } from "./types";

export const LIST_VIEW_ROOT = "hudson.model.ListView";
const COMPARATOR = "java.lang.String$CaseInsensitiveComparator";

/** ListViewColumn.createDefaultInitialColumnList on a controller without column plugins. */
export const DEFAULT_COLUMNS: readonly string[] = [
  "hudson.views.StatusColumn",
  "hudson.views.WeatherColumn",
  "hudson.views.JobColumn",
  "hudson.views.LastSuccessColumn",
  "hudson.views.LastFailureColumn",
  "hudson.views.LastDurationColumn",
  "hudson.views.BuildButtonColumn",
];

const ci = (a: string, b: string): number => {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  return x < y ? -1 : x > y ? 1 : 0;
};

/** Names as the TreeSet holds them: sorted case-insensitively, the first of names equal but for case kept. */
export function sortJobNames(names: readonly string[]): string[] {
  const out: string[] = [];
  for (const n of [...names].sort(ci)) if (out.length === 0 || ci(out[out.length - 1], n) !== 0) out.push(n);
  return out;
}

export interface NormalListView {
  jobs: string[];
  includeRegex?: string;
  recurse: boolean;
  columns: string[];
  description?: string;
}

/** Every property with the value Jenkins would store for it. */
export function normalListView(spec: ListViewSpec | undefined): NormalListView {
  const s = spec ?? {};
  const out: NormalListView = {
    jobs: sortJobNames(s.jobs ?? []),
    recurse: s.recurse === true,
    columns: s.columns === undefined || s.columns.length === 0 ? [...DEFAULT_COLUMNS] : [...s.columns],
  };
  if (s.includeRegex !== undefined && s.includeRegex !== "") out.includeRegex = s.includeRegex;
  if (s.description !== undefined && s.description !== "") out.description = s.description;
  return out;
}

/**
 * A spec in normal form as a person writes it: the properties Jenkins would store anyway left out (no jobs, no
 * recursion, the default columns). How `pulumi-jenkins import` writes a list view, and what the View's read by id
 * alone (`pulumi import` through the plugin) reports.
 */
export function writtenListView(spec: NormalListView): ListViewSpec {
  const out: ListViewSpec = {};
  if (spec.jobs.length > 0) out.jobs = [...spec.jobs];
  if (spec.includeRegex !== undefined) out.includeRegex = spec.includeRegex;
  if (spec.recurse) out.recurse = true;
  if (JSON.stringify(spec.columns) !== JSON.stringify(DEFAULT_COLUMNS)) out.columns = [...spec.columns];
  if (spec.description !== undefined) out.description = spec.description;
  return out;
}

export function sameListView(a: ListViewSpec | undefined, b: ListViewSpec | undefined): boolean {
  return JSON.stringify(normalListView(a)) === JSON.stringify(normalListView(b));
}

/** The properties whose normal forms differ ("jobs", "columns"). */
export function listViewChanges(a: ListViewSpec | undefined, b: ListViewSpec | undefined): (keyof NormalListView)[] {
  const x = normalListView(a);
  const y = normalListView(b);
  const keys: (keyof NormalListView)[] = ["jobs", "includeRegex", "recurse", "columns", "description"];
  return keys.filter((k) => JSON.stringify(x[k]) !== JSON.stringify(y[k]));
}

const el = (name: string, children: XmlElement["children"] = [], attrs: [string, string][] = []): XmlElement => ({
  kind: "element",
  name,
  attrs,
  children,
});
const txt = (name: string, text: string): XmlElement => el(name, [{ kind: "text", text }]);

/** The view's config.xml in canonical form. */
export function renderListView(name: string, spec: ListViewSpec | undefined): string {
  const n = normalListView(spec);
  const children: XmlElement[] = [txt("name", name)];
  if (n.description !== undefined) children.push(txt("description", n.description));
  children.push(
    txt("filterExecutors", "false"),
    txt("filterQueue", "false"),
    el("properties", [], [["class", "hudson.model.View$PropertyList"]]),
    el("jobNames", [el("comparator", [], [["class", COMPARATOR]]), ...n.jobs.map((j) => txt("string", j))]),
    el("jobFilters"),
    el(
      "columns",
      n.columns.map((c) => el(c)),
    ),
  );
  if (n.includeRegex !== undefined) children.push(txt("includeRegex", n.includeRegex));
  children.push(txt("recurse", String(n.recurse)));
  return canonicalizeDocument(el(LIST_VIEW_ROOT, children));
}

/** Elements of a list view that carry nothing when empty or default. */
function emptyOrDefault(e: XmlElement): boolean {
  return elementChildren(e).length === 0 && textOf(e).trim() === "";
}

/**
 * The spec that Jenkins's copy of a view expresses (normal form), or undefined when it is not a list view or holds
 * something a spec cannot say (job filters, view properties, a status filter, unknown fields).
 */
export function parseListView(xml: string): NormalListView | undefined {
  let root: XmlElement;
  try {
    root = parseXml(xml).root;
  } catch {
    return undefined;
  }
  if (root.name !== LIST_VIEW_ROOT) return undefined;
  const spec: ListViewSpec = {};
  for (const c of elementChildren(root)) {
    switch (c.name) {
      case "owner":
      case "name":
        break;
      case "description":
        spec.description = textOf(c);
        break;
      case "filterExecutors":
      case "filterQueue":
        if (textOf(c).trim() !== "false") return undefined;
        break;
      case "properties":
      case "jobFilters":
        if (!emptyOrDefault(c)) return undefined;
        break;
      case "jobNames":
        spec.jobs = elementChildren(c)
          .filter((s) => s.name === "string")
          .map((s) => textOf(s));
        break;
      case "columns":
        spec.columns = elementChildren(c).map((col) => col.name);
        break;
      case "includeRegex":
        spec.includeRegex = textOf(c);
        break;
      case "recurse":
        spec.recurse = textOf(c).trim() === "true";
        break;
      default:
        return undefined;
    }
  }
  return normalListView(spec);
}

/**
 * The spec to report after a refresh: the declared spec where Jenkins agrees with it (so a property left out stays
 * left out), Jenkins's value where it does not.
 */
export function reflectListView(declared: ListViewSpec | undefined, remote: NormalListView): ListViewSpec {
  const out: ListViewSpec = { ...(declared ?? {}) };
  for (const key of listViewChanges(declared, remote)) {
    const value = remote[key];
    if (value === undefined) delete out[key];
    else (out as Record<string, unknown>)[key] = value;
  }
  return out;
}
