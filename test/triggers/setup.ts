/** A test server holding the trigger jobs, and a token connection to it. */
import type { JenkinsServer } from "../../provider/server";
import { JenkinsUser } from "../harness/jenkins-user";
import { ADMIN, startServer, type Mode } from "../harness/test-server";
import { JOBS } from "./configs";

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
