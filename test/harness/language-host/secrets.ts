/**
 * Secrets in the stack state, as the Pulumi engine keeps them. A property that the program registered as a secret
 * (or names in `additionalSecretOutputs`) is secret in the checked inputs and the outputs (the engine annotates a
 * provider's answers by key, since a dynamic provider does not accept secrets); a refresh keeps secret what was.
 * The checkpoint stores a secret as `{ <sig>: <secret sig>, ciphertext }`, encrypted with the stack's key, and the
 * CLI displays it as `[secret]`. The provider always gets plain values.
 */
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import type { PropertyMap } from "../provider-process";

const SIG_KEY = "4dabf18193072939515e22adb298388d";
const SECRET_SIG = "1b47061264138c4ac30d75fd1eb44270";

function isSecretValue(v: unknown): v is PropertyMap {
  return typeof v === "object" && v !== null && (v as PropertyMap)[SIG_KEY] === SECRET_SIG;
}

function holdsSecret(v: unknown): boolean {
  if (isSecretValue(v)) return true;
  if (Array.isArray(v)) return v.some(holdsSecret);
  if (v && typeof v === "object") return Object.values(v).some(holdsSecret);
  return false;
}

/** Top-level keys of a registration's inputs that hold a secret. */
export function secretKeysOf(inputs: PropertyMap): string[] {
  return Object.keys(inputs).filter((k) => holdsSecret(inputs[k]));
}

/** Top-level keys of a stored map that are sealed secrets. */
export function sealedKeysOf(map: PropertyMap): string[] {
  return Object.keys(map).filter((k) => isSecretValue(map[k]));
}

export class StackSecrets {
  /** The stack's secrets provider key (like a passphrase provider's), never written into the state. */
  private readonly key = randomBytes(32);

  private sealValue(value: unknown): PropertyMap {
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", this.key, iv);
    const data = Buffer.concat([cipher.update(JSON.stringify(value) ?? "null", "utf8"), cipher.final()]);
    return {
      [SIG_KEY]: SECRET_SIG,
      ciphertext: Buffer.concat([iv, cipher.getAuthTag(), data]).toString("base64"),
    };
  }

  private openValue(sealed: PropertyMap): unknown {
    const raw = Buffer.from(String(sealed.ciphertext), "base64");
    const decipher = createDecipheriv("aes-256-gcm", this.key, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return JSON.parse(Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8"));
  }

  /** `map` as stored: the values under `keys` sealed (absent keys stay absent). */
  seal(map: PropertyMap, keys: Iterable<string>): PropertyMap {
    const out = { ...map };
    for (const k of keys)
      if (k in out && out[k] !== undefined && !isSecretValue(out[k])) out[k] = this.sealValue(out[k]);
    return out;
  }

  /** `map` with every sealed value opened, as the engine hands it to the provider. */
  open(map: PropertyMap): PropertyMap {
    return Object.fromEntries(Object.entries(map).map(([k, v]) => [k, isSecretValue(v) ? this.openValue(v) : v]));
  }

  /**
   * `map` as stored, for a provider that accepts secrets: every value marked secret (`{ <sig>: <secret sig>, value
   * }`, at any depth, as the engine and a plugin mark them) sealed in place, and the top-level `keys` too.
   */
  sealMarked(map: PropertyMap, keys: Iterable<string> = []): PropertyMap {
    const seal = (v: unknown): unknown => {
      if (isMarkedSecret(v)) return this.sealValue(unmarked(v.value));
      if (Array.isArray(v)) return v.map(seal);
      if (v && typeof v === "object" && !isSecretValue(v))
        return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, seal(x)]));
      return v;
    };
    return this.seal(seal(map) as PropertyMap, keys);
  }

  /** `map` with every sealed value opened into a marked secret: what the engine sends a provider that accepts them. */
  openMarked(map: PropertyMap): PropertyMap {
    const open = (v: unknown): unknown => {
      if (isSecretValue(v)) return { [SIG_KEY]: SECRET_SIG, value: this.openValue(v) };
      if (Array.isArray(v)) return v.map(open);
      if (v && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, open(x)]));
      return v;
    };
    return open(map) as PropertyMap;
  }
}

function isMarkedSecret(v: unknown): v is { value: unknown } {
  return typeof v === "object" && v !== null && (v as PropertyMap)[SIG_KEY] === SECRET_SIG && "value" in v;
}

/** A value with the secret marks inside it dropped (the whole value is sealed as one). */
function unmarked(v: unknown): unknown {
  if (isMarkedSecret(v)) return unmarked(v.value);
  if (Array.isArray(v)) return v.map(unmarked);
  if (v && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, unmarked(x)]));
  return v;
}

/** `map` as the CLI displays it: sealed (or marked) values as `[secret]`, at any depth. */
export function displayed(map: PropertyMap): PropertyMap {
  const shown = (v: unknown): unknown => {
    if (isSecretValue(v)) return "[secret]";
    if (Array.isArray(v)) return v.map(shown);
    if (v && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, shown(x)]));
    return v;
  };
  return shown(map) as PropertyMap;
}
