/**
 * Named Jenkins controllers beside the stack-wide connection. A resource's `controller` input names one; without
 * it the resource uses the `jenkins:*` keys. Each controller is an entry of the structured stack config
 * `jenkins:controllers`:
 *
 *   pulumi config set --path jenkins:controllers.ci2.url https://ci2.example.com/
 *   pulumi config set --path jenkins:controllers.ci2.user deployer
 *   pulumi config set --secret --path jenkins:controllers.ci2.apiToken 11aa…
 *
 * or of the environment, `JENKINS_CONTROLLER_<NAME>_URL` (`_USER`, `_API_TOKEN`, `_PASSWORD`, `_CA_CERT`,
 * `_INSECURE_SKIP_TLS_VERIFY`, `_MAX_CONNECTIONS`, `_ADAPTIVE_CONCURRENCY`: one per field of CONFIG_KEYS) with NAME upper-cased and every other character than A–Z and 0–9 as `_`. A controller's
 * fields never fall back to the stack-wide ones: a second Jenkins with the first one's token would be a surprise.
 * Only the controller's name goes into the state; each controller gets its own client (connection pool, crumb
 * session, concurrency bound), since clients are kept per distinct connection.
 */
import {
  CONFIG_KEYS,
  resolveConnectionOnce,
  type ConfigKey,
  type ConfigValues,
  type ConnectionSettings,
  type KeyNames,
} from "./settings";
import { ConnectionConfigError } from "./errors";

export const CONTROLLERS_KEY = "jenkins:controllers";

/** Fields of one controller, as plain strings (the same fields as the stack-wide connection). */
export type Controllers = Record<string, ConfigValues>;

function envPrefix(name: string): string {
  return `JENKINS_CONTROLLER_${name.toUpperCase().replace(/[^A-Z0-9]/g, "_")}_`;
}

function envSuffix(key: ConfigKey): string {
  return key.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase();
}

/** How each field of a controller is named in messages: its config path and its environment variable. */
export function controllerKeyNames(name: string): KeyNames {
  const names = {} as KeyNames;
  for (const key of Object.keys(CONFIG_KEYS) as ConfigKey[]) {
    names[key] = {
      config: `${CONTROLLERS_KEY}.${name}.${key}`,
      env: `${envPrefix(name)}${envSuffix(key)}`,
      path: true,
    };
  }
  return names;
}

/** `jenkins:controllers` from the stack config: an object (structured config) or its JSON text. */
export function readControllers(raw: unknown): Controllers {
  if (raw === undefined || raw === null || raw === "") return {};
  let value = raw;
  if (typeof raw === "string") {
    try {
      value = JSON.parse(raw);
    } catch {
      throw new ConnectionConfigError(
        `${CONTROLLERS_KEY} must be an object of named controllers, set with \`pulumi config set --path\`.`,
      );
    }
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new ConnectionConfigError(
      `${CONTROLLERS_KEY} must be an object of named controllers, set with \`pulumi config set --path\`.`,
    );
  }
  const out: Controllers = {};
  for (const [name, fields] of Object.entries(value as Record<string, unknown>)) {
    const values: ConfigValues = {};
    if (fields && typeof fields === "object") {
      for (const key of Object.keys(CONFIG_KEYS) as ConfigKey[]) {
        const v = (fields as Record<string, unknown>)[key];
        if (v !== undefined && v !== null && v !== "") values[key] = String(v);
      }
    }
    out[name] = values;
  }
  return out;
}

/** Names of the controllers known from the stack config and the environment. */
export function controllerNames(controllers: Controllers, env: NodeJS.ProcessEnv = process.env): string[] {
  const names = new Set(Object.keys(controllers));
  for (const key of Object.keys(env)) {
    const m = /^JENKINS_CONTROLLER_(.+)_URL$/.exec(key);
    if (m && ![...names].some((n) => envPrefix(n) === `JENKINS_CONTROLLER_${m[1]}_`)) names.add(m[1].toLowerCase());
  }
  return [...names].sort();
}

/** The connection of a resource: the named controller's, or the stack-wide one when no name is given. */
export function connectionFor(
  controller: string | undefined,
  defaults: ConfigValues,
  controllers: Controllers,
  env: NodeJS.ProcessEnv = process.env,
): ConnectionSettings {
  if (controller === undefined || controller === "") return resolveConnectionOnce(defaults, env);
  const known = controllerNames(controllers, env);
  if (!known.includes(controller)) {
    throw new ConnectionConfigError(
      `Unknown Jenkins controller "${controller}". ` +
        (known.length > 0
          ? `Known controllers: ${known.map((n) => `"${n}"`).join(", ")}. `
          : "No controllers are configured. ") +
        `Add it with \`pulumi config set --path ${CONTROLLERS_KEY}.${controller}.url https://…\` (and its user and API token), ` +
        `or remove the \`controller\` argument to use the stack-wide jenkins:url.`,
    );
  }
  return resolveConnectionOnce(controllers[controller] ?? {}, env, controllerKeyNames(controller), controller);
}
