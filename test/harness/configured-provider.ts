/** A dynamic-provider process (Layer 2) started and configured for a test server, as the engine starts one. */
import { ProviderProcess, repoRoot, secret, type PropertyMap } from "./provider-process";
import { cleanEnv } from "./serialized-provider";
import { ADMIN } from "./users";

export interface ConfiguredProviderOptions {
  /** The program folder the process runs in; default the repository root. */
  cwd?: string;
  /** Log every request the provider sends to stderr (JENKINS_LOG_REQUESTS). */
  logRequests?: boolean;
  /** The administrator's API token (default) or password, passed as a secret. */
  credential?: "apiToken" | "password";
  /** More stack config. */
  config?: PropertyMap;
  /** More environment of the provider process (HTTPS_PROXY, JENKINS_HEADERS_TIMEOUT_MS, …). */
  env?: Record<string, string>;
}

export async function startConfiguredProvider(
  server: { url: string },
  opts: ConfiguredProviderOptions = {},
): Promise<ProviderProcess> {
  const env = cleanEnv({ ...(opts.logRequests ? { JENKINS_LOG_REQUESTS: "1" } : {}), ...opts.env });
  const proc = await ProviderProcess.start({ cwd: opts.cwd ?? repoRoot, env });
  const credential = opts.credential ?? "apiToken";
  try {
    await proc.configure({
      "jenkins:url": server.url,
      "jenkins:user": ADMIN.name,
      [`jenkins:${credential}`]: secret(ADMIN[credential]),
      ...opts.config,
    });
  } catch (e) {
    await proc.close();
    throw e;
  }
  return proc;
}
