/**
 * What every dynamic resource shares: the thin serialized provider that loads a lifecycle module of the installed
 * package at call time (thin-provider.ts), the engine's markers in property maps (props.ts), and the partial
 * failure that keeps a half-made resource in the state (partial-failure.ts).
 */
export { thinProvider, PACKAGE_NAME, type LifecycleModule } from "./thin-provider";
export { PROVIDER_KEY, strip, UNKNOWN, type Props } from "./props";
export { PartialFailureError } from "./partial-failure";
