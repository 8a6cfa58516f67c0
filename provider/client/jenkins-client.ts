/**
 * A Jenkins client for job management, built to survive real Jenkins servers: their CSRF crumbs and sessions,
 * restarts, proxies, flaky networks and error pages.
 *
 * Every public method validates names before sending anything, sends Basic credentials pre-emptively, maps
 * every unwanted answer to a typed error (errors.ts) and scrubs credentials from whatever it throws.
 * Requests that are safe to repeat are retried by undici's retry interceptor (transport.ts); createItem,
 * doDelete, build, polling and confirmRename are sent once, and when their outcome is unknown the client looks
 * at the server before deciding anything.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { isConfigWeSent } from "./config-match";
import { CsrfSession, type Crumb } from "./csrf-session";
import {
  BadRequestError,
  JenkinsError,
  JobAlreadyExistsError,
  JobBuildingError,
  MoveRefusedError,
  type JenkinsErrorDetails,
} from "./errors";
import { isHtmlType } from "./html-message";
import { encodeQueryValue, jobUrlPath, parentAndName, validateJobName, validateJobPath } from "./names";
import { resolveOptions, type JenkinsClientOptions, type ResolvedOptions } from "./options";
import { Redactor } from "./redact";
import {
  type CallContext,
  errorFromResponse,
  errorFromTransport,
  HINTS,
  isCrumbRefusal,
  isLoginRedirect,
  isUnexpectedHtml,
  messageOf,
  notJenkins,
} from "./response-errors";
import { backoffDelay } from "./retry-policy";
import { header, type HttpResponse, type JenkinsBase, parseBaseUrl, Transport, TransportError } from "./transport";

/** Jenkins decodes `text/xml` without a charset as ISO-8859-1, which corrupts non-ASCII text. */
const XML_CONTENT_TYPE = "text/xml; charset=utf-8";
const FORM_CONTENT_TYPE = "application/x-www-form-urlencoded; charset=UTF-8";

/** Folder levels fetched per listing request; deeper folders get a request of their own. */
const LIST_DEPTH = 4;
const LIST_FIELDS = "_class,name,fullName,url";

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
}

export type BuildParameters = Record<string, string | boolean | number>;

interface ApiJob {
  _class?: string;
  name?: string;
  fullName?: string;
  url?: string;
  jobs?: ApiJob[];
}

interface Exchange {
  method: "GET" | "POST";
  path: string;
  body?: string;
  contentType?: string;
  retry: boolean;
}

/**
 * Jenkins answers doDelete, enable, disable, polling and confirmRename with a redirect to one of its own pages. A
 * redirect anywhere else (another host, a maintenance page, a login page) means Jenkins never saw the request.
 */
function isRedirectSuccess(res: HttpResponse, base: JenkinsBase): boolean {
  if (res.status >= 200 && res.status < 300) return true;
  if (res.status < 300 || res.status >= 400 || isLoginRedirect(res)) return false;
  const location = header(res.headers, "location");
  if (location === undefined) return true;
  try {
    return new URL(location, base.url).origin === base.origin;
  } catch {
    return false;
  }
}

function folderPath(folder: string): string {
  return folder === "" ? "/" : jobUrlPath(folder);
}

function listTree(levels: number): string {
  return levels <= 0 ? "jobs[name]" : `jobs[${LIST_FIELDS},${listTree(levels - 1)}]`;
}

/** Re-creates an error with the same class and HTTP details but new wording. */
function restate(
  err: JenkinsError,
  changes: Partial<JenkinsErrorDetails> & { what: string; hint: string },
): JenkinsError {
  const Ctor = err.constructor as new (d: JenkinsErrorDetails) => JenkinsError;
  return new Ctor({
    job: err.job,
    status: err.status,
    jenkinsMessage: err.jenkinsMessage,
    outcomeUnknown: false,
    ...changes,
  });
}

/**
 * The bare reason of an error, for quoting it inside another message: its message without the subject,
 * without "cannot <action>: ", and without the HTTP details and hint.
 */
