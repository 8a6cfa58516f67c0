/**
 * Plugins renamed or merged upstream count as present when their successor is installed: a config saved with
 * `plugin="workflow-cps-global-lib@…"` passes the pre-flight on a controller that runs pipeline-groovy-lib.
 */
import { pluginIssues, type InstalledPlugins } from "../../provider/plugins/issues";
import { successorOf } from "../../provider/plugins/renames";
import { requiredPlugins } from "../../provider/plugins/required";
import { parseXml } from "../../provider/xml/tree";
import { fixture } from "../harness/fixtures";

/** The saved folder with its shared libraries, as a home saved before the rename holds it. */
const BEFORE_RENAME = fixture("folder-listviews-folder-libraries.xml").replace(
  /plugin="pipeline-groovy-lib@[^"]*"/,
  'plugin="workflow-cps-global-lib@2.21"',
);

function installed(entries: Record<string, string | [string, boolean]>): InstalledPlugins {
  return new Map(
    Object.entries(entries).map(([name, v]) => [
      name,
      typeof v === "string" ? { version: v, active: true } : { version: v[0], active: v[1] },
    ]),
  );
}

/** Every other plugin the config names, installed in a version newer than it asks for. */
const BASE = Object.fromEntries(
  [...requiredPlugins(parseXml(BEFORE_RENAME).root).keys()]
    .filter((name) => name !== "workflow-cps-global-lib")
    .map((name) => [name, "99999"]),
);

describe("plugins renamed upstream", () => {
  test("the saved config names the old plugin", () => {
    expect(requiredPlugins(parseXml(BEFORE_RENAME).root).has("workflow-cps-global-lib")).toBe(true);
  });

  test("its successor installed: no issue, not even an 'older' one across the two numberings", () => {
    const required = requiredPlugins(parseXml(BEFORE_RENAME).root);
    expect(pluginIssues(required, installed({ ...BASE, "pipeline-groovy-lib": "787.ve2fef0efdca_6" }))).toEqual([]);
    // A successor numbered lower than the old plugin's last release is still not "older".
    expect(pluginIssues(required, installed({ ...BASE, "pipeline-groovy-lib": "1.0" }))).toEqual([]);
  });

  test("neither installed: the old name is missing; the successor disabled: the successor is named", () => {
    const required = requiredPlugins(parseXml(BEFORE_RENAME).root);
    expect(pluginIssues(required, installed(BASE))).toEqual([
      { plugin: "workflow-cps-global-lib", kind: "missing", wanted: "2.21" },
    ]);
    expect(
      pluginIssues(required, installed({ ...BASE, "pipeline-groovy-lib": ["787.ve2fef0efdca_6", false] })),
    ).toEqual([{ plugin: "pipeline-groovy-lib", kind: "disabled", installed: "787.ve2fef0efdca_6" }]);
  });

  test("the old plugin itself installed is checked as before", () => {
    const required = requiredPlugins(parseXml(BEFORE_RENAME).root);
    expect(pluginIssues(required, installed({ ...BASE, "workflow-cps-global-lib": "2.15" }))).toEqual([
      { plugin: "workflow-cps-global-lib", kind: "old", wanted: "2.21", installed: "2.15" },
    ]);
  });

  test("merges and renames from the update center's list; unrelated names have no successor", () => {
    expect(successorOf("aws-java-sdk-s3")).toBe("aws-java-sdk-minimal");
    expect(successorOf("jmeter")).toBe("performance");
    expect(successorOf("git")).toBeUndefined();
    expect(successorOf("warnings")).toBeUndefined();
  });
});
