/**
 * Reading Jenkins's answers: what counts as success for each kind of call, and the checks that tell a Jenkins
 * answer from a login page or a proxy's (JSON where JSON is due, XML where XML is due). Pure functions over one
 * response; they throw the typed error of response-errors.ts.
 */
import { JenkinsError } from "./errors";
import { type CallContext, errorFromResponse, isLoginRedirect, isUnexpectedHtml, notJenkins } from "./response-errors";
import { header, type HttpResponse, type JenkinsBase } from "./transport";

/** Jenkins decodes `text/xml` without a charset as ISO-8859-1, which corrupts non-ASCII text. */
export const XML_CONTENT_TYPE = "text/xml; charset=utf-8";
export const FORM_CONTENT_TYPE = "application/x-www-form-urlencoded; charset=UTF-8";

export type Success = (res: HttpResponse) => boolean;

export const is2xx: Success = (res) => res.status >= 200 && res.status < 300;

/**
 * Jenkins answers doDelete, enable, disable, polling, confirmRename and move with a redirect to one of its own
 * pages. A redirect anywhere else (another host, a maintenance page, a login page) means Jenkins never saw the
 * request.
 */
export function redirectIntoJenkins(base: JenkinsBase): Success {
  return (res) => {
    if (res.status >= 200 && res.status < 300) return true;
    if (res.status < 300 || res.status >= 400 || isLoginRedirect(res)) return false;
    const location = header(res.headers, "location");
    if (location === undefined) return true;
    try {
      return new URL(location, base.url).origin === base.origin;
    } catch {
      return false;
    }
  };
}

/** Throws the typed error unless the answer is a success; a success must not be an HTML page either. */
export function expectSuccess(ctx: CallContext, res: HttpResponse, ok: Success, what = "the request"): void {
  if (!ok(res)) throw errorFromResponse(res, ctx);
  if (res.status < 300 && res.body.trim() !== "" && isUnexpectedHtml(res)) {
    throw notJenkins(ctx, res, `${what} was answered with an HTML page`);
  }
}

/** The answer's JSON object; a 200 that is not JSON (a login page, a proxy) is a NotJenkinsError. */
export function parseJson<T>(ctx: CallContext, res: HttpResponse, what: string): T {
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

/** The body of a config.xml answer, checked to be XML rather than a page. */
export function configXmlOf(ctx: CallContext, res: HttpResponse): string {
  if (res.status !== 200) throw errorFromResponse(res, ctx);
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

/**
 * The error of an answer that is not a success, or undefined for a success. Used by the requests that are sent
 * once, which need the error as a value: one whose outcome is unknown is looked into rather than thrown.
 */
export function failureOf(ctx: CallContext, res: HttpResponse, ok: Success, what: string): JenkinsError | undefined {
  if (ok(res)) {
    if (res.status < 300 && isUnexpectedHtml(res) && res.body.trim() !== "") {
      return notJenkins(ctx, res, `${what} was answered with an HTML page`);
    }
    return undefined;
  }
  return errorFromResponse(res, ctx);
}
