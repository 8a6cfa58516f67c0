/**
 * Acts on the test server the way a person would through the Jenkins UI or curl: plain HTTP with Basic auth and an
 * API token (no crumb needed), independent of the client under test. Used to make "hand edits" that a refresh
 * must find.
 */
import { storePath } from "./credential-configs";
export interface UserCredentials {
  user: string;
  apiToken: string;
}

export function jobPath(fullName: string): string {
  return fullName
    .split("/")
    .map((s) => `job/${encodeURIComponent(s)}/`)
    .join("");
}

export class JenkinsUser {
  constructor(
    private readonly baseUrl: string,
    private readonly creds: UserCredentials,
  ) {}

  private headers(extra: Record<string, string> = {}): Record<string, string> {
    const basic = Buffer.from(`${this.creds.user}:${this.creds.apiToken}`).toString("base64");
    return { Authorization: `Basic ${basic}`, ...extra };
  }

  async request(
    method: string,
    path: string,
    body?: string,
    contentType?: string,
  ): Promise<{ status: number; body: string }> {
    const res = await fetch(new URL(path, this.baseUrl), {
      method,
      headers: this.headers(contentType ? { "Content-Type": contentType } : {}),
      body,
      redirect: "manual",
    });
    return { status: res.status, body: await res.text() };
  }

  async getConfig(fullName: string): Promise<string> {
    const res = await this.request("GET", `${jobPath(fullName)}config.xml`);
    if (res.status !== 200) throw new Error(`GET config.xml of ${fullName}: HTTP ${res.status}`);
    return res.body;
  }

  async postConfig(fullName: string, xml: string): Promise<void> {
    const res = await this.request("POST", `${jobPath(fullName)}config.xml`, xml, "text/xml; charset=utf-8");
    if (res.status !== 200) throw new Error(`POST config.xml of ${fullName}: HTTP ${res.status}`);
  }

  /** Edits config.xml as the UI's "Configure" page would: read, change, save. */
  async editConfig(fullName: string, edit: (xml: string) => string): Promise<void> {
    const before = await this.getConfig(fullName);
    const after = edit(before);
    if (after === before) throw new Error(`the edit of ${fullName} changed nothing`);
    await this.postConfig(fullName, after);
  }

  async setDescription(fullName: string, description: string): Promise<void> {
    const res = await this.request(
      "POST",
      `${jobPath(fullName)}description`,
      new URLSearchParams({ description }).toString(),
      "application/x-www-form-urlencoded",
    );
    if (res.status >= 400) throw new Error(`POST description of ${fullName}: HTTP ${res.status}`);
  }

  async disable(fullName: string): Promise<void> {
    const res = await this.request("POST", `${jobPath(fullName)}disable`);
    if (res.status >= 400) throw new Error(`POST disable of ${fullName}: HTTP ${res.status}`);
  }

  async enable(fullName: string): Promise<void> {
    const res = await this.request("POST", `${jobPath(fullName)}enable`);
    if (res.status >= 400) throw new Error(`POST enable of ${fullName}: HTTP ${res.status}`);
  }

  async createJob(fullName: string, xml: string): Promise<void> {
    const i = fullName.lastIndexOf("/");
    const parent = i < 0 ? "" : jobPath(fullName.slice(0, i));
    const name = i < 0 ? fullName : fullName.slice(i + 1);
    const res = await this.request(
      "POST",
      `${parent}createItem?name=${encodeURIComponent(name)}`,
      xml,
      "text/xml; charset=utf-8",
    );
    if (res.status !== 200) throw new Error(`createItem ${fullName}: HTTP ${res.status}`);
  }

  /**
   * Adds a credential as a person does on the folder's (or the system's) Credentials page: the store saves it, so a
   * folder's config.xml changes. `folder` undefined is the system store.
   */
  async addCredential(folder: string | undefined, xml: string, domain = "_"): Promise<void> {
    const res = await this.request("POST", `${storePath(folder, domain)}createCredentials`, xml, "application/xml");
    if (res.status !== 200) throw new Error(`createCredentials in ${folder ?? "the system store"}: HTTP ${res.status}`);
  }

  /** `createDomain` of a store: a named domain, its specifications as their XML (none: it matches every request). */
  async addDomain(folder: string | undefined, name: string, specifications = ""): Promise<void> {
    const store = folder === undefined ? "credentials/store/system/" : `${jobPath(folder)}credentials/store/folder/`;
    const xml = `<com.cloudbees.plugins.credentials.domains.Domain><name>${name}</name><specifications>${specifications}</specifications></com.cloudbees.plugins.credentials.domains.Domain>`;
    const res = await this.request("POST", `${store}createDomain`, xml, "application/xml");
    if (res.status !== 200)
      throw new Error(`createDomain ${name} in ${folder ?? "the system store"}: HTTP ${res.status}`);
  }

  /** The ids of the credentials of a store's domain, in the store's order. */
  async credentialIds(folder: string | undefined, domain = "_"): Promise<string[]> {
    const res = await this.request("GET", `${storePath(folder, domain)}api/json?tree=credentials[id]`);
    if (res.status !== 200) throw new Error(`credentials of ${folder ?? "the system store"}: HTTP ${res.status}`);
    return (JSON.parse(res.body) as { credentials: Array<{ id: string }> }).credentials.map((c) => c.id);
  }

  async exists(fullName: string): Promise<boolean> {
    const res = await this.request("GET", `${jobPath(fullName)}api/json`);
    return res.status === 200;
  }

  /** `POST createView` in a folder ("" for the root). */
  async createView(folder: string, name: string, xml: string): Promise<void> {
    const owner = folder === "" ? "" : jobPath(folder);
    const res = await this.request("POST", `${owner}createView?name=${encodeURIComponent(name)}`, xml, "text/xml");
    if (res.status !== 200) throw new Error(`createView ${name} in ${folder || "the root"}: HTTP ${res.status}`);
  }

  async getViewConfig(folder: string, name: string): Promise<string> {
    const owner = folder === "" ? "" : jobPath(folder);
    const res = await this.request("GET", `${owner}view/${encodeURIComponent(name)}/config.xml`);
    if (res.status !== 200)
      throw new Error(`GET config.xml of view ${name} in ${folder || "the root"}: HTTP ${res.status}`);
    return res.body;
  }

  /** The names of the views of a folder ("" for the root), in Jenkins's order. */
  async viewNames(folder: string): Promise<string[]> {
    const owner = folder === "" ? "" : jobPath(folder);
    const res = await this.request("GET", `${owner}api/json?tree=views[name]`);
    if (res.status !== 200) throw new Error(`views of ${folder || "the root"}: HTTP ${res.status}`);
    return (JSON.parse(res.body) as { views: Array<{ name: string }> }).views.map((v) => v.name);
  }

  /** Renames an item as a person does (confirmRename). */
  async rename(fullName: string, newName: string): Promise<void> {
    const res = await this.request("POST", `${jobPath(fullName)}confirmRename?newName=${encodeURIComponent(newName)}`);
    if (res.status !== 302) throw new Error(`rename ${fullName}: HTTP ${res.status}`);
  }

  /** Moves an item into a folder ("" for the top level) as a person does (the relocation action). */
  async move(fullName: string, destination: string): Promise<void> {
    const body = new URLSearchParams({ destination: `/${destination}` }).toString();
    const res = await this.request("POST", `${jobPath(fullName)}move/move`, body, "application/x-www-form-urlencoded");
    if (res.status !== 302) throw new Error(`move ${fullName}: HTTP ${res.status}`);
  }
}
