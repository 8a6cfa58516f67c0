/**
 * A Jenkins client for job management, built to survive real Jenkins servers: their CSRF crumbs and sessions,
 * restarts, proxies, flaky networks and error pages.
 *
 * Every public method validates names before sending anything, sends Basic credentials pre-emptively, maps
 * every unwanted answer to a typed error (errors.ts, classified in response-errors.ts) and scrubs credentials from
 * whatever it throws. Requests that are safe to repeat are retried by undici's retry interceptor (transport.ts);
 * createItem, doDelete, confirmRename and move are sent once and, when their outcome is unknown, the server is
 * looked at before anything is decided (send-once.ts); build and polling are sent once and never repeated.
 *
 * This class only holds the connection and names the operations; each concern lives in its own module:
 * the wire (jenkins-http.ts), reading answers (answers.ts), one job's life (jobs.ts), builds (builds.ts),
 * renames and moves (relocation.ts), views (views.ts), credentials (credentials.ts) and reads about the whole server
 * (server-reads.ts).
 */
import * as builds from "./builds";
import * as credentials from "./credentials";
import type { CredentialStore, CredentialSummary } from "./credentials";
import type { BuildParameters } from "./builds";
import { JenkinsHttp } from "./jenkins-http";
import * as jobs from "./jobs";
import { resolveOptions, type JenkinsClientOptions } from "./options";
import * as relocation from "./relocation";
import * as runnable from "./runnable-reads";
import * as server from "./server-reads";
import * as views from "./views";
import type { InstalledPlugins, JobSummary, ServerInfo } from "./server-reads";

export type { BuildParameters } from "./builds";
export type { CredentialStore, CredentialSummary } from "./credentials";
export type { InstalledPlugins, JobSummary, ServerInfo } from "./server-reads";
export type { LabelAnswer, LibraryAnswer, LintAnswer, Unavailable } from "./runnable-reads";

export class JenkinsClient {
  private readonly http: JenkinsHttp;

  constructor(options: JenkinsClientOptions) {
    this.http = new JenkinsHttp(resolveOptions(options));
  }

  /** Checks that the URL answers like a Jenkins and returns its version (`GET /api/json` + `X-Jenkins`). */
  serverInfo(): Promise<ServerInfo> {
    return this.http.run(() => server.serverInfo(this.http));
  }

  /** The item's name as Jenkins has it (its letter case), or undefined when there is no such item. */
  itemName(path: string): Promise<string | undefined> {
    return this.http.run(() => jobs.itemName(this.http, path));
  }

  /** True when the job (or folder) exists and the user may see it. Names are case-insensitive in Jenkins. */
  exists(path: string): Promise<boolean> {
    return this.http.run(() => jobs.exists(this.http, path));
  }

  /** `POST /job/a/job/b/createItem?name=c` with the XML as body. */
  createJob(path: string, configXml: string): Promise<void> {
    return this.http.run(() => jobs.createJob(this.http, path, configXml));
  }

  getConfig(path: string): Promise<string> {
    return this.http.run(() => jobs.getConfig(this.http, path));
  }

  updateConfig(path: string, configXml: string): Promise<void> {
    return this.http.run(() => jobs.updateConfig(this.http, path, configXml));
  }

  getDescription(path: string): Promise<string> {
    return this.http.run(() => jobs.getDescription(this.http, path));
  }

  setDescription(path: string, description: string): Promise<void> {
    return this.http.run(() => jobs.setDescription(this.http, path, description));
  }

  /** `POST /job/N/enable`; Jenkins answers 302, which is success. */
  enable(path: string): Promise<void> {
    return this.http.run(() => jobs.toggle(this.http, path, "enable"));
  }

  disable(path: string): Promise<void> {
    return this.http.run(() => jobs.toggle(this.http, path, "disable"));
  }

  /** `POST /job/N/doDelete`; throws JobNotFoundError when the job does not exist (the caller decides). */
  deleteJob(path: string): Promise<void> {
    return this.http.run(() => jobs.deleteJob(this.http, path));
  }

  /**
   * Queues a build: `POST /job/N/build`, or `/job/N/buildWithParameters` with the parameters as form fields.
   * Returns the absolute URL of the queue item. Never repeated: after an ambiguous failure the build may or may
   * not be queued, and the error says so.
   */
  build(path: string, params?: BuildParameters): Promise<{ queueUrl: string }> {
    return this.http.run(() => builds.build(this.http, path, params));
  }

  /** `POST /job/N/polling`: asks Jenkins to check the job's SCM now. */
  poll(path: string): Promise<void> {
    return this.http.run(() => builds.poll(this.http, path));
  }

  /** The numbers of the job's builds, newest first (none for a folder, or a job never built). */
  buildNumbers(path: string): Promise<number[]> {
    return this.http.run(() => builds.buildNumbers(this.http, path));
  }

  /** Renames the job within its folder (`confirmRename`, which keeps the build history). */
  rename(path: string, newName: string): Promise<void> {
    return this.http.run(() => relocation.rename(this.http, path, newName));
  }

  /**
   * Moves the item (with its history, and everything inside a folder) into the folder `destination` ("" for the
   * top level), keeping its name; a refused move is a MoveRefusedError naming the reason when the server shows it.
   */
  move(path: string, destination: string): Promise<void> {
    return this.http.run(() => relocation.move(this.http, path, destination));
  }

