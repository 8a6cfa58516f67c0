/**
 * The plugin's resource types and the lifecycle each one is served by: the same modules the dynamic provider's
 * thin entry points load, so both ways of using a resource run one implementation.
 */
import type { LifecycleModule } from "../dynamic/thin-provider";
import * as job from "../resource/lifecycle";
import { SECRET_VALUES_KEY } from "../resource/secrets/fields";
import * as view from "../view/lifecycle";
import * as credential from "../credential/lifecycle";
import * as sweep from "../sweep/lifecycle";
import * as trigger from "../triggers/lifecycle";

export interface PluginResource {
  /** The resource's token, e.g. `jenkins:index:Job`. */
  token: string;
  lifecycle: LifecycleModule;
  /** Outputs that are secret whatever the inputs were (the values the program side keeps encrypted). */
  alwaysSecret: readonly string[];
}

const table: PluginResource[] = [
  { token: "jenkins:index:Job", lifecycle: job as unknown as LifecycleModule, alwaysSecret: [SECRET_VALUES_KEY] },
  { token: "jenkins:index:View", lifecycle: view as unknown as LifecycleModule, alwaysSecret: [] },
  {
    token: "jenkins:index:Credential",
    lifecycle: credential as unknown as LifecycleModule,
    alwaysSecret: [SECRET_VALUES_KEY],
  },
  { token: "jenkins:index:FolderSweep", lifecycle: sweep as unknown as LifecycleModule, alwaysSecret: [] },
  { token: "jenkins:index:BuildTrigger", lifecycle: trigger as unknown as LifecycleModule, alwaysSecret: [] },
];

export const RESOURCES: ReadonlyMap<string, PluginResource> = new Map(table.map((r) => [r.token, r]));

/** Every lifecycle once, for Configure. */
export const LIFECYCLES: readonly LifecycleModule[] = table.map((r) => r.lifecycle);

/** The type token of a URN (`urn:pulumi:stack::project::parent$jenkins:index:Job::name`). */
export function typeOfUrn(urn: string): string {
  const parts = urn.split("::");
  const qualified = parts.length >= 4 ? parts[2] : "";
  return qualified.split("$").pop() ?? "";
}

export class UnknownTypeError extends Error {
  constructor(type: string) {
    super(
      `The jenkins provider has no resource type "${type}"; it serves ${[...RESOURCES.keys()].join(", ")}. ` +
        "Regenerate the SDK with `pulumi package add` for the version of the plugin the stack uses.",
    );
    this.name = "UnknownTypeError";
  }
}

export function resourceOf(type: string): PluginResource {
  const r = RESOURCES.get(type);
  if (r === undefined) throw new UnknownTypeError(type);
  return r;
}
