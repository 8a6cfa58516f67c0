/**
 * Views as Jenkins loads and writes them: a view's XML (createView, view config.xml POST) is unmarshalled by
 * XStream, so it comes back in XStream's form with the class's fields and defaults; the name in the body is
 * replaced by the view's own; a ListView keeps `jobNames` in a TreeSet ordered case-insensitively. `GET
 * config.xml` writes the view without its `owner` field (View.writeXml omits it).
 */
import { parseXml, type XmlElement } from "../../xml/tree";
import { writeXml } from "../../xml/writer";
import { classOfElement } from "./element-class";
import { completeFields, setFieldText } from "./fields";
import { normaliseLayout, markEmptyStrings } from "./layout";
import { assignPluginAttributes, dropUninstalled } from "./ownership";
import { isInstalled, pluginOfClass, type ActivePlugins } from "./plugins";
import { SERVED_DECLARATION } from "./transform";
import { CASE_INSENSITIVE_COMPARATOR } from "./view-fields";

export const LIST_VIEW_CLASS = "hudson.model.ListView";
export const ALL_VIEW_CLASS = "hudson.model.AllView";
/** View classes of core that a config may name. */
const CORE_VIEWS = new Set([LIST_VIEW_CLASS, ALL_VIEW_CLASS, "hudson.model.MyView", "hudson.model.ProxyView"]);

/** Why a view's XML cannot be loaded (answered as "Unable to read" with this cause). */
export class ViewLoadError extends Error {
  constructor(
    readonly javaClass: string,
    message: string,
  ) {
    super(message);
  }
}

const elements = (e: XmlElement): XmlElement[] => e.children.filter((c): c is XmlElement => c.kind === "element");
const child = (e: XmlElement, name: string): XmlElement | undefined => elements(e).find((c) => c.name === name);
const textOf = (e: XmlElement | undefined): string | undefined =>
  e === undefined ? undefined : e.children.map((c) => (c.kind === "text" ? c.text : "")).join("");

export function viewClassOf(view: XmlElement): string {
  return classOfElement(view) ?? view.name;
}

export function viewNameOf(view: XmlElement): string {
  return textOf(child(view, "name")) ?? "";
}

/** Whether the controller can load a view of this class: core views, or a view of an installed plugin. */
function loadable(className: string, active: ActivePlugins | undefined): boolean {
  if (CORE_VIEWS.has(className)) return true;
  const plugin = pluginOfClass(className);
  return typeof plugin === "string" && isInstalled(plugin, active);
}

const compareCi = (a: string, b: string): number => {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  return x < y ? -1 : x > y ? 1 : 0;
};

/** Case-insensitive set semantics of the TreeSet: the first of equal names stays, the rest are dropped. */
export function sortedJobNames(names: readonly string[]): string[] {
  const out: string[] = [];
  for (const n of [...names].sort(compareCi))
    if (out.length === 0 || compareCi(out[out.length - 1], n) !== 0) out.push(n);
  return out;
}

export function jobNamesOf(view: XmlElement): string[] {
  const holder = child(view, "jobNames");
  return holder
    ? elements(holder)
        .filter((c) => c.name === "string")
        .map((c) => textOf(c) ?? "")
    : [];
}

/** A copy of a ListView with `names` as its jobNames (sorted, with the comparator). */
export function withJobNames(view: XmlElement, names: readonly string[]): XmlElement {
  const jobNames: XmlElement = {
    kind: "element",
    name: "jobNames",
    attrs: [],
    children: [
      { kind: "element", name: "comparator", attrs: [["class", CASE_INSENSITIVE_COMPARATOR]], children: [] },
      ...sortedJobNames(names).map((n): XmlElement => ({
        kind: "element",
        name: "string",
        attrs: [],
        children: [{ kind: "text", text: n }],
      })),
    ],
  };
  return {
    ...view,
    children: view.children.map((c) => (c.kind === "element" && c.name === "jobNames" ? jobNames : c)),
  };
}

export interface ListViewSelection {
  jobNames: string[];
  includeRegex?: string;
  recurse: boolean;
}

export function listSelectionOf(view: XmlElement): ListViewSelection | undefined {
  if (viewClassOf(view) !== LIST_VIEW_CLASS) return undefined;
  const regex = textOf(child(view, "includeRegex"));
  return {
    jobNames: jobNamesOf(view),
    includeRegex: regex === undefined || regex === "" ? undefined : regex,
    recurse: textOf(child(view, "recurse")) === "true",
  };
}

/**
 * The view Jenkins holds after reading `text` as view `name` (XStream form, without `owner`). Throws ViewLoadError
 * for text that is not XML or names a class the controller cannot load.
 */
export function loadView(text: string, name: string, active?: ActivePlugins): XmlElement {
  let root: XmlElement;
  try {
    root = parseXml(text).root;
  } catch (e) {
    throw new ViewLoadError("com.thoughtworks.xstream.io.StreamException", e instanceof Error ? e.message : String(e));
  }
  const className = viewClassOf(root);
  if (!loadable(className, active))
    throw new ViewLoadError("com.thoughtworks.xstream.mapper.CannotResolveClassException", root.name);
  dropUninstalled(root, active);
  normaliseLayout(root);
  root.children = root.children.filter((c) => !(c.kind === "element" && c.name === "owner"));
  completeFields(root, className);
  setFieldText(root, "name", name, className);
  if (className === LIST_VIEW_CLASS) root = withJobNames(root, jobNamesOf(root));
  assignPluginAttributes(root, className, active);
  markEmptyStrings(root);
  return root;
}

/** An `AllView` named `name` (the root's `all`, a folder's `All`). */
export function allView(name: string): XmlElement {
  return loadView(`<${ALL_VIEW_CLASS}/>`, name);
}

/** The body of `GET view/N/config.xml`. */
export function writeView(view: XmlElement): string {
  return writeXml(view, { declaration: SERVED_DECLARATION, style: "xstream" });
}

/** `view` as a child of a view holder, pointing at its owner the way XStream does. */
export function withOwner(view: XmlElement, ownerClass: string, reference: string): XmlElement {
  const owner: XmlElement = {
    kind: "element",
    name: "owner",
    attrs: [
      ["class", ownerClass],
      ["reference", reference],
    ],
    children: [],
  };
  return { ...view, children: [owner, ...view.children.filter((c) => !(c.kind === "element" && c.name === "owner"))] };
}

export function withoutOwner(view: XmlElement): XmlElement {
  return { ...view, children: view.children.filter((c) => !(c.kind === "element" && c.name === "owner")) };
}
