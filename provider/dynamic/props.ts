/**
 * What every dynamic resource's property maps share: the marker the engine sends for values not known yet (in a
 * preview), and the serialized provider that travels in every map and must be stripped before use.
 */

/** The value the engine sends during preview for inputs that are not known yet. */
export const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

/** The key under which the serialized provider travels in every property map. */
export const PROVIDER_KEY = "__provider";

export type Props = Record<string, unknown>;

/** A copy of a property map without the serialized provider. */
export function strip(props: Props | undefined): Props {
  const out: Props = { ...(props ?? {}) };
  delete out[PROVIDER_KEY];
  return out;
}

/**
 * Old outputs with the config's digest under `__digest`: states written while it was the public output
 * `configDigest` (which the CLI showed as hashes) keep it there.
 */
export function withCurrentDigestKey<T extends { configDigest?: unknown; __digest?: unknown }>(olds: T): T {
  if (olds.configDigest === undefined) return olds;
  const { configDigest, ...rest } = olds;
  return (rest.__digest === undefined ? { ...rest, __digest: configDigest } : rest) as T;
}
