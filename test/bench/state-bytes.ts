/**
 * Bytes a checkpoint spends on one resource's inputs and outputs: each map as the engine writes it into the stack's
 * state (minified JSON), and of those the bytes of the serialized provider (`__provider`), which a dynamic
 * provider's resources carry in both maps and a provider plugin's do not.
 */
import type { PropertyMap } from "../harness/provider-process";

const PROVIDER_KEY = "__provider";
const SECRET_SIG_KEY = "4dabf18193072939515e22adb298388d";

export interface StateBytes {
  inputs: number;
  outputs: number;
  /** Of inputs + outputs: the `__provider` members, key and separator included. */
  provider: number;
}

const bytes = (v: unknown): number => Buffer.byteLength(JSON.stringify(v), "utf8");

function withoutProvider(map: PropertyMap): PropertyMap {
  const { [PROVIDER_KEY]: _provider, ...rest } = map;
  void _provider;
  return rest;
}

/** True when a secret is anywhere in the value: its stored size would be its ciphertext's, which these maps lack. */
function holdsSecret(v: unknown): boolean {
  if (Array.isArray(v)) return v.some(holdsSecret);
  if (v === null || typeof v !== "object") return false;
  return SECRET_SIG_KEY in v || Object.values(v).some(holdsSecret);
}

/**
 * The stored size of one resource's maps. A map holding a secret is refused: the engine stores a secret sealed by
 * the stack's secrets provider, so its plaintext size here would not be what a checkpoint holds.
 */
export function stateBytesOf(inputs: PropertyMap, outputs: PropertyMap): StateBytes {
  if (holdsSecret(inputs) || holdsSecret(outputs)) {
    throw new Error("a resource's state holds a secret: its stored size depends on the stack's secrets provider");
  }
  const i = bytes(inputs);
  const o = bytes(outputs);
  return { inputs: i, outputs: o, provider: i - bytes(withoutProvider(inputs)) + o - bytes(withoutProvider(outputs)) };
}

/** The mean per resource, rounded to the byte. */
export function meanStateBytes(all: readonly StateBytes[]): StateBytes {
  const n = Math.max(1, all.length);
  const sum = (k: keyof StateBytes): number => Math.round(all.reduce((s, b) => s + b[k], 0) / n);
  return { inputs: sum("inputs"), outputs: sum("outputs"), provider: sum("provider") };
}
