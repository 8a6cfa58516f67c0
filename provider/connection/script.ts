/**
 * The connection of the script-facing functions (triggerBuild, triggerScmCheck, the import command): the same
 * settings and the same fallbacks as the Job resource (explicit values first, then JENKINS_URL, JENKINS_USER,
 * JENKINS_API_TOKEN, JENKINS_PASSWORD), through the resource's own resolver so both read them identically.
 */
import { JenkinsClient } from "../client/jenkins-client";
import { proxyFromEnvironment } from "../client/proxy-env";
import { resolveConnection, type ConfigValues, type ConnectionSettings } from "./settings";

/** Explicit connection settings; every one left out is taken from the environment. */
export interface ScriptConnection {
  url?: string;
  user?: string;
  apiToken?: string;
  password?: string;
  /** PEM text or the path of a PEM file. */
  caCert?: string;
  insecureSkipTlsVerify?: boolean;
}

/** Plain settings, an existing client (kept open: the caller owns it), or nothing (environment only). */
export type ConnectionLike = ScriptConnection | JenkinsClient | undefined;

function toConfigValues(c: ScriptConnection): ConfigValues {
  const out: ConfigValues = {};
  if (c.url) out.url = c.url;
  if (c.user) out.user = c.user;
  if (c.apiToken) out.apiToken = c.apiToken;
  if (c.password) out.password = c.password;
  if (c.caCert) out.caCert = c.caCert;
  if (c.insecureSkipTlsVerify !== undefined) out.insecureSkipTlsVerify = String(c.insecureSkipTlsVerify);
  return out;
}

/** Explicit settings merged with the environment; throws ConnectionConfigError when the URL or a credential is missing. */
export function resolveScriptConnection(
  c: ScriptConnection = {},
  env: NodeJS.ProcessEnv = process.env,
): ConnectionSettings {
  return resolveConnection(toConfigValues(c), env);
}

/**
 * Runs `use` with a client for `connection`. A client made here is closed afterwards, so a script's process can
 * exit; a client passed in is left open for its owner.
 */
export async function withClient<T>(
  connection: ConnectionLike,
  use: (client: JenkinsClient) => Promise<T>,
  env: NodeJS.ProcessEnv = process.env,
): Promise<T> {
  if (connection instanceof JenkinsClient) return use(connection);
  const client = new JenkinsClient({ ...resolveScriptConnection(connection, env), proxy: proxyFromEnvironment(env) });
  try {
    return await use(client);
  } finally {
    await client.close();
  }
}
