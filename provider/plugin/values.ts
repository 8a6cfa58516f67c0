/**
 * Property values between the engine's wire form and the lifecycles' plain maps. The engine marks a secret as an
 * object with a signature key; the lifecycles, written for the dynamic provider host (which takes no secrets), want
 * plain values. Unknowns travel as the same marker string both ways, so they pass through untouched.
 *
 * Which top-level keys held a secret is kept beside the plain map: with `acceptSecrets` the engine does not mark
 * outputs secret for the provider, so every output named like a secret input goes back secret.
 */
export type Props = Record<string, unknown>;

/** The signature key and value of a secret in a property map (the engine's `sig.Secret`). */
export const SECRET_SIG_KEY = "4dabf18193072939515e22adb298388d";
export const SECRET_SIG = "1b47061264138c4ac30d75fd1eb44270";

function isSecretValue(v: unknown): v is { value?: unknown } {
  return typeof v === "object" && v !== null && !Array.isArray(v) && (v as Props)[SECRET_SIG_KEY] === SECRET_SIG;
}

/** A value marked secret, as the engine reads it. */
export function secret(value: unknown): Props {
  return { [SECRET_SIG_KEY]: SECRET_SIG, value };
}

/** A value with every secret mark removed (at any depth), and whether it held one. */
export function unwrap(value: unknown): { value: unknown; secret: boolean } {
  if (isSecretValue(value)) return { value: unwrap(value.value).value, secret: true };
  if (Array.isArray(value)) {
    let secret = false;
    const out = value.map((v) => {
      const u = unwrap(v);
      secret ||= u.secret;
      return u.value;
    });
    return { value: out, secret };
  }
  if (typeof value === "object" && value !== null) {
    let secret = false;
    const out: Props = {};
    for (const [k, v] of Object.entries(value)) {
      const u = unwrap(v);
      secret ||= u.secret;
      out[k] = u.value;
    }
    return { value: out, secret };
  }
  return { value, secret: false };
}

/** A property map as the lifecycles take it, and the keys whose values were (or held) secrets. */
export interface Plain {
  props: Props;
  secrets: Set<string>;
}

export function plain(props: Props | undefined): Plain {
  const out: Props = {};
  const secrets = new Set<string>();
  for (const [k, v] of Object.entries(props ?? {})) {
    const u = unwrap(v);
    out[k] = u.value;
    if (u.secret) secrets.add(k);
  }
  return { props: out, secrets };
}

/**
 * A property map for the engine: `undefined` values left out (a struct cannot carry them), the keys of `secrets`
 * marked secret. Values that are already marked are not marked twice.
 */
export function wire(props: Props | undefined, secrets: ReadonlySet<string>): Props {
  const out: Props = {};
  for (const [k, v] of Object.entries(props ?? {})) {
    if (v === undefined) continue;
    out[k] = secrets.has(k) && !isSecretValue(v) ? secret(withoutUndefined(v)) : withoutUndefined(v);
  }
  return out;
}

/** A copy without `undefined` members at any depth (array holes become null, as JSON would). */
function withoutUndefined(value: unknown): unknown {
  if (Array.isArray(value)) return value.map((v) => (v === undefined ? null : withoutUndefined(v)));
  if (typeof value === "object" && value !== null) {
    const out: Props = {};
    for (const [k, v] of Object.entries(value)) if (v !== undefined) out[k] = withoutUndefined(v);
    return out;
  }
  return value;
}
