/**
 * Where the Job resource gets its Jenkins connection: the stack config handed to the provider's `configure`, then
 * the environment, read at call time inside the provider process. Nothing here is ever captured into the
 * serialized provider or written to state: a captured string would be stored in plain text in `__provider`.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { JenkinsClient } from "../client/jenkins-client";
import { DEFAULTS } from "../client/options";
import { hasProxy, proxyFromEnvironment, type ProxySettings } from "../client/proxy-env";
import { ConnectionConfigError } from "./errors";

/** What `configure` receives from the dynamic provider host (`req.config`). */
export interface ConfigSource {
  get(key: string): unknown;
}

export interface ConnectionSettings {
  url: string;
  user: string;
  apiToken?: string;
  password?: string;
  caCert?: string;
  insecureSkipTlsVerify: boolean;
  /** Sockets to Jenkins at most (shared by every Job of the provider process). */
  maxConnections: number;
  /** Fewer requests in flight while Jenkins answers slowly or says it is overloaded (the client's option); default true. */
  adaptiveConcurrency?: boolean;
  /** The client's timeouts, in ms; the client's defaults when unset. */
  connectTimeoutMs?: number;
  headersTimeoutMs?: number;
  bodyTimeoutMs?: number;
  /**
   * How a timeout's error names each timeout's setting: the key or variable that set it, or, for one left at its
   * default, both ways to set it.
   */
  timeoutNames?: Record<keyof typeof TIMEOUTS, string>;
  /** Where the credential came from, as the user names it (`jenkins:apiToken`, `JENKINS_API_TOKEN`, …), for messages. */
  credentialFrom?: string;
}

/**
 * Sockets per connection. The engine runs up to 4 × CPU count resource operations at once by default
 * (`pulumi up --parallel`); 16 covers that on the common 2- to 4-core runners without opening dozens of sockets to
 * one Jenkins on a large machine, where requests then wait briefly for a free socket.
 */
export const DEFAULT_MAX_CONNECTIONS = 16;

/** Stack config keys, with the environment variable that backs each one up. */
export const CONFIG_KEYS = {
  url: { config: "jenkins:url", env: "JENKINS_URL" },
  user: { config: "jenkins:user", env: "JENKINS_USER" },
  apiToken: { config: "jenkins:apiToken", env: "JENKINS_API_TOKEN" },
  password: { config: "jenkins:password", env: "JENKINS_PASSWORD" },
  caCert: { config: "jenkins:caCert", env: undefined },
  insecureSkipTlsVerify: { config: "jenkins:insecureSkipTlsVerify", env: undefined },
  maxConnections: { config: "jenkins:maxConnections", env: "JENKINS_MAX_CONNECTIONS" },
  adaptiveConcurrency: { config: "jenkins:adaptiveConcurrency", env: "JENKINS_ADAPTIVE_CONCURRENCY" },
  connectTimeoutMs: { config: "jenkins:connectTimeoutMs", env: "JENKINS_CONNECT_TIMEOUT_MS" },
  headersTimeoutMs: { config: "jenkins:headersTimeoutMs", env: "JENKINS_HEADERS_TIMEOUT_MS" },
  bodyTimeoutMs: { config: "jenkins:bodyTimeoutMs", env: "JENKINS_BODY_TIMEOUT_MS" },
} as const;

/** The timeouts a stack may set, with the client's defaults (named in messages). */
const TIMEOUTS = {
  connectTimeoutMs: DEFAULTS.connectTimeoutMs,
  headersTimeoutMs: DEFAULTS.headersTimeoutMs,
  bodyTimeoutMs: DEFAULTS.bodyTimeoutMs,
} as const;

/** An hour: longer than any answer worth waiting for, short enough that a stuck call still ends. */
const MAX_TIMEOUT_MS = 3_600_000;

type Key = keyof typeof CONFIG_KEYS;
export type ConfigKey = Key;

/** How each field is named in messages: its stack config key (or `--path` path) and its environment variable. */
export type KeyNames = Record<Key, { config: string; env: string | undefined; path?: boolean }>;

const STACK_WIDE: KeyNames = CONFIG_KEYS;

/** `pulumi config set [--secret] [--path] <key> <value>`, for messages. */
function setCommand(names: KeyNames, key: Key, value: string, secret = false): string {
  return `pulumi config set ${secret ? "--secret " : ""}${names[key].path ? "--path " : ""}${names[key].config} ${value}`;
}

function envName(names: KeyNames, key: Key): string | undefined {
  return names[key].env;
}

/** Plain values of the `jenkins:*` keys, copied out of the config object so no live object is kept. */
export type ConfigValues = Partial<Record<Key, string>>;

