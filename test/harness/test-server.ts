/** Starts the Jenkins-compatible server with known users whose secrets the tests can scan for. */
import { startJenkinsServer, type JenkinsServer, type JenkinsServerOptions } from "../../provider/server";
import { secretForms } from "./secrets";

export type Mode = "legacy" | "current";
export const MODES: Mode[] = ["legacy", "current"];

/** Distinctive values, so a scan cannot miss them and cannot hit them by accident. */
export const ADMIN = {
  name: "admin",
  password: "Pw-admin-7f3Kq9zL",
  apiToken: "11c0ffee0ddba11dead5eed5eedbeef421",
};

export function credentialForms(): string[] {
  return secretForms(ADMIN.name, [ADMIN.password, ADMIN.apiToken]);
}

export const READER = { name: "reader", password: "Pw-reader-2b8" };

export async function startServer(
  mode: Mode,
  extra: Omit<JenkinsServerOptions, "users" | "mode"> = {},
): Promise<JenkinsServer> {
  return startJenkinsServer({
    ...extra,
    port: 0,
    mode,
    users: [
      { name: ADMIN.name, password: ADMIN.password, apiToken: ADMIN.apiToken, permissions: "admin" },
      { name: READER.name, password: READER.password, permissions: "read" },
    ],
  });
}

/** Stack config for the provider's `configure`, token auth. */
export function tokenConfig(server: JenkinsServer): Record<string, string> {
  return { "jenkins:url": server.url, "jenkins:user": ADMIN.name, "jenkins:apiToken": ADMIN.apiToken };
}

/**
 * The reads a provider process makes once per connection before it plans a new or changed config: the check that
 * the URL leads to a Jenkins, and the installed plugins for the plugin pre-flight.
 */
export const PREFLIGHT_READS = ["GET /api/json", "GET /pluginManager/api/json"];

/** The requests recorded since the last reset, other than the pre-flight reads. */
export function beyondPreflight(server: JenkinsServer): string[] {
  return calls(server).filter((c) => !PREFLIGHT_READS.includes(c));
}

/** "POST /job/a/job/b/config.xml" lines of the requests recorded since the last reset. */
export function calls(server: JenkinsServer): string[] {
  return server.requests.map((r) => `${r.method} ${r.path}`);
}
