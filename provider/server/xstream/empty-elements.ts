/**
 * `<a/>` or `<a></a>`?
 *
 * XStream writes an empty string as `<a></a>` and an object or collection without content as `<a/>`. The XML a
 * client sends does not have to keep that difference (Jenkins' own createItem copy turns `<a></a>` into `<a/>`), so
 * on re-serialization the form follows the kind of field. Without Java types at hand the rules are:
 *  - an element with attributes (`class`, `plugin`, `reference`, …) is an object → `<a/>`;
 *  - an element named after a class (`<hudson.plugins.git.extensions.impl.WipeWorkspace/>`) is an object → `<a/>`;
 *  - a field known to hold a collection or an object → `<a/>`;
 *  - any other empty field holds a string → `<a></a>`.
 * The list is every empty collection/object field found in the real saved configs, plus common neighbours.
 */
import type { XmlElement } from "../../xml/tree";

const OBJECT_FIELDS: ReadonlySet<string> = new Set([
  "actions",
  "analysisTools",
  "axes",
  "branches",
  "buildStrategies",
  "buildSteps",
  "buildWrappers",
  "builders",
  "columns",
  "configuredLocalRules",
  "data",
  "extensions",
  "filters",
  "healthMetrics",
  "jobFilters",
  "jobProperties",
  "jobPropertyDescriptors",
  "libraries",
  "navigators",
  "options",
  "parameterDefinitions",
  "parameters",
  "postbuilders",
  "prebuilders",
  "projectFactories",
  "properties",
  "publishers",
  "qualityGates",
  "reporters",
  "sourceDirectories",
  "specifications",
  "templates",
  "textFinders",
  "traits",
  "triggers",
  "userRemoteConfigs",
  "values",
  "views",
]);

/** True when an empty `e` stands for an empty string, written `<a></a>`. */
export function isEmptyStringField(e: XmlElement): boolean {
  return e.attrs.length === 0 && !e.name.includes(".") && !OBJECT_FIELDS.has(e.name);
}