/** Config values arrive as strings from `pulumi config set`, or as JSON values from a structured config. */
function asString(v: unknown): string | undefined {
  if (v === undefined || v === null) return undefined;
  const s = typeof v === "string" ? v : String(v);
  return s.length > 0 ? s : undefined;
}

export function readConfig(source: ConfigSource | undefined): ConfigValues {
  const out: ConfigValues = {};
  if (!source) return out;
  for (const key of Object.keys(CONFIG_KEYS) as Key[]) {
    const value = asString(source.get(CONFIG_KEYS[key].config));
    if (value !== undefined) out[key] = value;
  }
  return out;
}

function parseBoolean(raw: string | undefined, key: string): boolean {
  if (raw === undefined) return false;
  const v = raw.trim().toLowerCase();
  if (["true", "1", "yes"].includes(v)) return true;
  if (["false", "0", "no", ""].includes(v)) return false;
  throw new ConnectionConfigError(`${key} must be true or false.`);
}

function parseMaxConnections(raw: string | undefined, names: KeyNames): number {
  if (raw === undefined) return DEFAULT_MAX_CONNECTIONS;
  const n = Number(raw.trim());
  if (!Number.isInteger(n) || n < 1 || n > 1024) {
    throw new ConnectionConfigError(
      `${names.maxConnections.config} (or ${names.maxConnections.env}) must be a whole number from 1 to 1024; the default is ${DEFAULT_MAX_CONNECTIONS}.`,
    );
  }
  return n;
}

/** On unless set to false. */
function parseAdaptive(raw: string | undefined, names: KeyNames): boolean {
  if (raw === undefined) return true;
  const env = names.adaptiveConcurrency.env;
  return parseBoolean(raw, `${names.adaptiveConcurrency.config}${env ? ` (or ${env})` : ""}`);
}

/** A timeout in whole milliseconds, or undefined for the client's default. */
function parseTimeout(raw: string | undefined, key: keyof typeof TIMEOUTS, names: KeyNames): number | undefined {
  if (raw === undefined) return undefined;
  const n = Number(raw.trim());
  if (raw.trim() === "" || !Number.isInteger(n) || n < 1 || n > MAX_TIMEOUT_MS) {
    const env = names[key].env;
    throw new ConnectionConfigError(
      `${names[key].config}${env ? ` (or ${env})` : ""} must be a whole number of milliseconds from 1 to ${MAX_TIMEOUT_MS}; ` +
        `the default is ${TIMEOUTS[key]}.`,
    );
  }
  return n;
}

/** `jenkins:caCert` may hold the PEM text itself or the path of a PEM file. */
function loadCaCert(raw: string | undefined, names: KeyNames): string | undefined {
  if (raw === undefined) return undefined;
  if (raw.includes("-----BEGIN")) return raw;
  try {
    return readFileSync(raw, "utf8");
  } catch {
    throw new ConnectionConfigError(
      // The value itself is not echoed: it may be a mangled certificate or key pasted into the wrong key.
      `${names.caCert.config} is neither PEM text (-----BEGIN CERTIFICATE-----…) nor the path of a readable file.`,
    );
  }
}

function checkUrl(raw: string, names: KeyNames): string {
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConnectionConfigError(
      `The Jenkins URL is not a valid URL. Set it with \`${setCommand(names, "url", "https://jenkins.example.com/")}\` ` +
        `or the ${names.url.env} environment variable.`,
    );
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") {
    throw new ConnectionConfigError(`The Jenkins URL must start with http:// or https:// (got ${parsed.protocol}).`);
  }
  if (parsed.username || parsed.password) {
    // The URL ends up in outputs (job urls) and in messages; credentials have their own keys.
    throw new ConnectionConfigError(
      `The Jenkins URL must not contain a user name or password. Use ${names.user.config} with ${names.apiToken.config} ` +
        `(or ${names.user.env} with ${names.apiToken.env}) instead.`,
    );
  }
  if (!parsed.pathname.endsWith("/")) parsed.pathname += "/";
  parsed.search = "";
  parsed.hash = "";
  return parsed.toString();
}

/**
 * Given values first, then the environment, field by field. With `envCredentialWins` (the resources' stack config)
 * the credential is the exception: an API token or password in the environment wins over the config's (with the
 * environment's user, when it names one). `refresh` and `destroy` configure the provider from the config stored in
 * the state at the last `up`, so the environment is how a rotated token reaches them before the next `up`. Scripts
 * keep explicit values first. A missing URL or credential is an error naming both ways to set it. The environment
 * is read on every call, so a process can pick up a rotated token.
 */
