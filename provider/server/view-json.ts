/** The JSON of views: `views` and `primaryView` of the root and of folders, and `/view/N/api/json`. */
import type { ServerState } from "./context";
import { fullNameOf, type Item } from "./store";
import type { Json } from "./tree-param";
import type { ViewOwner } from "./view-store";
import type { XmlElement } from "../xml/tree";
import { ALL_VIEW_CLASS, listSelectionOf, viewClassOf, viewNameOf } from "./xstream/views";

function ownerUrl(owner: ViewOwner, origin: string): string {
  let path = "/";
  for (const seg of owner ? fullNameOf(owner).split("/") : []) path += `job/${encodeURIComponent(seg)}/`;
  return origin + path;
}

/** The primary view's URL is its owner's. */
function viewUrl(owner: ViewOwner, name: string, primary: string, origin: string): string {
  const base = ownerUrl(owner, origin);
  return name === primary ? base : `${base}view/${encodeURIComponent(name)}/`;
}

/** The view's description as View.getDescription gives it: null when it has none. */
function descriptionOf(view: XmlElement): string | null {
  const d = view.children.find((c): c is XmlElement => c.kind === "element" && c.name === "description");
  return d ? d.children.map((c) => (c.kind === "text" ? c.text : "")).join("") : null;
}

/**
 * A view as its group's api/json lists it. View's exported getters other than name and url have visibility 1: a
 * nested view shows them only when a `tree` names them (`views[name,description]`), so `deep` adds them.
 */
function ref(owner: ViewOwner, view: XmlElement, primary: string, origin: string, deep: boolean): Json {
  const name = viewNameOf(view);
  const out: { [k: string]: Json } = { _class: viewClassOf(view), name, url: viewUrl(owner, name, primary, origin) };
  if (deep) out.description = descriptionOf(view);
  return out;
}

/** `views` and `primaryView` of the root's or a folder's api/json (`deep` when the request gives a `tree`). */
export function viewsJson(
  state: ServerState,
  owner: ViewOwner,
  origin: string,
  deep = false,
): { views: Json; primaryView: Json } {
  const group = state.views.group(owner);
  const primary = group.views.find((v) => viewNameOf(v) === group.primaryView) ?? group.views[0];
  return {
    primaryView: ref(owner, primary, group.primaryView, origin, deep),
    views: group.views.map((v) => ref(owner, v, group.primaryView, origin, deep)),
  };
}

/** The items a view shows: an AllView every item of its group, a ListView its names and its regex's matches. */
export function itemsOfView(state: ServerState, owner: ViewOwner, view: XmlElement): Item[] {
  const direct = state.store.children(owner);
  if (viewClassOf(view) === ALL_VIEW_CLASS) return direct;
  const selection = listSelectionOf(view);
  if (!selection) return [];
  const prefix = owner ? `${fullNameOf(owner)}/` : "";
  const candidates: Item[] = [];
  const walk = (parent: Item | undefined): void => {
    for (const c of state.store.children(parent)) {
      candidates.push(c);
      if (selection.recurse && c.type.isFolder) walk(c);
    }
  };
  walk(owner);
  const names = new Set(selection.jobNames.map((n) => n.toLowerCase()));
  let pattern: RegExp | undefined;
  try {
    pattern = selection.includeRegex === undefined ? undefined : new RegExp(`^(?:${selection.includeRegex})$`);
  } catch {
    pattern = undefined; // Jenkins ignores a regex it cannot compile
  }
  return candidates.filter((c) => {
    const rel = fullNameOf(c).slice(prefix.length);
    return names.has(rel.toLowerCase()) || (pattern !== undefined && pattern.test(rel));
  });
}

export function viewJson(
  state: ServerState,
  owner: ViewOwner,
  view: XmlElement,
  origin: string,
): { [k: string]: Json } {
  const group = state.views.group(owner);
  const name = viewNameOf(view);
  return {
    _class: viewClassOf(view),
    description: descriptionOf(view),
    jobs: itemsOfView(state, owner, view).map((item) => ({
      _class: item.type.className,
      name: item.name,
      url: `${ownerUrl(item.parent, origin)}job/${encodeURIComponent(item.name)}/`,
    })),
    name,
    property: [],
    url: viewUrl(owner, name, group.primaryView, origin),
  };
}
