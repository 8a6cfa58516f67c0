/**
 * The provider's configuration, as the lifecycles' `configure` reads it (`get("jenkins:url")`), from what the
 * engine gives a plugin: Configure's arguments (a default provider's `jenkins:*` stack config, or an explicit
 * provider resource's inputs, keys without the `jenkins:` prefix) and the stack config in the process's
 * `PULUMI_CONFIG` variable. The environment comes after both, read by the connection layer at call time, where a
 * credential in the environment wins as it does for the dynamic provider (docs/guide/first-stack.md).
 *
 * An explicit provider naming another Jenkins (its own `url`) borrows no user or credential from the stack
 * config: a second Jenkins with the first one's token would be a surprise (the rule of named controllers).
 */
import type { ConfigSource } from "../connection/settings";
import type { Props } from "./values";

export const PACKAGE = "jenkins";

/** The keys whose values make up a credential: never taken from the stack config for another URL. */
const CREDENTIAL_KEYS = new Set(["user", "apiToken", "password"]);

/** A structured value of `PULUMI_CONFIG` arrives as JSON text, as `pulumi config set --path` stored it. */
function stackConfig(env: NodeJS.ProcessEnv): Props {
  const raw = env.PULUMI_CONFIG;
  if (raw === undefined || raw === "") return {};
  try {
    const parsed = JSON.parse(raw) as unknown;
    return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed) ? (parsed as Props) : {};
  } catch {
    return {};
  }
}

/** Configure's arguments under short keys: `jenkins:url` and `url` alike become `url`. */
function shortKeys(args: Props): Props {
  const out: Props = {};
  for (const [k, v] of Object.entries(args)) {
    if (v === undefined || v === null || v === "") continue;
    out[k.startsWith(`${PACKAGE}:`) ? k.slice(PACKAGE.length + 1) : k] = v;
  }
  return out;
}

/**
 * The configuration source of a Configure call. `args` are plain values (secrets unwrapped); `variables` (the
 * older form, full keys, JSON text for structured values) fill in keys the arguments leave out.
 */
export function configSource(
  args: Props,
  variables: Record<string, string> = {},
  env: NodeJS.ProcessEnv = process.env,
): ConfigSource {
  const given = { ...shortKeys(variables), ...shortKeys(args) };
  const stack = shortKeys(stackConfig(env));
  const otherJenkins = typeof given.url === "string" && typeof stack.url === "string" && given.url !== stack.url;
  const values: Props = {};
  for (const [k, v] of Object.entries(stack)) {
    if (otherJenkins && CREDENTIAL_KEYS.has(k)) continue;
    values[k] = v;
  }
  Object.assign(values, given);
  return {
    get(key: string): unknown {
      const short = key.startsWith(`${PACKAGE}:`) ? key.slice(PACKAGE.length + 1) : key;
      return values[short];
    },
  };
}
