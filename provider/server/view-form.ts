/**
 * The view's configure form as View.doConfigSubmit applies it: the form replaces what it carries (ListView.submit:
 * the ticked `item_<name>` jobs, the regex only with `useincluderegex`, `recurse`, and the columns and job filters
 * rebuilt from the form's describables, which this server does not model: they come back empty; View: description
 * and the executor and queue filters), then the `name` parameter renames the view. Pure: the caller checks the name
 * and saves. A client that renames a view this way posts its config.xml after it.
 */
import type { XmlElement } from "../xml/tree";
import { LIST_VIEW_CLASS, viewClassOf, withJobNames } from "./xstream/views";

/** The JSON form (`json` parameter) as far as a view's submit reads it. */
export interface ViewForm {
  description?: unknown;
  filterExecutors?: unknown;
  filterQueue?: unknown;
  recurse?: unknown;
}

const textElement = (name: string, text: string): XmlElement => ({
  kind: "element",
  name,
  attrs: [],
  children: [{ kind: "text", text }],
});

function replaceField(view: XmlElement, name: string, replacement: XmlElement | undefined): XmlElement {
  const children = view.children.filter((c) => !(c.kind === "element" && c.name === name));
  if (replacement !== undefined) children.push(replacement);
  return { ...view, children };
}

/**
 * The view after its form was submitted. `params` are the request's parameters; `candidates` the relative names
 * of the items the view could list (its group's items, all of them with `recurse`), as the form ticks them.
 */
export function submittedView(
  view: XmlElement,
  form: ViewForm,
  params: URLSearchParams,
  candidates: (recurse: boolean) => string[],
): XmlElement {
  let next = view;
  if (viewClassOf(view) === LIST_VIEW_CLASS) {
    // json.optBoolean("recurse", true): a form without the field looks into sub-folders.
    const recurse = form.recurse === undefined ? true : form.recurse === true || form.recurse === "true";
    next = withJobNames(
      next,
      candidates(recurse).filter((n) => params.get(`item_${n}`) !== null),
    );
    const regex = params.get("useincluderegex") !== null ? params.get("includeRegex") : null;
    next = replaceField(
      next,
      "includeRegex",
      regex === null || regex === "" ? undefined : textElement("includeRegex", regex),
    );
    next = replaceField(next, "recurse", textElement("recurse", String(recurse)));
    next = replaceField(next, "columns", { kind: "element", name: "columns", attrs: [], children: [] });
    next = replaceField(next, "jobFilters", { kind: "element", name: "jobFilters", attrs: [], children: [] });
  }
  const description = typeof form.description === "string" ? form.description : "";
  next = replaceField(next, "description", textElement("description", description));
  next = replaceField(next, "filterExecutors", textElement("filterExecutors", String(form.filterExecutors === true)));
  next = replaceField(next, "filterQueue", textElement("filterQueue", String(form.filterQueue === true)));
  return next;
}
