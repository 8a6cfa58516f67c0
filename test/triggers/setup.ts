/** A test server holding the trigger jobs, and a token connection to it. */
import type { JenkinsServer } from "../../provider/server";
import { JenkinsUser } from "../harness/jenkins-user";
import { ADMIN, startServer, type Mode } from "../harness/test-server";
import { folder, freestyle, parameters } from "../harness/job-configs";

/** A release job with a string and a boolean parameter (VERSION = "0.0.0", DRY_RUN = true). */
export const RELEASE_XML = freestyle({
  command: "make release",
  properties: parameters({ string: "VERSION", defaultValue: "0.0.0" }, { boolean: "DRY_RUN", defaultValue: true }),
});

/** The jobs every trigger test starts from: a folder, a plain job, a parameterized one and a disabled one. */
const JOBS: Array<{ fullName: string; xml: string }> = [
  { fullName: "team", xml: folder() },
  { fullName: "team/api-build", xml: freestyle({ command: "make release" }) },
  { fullName: "team/release", xml: RELEASE_XML },
  { fullName: "legacy-build", xml: freestyle({ command: "make release", disabled: true }) },
];

export async function serverWithJobs(mode: Mode = "current"): Promise<JenkinsServer> {
  const server = await startServer(mode);
  const user = new JenkinsUser(server.url, { user: ADMIN.name, apiToken: ADMIN.apiToken });
  for (const job of JOBS) await user.createJob(job.fullName, job.xml);
  server.resetCounters();
  return server;
}

export function tokenConnection(server: JenkinsServer) {
  return { url: server.url, user: ADMIN.name, apiToken: ADMIN.apiToken };
}

/** "POST /job/team/job/api-build/build" lines of the POSTs recorded since the last reset. */
export function posts(server: JenkinsServer): string[] {
  return server.requests.filter((r) => r.method === "POST").map((r) => `${r.method} ${r.path}`);
}
