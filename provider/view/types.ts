/**
 * Plain (resolved) shapes of the View resource's inputs and outputs, as the provider methods see them. The
 * Pulumi-facing argument type with Input<> wrappers is in view.ts.
 */

/**
 * A `hudson.model.ListView`: the jobs it lists by name, and/or those whose name matches a regular expression. The
 * shape of a View's `listView` output (the input is {@link ListViewArgs}); a change to any field updates the view in
 * place.
 */
export interface ListViewSpec {
  /** Names of jobs relative to the view's folder ("api", or "apps/api" with `recurse`); often Jobs' `name` outputs. */
  jobs?: string[];
  /** A Java regular expression; jobs whose (relative) name matches it in full are listed too. */
  includeRegex?: string;
  /**
   * Look into sub-folders too.
   *
   * @defaultValue `false`
   */
  recurse?: boolean;
  /**
   * Column class names, e.g. "hudson.views.StatusColumn".
   *
   * @defaultValue Jenkins's default set of columns
   */
  columns?: string[];
  /** The view's description, shown above its list. */
  description?: string;
}

export interface ViewInputs {
  /** The view's name (no slashes). Changing it replaces the view: views keep no history. */
  name: string;
  /** Full name of the folder holding the view; absent or "" for the root. Changing it replaces the view. */
  folder?: string;
  /** The view's config.xml (any view type). Held in canonical form once checked. Exactly one of configXml, listView. */
  configXml?: string;
  /** A list view as a typed spec. */
  listView?: ListViewSpec;
  /** Take over a view that already exists instead of failing. */
  adopt?: boolean;
  /** Name of a controller of `jenkins:controllers`; absent for the stack-wide connection. */
  controller?: string;
}

export interface ViewOutputs extends ViewInputs {
  /** "team/apps" (just the name at the root). */
  fullName: string;
  /** Browser URL of the view. */
  url: string;
  /**
   * Canonical config as last applied, or, after a refresh that found a hand edit not expressible as the spec,
   * Jenkins's copy.
   */
  configXml: string;
}
