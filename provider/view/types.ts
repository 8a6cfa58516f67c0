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
  /** The view's name (no slashes). Changing it renames the view in place. */
  name: string;
  /**
   * Full name of the folder holding the view; absent or "" for the root. The view follows its folder's rename or
   * move in place; any other change replaces it.
   */
  folder?: string;
  /** The view's config.xml (any view type). Held in canonical form once checked. Exactly one of configXml, listView. */
  configXml?: string;
  /** A list view as a typed spec. */
  listView?: ListViewSpec;
  /** Take over a view that already exists instead of failing. */
  adopt?: boolean;
  /** The owner a view is handed over from: its mark names that owner, and this stack takes it (ownership). */
  takeOverFrom?: string;
  /** Clear the item's mark of ownership: the item is let go (ownership). */
  letGo?: boolean;
  /** Name of a controller of `jenkins:controllers`; absent for the stack-wide connection. */
  controller?: string;
  /** The owner this stack writes in the mark of ownership (hidden input, added by the class or the plugin). */
  __owner?: string;
  /** Set by the class for a resource declared with `retainOnDelete`: its mark is cleared (hidden input). */
  __retain?: boolean;
}

/**
 * What a view's outputs keep (config.ts) of a config Jenkins holds as declared: digests in place of the text, which the inputs
 * hold (a listView's spec is kept beside it). `canonical`: SHA-256 of the canonical text (a plan with no changes
 * compares it without a parse); `semantic`: of its meaning, as viewConfigChanged compares two declared configs;
 * `equivalence`: as sameViewConfig compares it with Jenkins's copy; `columns`: whether it declares its columns.
 */
export interface ViewConfigDigest {
  root: string;
  canonical: string;
  semantic: string;
  equivalence: string;
  columns: boolean;
}

export interface ViewOutputs extends ViewInputs {
  /** "team/apps" (just the name at the root). */
  fullName: string;
  /** Browser URL of the view. */
  url: string;
  /**
   * Only after a refresh that found Jenkins holding another config than the one declared, and no spec expresses it:
   * Jenkins's copy. Absent otherwise (the inputs hold the declared config; `__digest` stands for it here).
   * States written by earlier versions hold the config as last applied here until the view's next update.
   */
  configXml?: string;
  /**
   * The config as last applied, as digests (config.ts); absent when `configXml` is present. An internal output (its
   * key starts with `__`): the CLI shows it in no diff and no outputs section.
   */
  __digest?: ViewConfigDigest;
  /** Where states written while the digest was a public output keep `__digest` (dynamic/props.ts). */
  configDigest?: ViewConfigDigest;
  /**
   * The owner whose mark of ownership this stack last wrote on the view (absent when it wrote none: marks off, a
   * view let go, a state of an earlier version). Internal, like every `__` output.
   */
  __owner?: string;
  /** The owner a refresh found the view handed over to: this stack then leaves it alone (internal). */
  __handedTo?: string;
  /** Read by id alone (`pulumi import`): its mark is written with its first update, not planned alone (internal). */
  __markAtUpdate?: boolean;
}
