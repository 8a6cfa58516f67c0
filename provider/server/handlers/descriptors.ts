/**
 * `…/descriptorByName/<id>/<method>` under the root or an item (Jenkins and AbstractItem are
 * DescriptorByNameOwners). The one modelled is the shared-library step's identifier completion,
 * LibraryStep.DescriptorImpl.doAutoCompleteIdentifier: the names LibraryResolver suggests for the nearest item
 * group on the URL (the item itself when it is a folder, otherwise its parent; the root at the root), in a sorted
 * set, those starting with `value` (case-sensitive). Without Item/ExtendedRead on that group the answer is an empty
 * list, not a 403. A descriptor of a plugin that is not active is not found.
 */
import type { RequestContext, ServerState } from "../context";
import { NotFound, Oops } from "../http-errors";
import { librariesVisibleFrom } from "../libraries";
import { PERMISSIONS } from "../permissions";
import type { Reply } from "../reply";
import type { Item } from "../store";
import { activePlugins } from "./plugin-manager";
import { can, jsonReply } from "./common";

export const LIBRARY_STEP = "org.jenkinsci.plugins.workflow.libs.LibraryStep";
/** The plugin's current name, and the one it had before (workflow-cps-global-lib). */
const LIBRARY_PLUGINS = ["pipeline-groovy-lib", "workflow-cps-global-lib"];

function autoCompleteIdentifier(ctx: RequestContext, state: ServerState, item: Item | undefined): Reply {
  const group = item === undefined || item.type.isFolder ? item : item.parent;
  const names = can(ctx, PERMISSIONS.ITEM_EXTENDED_READ)
    ? [...new Set(librariesVisibleFrom(state, group))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    : [];
  const value = ctx.params.get("value");
  // @QueryParameter without a value is null: String.startsWith(null) throws, but only once there is a name to test.
  if (value === null && names.length > 0) throw new Oops("java.lang.NullPointerException", "");
  const suggestions = names.filter((n) => n.startsWith(value ?? "")).map((name) => ({ name }));
  return jsonReply(ctx, state, { _class: "hudson.search.Search$Result", suggestions });
}

/** `rest` starts after "descriptorByName". */
export function descriptorAction(
  ctx: RequestContext,
  state: ServerState,
  item: Item | undefined,
  rest: string[],
): Reply {
  const plugins = activePlugins(state);
  if (rest[0] === LIBRARY_STEP && LIBRARY_PLUGINS.some((p) => plugins[p] !== undefined)) {
    if (rest.length === 2 && rest[1] === "autoCompleteIdentifier") return autoCompleteIdentifier(ctx, state, item);
  }
  throw new NotFound();
}