export function resolveConnection(
  config: ConfigValues,
  env: NodeJS.ProcessEnv = process.env,
  names: KeyNames = STACK_WIDE,
  opts: { envCredentialWins?: boolean } = {},
): ConnectionSettings {
  const pick = (key: Key): string | undefined => {
    const fromConfig = config[key];
    if (fromConfig !== undefined) return fromConfig;
    const name = envName(names, key);
    return name ? asString(env[name]) : undefined;
  };
  const url = pick("url");
  if (!url) {
    throw new ConnectionConfigError(
      `No Jenkins URL is configured. Set it with \`${setCommand(names, "url", "https://jenkins.example.com/")}\` ` +
        `or the ${names.url.env} environment variable.`,
    );
  }
  const envOf = (key: Key): string | undefined => {
    const name = envName(names, key);
    return name ? asString(env[name]) : undefined;
  };
  const credentialInEnv =
    opts.envCredentialWins === true && (envOf("apiToken") !== undefined || envOf("password") !== undefined);
  const user = credentialInEnv ? (envOf("user") ?? pick("user")) : pick("user");
  const apiToken = credentialInEnv ? envOf("apiToken") : pick("apiToken");
  const password = credentialInEnv ? envOf("password") : pick("password");
  const credentialKey: Key = apiToken ? "apiToken" : "password";
  const fromConfig = config[credentialKey] !== undefined && !credentialInEnv;
  const credentialFrom = fromConfig ? names[credentialKey].config : envName(names, credentialKey);
  if (!user || (!apiToken && !password)) {
    throw new ConnectionConfigError(
      "No Jenkins credentials are configured. Set a user and an API token with " +
        `\`${setCommand(names, "user", "<name>")}\` and \`${setCommand(names, "apiToken", "<token>", true)}\` ` +
        `(or ${names.password.config}), or with the ${names.user.env} and ${names.apiToken.env} (or ${names.password.env}) ` +
        "environment variables.",
    );
  }
  return {
    url: checkUrl(url, names),
    user,
    apiToken,
    // With a token the password is never needed; not keeping it means it cannot leak from here.
    password: apiToken ? undefined : password,
    caCert: loadCaCert(pick("caCert"), names),
    insecureSkipTlsVerify: parseBoolean(pick("insecureSkipTlsVerify"), names.insecureSkipTlsVerify.config),
    maxConnections: parseMaxConnections(pick("maxConnections"), names),
    adaptiveConcurrency: parseAdaptive(pick("adaptiveConcurrency"), names),
    ...timeouts(pick, names),
    timeoutNames: timeoutNames(config, env, names),
    credentialFrom,
  };
}

/** The timeouts that are set, parsed; unset ones are left out so the client's defaults apply. */
function timeouts(
  pick: (key: Key) => string | undefined,
  names: KeyNames,
): Pick<ConnectionSettings, keyof typeof TIMEOUTS> {
  const out: Pick<ConnectionSettings, keyof typeof TIMEOUTS> = {};
  for (const key of Object.keys(TIMEOUTS) as (keyof typeof TIMEOUTS)[]) {
    const value = parseTimeout(pick(key), key, names);
    if (value !== undefined) out[key] = value;
  }
  return out;
}

/**
 * Each timeout's setting as its error names it: the stack config key (or the controller's) that set it, else its
 * environment variable, else, for a default, the key with the variable as the other way to set it.
 */
function timeoutNames(
  config: ConfigValues,
  env: NodeJS.ProcessEnv,
  names: KeyNames,
): Record<keyof typeof TIMEOUTS, string> {
  const out = {} as Record<keyof typeof TIMEOUTS, string>;
  for (const key of Object.keys(TIMEOUTS) as (keyof typeof TIMEOUTS)[]) {
    const { config: configKey, env: variable } = names[key];
    if (config[key] !== undefined || variable === undefined) out[key] = configKey;
    else if (asString(env[variable]) !== undefined) out[key] = `the ${variable} environment variable`;
    else out[key] = `${configKey} (or the ${variable} environment variable)`;
  }
  return out;
}

/** The environment variables of a connection's keys, listed once per set of key names (every call reads them). */
const envNamesOf = new WeakMap<KeyNames, readonly string[]>();

function envNames(names: KeyNames): readonly string[] {
  let out = envNamesOf.get(names);
  if (out === undefined) {
    out = Object.values(names)
      .map((k) => k.env)
      .filter((n): n is NonNullable<typeof n> => n !== undefined);
    envNamesOf.set(names, out);
  }
  return out;
}

interface Resolved {
  config: ConfigValues;
  env: NodeJS.ProcessEnv;
  values: (string | undefined)[];
  settings: ConnectionSettings;
}

