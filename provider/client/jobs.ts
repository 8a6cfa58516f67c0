/**
 * One job's life on the server: exists, create, config.xml, description, enable/disable, delete. Each function
 * checks the names before sending anything; create and delete go through sendOnceThenLook.
 */
import {
  configXmlOf,
  expectSuccess,
  FORM_CONTENT_TYPE,
  is2xx,
  parseJson,
  redirectIntoJenkins,
  XML_CONTENT_TYPE,
} from "./answers";
import { isConfigWeSent } from "./config-match";
import { JobAlreadyExistsError } from "./errors";
import { isHtmlType } from "./html-message";
import type { JenkinsHttp } from "./jenkins-http";
import { encodeQueryValue, jobUrlPath, parentAndName, validateJobPath } from "./names";
import { errorFromResponse, HINTS, notJenkins } from "./response-errors";
import { sendOnceThenLook } from "./send-once";
import { header } from "./transport";

/** The URL path of a folder, "/" for the top level. */
export function folderPath(folder: string): string {
  return folder === "" ? "/" : jobUrlPath(folder);
}

/** Whether the item exists and the user may see it (names are case-insensitive in Jenkins); no name checks. */
export async function itemExists(http: JenkinsHttp, path: string): Promise<boolean> {
  const ctx = http.ctx(path, "check whether the job exists");
  const res = await http.exchange(ctx, { method: "GET", path: `${jobUrlPath(path)}api/json?tree=name`, retry: true });
  if (res.status === 404) return false;
  parseJson(ctx, res, "api/json");
  return true;
}

/**
 * The name of the item Jenkins finds at `path` (names are case-insensitive in Jenkins, so it may differ from the
 * path's last segment in letter case), or undefined when there is none.
 */
export async function itemName(http: JenkinsHttp, path: string): Promise<string | undefined> {
  validateJobPath(path);
  const ctx = http.ctx(path, "read the job's name");
  const res = await http.exchange(ctx, { method: "GET", path: `${jobUrlPath(path)}api/json?tree=name`, retry: true });
  if (res.status === 404) return undefined;
  return parseJson<{ name?: string }>(ctx, res, "api/json").name;
}

export async function exists(http: JenkinsHttp, path: string): Promise<boolean> {
  validateJobPath(path);
  return itemExists(http, path);
}

/** The job's config.xml, or undefined when the job does not exist. */
async function configIfExists(http: JenkinsHttp, path: string): Promise<string | undefined> {
  const ctx = http.ctx(path, "read config.xml");
  const res = await http.exchange(ctx, { method: "GET", path: `${jobUrlPath(path)}config.xml`, retry: true });
  if (res.status === 404) return undefined;
  return configXmlOf(ctx, res);
}

/**
 * `POST /job/a/job/b/createItem?name=c` with the XML as body. After an unknown outcome, a job that now exists with
 * the configuration sent was created by this request; one with another configuration is somebody else's.
 */
export async function createJob(http: JenkinsHttp, path: string, configXml: string): Promise<void> {
  validateJobPath(path);
  const { parent, name } = parentAndName(path);
  const ctx = http.ctx(path, "create the job", {
    xmlPost: true,
    notRepeatable: true,
    notFound:
      parent === "" ? "Jenkins has no createItem endpoint at this URL" : `the folder "${parent}" does not exist`,
  });
  await sendOnceThenLook(http, {
    ctx,
    endpoint: "createItem",
    request: {
      method: "POST",
      path: `${folderPath(parent)}createItem?name=${encodeQueryValue(name)}`,
      body: configXml,
      contentType: XML_CONTENT_TYPE,
      retry: false,
    },
    ok: is2xx,
    look: () => configIfExists(http, path),
    judge: (stored, failure) => {
      if (stored === undefined) return { resend: "the job does not exist" };
      if (isConfigWeSent(configXml, stored)) return { done: "the job exists with the configuration sent" };
      return new JobAlreadyExistsError({
        job: path,
        action: ctx.action,
        what: `the create request failed (${failure?.what ?? "no answer"}) and a job with this name now exists with a different configuration`,
        hint: HINTS.alreadyExists,
      });
    },
    giveUp: (failure) =>
      failure.restated({
        what: `${failure.what}; the job was not created`,
        hint: HINTS.unavailable,
        outcomeUnknown: false,
      }),
  });
}

export async function getConfig(http: JenkinsHttp, path: string): Promise<string> {
  validateJobPath(path);
  const ctx = http.ctx(path, "read config.xml");
  const res = await http.exchange(ctx, { method: "GET", path: `${jobUrlPath(path)}config.xml`, retry: true });
  return configXmlOf(ctx, res);
}

export async function updateConfig(http: JenkinsHttp, path: string, configXml: string): Promise<void> {
  validateJobPath(path);
  const ctx = http.ctx(path, "update config.xml", { xmlPost: true });
  const res = await http.exchange(ctx, {
    method: "POST",
    path: `${jobUrlPath(path)}config.xml`,
    body: configXml,
    contentType: XML_CONTENT_TYPE,
    retry: true,
  });
  expectSuccess(ctx, res, is2xx);
}

export async function getDescription(http: JenkinsHttp, path: string): Promise<string> {
  validateJobPath(path);
  const ctx = http.ctx(path, "read the description");
  const res = await http.exchange(ctx, { method: "GET", path: `${jobUrlPath(path)}description`, retry: true });
  if (res.status !== 200) throw errorFromResponse(res, ctx);
  // A description is often HTML markup itself, so only the content type can tell a login page from it.
  if (isHtmlType(header(res.headers, "content-type"))) {
    throw notJenkins(ctx, res, "the description came back as an HTML page instead of text");
  }
  return res.body;
}

export async function setDescription(http: JenkinsHttp, path: string, description: string): Promise<void> {
  validateJobPath(path);
  const ctx = http.ctx(path, "set the description");
  const res = await http.exchange(ctx, {
    method: "POST",
    path: `${jobUrlPath(path)}description`,
    body: new URLSearchParams({ description }).toString(),
    contentType: FORM_CONTENT_TYPE,
    retry: true,
  });
  expectSuccess(ctx, res, is2xx);
}

/** `POST /job/N/enable` or `disable`; Jenkins answers 302, which is success. Safe to repeat. */
export async function toggle(http: JenkinsHttp, path: string, action: "enable" | "disable"): Promise<void> {
  validateJobPath(path);
  const ctx = http.ctx(path, `${action} the job`);
  const res = await http.exchange(ctx, { method: "POST", path: `${jobUrlPath(path)}${action}`, retry: true });
  expectSuccess(ctx, res, redirectIntoJenkins(http.base));
}

/** `POST /job/N/doDelete`; after an unknown outcome, a job that is gone was deleted by this request. */
export async function deleteJob(http: JenkinsHttp, path: string): Promise<void> {
  validateJobPath(path);
  const ctx = http.ctx(path, "delete the job", { notRepeatable: true });
  await sendOnceThenLook(http, {
    ctx,
    endpoint: "doDelete",
    request: { method: "POST", path: `${jobUrlPath(path)}doDelete`, retry: false },
    ok: redirectIntoJenkins(http.base),
    look: () => itemExists(http, path),
    judge: (stillThere) => (stillThere ? { resend: "the job still exists" } : { done: "the job is gone" }),
    giveUp: (failure) =>
      failure.restated({
        what: `${failure.what}; the job still exists`,
        hint: HINTS.unavailable,
        outcomeUnknown: false,
      }),
  });
}
