/** What the Jenkins-compatible server holds, read over its remote API as any client would. */
import { JenkinsUser, jobPath } from "../harness/jenkins-user";

/** Full names of every item on the server, folders first, sorted. */
export async function itemsOnServer(user: JenkinsUser, folder = ""): Promise<string[]> {
  const base = `/${folder === "" ? "" : jobPath(folder)}`;
  const res = await user.request("GET", `${base}api/json?tree=jobs[name,_class]`);
  if (res.status !== 200) throw new Error(`GET ${base}api/json answered ${res.status}`);
  const jobs = (JSON.parse(res.body) as { jobs?: Array<{ name: string; _class: string }> }).jobs ?? [];
  const out: string[] = [];
  for (const job of jobs) {
    const fullName = folder === "" ? job.name : `${folder}/${job.name}`;
    out.push(fullName);
    if (/Folder$/.test(job._class)) out.push(...(await itemsOnServer(user, fullName)));
  }
  return out.sort();
}
