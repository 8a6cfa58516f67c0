/**
 * Reads about the server as a whole: what it is (version, mode, root URL), the plugins installed, and the items it
 * holds. All GETs, retried by the transport.
 */
import { parseJson } from "./answers";
import type { JenkinsHttp } from "./jenkins-http";
import { folderPath } from "./jobs";
import { encodeQueryValue, jobUrlPath, validateJobPath } from "./names";
import { notJenkins } from "./response-errors";
import { header } from "./transport";

export interface ServerInfo {
  /** From the X-Jenkins header, e.g. "2.580". */
  version: string;
  /** Jenkins's node mode ("NORMAL" or "EXCLUSIVE"), when the server reports it. */
  mode?: string;
  /** Root URL as Jenkins reports it, else the base URL the client was given. */
  url: string;
}

export interface JobSummary {
  fullName: string;
  /** Java class of the item (`_class`), e.g. "hudson.model.FreeStyleProject". */
  className: string;
  url: string;
  isFolder: boolean;
  /** The item's description ("" for none; absent where not read): its last line may be a mark of ownership. */
  description?: string;
}

export type InstalledPlugins = Map<string, { version: string; active: boolean }>;

/** Checks that the URL answers like a Jenkins and returns its version (`GET /api/json` + `X-Jenkins`). */
export async function serverInfo(http: JenkinsHttp): Promise<ServerInfo> {
  const ctx = http.ctx(undefined, "read the server information", {
    notFound: "there is no Jenkins API at this URL",
  });
  const res = await http.exchange(ctx, { method: "GET", path: "/api/json", retry: true });
  if (res.status === 404) throw notJenkins(ctx, res, "there is no Jenkins API (/api/json) at this URL");
  const json = parseJson<{ mode?: unknown; url?: unknown }>(ctx, res, "/api/json");
  const version = header(res.headers, "x-jenkins");
  if (!version) throw notJenkins(ctx, res, "the answer to /api/json has no X-Jenkins header, so this is not a Jenkins");
  return {
    version,
    mode: typeof json.mode === "string" ? json.mode : undefined,
    url: typeof json.url === "string" && json.url !== "" ? json.url : http.base.url,
  };
}

/**
 * The installed plugins (`GET /pluginManager/api/json`), short name → version and whether it is active. Needs
 * Overall/Administer in a default Jenkins: others get a PermissionError.
 */
export async function installedPlugins(http: JenkinsHttp): Promise<InstalledPlugins> {
  const ctx = http.ctx(undefined, "read the list of installed plugins");
  const res = await http.exchange(ctx, {
    method: "GET",
    path: "/pluginManager/api/json?tree=plugins[shortName,version,active,enabled]",
    retry: true,
  });
  const json = parseJson<{
    plugins?: Array<{ shortName?: unknown; version?: unknown; active?: unknown; enabled?: unknown }>;
  }>(ctx, res, "pluginManager/api/json");
  const out: InstalledPlugins = new Map();
  for (const p of json.plugins ?? []) {
    if (typeof p.shortName !== "string") continue;
    out.set(p.shortName, { version: String(p.version ?? ""), active: p.active !== false && p.enabled !== false });
  }
  return out;
}

/** Folder levels fetched per listing request; deeper folders get a request of their own. */
const LIST_DEPTH = 4;
const LIST_FIELDS = "_class,name,fullName,url,description";

interface ApiJob {
  _class?: string;
  name?: string;
  fullName?: string;
  url?: string;
  description?: string | null;
  jobs?: ApiJob[];
}

function listTree(levels: number): string {
  return levels <= 0 ? "jobs[name]" : `jobs[${LIST_FIELDS},${listTree(levels - 1)}]`;
}

/** Every item under `folder` ("" for the whole server), recursively, depth-first, parents before children. */
export async function listJobs(http: JenkinsHttp, folder: string): Promise<JobSummary[]> {
  return (await listFolderOf(http, folder)).items;
}

/** The folder's own class (`hudson.model.Hudson` for the root) and every item under it, as `listJobs`. */
export async function listFolderOf(
  http: JenkinsHttp,
  folder: string,
): Promise<{ className: string; items: JobSummary[] }> {
  if (folder !== "") validateJobPath(folder);
  const items: JobSummary[] = [];
  const className = await listFolder(http, folder, items);
  return { className, items };
}

/** One api/json request covers LIST_DEPTH levels; folders below that get a request of their own. */
async function listFolder(http: JenkinsHttp, folder: string, out: JobSummary[]): Promise<string> {
  const ctx = http.ctx(folder === "" ? undefined : folder, "list jobs", { notFound: "the folder does not exist" });
  const res = await http.exchange(ctx, {
    method: "GET",
    path: `${folderPath(folder)}api/json?tree=${encodeQueryValue(`_class,${listTree(LIST_DEPTH)}`)}`,
    retry: true,
  });
  const json = parseJson<ApiJob>(ctx, res, "api/json");
  await collect(http, json.jobs ?? [], folder, 1, out);
  return json._class ?? "";
}

