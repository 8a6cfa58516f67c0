/** Raw HTTP helpers for the server tests: every answer is looked at as status, headers and body. */
import type { JenkinsServer } from "../../provider/server";
import { call, h, type Answer } from "../harness/http";
import { folder, freestyle, pipeline } from "../harness/job-configs";
import { ADMIN, READER } from "../harness/users";

export { ADMIN, READER } from "../harness/users";
export { startQueueingServer as start } from "../harness/test-server";
export { call, h, hAll, type Answer, type Call } from "../harness/http";

export function basic(user: string, secret: string): string {
  return `${user}:${secret}`;
}

export const adminToken = basic(ADMIN.name, ADMIN.apiToken);
export const adminPassword = basic(ADMIN.name, ADMIN.password);
export const readerToken = basic(READER.name, READER.apiToken);
export const readerPassword = basic(READER.name, READER.password);

export const XML = { "content-type": "text/xml; charset=utf-8" };

/** A freestyle job described "a job", whose step echoes 'hi'. */
export const FREESTYLE = freestyle({ description: "a job", command: "echo 'hi'" });

export const FOLDER = folder({ views: true });

export const PIPELINE = pipeline({ script: "echo 'hi'" });

export { PARAMETERIZED_XML as PARAMETERIZED } from "../harness/job-configs";

/** Creates an item with the admin's API token (no crumb needed); `parent` like "a/b". */
export async function createJob(server: JenkinsServer, fullName: string, xml = FREESTYLE): Promise<Answer> {
  const parts = fullName.split("/");
  const name = parts.pop() as string;
  const prefix = parts.map((p) => `job/${encodeURIComponent(p)}/`).join("");
  const a = await call(server, `/${prefix}createItem?name=${encodeURIComponent(name)}`, {
    method: "POST",
    auth: adminToken,
    headers: XML,
    body: xml,
  });
  if (a.status !== 200) throw new Error(`createItem ${fullName}: ${a.status} ${h(a, "x-error") ?? ""}`);
  return a;
}

/** Fetches a crumb with a password and returns the headers to send with it (crumb + session cookie). */
export async function crumbHeaders(server: JenkinsServer, auth = adminPassword): Promise<Record<string, string>> {
  const a = await call(server, "/crumbIssuer/api/json", { auth });
  const cookie = (h(a, "set-cookie") ?? "").split(";")[0];
  const crumb = (JSON.parse(a.body) as { crumb: string }).crumb;
  return { "Jenkins-Crumb": crumb, cookie };
}
