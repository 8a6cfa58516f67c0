/** The listView spec: rendering, reading Jenkins's copy back, the normal form and what a refresh reports. Pure. */
import {
  DEFAULT_COLUMNS,
  listViewChanges,
  normalListView,
  parseListView,
  reflectListView,
  renderListView,
  sameListView,
} from "../../provider/view/list-view";
import { canonicalViewConfig, sameViewConfig } from "../../provider/view/config";
import { checkViewInputs } from "../../provider/view/inputs";

test("a spec renders to the ListView Jenkins saves, and reads back to its normal form", () => {
  const spec = { jobs: ["web", "API", "api"], includeRegex: "w.*", description: "Team" };
  const xml = renderListView("apps", spec);
  expect(xml).toContain('<comparator class="java.lang.String$CaseInsensitiveComparator"/>');
  expect(xml).toMatch(/<string>API<\/string>\s*<string>web<\/string>/);
  expect(xml).toContain("<includeRegex>w.*</includeRegex>");
  expect(parseListView(xml)).toEqual({
    jobs: ["API", "web"],
    includeRegex: "w.*",
    recurse: false,
    columns: [...DEFAULT_COLUMNS],
    description: "Team",
  });
});

test("specs Jenkins would store alike are the same; a changed property is named", () => {
  expect(sameListView({ jobs: ["b", "a"] }, { jobs: ["a", "b"], recurse: false, columns: [] })).toBe(true);
  expect(listViewChanges({ jobs: ["a"] }, { jobs: ["a", "c"], recurse: true })).toEqual(["jobs", "recurse"]);
  expect(normalListView(undefined)).toEqual({ jobs: [], recurse: false, columns: [...DEFAULT_COLUMNS] });
});

test("what a spec cannot say is not read as a spec", () => {
  const withFilter = renderListView("x", {}).replace("<jobFilters/>", "<jobFilters><a.B/></jobFilters>");
  expect(parseListView(withFilter)).toBeUndefined();
  expect(parseListView("<hudson.model.AllView/>")).toBeUndefined();
});

test("a refresh reports the declared spec where Jenkins agrees, Jenkins's value where it does not", () => {
  const remote = normalListView({ jobs: ["a", "hand"], description: "d" });
  expect(reflectListView({ jobs: ["a"], description: "d" }, remote)).toEqual({ jobs: ["a", "hand"], description: "d" });
});

test("configXml views: name and Jenkins's defaults are not differences; job names sorted at check", () => {
  const declared = canonicalViewConfig(
    "<hudson.model.ListView><name>n</name><jobNames><string>b</string><string>A</string></jobNames></hudson.model.ListView>",
  );
  expect(declared).toMatch(/<string>A<\/string>\s*<string>b<\/string>/);
  expect(sameViewConfig(declared, renderListView("other", { jobs: ["A", "b"] }))).toBe(true);
  expect(sameViewConfig(declared, renderListView("other", { jobs: ["A", "b"], recurse: true }))).toBe(false);
  expect(sameViewConfig(declared, renderListView("other", { jobs: ["A"] }))).toBe(false);
});

test("inputs: exactly one of configXml and listView; malformed XML is refused with a reason", () => {
  expect(checkViewInputs({ name: "v" }).failures.map((f) => f.property)).toEqual(["configXml"]);
  const bad = checkViewInputs({ name: "v", configXml: "<a>" }).failures;
  expect(bad[0].reason).toContain("not well-formed");
  expect(checkViewInputs({ name: "v", listView: { columns: ["not a class"] } }).failures[0].property).toBe(
    "listView.columns[0]",
  );
});
