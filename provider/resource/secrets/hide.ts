/**
 * Secrets taken out of a job's `configXml` or typed spec in the program, before Pulumi sees the inputs: each secret
 * value becomes a placeholder (`[secret 1]`) and the values move into the `secretValues` input, marked secret
 * (Pulumi encrypts it in the state and shows `[secret]`), so the config stays readable in `pulumi preview --diff`.
 *
 * Text-level on purpose (hide-text.ts): the program loads no XML parser, and a config without a secret is only
 * searched for a few markers; a plain string without one (most jobs) goes through untouched, with no Output made
 * for it. The provider checks the result with its own parser (state.ts, check.ts).
 *
 * A config built from a `pulumi.secret` is itself secret; once its secret values are out it is not (the rest of
 * it is what the diff must show). A secret config without any known secret field stays secret, as it was given.
 */
import * as pulumi from "@pulumi/pulumi";
import { mayHoldSecrets } from "./fields";
import { hideInSpec, hideInXml, specHoldsSecrets, SECRET_SOURCES, type Hidden } from "./hide-text";

export { hideInSpec, hideInXml, specHoldsSecrets, SECRET_SOURCES, type Hidden };

export interface SourceArgs {
  configXml?: pulumi.Input<string>;
  pipeline?: pulumi.Input<unknown>;
  freestyle?: pulumi.Input<unknown>;
}

export interface HiddenArgs<A extends SourceArgs> {
  args: A;
  /** The values, for the `secretValues` input; undefined when nothing can hold a secret. */
  secretValues?: pulumi.Output<string[]>;
}

/** A plain value whose secrets can be seen without resolving anything, or undefined when it must be resolved. */
function plainSecrets<T>(value: pulumi.Input<T> | undefined, hide: (v: T) => Hidden<T>): Hidden<T> | undefined {
  if (value === undefined || value === null) return { value: value as T, values: [] };
  if (pulumi.Output.isInstance(value) || value instanceof Promise) return undefined;
  if (typeof value === "string") return hide(value);
  // An object may hold Outputs anywhere (a `pulumi.secret` default): only one without password parameters is plain.
  const params = (value as { parameters?: unknown }).parameters;
  if (pulumi.Output.isInstance(params) || params instanceof Promise) return undefined;
  return specHoldsSecrets(value) ? undefined : { value: value as T, values: [] };
}

/** Resolves `value`, takes its secrets out, and keeps it secret only when it was and nothing was taken out. */
function resolvedSecrets<T>(
  value: pulumi.Input<T>,
  hide: (v: T) => Hidden<T>,
): { value: pulumi.Output<T>; values: pulumi.Output<string[]> } {
  const source = pulumi.output(value) as pulumi.Output<T>;
  const hidden = pulumi.unsecret(source.apply((v) => hide(v as T)));
  const wasSecret = pulumi.output(pulumi.isSecret(source));
  const out = pulumi
    .all([hidden, wasSecret])
    .apply(([h, secret]) =>
      secret && h.values.length === 0 ? pulumi.secret(h.value as T) : pulumi.output(h.value as T),
    ) as pulumi.Output<T>;
  return { value: out, values: hidden.apply((h) => h.values) };
}

const hideXml = (xml: string): Hidden<string> =>
  typeof xml === "string" && mayHoldSecrets(xml) ? hideInXml(xml) : { value: xml, values: [] };

/** `args` with its secrets taken out (see the module comment). */
export function hideSecrets<A extends SourceArgs>(args: A): HiddenArgs<A> {
  const keys = SECRET_SOURCES;
  const hideOf = (k: (typeof keys)[number]) =>
    (k === "configXml" ? hideXml : hideInSpec) as (v: unknown) => Hidden<unknown>;
  const plain = keys.map((k) => plainSecrets(args[k] as pulumi.Input<unknown>, hideOf(k)));
  if (plain.every((p) => p !== undefined && p.values.length === 0)) return { args };
  const out: SourceArgs = { ...args };
  const lists: pulumi.Input<string[]>[] = [];
  keys.forEach((k, i) => {
    const given = args[k];
    if (given === undefined || given === null) return;
    const hide = hideOf(k);
    const p = plain[i];
    if (p !== undefined) {
      out[k] = p.value as never;
      lists.push(p.values);
    } else {
      const r = resolvedSecrets(given as pulumi.Input<unknown>, hide);
      out[k] = r.value as never;
      lists.push(r.values);
    }
  });
  // Exactly one source is valid; with more, the provider's check reports it, and the values follow in key order.
  // An empty list rather than nothing: a secret wrapping nothing would reach the provider as a bare marker.
  const values = pulumi.all(lists).apply((ls) => ls.flat());
  return { args: out as A, secretValues: pulumi.secret(values) };
}
