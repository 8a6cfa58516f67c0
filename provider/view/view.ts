/**
 * `View`: a Jenkins view, at the root or in a folder, declared next to the jobs it shows.
 *
 * ```ts
 * const team = new Job("team", { name: "team", folderSpec: {} });
 * const api = new Job("api", { name: "api", folder: team.fullName, pipeline: { script } });
 * new View("team-apps", { name: "apps", folder: team.fullName, listView: { jobs: [api.name] } });
 * new View("releases", { name: "releases", listView: { includeRegex: "release-.*" } });
 * ```
 * A view is defined by exactly one of `configXml` (any view type, compared by meaning) and `listView` (a
 * `hudson.model.ListView` as a typed spec). Jenkins keeps a folder's views inside the folder's config.xml; a folder
 * declared without views leaves them to View resources, so the two never fight.
 */
import * as pulumi from "@pulumi/pulumi";
import type { ListViewSpec } from "./types";
import viewProvider from "./provider";

/** The `listView` input: like ListViewSpec, with job names that may be other resources' outputs. */
export interface ListViewArgs {
  /** Names of jobs relative to the view's folder, usually Jobs' `name` outputs (so a rename flows through). */
  jobs?: pulumi.Input<string>[];
  /** A Java regular expression; jobs whose relative name matches it in full are listed too. */
  includeRegex?: pulumi.Input<string>;
  /** Look into sub-folders too (names then are paths such as "apps/api"). Default false. */
  recurse?: pulumi.Input<boolean>;
  /** Column class names, e.g. "hudson.views.StatusColumn"; Jenkins's default set when omitted. */
  columns?: pulumi.Input<string>[];
  description?: pulumi.Input<string>;
}

export interface ViewArgs {
  /** The view's name (no slashes). Changing it replaces the view: views keep no history. */
  name: pulumi.Input<string>;
  /** Full name of the folder holding the view (often a Job's `fullName`); the root when omitted. Changing it replaces. */
  folder?: pulumi.Input<string>;
  /** The view's config.xml (any view type); compared by meaning. Exactly one of configXml and listView. */
  configXml?: pulumi.Input<string>;
  /** A list view as a typed spec. */
  listView?: pulumi.Input<ListViewArgs>;
  /** Take over a view that already exists (its config is replaced by the declared one). Default false. */
  adopt?: pulumi.Input<boolean>;
  /** The controller (a name from `jenkins:controllers`); default: the stack-wide connection. Changing it replaces. */
  controller?: pulumi.Input<string>;
}

export class View extends pulumi.dynamic.Resource {
  declare public readonly name: pulumi.Output<string>;
  declare public readonly folder: pulumi.Output<string | undefined>;
  /** "team/apps" (the name alone at the root). */
  declare public readonly fullName: pulumi.Output<string>;
  /** Browser URL of the view. */
  declare public readonly url: pulumi.Output<string>;
  /**
   * The view's config as Jenkins holds it when a refresh found it other than the one declared (a hand edit the next
   * `up` puts back); otherwise undefined: the state keeps the declared config once, in the inputs, and only its
   * digest in the outputs. In a preview, the declared config. Earlier versions gave the declared config here.
   */
  declare public readonly configXml: pulumi.Output<string | undefined>;
  declare public readonly listView: pulumi.Output<ListViewSpec | undefined>;
  declare public readonly controller: pulumi.Output<string | undefined>;

  constructor(name: string, args: ViewArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      viewProvider,
      name,
      {
        name: args.name,
        folder: args.folder,
        configXml: args.configXml,
        listView: args.listView,
        adopt: args.adopt,
        controller: args.controller,
        fullName: undefined,
        url: undefined,
      },
      opts,
      "jenkins",
      "View",
    );
  }
}