  /** The controller's Jenkinsfile linter on an inline pipeline script (pipeline-model-definition). */
  validateJenkinsfile(script: string): Promise<runnable.LintAnswer> {
    return this.http.run(() => runnable.validateJenkinsfile(this.http, script));
  }

  /** The nodes (with their executors) and clouds a label expression matches. */
  labelInfo(expression: string): Promise<runnable.LabelAnswer> {
    return this.http.run(() => runnable.labelInfo(this.http, expression));
  }

  /** Every label of every node, sorted. */
  nodeLabels(): Promise<string[] | runnable.Unavailable> {
    return this.http.run(() => runnable.nodeLabels(this.http));
  }

  /** The shared libraries an item in `folder` may load ("" for the global ones). */
  libraryNames(folder: string): Promise<runnable.LibraryAnswer> {
    return this.http.run(() => runnable.libraryNames(this.http, folder));
  }

  /** The installed plugins, short name → version and whether it is active; needs Overall/Administer. */
  installedPlugins(): Promise<InstalledPlugins> {
    return this.http.run(() => server.installedPlugins(this.http));
  }

  /** Every item under `folder` (default: the whole server), recursively, depth-first, parents before children. */
  listJobs(folder?: string): Promise<JobSummary[]> {
    return this.http.run(() => server.listJobs(this.http, folder ?? ""));
  }

  /**
   * An item's description and those of the items in it ("" for the root), `levels` deep, in one request; what
   * `wanted` names (the views of every folder listed, each job's next build number) too.
   */
  itemDescriptions(folder: string, levels: number, wanted?: server.DescriptionsWanted): Promise<server.Descriptions> {
    return this.http.run(() => server.itemDescriptions(this.http, folder, levels, wanted));
  }

  /** The folder's own Java class and every item under it (as `listJobs`), in the same requests. */
  listFolder(folder: string): Promise<{ className: string; items: JobSummary[] }> {
    return this.http.run(() => server.listFolderOf(this.http, folder));
  }

  /** `POST <folder>/createView?name=N` with the view's XML; `folder` is "" for the root. */
  createView(folder: string, name: string, configXml: string): Promise<void> {
    return this.http.run(() => views.createView(this.http, folder, name, configXml));
  }

  getViewConfig(folder: string, name: string): Promise<string> {
    return this.http.run(() => views.getViewConfig(this.http, folder, name));
  }

  updateViewConfig(folder: string, name: string, configXml: string): Promise<void> {
    return this.http.run(() => views.updateViewConfig(this.http, folder, name, configXml));
  }

  /** `POST view/N/configSubmit` renaming the view; post its config.xml after it (the form resets its fields). */
  renameView(folder: string, name: string, newName: string): Promise<void> {
    return this.http.run(() => views.renameView(this.http, folder, name, newName));
  }

  /** `POST view/N/doDelete`; throws ViewNotFoundError when the view does not exist (the caller decides). */
  deleteView(folder: string, name: string): Promise<void> {
    return this.http.run(() => views.deleteView(this.http, folder, name));
  }

  /** The views of the root ("") or of a folder, with their classes and descriptions. */
  listViews(folder: string): Promise<views.ViewSummary[]> {
    return this.http.run(() => views.listViews(this.http, folder));
  }

  /** The credentials of a store's domain (`{}`: the system store's global domain): ids, types, descriptions. */
  listCredentials(store: CredentialStore): Promise<CredentialSummary[]> {
    return this.http.run(() => credentials.listCredentials(this.http, store));
  }

  /** The URL names of a store's domains (`_`: the global domain), sorted; `{}` is the system store. */
  listCredentialDomains(store: CredentialStore): Promise<string[]> {
    return this.http.run(() => credentials.listCredentialDomains(this.http, store));
  }

  /** The credential ids of every domain of a store (`{}`: the system store), by domain, in one request. */
  listStoreCredentialIds(store: Pick<CredentialStore, "folder">): Promise<Map<string, string[]>> {
    return this.http.run(() => credentials.listStoreCredentialIds(this.http, store));
  }

  /** Every credential of a store (`{}`: the system store) with its domain and description, in one request. */
  listStoreDescriptions(store: Pick<CredentialStore, "folder">): Promise<credentials.DescribedCredential[]> {
    return this.http.run(() => credentials.listStoreDescriptions(this.http, store));
  }

  /** A credential's config.xml, every secret shown by Jenkins as `<secret-redacted/>`. */
  getCredentialConfig(store: CredentialStore, id: string): Promise<string> {
    return this.http.run(() => credentials.getCredentialConfig(this.http, store, id));
  }

  /** `createCredentials` with the XML (whose `<id>` is `id`); CredentialAlreadyExistsError when the id is taken. */
  createCredential(store: CredentialStore, id: string, configXml: string): Promise<void> {
    return this.http.run(() => credentials.createCredential(this.http, store, id, configXml));
  }

  /** Replaces the credential; every secret must be in the XML (a redacted one would be stored blank). */
  updateCredentialConfig(store: CredentialStore, id: string, configXml: string): Promise<void> {
    return this.http.run(() => credentials.updateCredentialConfig(this.http, store, id, configXml));
  }

  /** `DELETE …/config.xml`; CredentialNotFoundError when it does not exist (the caller decides). */
  deleteCredential(store: CredentialStore, id: string): Promise<void> {
    return this.http.run(() => credentials.deleteCredential(this.http, store, id));
  }

  /** Closes the connection pool; the client cannot be used afterwards. */
  close(): Promise<void> {
    return this.http.close();
  }
}