function reasonOf(err: JenkinsError): string {
  const subject = err.job !== undefined ? `Jenkins job "${err.job}": ` : "Jenkins: ";
  let rest = err.message.startsWith(subject) ? err.message.slice(subject.length) : err.message;
  rest = rest.replace(/^cannot [^:]*: /, "");
  const cut = rest.search(/ \(HTTP \d{3}|\. /);
  return cut >= 0 ? rest.slice(0, cut) : rest;
}

/** Jenkins refuses to rename what is building with a 400 whose X-Error says so; that refusal gets its own type. */
function buildingRefusal(e: unknown): unknown {
  if (!(e instanceof BadRequestError) || !/while (a job inside it|it) is building/.test(e.jenkinsMessage ?? ""))
    return e;
  return new JobBuildingError({
    job: e.job,
    what: "cannot rename it while a build is running",
    status: e.status,
    jenkinsMessage: e.jenkinsMessage,
    hint: "Wait for the build to finish (or abort it in Jenkins), then run `pulumi up` again; nothing was changed.",
  });
}

export class JenkinsClient {
  private readonly opts: ResolvedOptions;
  private readonly base: JenkinsBase;
  private readonly redactor = new Redactor();
  private readonly transport: Transport;
  private readonly authorization?: string;
  /** API-token requests are exempt from CSRF checks; password and anonymous requests are not. */
  private readonly needsCrumb: boolean;
  private readonly anonymous: boolean;
  private readonly session: CsrfSession;

  constructor(options: JenkinsClientOptions) {
    const opts = resolveOptions(options);
    const secret = opts.apiToken ?? opts.password;
    if (secret !== undefined && opts.user === undefined) {
      throw new TypeError("JenkinsClientOptions.user is required when apiToken or password is set");
    }
    this.opts = opts;
    this.redactor.add(opts.password);
    this.redactor.add(opts.apiToken);
    if (opts.user !== undefined && secret !== undefined) {
      this.authorization = `Basic ${this.redactor.addBasic(opts.user, secret)}`;
    }
    this.anonymous = this.authorization === undefined;
    this.needsCrumb = opts.apiToken === undefined;
    this.base = parseBaseUrl(opts.url);
    this.transport = new Transport(this.base, opts, this.redactor);
    this.session = new CsrfSession(() => this.fetchCrumb(), this.redactor);
  }

  /** Checks that the URL answers like a Jenkins and returns its version (`GET /api/json` + `X-Jenkins`). */
  serverInfo(): Promise<ServerInfo> {
    return this.run(async () => {
      const ctx = this.ctx(undefined, "read the server information", {
        notFound: "there is no Jenkins API at this URL",
      });
      const res = await this.exchange(ctx, { method: "GET", path: "/api/json", retry: true });
      if (res.status === 404) throw notJenkins(ctx, res, "there is no Jenkins API (/api/json) at this URL");
      const json = this.parseJson<{ mode?: unknown; url?: unknown }>(ctx, res, "/api/json");
      const version = header(res.headers, "x-jenkins");
      if (!version)
        throw notJenkins(ctx, res, "the answer to /api/json has no X-Jenkins header, so this is not a Jenkins");
      return {
        version,
        mode: typeof json.mode === "string" ? json.mode : undefined,
        url: typeof json.url === "string" && json.url !== "" ? json.url : this.base.url,
      };
    });
  }

  /** True when the job (or folder) exists and the user may see it. Names are case-insensitive in Jenkins. */
  exists(path: string): Promise<boolean> {
    return this.run(async () => {
      validateJobPath(path);
      return this.existsUnchecked(path);
    });
  }

  /** `POST /job/a/job/b/createItem?name=c` with the XML as body. */
  createJob(path: string, configXml: string): Promise<void> {
    return this.run(async () => {
      validateJobPath(path);
      const { parent, name } = parentAndName(path);
      const ctx = this.ctx(path, "create the job", {
        xmlPost: true,
        notRepeatable: true,
        notFound:
          parent === "" ? "Jenkins has no createItem endpoint at this URL" : `the folder "${parent}" does not exist`,
      });
      const request: Exchange = {
        method: "POST",
        path: `${folderPath(parent)}createItem?name=${encodeQueryValue(name)}`,
        body: configXml,
        contentType: XML_CONTENT_TYPE,
        retry: false,
      };
      for (let round = 1; ; round++) {
        const failure = await this.attempt(ctx, request, (res) => res.status >= 200 && res.status < 300, "createItem");
        if (failure === undefined) return;
        // The create may or may not have happened: the server tells.
        const stored = await this.lookOrGiveUp(failure, ctx, () => this.configIfExists(path));
        if (stored !== undefined) {
          if (isConfigWeSent(configXml, stored)) {
            this.log(
              `createItem ${path}: outcome was unknown; the job exists with the configuration sent, so the create succeeded`,
            );
            return;
          }
          throw new JobAlreadyExistsError({
            job: path,
            what: `cannot create the job: the create request failed (${reasonOf(failure)}) and a job with this name now exists with a different configuration`,
            hint: HINTS.alreadyExists,
          });
        }
        if (round > this.opts.retries) {
          throw restate(failure, {
            what: `cannot create the job: ${reasonOf(failure)}; the job was not created`,
            hint: HINTS.unavailable,
          });
        }
        this.log(`createItem ${path}: outcome was unknown and the job does not exist; sending it again`);
        await sleep(backoffDelay(round, this.opts.retryBaseDelayMs, 10_000, Math.random));
      }
    });
  }

  getConfig(path: string): Promise<string> {
    return this.run(async () => {
      validateJobPath(path);
      const ctx = this.ctx(path, "read config.xml");
      const res = await this.exchange(ctx, { method: "GET", path: `${jobUrlPath(path)}config.xml`, retry: true });
      if (res.status !== 200) throw errorFromResponse(res, ctx);
      return this.checkXml(ctx, res);
    });
  }

  updateConfig(path: string, configXml: string): Promise<void> {
    return this.run(async () => {
      validateJobPath(path);
      const ctx = this.ctx(path, "update config.xml", { xmlPost: true });
      const res = await this.exchange(ctx, {
        method: "POST",
        path: `${jobUrlPath(path)}config.xml`,
        body: configXml,
        contentType: XML_CONTENT_TYPE,
        retry: true,
      });
      this.expect(ctx, res, (r) => r.status >= 200 && r.status < 300);
    });
  }

  getDescription(path: string): Promise<string> {
    return this.run(async () => {
      validateJobPath(path);
      const ctx = this.ctx(path, "read the description");
      const res = await this.exchange(ctx, { method: "GET", path: `${jobUrlPath(path)}description`, retry: true });
      if (res.status !== 200) throw errorFromResponse(res, ctx);
      // A description is often HTML markup itself, so only the content type can tell a login page from it.
      if (isHtmlType(header(res.headers, "content-type"))) {
        throw notJenkins(ctx, res, "the description came back as an HTML page instead of text");
      }
      return res.body;
    });
  }

  setDescription(path: string, description: string): Promise<void> {
    return this.run(async () => {
      validateJobPath(path);
      const ctx = this.ctx(path, "set the description");
      const res = await this.exchange(ctx, {
        method: "POST",
        path: `${jobUrlPath(path)}description`,
        body: new URLSearchParams({ description }).toString(),
        contentType: FORM_CONTENT_TYPE,
        retry: true,
      });
      this.expect(ctx, res, (r) => r.status >= 200 && r.status < 300);
    });
  }

  /** `POST /job/N/enable`; Jenkins answers 302, which is success. */
  enable(path: string): Promise<void> {
    return this.toggle(path, "enable");
  }

  disable(path: string): Promise<void> {
    return this.toggle(path, "disable");
  }

  /** `POST /job/N/doDelete`; throws JobNotFoundError when the job does not exist (the caller decides). */
  deleteJob(path: string): Promise<void> {
    return this.run(async () => {
      validateJobPath(path);
      const ctx = this.ctx(path, "delete the job", { notRepeatable: true });
      const request: Exchange = { method: "POST", path: `${jobUrlPath(path)}doDelete`, retry: false };
      for (let round = 1; ; round++) {
        const failure = await this.attempt(ctx, request, (r) => isRedirectSuccess(r, this.base), "doDelete");
        if (failure === undefined) return;
        if (!(await this.lookOrGiveUp(failure, ctx, () => this.existsUnchecked(path)))) {
          this.log(`doDelete ${path}: outcome was unknown; the job is gone, so the delete succeeded`);
          return;
        }
        if (round > this.opts.retries) {
          throw restate(failure, {
            what: `cannot delete the job: ${reasonOf(failure)}; the job still exists`,
            hint: HINTS.unavailable,
          });
        }
        this.log(`doDelete ${path}: outcome was unknown and the job still exists; sending it again`);
        await sleep(backoffDelay(round, this.opts.retryBaseDelayMs, 10_000, Math.random));
      }
    });
  }

  /**
   * Queues a build: `POST /job/N/build`, or `/job/N/buildWithParameters` with the parameters as form fields.
   * Returns the absolute URL of the queue item. Never repeated: after an ambiguous failure the build may or may
   * not be queued, and the error says so.
   */
  build(path: string, params?: BuildParameters): Promise<{ queueUrl: string }> {
    return this.run(async () => {
      validateJobPath(path);
      const ctx = this.ctx(path, "trigger a build", { notRepeatable: true });
      const withParams = params !== undefined && Object.keys(params).length > 0;
      const form = new URLSearchParams();
      for (const [k, v] of Object.entries(params ?? {})) form.append(k, String(v));
      let res: HttpResponse;
      try {
        res = await this.exchange(ctx, {
          method: "POST",
          path: `${jobUrlPath(path)}${withParams ? "buildWithParameters" : "build"}`,
          body: withParams ? form.toString() : undefined,
          contentType: withParams ? FORM_CONTENT_TYPE : undefined,
          retry: false,
        });
      } catch (err) {
        throw err instanceof JenkinsError && err.outcomeUnknown ? this.buildMaybeQueued(err) : err;
      }
      if (res.status >= 200 && res.status < 300) {
        const location = header(res.headers, "location");
        if (!location) {
          throw isUnexpectedHtml(res)
            ? notJenkins(ctx, res, "the build request was answered with an HTML page")
            : notJenkins(ctx, res, `Jenkins answered HTTP ${res.status} without the queue item's Location`);
        }
        return { queueUrl: new URL(location, `${this.base.origin}/`).toString() };
      }
      const err = errorFromResponse(res, ctx);
      if (err.outcomeUnknown) throw this.buildMaybeQueued(err);
      if (res.status === 400 && /Nothing is submitted/i.test(messageOf(res) ?? "")) {
        throw restate(err, {
          what: "cannot trigger a build: the job has parameters and none were given",
          hint: "Pass the build parameters (params) so that the build is triggered through buildWithParameters.",
        });
      }
      throw err;
    });
  }

  /** `POST /job/N/polling`: asks Jenkins to check the job's SCM now. */
  poll(path: string): Promise<void> {
    return this.run(async () => {
      validateJobPath(path);
      const ctx = this.ctx(path, "trigger SCM polling", {
        notRepeatable: true,
        notFound: "the job does not exist or its type has no SCM polling",
      });
      const res = await this.exchange(ctx, { method: "POST", path: `${jobUrlPath(path)}polling`, retry: false });
      this.expect(ctx, res, (r) => isRedirectSuccess(r, this.base));
    });
  }

  /** Renames the job within its folder (`confirmRename`, which keeps the build history). */
  rename(path: string, newName: string): Promise<void> {
    return this.run(async () => {
      validateJobPath(path);
      validateJobName(newName);
      const { parent } = parentAndName(path);
      const newPath = parent === "" ? newName : `${parent}/${newName}`;
      const ctx = this.ctx(path, `rename the job to "${newName}"`, { notRepeatable: true });
      const request: Exchange = {
        method: "POST",
        path: `${jobUrlPath(path)}confirmRename?newName=${encodeQueryValue(newName)}`,
        retry: false,
      };
      for (let round = 1; ; round++) {
        const failure = await this.attempt(ctx, request, (r) => isRedirectSuccess(r, this.base), "confirmRename").catch(
          (e: unknown) => {
            throw buildingRefusal(e);
          },
        );
        if (failure === undefined) return;
        const [oldThere, newThere] = await this.lookOrGiveUp(failure, ctx, async () => [
          await this.existsUnchecked(path),
          await this.existsUnchecked(newPath),
        ]);
        if (newThere && !oldThere) return;
        if (!oldThere || newThere || round > this.opts.retries) throw failure;
        await sleep(backoffDelay(round, this.opts.retryBaseDelayMs, 10_000, Math.random));
      }
    });
  }

  /**
   * Moves the item (with its history, and everything inside a folder) into the folder `destination` ("" for the
   * top level), keeping its name: the CloudBees Folders relocation action. Jenkins answers every refusal with a
   * redirect, like a success, so the item is looked for at its new path; a refused move is a MoveRefusedError
   * naming the reason when the server shows it.
   */
  move(path: string, destination: string): Promise<void> {
    return this.run(async () => {
      validateJobPath(path);
      if (destination !== "") validateJobPath(destination);
      const { name } = parentAndName(path);
      const newPath = destination === "" ? name : `${destination}/${name}`;
      const where = destination === "" ? "the top level" : `folder "${destination}"`;
      const ctx = this.ctx(path, `move it to ${where}`, { notRepeatable: true });
      const request: Exchange = {
        method: "POST",
        path: `${jobUrlPath(path)}move/move`,
        body: new URLSearchParams({ destination: `/${destination}` }).toString(),
        contentType: FORM_CONTENT_TYPE,
        retry: false,
      };
      const failure = await this.attempt(ctx, request, (r) => isRedirectSuccess(r, this.base), "move");
      const look = async (): Promise<[boolean, boolean]> => [
        await this.existsUnchecked(path),
        await this.existsUnchecked(newPath),
      ];
      const [oldThere, newThere] = failure ? await this.lookOrGiveUp(failure, ctx, look) : await look();
      if (newThere && !oldThere) return;
      if (failure) throw failure;
      const refused = new MoveRefusedError({
        job: path,
        what: `Jenkins did not move it to ${where}: ${await this.moveRefusal(path, destination, newPath, oldThere)}`,
        hint: "Nothing was moved. Fix the cause in Jenkins or in the program, then run `pulumi up` again.",
      });
      refused.source = path;
      refused.destination = destination;
      throw refused;
    });
  }

  /** Why the relocation action refused, from what the server shows (reads only). */
  private async moveRefusal(path: string, destination: string, newPath: string, oldThere: boolean): Promise<string> {
    if (!oldThere) return "the item is not at its old path any more";
    const lower = (s: string): string => s.toLowerCase();
    if (
      destination !== "" &&
      (lower(destination) === lower(path) || lower(destination).startsWith(`${lower(path)}/`))
    ) {
      return "a folder cannot be moved into itself or into a folder inside it";
    }
    if (destination !== "") {
      const ctx = this.ctx(destination, "look at the destination");
      const res = await this.exchange(ctx, {
        method: "GET",
        path: `${jobUrlPath(destination)}api/json?tree=_class`,
        retry: true,
      });
      if (res.status === 404)
        return `the destination folder "${destination}" does not exist (or the user may not see it)`;
      const { _class } = this.parseJson<{ _class?: string }>(ctx, res, "api/json");
      if (_class !== "com.cloudbees.hudson.plugins.folder.Folder")
        return `"${destination}" is not a folder that can hold items`;
    }
    if (await this.existsUnchecked(newPath)) return `an item named "${newPath.split("/").pop()}" already exists there`;
    return "the user may lack Job/Create in the destination, or the item cannot be moved (items of a multibranch project cannot)";
  }

  /**
   * The installed plugins (`GET /pluginManager/api/json`), short name → version and whether it is active. Needs
   * Overall/Administer in a default Jenkins: others get a PermissionError.
   */
  installedPlugins(): Promise<Map<string, { version: string; active: boolean }>> {
    return this.run(async () => {
      const ctx = this.ctx(undefined, "read the list of installed plugins");
      const res = await this.exchange(ctx, {
        method: "GET",
        path: "/pluginManager/api/json?tree=plugins[shortName,version,active,enabled]",
        retry: true,
      });
      const json = this.parseJson<{
        plugins?: Array<{ shortName?: unknown; version?: unknown; active?: unknown; enabled?: unknown }>;
      }>(ctx, res, "pluginManager/api/json");
      const out = new Map<string, { version: string; active: boolean }>();
      for (const p of json.plugins ?? []) {
        if (typeof p.shortName !== "string") continue;
        out.set(p.shortName, { version: String(p.version ?? ""), active: p.active !== false && p.enabled !== false });
      }
      return out;
    });
  }

  /** The numbers of the job's builds, newest first (none for a folder, or a job never built). */
  buildNumbers(path: string): Promise<number[]> {
    return this.run(async () => {
      validateJobPath(path);
      const ctx = this.ctx(path, "read the job's builds");
      const res = await this.exchange(ctx, {
        method: "GET",
        path: `${jobUrlPath(path)}api/json?tree=builds[number]`,
        retry: true,
      });
      const json = this.parseJson<{ builds?: Array<{ number?: unknown }> }>(ctx, res, "api/json");
      return (json.builds ?? []).map((b) => Number(b.number)).filter((n) => Number.isInteger(n));
    });
  }

  /** Every item under `folder` (default: the whole server), recursively, depth-first, parents before children. */
  listJobs(folder?: string): Promise<JobSummary[]> {
    return this.run(async () => {
      const root = folder ?? "";
      if (root !== "") validateJobPath(root);
      const out: JobSummary[] = [];
      await this.listFolder(root, out);
      return out;
    });
  }

  /** Closes the connection pool; the client cannot be used afterwards. */
  close(): Promise<void> {
    return this.transport.close();
  }

  // ---------------------------------------------------------------------------------------------------------

  /** One api/json request covers LIST_DEPTH levels; folders below that get a request of their own. */
  private async listFolder(folder: string, out: JobSummary[]): Promise<void> {
    const ctx = this.ctx(folder === "" ? undefined : folder, "list jobs", { notFound: "the folder does not exist" });
    const res = await this.exchange(ctx, {
      method: "GET",
      path: `${folderPath(folder)}api/json?tree=${encodeQueryValue(listTree(LIST_DEPTH))}`,
      retry: true,
    });
    const json = this.parseJson<ApiJob>(ctx, res, "api/json");
    await this.collect(json.jobs ?? [], folder, 1, out);
  }

  private async collect(items: ApiJob[], parent: string, level: number, out: JobSummary[]): Promise<void> {
    for (const item of items) {
      const name = item.name ?? "";
      const fullName = item.fullName ?? (parent === "" ? name : `${parent}/${name}`);
      const children = item.jobs;
      out.push({
        fullName,
        className: item._class ?? "",
        url: item.url ?? `${this.base.url}${jobUrlPath(fullName).slice(1)}`,
        isFolder: Array.isArray(children),
      });
      if (!Array.isArray(children) || children.length === 0) continue;
      if (level < LIST_DEPTH) await this.collect(children, fullName, level + 1, out);
      else await this.listFolder(fullName, out);
    }
  }

  private toggle(path: string, action: "enable" | "disable"): Promise<void> {
    return this.run(async () => {
      validateJobPath(path);
      const ctx = this.ctx(path, `${action} the job`);
      const res = await this.exchange(ctx, { method: "POST", path: `${jobUrlPath(path)}${action}`, retry: true });
      this.expect(ctx, res, (r) => isRedirectSuccess(r, this.base));
    });
  }

  private buildMaybeQueued(err: JenkinsError): JenkinsError {
    return restate(err, {
      what: `cannot tell whether the build was queued: ${reasonOf(err)}; the build may or may not have been queued`,
      hint: "Check the job's build queue and history in Jenkins before triggering it again; the request was not repeated.",
      outcomeUnknown: true,
    });
  }

  /**
   * Sends a request that must not be repeated blindly. Returns undefined on success, the error when the outcome
   * is unknown (so that the caller can look at the server), and throws every other error.
   */
  private async attempt(
    ctx: CallContext,
    request: Exchange,
    ok: (res: HttpResponse) => boolean,
    what: string,
  ): Promise<JenkinsError | undefined> {
    try {
      const res = await this.exchange(ctx, request);
      if (ok(res)) {
        if (res.status < 300 && isUnexpectedHtml(res) && res.body.trim() !== "") {
          throw notJenkins(ctx, res, `${what} was answered with an HTML page`);
        }
        return undefined;
      }
      const err = errorFromResponse(res, ctx);
      if (!err.outcomeUnknown) throw err;
      return err;
    } catch (err) {
      if (err instanceof JenkinsError && err.outcomeUnknown) return err;
      throw err;
    }
  }

  /**
   * Runs the check that resolves an unknown outcome. When the check fails as well, the original error is what
   * the caller needs to see, still marked as having an unknown outcome.
   */
  private async lookOrGiveUp<T>(failure: JenkinsError, ctx: CallContext, look: () => Promise<T>): Promise<T> {
    try {
      return await look();
    } catch (err) {
      const why = err instanceof JenkinsError ? reasonOf(err) : "unexpected failure";
      throw restate(failure, {
        what: `cannot ${ctx.action}: ${reasonOf(failure)}, and checking the server afterwards failed too (${why})`,
        hint: HINTS.outcomeUnknown,
        outcomeUnknown: true,
      });
    }
  }

  private async existsUnchecked(path: string): Promise<boolean> {
    const ctx = this.ctx(path, "check whether the job exists");
    const res = await this.exchange(ctx, { method: "GET", path: `${jobUrlPath(path)}api/json?tree=name`, retry: true });
    if (res.status === 404) return false;
    this.parseJson(ctx, res, "api/json");
    return true;
  }

  /** The job's config.xml, or undefined when the job does not exist. */
  private async configIfExists(path: string): Promise<string | undefined> {
    const ctx = this.ctx(path, "read config.xml");
    const res = await this.exchange(ctx, { method: "GET", path: `${jobUrlPath(path)}config.xml`, retry: true });
    if (res.status === 404) return undefined;
    if (res.status !== 200) throw errorFromResponse(res, ctx);
    return this.checkXml(ctx, res);
  }

  private checkXml(ctx: CallContext, res: HttpResponse): string {
    if (isUnexpectedHtml(res)) throw notJenkins(ctx, res, "config.xml came back as an HTML page instead of XML");
    if (
      !res.body
        .replace(/^\uFEFF/, "")
        .trimStart()
        .startsWith("<")
    ) {
      throw notJenkins(ctx, res, "config.xml came back as something that is not XML");
    }
    return res.body;
  }

  private parseJson<T>(ctx: CallContext, res: HttpResponse, what: string): T {
    if (res.status !== 200) throw errorFromResponse(res, ctx);
    if (isUnexpectedHtml(res)) throw notJenkins(ctx, res, `${what} was answered with an HTML page instead of JSON`);
    try {
      const value: unknown = JSON.parse(res.body);
      if (value === null || typeof value !== "object") throw new SyntaxError("not an object");
      return value as T;
    } catch {
      throw notJenkins(ctx, res, `${what} was answered with something that is not JSON`);
    }
  }

  private expect(ctx: CallContext, res: HttpResponse, ok: (res: HttpResponse) => boolean): void {
    if (!ok(res)) throw errorFromResponse(res, ctx);
    if (res.status < 300 && res.body.trim() !== "" && isUnexpectedHtml(res)) {
      throw notJenkins(ctx, res, "the request was answered with an HTML page");
    }
  }

  private ctx(job: string | undefined, action: string, extra: Partial<CallContext> = {}): CallContext {
    return { job, action, anonymous: this.anonymous, ...extra };
  }

  /**
   * One HTTP exchange with credentials, session cookie and (for POSTs that need one) the crumb. A crumb refusal
   * drops the session and is retried exactly once with a fresh session and crumb: the request was refused
   * before Jenkins looked at it, so repeating it is safe even for createItem or build.
   */
  private async exchange(ctx: CallContext, req: Exchange): Promise<HttpResponse> {
    const withCrumb = req.method === "POST" && this.needsCrumb;
    for (let attempt = 1; ; attempt++) {
      const headers: Record<string, string> = {};
      if (this.authorization) headers.authorization = this.authorization;
      let generation = -1;
      if (withCrumb) {
        const current = await this.session.current().catch((err: unknown) => {
          throw this.inContext(err, ctx, "while fetching a CSRF crumb");
        });
        generation = current.generation;
        if (current.crumb) headers[current.crumb.field] = current.crumb.value;
      }
      const cookie = this.session.cookieHeader();
      if (cookie) headers.cookie = cookie;
      if (req.contentType) headers["content-type"] = req.contentType;
      let res: HttpResponse;
      try {
        res = await this.transport.send({
          method: req.method,
          path: req.path,
          headers,
          body: req.body,
          retry: req.retry,
        });
      } catch (err) {
        if (err instanceof TransportError) throw errorFromTransport(err, ctx);
        throw err;
      }
      this.session.absorb(res.headers);
      if (withCrumb && attempt === 1 && isCrumbRefusal(res)) {
        this.session.invalidate(generation);
        this.log(`${req.method} ${req.path.split("?")[0]}: crumb refused, fetching a new session and crumb`);
        continue;
      }
      return res;
    }
  }

  /** The crumb fetch is shared by all callers, so its errors name no job: give them the caller's. */
  private inContext(err: unknown, ctx: CallContext, where: string): unknown {
    if (!(err instanceof JenkinsError) || err.job !== undefined || ctx.job === undefined) return err;
    return restate(err, {
      job: ctx.job,
      what: `cannot ${ctx.action}: ${reasonOf(err)} ${where}`,
      hint: err.hint,
      outcomeUnknown: err.outcomeUnknown,
    });
  }

  /** `GET /crumbIssuer/api/json`; null when CSRF protection is off (404). */
  private async fetchCrumb(): Promise<Crumb | null> {
    const ctx = this.ctx(undefined, "fetch a CSRF crumb");
    const res = await this.exchange(ctx, { method: "GET", path: "/crumbIssuer/api/json", retry: true });
    if (res.status === 404) return null;
    const json = this.parseJson<{ crumb?: unknown; crumbRequestField?: unknown }>(ctx, res, "/crumbIssuer/api/json");
    if (typeof json.crumb !== "string" || typeof json.crumbRequestField !== "string") {
      throw notJenkins(ctx, res, "/crumbIssuer/api/json did not contain a crumb");
    }
    return { field: json.crumbRequestField, value: json.crumb };
  }

  private log(line: string): void {
    this.opts.log?.(this.redactor.redact(line));
  }

  /** Runs a public operation and scrubs credentials from anything it throws. */
  private async run<T>(op: () => Promise<T>): Promise<T> {
    try {
      return await op();
    } catch (err) {
      throw err instanceof Error ? this.redactor.scrubError(err) : err;
    }
  }
}
