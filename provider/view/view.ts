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
import { quietPromiseStacks } from "../dynamic/promise-stacks";
import { ownershipInputs } from "../ownership/program-owner";

/**
 * The `listView` input: like {@link ListViewSpec}, with job names that may be other resources' outputs. Changing
 * any field updates the view in place.
 *
 * @category Resource inputs
 */
export interface ListViewArgs {
  /** Names of jobs relative to the view's folder, usually Jobs' `name` outputs (so a rename flows through). */
  jobs?: pulumi.Input<string>[];
  /** A Java regular expression; jobs whose relative name matches it in full are listed too. */
  includeRegex?: pulumi.Input<string>;
  /**
   * Look into sub-folders too (names then are paths such as "apps/api").
   *
   * @defaultValue `false`
   */
  recurse?: pulumi.Input<boolean>;
  /**
   * Column class names, e.g. "hudson.views.StatusColumn".
   *
   * @defaultValue Jenkins's default set of columns
   */
  columns?: pulumi.Input<string>[];
  /** The view's description, shown above its list. */
  description?: pulumi.Input<string>;
}

/**
 * The inputs of a {@link View}. A view is declared by exactly one of `configXml` and `listView`. A new name renames
 * the view in place; a view follows its folder's rename or move in place; another new folder or a new controller
 * replaces the view (the new one is made, then the old one deleted).
 *
 * @category Resource inputs
 */
export interface ViewArgs {
  /** The view's name (no slashes). Changing it renames the view in place (its jobs and settings stay). */
  name: pulumi.Input<string>;
  /**
   * Full name of the folder holding the view (often a Job's `fullName`). The view follows that folder's rename or
   * move in place (Jenkins keeps it in the folder's config); any other change replaces the view.
   *
   * @defaultValue the root of Jenkins
   */
  folder?: pulumi.Input<string>;
  /**
   * The view's config.xml (any view type); compared by meaning. Changing it updates the view in place; a config
   * of another view type (root element) replaces it.
   */
  configXml?: pulumi.Input<string>;
  /**
   * A list view as a typed spec. Changing it updates the view in place; switching a view of another type to it
   * replaces the view.
   */
  listView?: pulumi.Input<ListViewArgs>;
  /**
   * Take over a view that already exists (its config is replaced by the declared one); without it, creating a
   * view that exists fails. Read only when the view is created: changing it later changes nothing.
   *
   * @defaultValue `false`
   */
  adopt?: pulumi.Input<boolean>;
  /**
   * Hand the view over to this stack from the owner its mark of ownership names (`<project>/<stack>` of the stack
   * that manages it, or its `jenkins:owner`): with `adopt: true` the view is adopted and the mark moves to this
   * stack. Without it, declaring a view another owner marked fails at preview, naming that owner. The former
   * owner's next refresh reports the view as handed over; once its program no longer declares it, its next `up`
   * drops it from its state without deleting it. Read when the view is created: changing it later changes nothing.
   * See docs/guide/ownership.md.
   *
   * @defaultValue none: a view another owner marked is not taken
   */
  takeOverFrom?: pulumi.Input<string>;
  /**
   * Let the view go: the next `up` clears its mark of ownership (one write of the mark alone), so that another stack
   * or a person can take it. The TypeScript classes do this for a resource declared with `retainOnDelete`; the
   * provider plugin cannot see resource options, so a program in another language sets `letGo: true` together with
   * `retainOnDelete`, runs `pulumi up`, then removes the declaration. See docs/guide/ownership.md.
   *
   * @defaultValue `false`
   */
  letGo?: pulumi.Input<boolean>;
  /**
   * The controller (a name from `jenkins:controllers`). Changing it replaces the view.
   *
   * @defaultValue the stack-wide connection (`jenkins:url`)
   */
  controller?: pulumi.Input<string>;
}

/**
 * A Jenkins view at the root or in a folder (`jenkins:View`). Its outputs follow; {@link ViewArgs} lists the inputs
 * and what a change to each does. Deleting the resource deletes the view; the jobs it lists stay.
 *
 * @category Resources
 */
export class View extends pulumi.dynamic.Resource {
  /** The view's name, as declared. */
  declare public readonly name: pulumi.Output<string>;
  /** The folder holding the view, as declared; undefined at the root. */
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
  /** The list view's spec, for a view declared with one (after a refresh that found a hand edit: as Jenkins has it). */
  declare public readonly listView: pulumi.Output<ListViewSpec | undefined>;
  /** The controller's name, when the view is not on the stack-wide connection. */
  declare public readonly controller: pulumi.Output<string | undefined>;

  constructor(name: string, args: ViewArgs, opts?: pulumi.CustomResourceOptions) {
    const restoreStacks = quietPromiseStacks();
    try {
      super(
        viewProvider,
        name,
        {
          name: args.name,
          folder: args.folder,
          configXml: args.configXml,
          listView: args.listView,
          adopt: args.adopt,
          letGo: args.letGo,
          takeOverFrom: args.takeOverFrom,
          controller: args.controller,
          fullName: undefined,
          url: undefined,
          ...ownershipInputs(opts),
        },
        opts,
        "jenkins",
        "View",
      );
    } finally {
      restoreStacks();
    }
  }
}
