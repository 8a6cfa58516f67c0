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
