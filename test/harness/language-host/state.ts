/** The stack state the engine stand-in keeps between operations, as a checkpoint file would. */
import type { PropertyMap } from "../provider-process";

export interface ResourceState {
  urn: string;
  type: string;
  custom: boolean;
  id: string;
  /** Checked inputs, as the engine stores them. */
  inputs: PropertyMap;
  outputs: PropertyMap;
  dependencies: string[];
  /** Set by a partial failure: the next `up` updates the resource even without a diff. */
  initErrors?: string[];
  /** The `retainOnDelete` resource option: deleting it drops it from the state without calling the provider. */
  retainOnDelete?: boolean;
  /**
   * The provider reference (`<provider URN>::<provider id>`) of a resource served by a provider plugin. Dynamic
   * resources have none here: their one provider is the stack's default `pulumi-nodejs` provider.
   */
  provider?: string;
}

export interface StackState {
  /** In registration order, which respects dependencies: deletes run in reverse. */
  resources: ResourceState[];
  outputs: PropertyMap;
}

export function emptyState(): StackState {
  return { resources: [], outputs: {} };
}

export const DYNAMIC_PACKAGE = "pulumi-nodejs";

export function isDynamicType(type: string): boolean {
  return type === `${DYNAMIC_PACKAGE}:dynamic:Resource` || type.startsWith(`${DYNAMIC_PACKAGE}:dynamic/`);
}

/** Provider resources: `pulumi:providers:<package>`. */
export function isProviderType(type: string): boolean {
  return type.startsWith("pulumi:providers:");
}

/** The package a type belongs to: `jenkins` for `jenkins:index:Job` and for `pulumi:providers:jenkins`. */
export function packageOf(type: string): string {
  return isProviderType(type) ? type.slice("pulumi:providers:".length) : type.split(":")[0];
}

/** A provider reference's URN and id (`<urn>::<id>`). */
export function parseProviderRef(ref: string): { urn: string; id: string } {
  const at = ref.lastIndexOf("::");
  return { urn: ref.slice(0, at), id: ref.slice(at + 2) };
}
