/**
 * Builds: queueing one, asking for an SCM poll, and reading a job's build numbers.
 *
 * A build or a poll request is sent once and never repeated, not even after looking at the server: a queued build
 * may start, finish or merge with another in the queue before anything could be seen, so nothing the server shows
 * proves that this request queued it. After an unknown outcome the error says so.
 */
import { expectSuccess, FORM_CONTENT_TYPE, parseJson, redirectIntoJenkins } from "./answers";
import { JenkinsError } from "./errors";
import type { JenkinsHttp } from "./jenkins-http";
import { jobUrlPath, validateJobPath } from "./names";
import { errorFromResponse, isUnexpectedHtml, notJenkins } from "./response-errors";
import { header, type HttpResponse } from "./transport";

export type BuildParameters = Record<string, string | boolean | number>;

function maybeQueued(err: JenkinsError): JenkinsError {
  return err.restated({
    action: "tell whether the build was queued",
    what: `${err.what}; the build may or may not have been queued`,
    hint: "Check the job's build queue and history in Jenkins before triggering it again; the request was not repeated.",
    outcomeUnknown: true,
  });
}

/**
 * `POST /job/N/build`, or `/job/N/buildWithParameters` with the parameters as form fields. Returns the absolute URL
 * of the queue item.
 */
export async function build(http: JenkinsHttp, path: string, params?: BuildParameters): Promise<{ queueUrl: string }> {
  validateJobPath(path);
  const ctx = http.ctx(path, "trigger a build", { notRepeatable: true });
  const withParams = params !== undefined && Object.keys(params).length > 0;
  const form = new URLSearchParams();
  for (const [k, v] of Object.entries(params ?? {})) form.append(k, String(v));
  let res: HttpResponse;
  try {
    res = await http.exchange(ctx, {
      method: "POST",
      path: `${jobUrlPath(path)}${withParams ? "buildWithParameters" : "build"}`,
      body: withParams ? form.toString() : undefined,
      contentType: withParams ? FORM_CONTENT_TYPE : undefined,
      retry: false,
    });
  } catch (err) {
    throw err instanceof JenkinsError && err.outcomeUnknown ? maybeQueued(err) : err;
  }
  if (res.status >= 200 && res.status < 300) {
    const location = header(res.headers, "location");
    if (!location) {
      throw isUnexpectedHtml(res)
        ? notJenkins(ctx, res, "the build request was answered with an HTML page")
        : notJenkins(ctx, res, `Jenkins answered HTTP ${res.status} without the queue item's Location`);
    }
    return { queueUrl: new URL(location, `${http.base.origin}/`).toString() };
  }
  const err = errorFromResponse(res, ctx);
  throw err.outcomeUnknown ? maybeQueued(err) : err;
}

/** `POST /job/N/polling`: asks Jenkins to check the job's SCM now. */
export async function poll(http: JenkinsHttp, path: string): Promise<void> {
  validateJobPath(path);
  const ctx = http.ctx(path, "trigger SCM polling", {
    notRepeatable: true,
    notFound: "the job does not exist or its type has no SCM polling",
  });
  const res = await http.exchange(ctx, { method: "POST", path: `${jobUrlPath(path)}polling`, retry: false });
  expectSuccess(ctx, res, redirectIntoJenkins(http.base));
}

/** The numbers of the job's builds, newest first (none for a folder, or a job never built). */
export async function buildNumbers(http: JenkinsHttp, path: string): Promise<number[]> {
  validateJobPath(path);
  const ctx = http.ctx(path, "read the job's builds");
  const res = await http.exchange(ctx, {
    method: "GET",
    path: `${jobUrlPath(path)}api/json?tree=builds[number]`,
    retry: true,
  });
  const json = parseJson<{ builds?: Array<{ number?: unknown }> }>(ctx, res, "api/json");
  return (json.builds ?? []).map((b) => Number(b.number)).filter((n) => Number.isInteger(n));
}