async function collect(
  http: JenkinsHttp,
  items: ApiJob[],
  parent: string,
  level: number,
  out: JobSummary[],
): Promise<void> {
  for (const item of items) {
    const name = item.name ?? "";
    const fullName = item.fullName ?? (parent === "" ? name : `${parent}/${name}`);
    const children = item.jobs;
    out.push({
      fullName,
      className: item._class ?? "",
      url: item.url ?? `${http.base.url}${jobUrlPath(fullName).slice(1)}`,
      isFolder: Array.isArray(children),
      description: typeof item.description === "string" ? item.description : "",
    });
    if (!Array.isArray(children) || children.length === 0) continue;
    if (level < LIST_DEPTH) await collect(http, children, fullName, level + 1, out);
    else await listFolder(http, fullName, out);
  }
}

/** An item and its description, as one listing of descriptions gives them. */
export interface ItemDescription {
  fullName: string;
  /** The description Jenkins holds ("" for none). */
  description: string;
  /** When the listing asked for it: true for a job Jenkins never started a build of (its next build is #1). */
  neverRan?: boolean;
}

/** What a listing of descriptions asks for beside the items' descriptions. */
export interface DescriptionsWanted {
  /** The views of the item and of every folder listed, with their descriptions. */
  views?: boolean;
  /** Each job's next build number, to tell a job that never ran (`neverRan`). */
  nextBuildNumber?: boolean;
}

/** A view of a folder (or of the root) and its description, as a listing that asks for views gives them. */
export interface ViewDescription {
  /** The folder holding the view ("" for the root). */
  folder: string;
  name: string;
  /** The description Jenkins holds ("" for none). */
  description: string;
}

/** What one listing of descriptions holds: the item's own, those of the items (and, when asked, views) in it. */
export interface Descriptions {
  description: string;
  items: ItemDescription[];
  /** Present when the listing asked for views: those of the item and of every folder listed in it. */
  views?: ViewDescription[];
  /** Present when the listing asked for views: the item (when it is a folder) and each folder listed in it. */
  folders?: string[];
}

function describedTree(levels: number, wanted: DescriptionsWanted): string {
  const own = ["name", "description"];
  if (wanted.nextBuildNumber === true) own.push("nextBuildNumber");
  if (wanted.views === true) own.push("views[name,description]");
  return levels <= 1 ? `jobs[${own.join(",")}]` : `jobs[${own.join(",")},${describedTree(levels - 1, wanted)}]`;
}

/**
 * An item's (or the root's) description and those of the items in it, `levels` folder levels deep, in one
 * request: what the ownership checks read (the mark is the description's last line). An item below `levels` is
 * not listed; a job that is no folder has no items. With `views`, each folder's views come with their descriptions
 * (a folder's api/json exports `views`; a job ignores the part of a tree it has no property for), and with
 * `nextBuildNumber` each job's next build number (a folder has none).
 */
export async function itemDescriptions(
  http: JenkinsHttp,
  folder: string,
  levels: number,
  wanted: DescriptionsWanted = {},
): Promise<Descriptions> {
  if (folder !== "") validateJobPath(folder);
  const ctx = http.ctx(folder === "" ? undefined : folder, "list descriptions", {
    notFound: "the folder does not exist",
  });
  const views = wanted.views === true;
  const top = views ? "description,views[name,description]" : "description";
  const res = await http.exchange(ctx, {
    method: "GET",
    path: `${folderPath(folder)}api/json?tree=${encodeQueryValue(`${top},${describedTree(levels, wanted)}`)}`,
    retry: true,
  });
  interface Described {
    name?: string;
    description?: string | null;
    jobs?: Described[];
    views?: Array<{ name?: unknown; description?: unknown }>;
    nextBuildNumber?: unknown;
  }
  const items: ItemDescription[] = [];
  const viewsFound: ViewDescription[] = [];
  const folders: string[] = [];
  const descriptionOf = (d: unknown) => (typeof d === "string" ? d : "");
  const holder = (item: Described, fullName: string) => {
    // A folder exports `jobs` and `views` (the deepest level lists only its views); a job that is no folder neither.
    if (!Array.isArray(item.jobs) && !Array.isArray(item.views)) return;
    folders.push(fullName);
    for (const v of Array.isArray(item.views) ? item.views : [])
      if (typeof v.name === "string")
        viewsFound.push({ folder: fullName, name: v.name, description: descriptionOf(v.description) });
  };
  const walk = (list: Described[], parent: string) => {
    for (const item of list) {
      const fullName = parent === "" ? (item.name ?? "") : `${parent}/${item.name ?? ""}`;
      const listed: ItemDescription = { fullName, description: descriptionOf(item.description) };
      if (wanted.nextBuildNumber === true && typeof item.nextBuildNumber === "number")
        listed.neverRan = item.nextBuildNumber === 1;
      items.push(listed);
      holder(item, fullName);
      if (Array.isArray(item.jobs)) walk(item.jobs, fullName);
    }
  };
  const json = parseJson<Described>(ctx, res, "api/json");
  holder(json, folder);
  walk(json.jobs ?? [], folder);
  const out: Descriptions = { description: descriptionOf(json.description), items };
  return views ? { ...out, views: viewsFound, folders } : out;
}
