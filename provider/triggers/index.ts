/** Builds and SCM checks: the BuildTrigger resource and the plain functions for scripts. */
export { BuildTrigger, type BuildTriggerArgs } from "./build-trigger";
export { triggerBuild, triggerScmCheck, type TriggerBuildOptions } from "./functions";
export type { ScriptConnection, ConnectionLike } from "../connection/script";
export type { TriggerKind, TriggerInputs, TriggerOutputs } from "./types";