/** The last resolution per connection name ("" for the stack-wide one). */
const lastResolved = new Map<string, Resolved>();

/**
 * resolveConnection for the provider's calls: the same settings object as long as the config object and the
 * environment variables it falls back to are unchanged (a rotated token in the environment is still picked up).
 * Saves the URL parsing and hashing on every call. A `jenkins:caCert` given as a file path is read again on every
 * call, as resolveConnection does.
 */
export function resolveConnectionOnce(
  config: ConfigValues,
  env: NodeJS.ProcessEnv = process.env,
  names: KeyNames = STACK_WIDE,
  name = "",
): ConnectionSettings {
  const values = envNames(names).map((n) => env[n]);
  const last = lastResolved.get(name);
  if (last && last.config === config && last.env === env && last.values.every((v, i) => v === values[i])) {
    return last.settings;
  }
  const settings = resolveConnection(config, env, names, { envCredentialWins: true });
  const caFromFile = config.caCert !== undefined && !config.caCert.includes("-----BEGIN");
  if (caFromFile) lastResolved.delete(name);
  else lastResolved.set(name, { config, env, values, settings });
  return settings;
}

/**
 * One client per distinct connection for the life of the provider process: every Job of a stack shares its
 * connection pool, crumb and session. The key is a hash so the map holds no credential in clear text.
 */
const clients = new Map<string, JenkinsClient>();

/** Keys of settings objects already hashed: resolveConnectionOnce hands out the same object call after call. */
const keys = new WeakMap<ConnectionSettings, string>();

function cacheKey(s: ConnectionSettings): string {
  let key = keys.get(s);
  if (key === undefined) {
    key = createHash("sha256").update(JSON.stringify(s)).digest("hex");
    keys.set(s, key);
  }
  return key;
}

/**
 * Request log lines go to stderr (which the engine shows with -v) only when asked for: `JENKINS_LOG_REQUESTS` read
 * as the other switches are (`1`, `true`, `yes` on; `0`, `false`, `no` or empty off), so `=0` means off.
 */
function requestLogger(env: NodeJS.ProcessEnv): ((line: string) => void) | undefined {
  if (!parseBoolean(env.JENKINS_LOG_REQUESTS, "JENKINS_LOG_REQUESTS")) return undefined;
  return (line: string) => process.stderr.write(`jenkins: ${line}\n`);
}

/** The key of a client: its settings and the proxy it goes through (a hash: a proxy URL may hold a password). */
function clientKey(settings: ConnectionSettings, proxy: ProxySettings): string {
  const key = cacheKey(settings);
  if (!hasProxy(proxy)) return key;
  return `${key}:${createHash("sha256").update(JSON.stringify(proxy)).digest("hex")}`;
}

/**
 * The client of a connection. Its proxy (HTTPS_PROXY, HTTP_PROXY, NO_PROXY and their lower-case forms, read as
 * undici's EnvHttpProxyAgent reads them) is read from `env` here, when the provider process first needs the
 * connection; a change of those variables gets a new client.
 */
export function clientFor(settings: ConnectionSettings, env: NodeJS.ProcessEnv = process.env): JenkinsClient {
  return clientWithKey(settings, env).client;
}

function clientWithKey(settings: ConnectionSettings, env: NodeJS.ProcessEnv): { client: JenkinsClient; key: string } {
  const proxy = proxyFromEnvironment(env);
  const key = clientKey(settings, proxy);
  let client = clients.get(key);
  if (!client) {
    client = new JenkinsClient({ ...settings, proxy, log: requestLogger(env) });
    clients.set(key, client);
  }
  return { client, key };
}

/**
 * Checks once per connection and process that the URL leads to a Jenkins (`GET /api/json` with an `X-Jenkins`
 * header). Without it, a URL pointing at some other web service could answer 200 to a create, and the stack would
 * record a job that does not exist. Concurrent first calls share the one check; a failed check is tried again.
 */
const verified = new Map<string, Promise<unknown>>();

export async function verifiedClientFor(
  settings: ConnectionSettings,
  env: NodeJS.ProcessEnv = process.env,
): Promise<JenkinsClient> {
  const { client, key } = clientWithKey(settings, env);
  let check = verified.get(key);
  if (!check) {
    const pending = client.serverInfo();
    verified.set(key, pending);
    pending.catch(() => {
      if (verified.get(key) === pending) verified.delete(key);
    });
    check = pending;
  }
  await check;
  return client;
}

/** Closes every cached client (tests; a provider process just exits). */
export async function closeClients(): Promise<void> {
  const all = [...clients.values()];
  clients.clear();
  verified.clear();
  await Promise.all(all.map((c) => c.close()));
}
