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

/** Full names of every view on the server ("all", "team/apps"), sorted. */
export async function viewsOnServer(user: JenkinsUser, folder = ""): Promise<string[]> {
  const base = `/${folder === "" ? "" : jobPath(folder)}`;
  const res = await user.request("GET", `${base}api/json?tree=views[name],jobs[name,_class]`);
  if (res.status !== 200) throw new Error(`GET ${base}api/json answered ${res.status}`);
  const doc = JSON.parse(res.body) as {
    views?: Array<{ name: string }>;
    jobs?: Array<{ name: string; _class: string }>;
  };
  const out = (doc.views ?? []).map((v) => (folder === "" ? v.name : `${folder}/${v.name}`));
  for (const job of doc.jobs ?? []) {
    if (job._class === "com.cloudbees.hudson.plugins.folder.Folder")
      out.push(...(await viewsOnServer(user, folder === "" ? job.name : `${folder}/${job.name}`)));
  }
  return out.sort();
}

/** The names of the jobs a view lists, as Jenkins shows them (`/view/N/api/json`). */
export async function jobsOfView(user: JenkinsUser, fullName: string): Promise<string[]> {
  const parts = fullName.split("/");
  const name = parts.pop() as string;
  const base = `/${parts.length === 0 ? "" : jobPath(parts.join("/"))}`;
  const res = await user.request("GET", `${base}view/${encodeURIComponent(name)}/api/json`);
  if (res.status !== 200) throw new Error(`GET ${base}view/${name}/api/json answered ${res.status}`);
  return ((JSON.parse(res.body) as { jobs: Array<{ name: string }> }).jobs ?? []).map((j) => j.name).sort();
}
