/**
 * Turns an unwanted answer into the typed error that says what to do next: Jenkins's own answers by their status
 * and headers, and an error answered by a proxy or gateway instead of Jenkins (jenkins-signature.ts) as a
 * NotJenkinsError naming who answered. A request that got no answer at all is no-answer.ts's.
 */
import {
  AuthenticationError,
  BadRequestError,
  CrumbError,
  InvalidConfigError,
  InvalidNameError,
  JenkinsError,
  type JenkinsErrorDetails,
  JobAlreadyExistsError,
  JobBuildingError,
  JobNotFoundError,
  NotBuildableError,
  NotJenkinsError,
  PermissionError,
  ServerError,
} from "./errors";
import { isHtmlType, jenkinsMessage, looksLikeHtml } from "./html-message";
import { answerNeedsJenkinsMarks, CRUMB_REFUSAL, isFromJenkins, serverOf } from "./jenkins-signature";
import type { TimeoutName, TimeoutSetting } from "./options";
import type { ProxyRoute } from "./proxy-route";
import { header, type HttpResponse } from "./transport";

export interface CallContext {
  /** Full job path the call is about. */
  job?: string;
  /** What the call tried to do, completing "cannot …": "create the job", "read config.xml". */
  action: string;
  /** The request carried a config XML (createItem, config.xml POST): a 500 means Jenkins refused the XML. */
  xmlPost?: boolean;
  /** The request was sent at most once because repeating it is not safe (createItem, build, doDelete…). */
  notRepeatable?: boolean;
  /** What a 404 means for this call, when it is not "the job does not exist". */
  notFound?: string;
  /** Whether the client sends credentials at all. */
  anonymous: boolean;
  /** The proxy the call goes through, if any: a failure or answer of the proxy is named by it. */
  proxy?: ProxyRoute;
  /** The client's timeouts, as a timeout's error names them. */
  timeouts?: Record<TimeoutName, TimeoutSetting>;
}

const NAME_RULE =
  /unsafe character|is not an allowed name|cannot end with|No name is specified|No control code is allowed/i;

/** createItem says "A job already exists with the name ‘N’"; confirmRename says "The name “N” is already in use." */
const ALREADY_EXISTS = /^A job already exists with the name|is already in use/i;

/** confirmRename refuses what is building: "Unable to rename a job while it is building." (or a job inside it). */
const BUILDING = /while (a job inside it|it) is building/i;

/** `build` (without parameters) of a job that has parameters: "Nothing is submitted". */
const NOTHING_SUBMITTED = /Nothing is submitted/i;

export const HINTS = {
  credentials:
    "Check the user name and API token (or password) given to the provider (jenkins:user and jenkins:apiToken, or JENKINS_USER and JENKINS_API_TOKEN); an API token is created on the user's Security page in Jenkins.",
  anonymous: "Jenkins treated the request as anonymous: configure a user and an API token for the provider.",
  crumb:
    "Jenkins refused the CSRF crumb even after a fresh session and crumb were fetched; a proxy in front of Jenkins may be dropping the JSESSIONID cookie. Use an API token instead of a password: token requests need no crumb.",
  notFound:
    "Check the job name and its folder path (folders must exist before jobs are created in them) and that the user may see the job: Jenkins answers 404 for items a user may not read.",
  alreadyExists:
    "Jenkins names are case-insensitive within a folder. Choose another name, adopt the existing job, or delete it first.",
  invalidName: "Choose a name Jenkins accepts.",
  building: "Wait for the build to finish (or abort it in Jenkins), then run `pulumi up` again; nothing was changed.",
  noParameters: "Pass the build parameters (params) so that the build is triggered through buildWithParameters.",
  notBuildable: "The job is disabled (or cannot be built): enable it first.",
  badRequest: "Jenkins refused the request as sent; check the values passed to this call.",
  invalidConfig:
    "Check that the XML is well-formed, that its root element is an item type this Jenkins has the plugin for, and, for an update, that it is the same item type as the existing job (which is left unchanged).",
  serverError:
    "Jenkins failed while handling the request; the Jenkins system log has the details (search for the Logging ID).",
  unavailable: "Jenkins is unavailable (starting, restarting or overloaded); try again later.",
  connection: "Check the URL and that Jenkins is running and reachable from here.",
  tls: "Check the server certificate: pass the CA certificate (caCert) if Jenkins uses a private CA, or set insecureSkipTlsVerify for a throwaway test instance only.",
  notJenkins:
    "Check the URL, including the context path (e.g. https://host/jenkins/); a reverse proxy or single sign-on page may be answering instead of Jenkins.",
  outcomeUnknown: "Look at Jenkins before repeating the call: it may or may not have been carried out.",
} as const;

function base(ctx: CallContext, res: HttpResponse | undefined, what: string, hint: string): JenkinsErrorDetails {
  return {
    job: ctx.job,
    status: res?.status,
    jenkinsMessage: res ? messageOf(res) : undefined,
    action: ctx.action,
    what,
    hint,
  };
}

export function messageOf(res: HttpResponse): string | undefined {
  return jenkinsMessage(header(res.headers, "x-error"), res.body, header(res.headers, "content-type"));
}

export function isCrumbRefusal(res: HttpResponse): boolean {
  return res.status === 403 && CRUMB_REFUSAL.test(res.body);
}

/** Path (without query) of a redirect target, for messages: a query string may carry anything. */
function locationPath(res: HttpResponse): string {
  const location = header(res.headers, "location") ?? "";
  try {
    return new URL(location, "http://placeholder.invalid").pathname;
  } catch {
    return "?";
  }
}

/** A redirect to a login or single-sign-on page: the credentials were not accepted as sent. */
export function isLoginRedirect(res: HttpResponse): boolean {
  if (res.status < 300 || res.status >= 400) return false;
  const path = locationPath(res);
  return !path.includes("/job/") && /\/(login|securityRealm|sso|saml|oauth2?|oidc|signin)(\/|$)/i.test(path);
}

/**
 * Exceptions Jenkins raises when it cannot read or load posted XML (parser, XStream, item type mismatch). Any other
 * 500 on a config POST is an internal error (disk full, a plugin failing, a proxy's own 500) and must not send the
 * user to look for a problem in their XML.
 */
const XML_REFUSAL =
  /SAXParseException|CannotResolveClassException|ConversionException|XStreamException|XmlPullParserException|Expecting class|Unable to read|Failed to persist config\.xml|Premature end of file|Content is not allowed in prolog/i;

function isXmlRefusal(res: HttpResponse, message: string | undefined): boolean {
  return XML_REFUSAL.test(message ?? "") || XML_REFUSAL.test(res.body);
}

export function errorFromResponse(res: HttpResponse, ctx: CallContext): JenkinsError {
  const status = res.status;
  if (answerNeedsJenkinsMarks(status) && !isFromJenkins(res)) return answeredInsteadOfJenkins(res, ctx);
  const message = messageOf(res);
  if (status === 401) {
    return new AuthenticationError(base(ctx, res, "the credentials were rejected", HINTS.credentials));
  }
  if (status === 403) {
    if (CRUMB_REFUSAL.test(res.body)) {
      return new CrumbError(base(ctx, res, "the CSRF crumb was refused", HINTS.crumb));
    }
    const requiredPermission = header(res.headers, "x-required-permission");
    const authenticatedAs = header(res.headers, "x-you-are-authenticated-as");
    const who = authenticatedAs ?? "the user";
    const anonymous = ctx.anonymous || authenticatedAs === "anonymous";
    const hint = anonymous
      ? HINTS.anonymous
      : requiredPermission
        ? `Grant ${requiredPermission} to ${who} in Jenkins, or use the credentials of a user who has it.`
        : "Use the credentials of a user with enough permissions for this call.";
    const what = requiredPermission ? `permission denied (${who} lacks ${requiredPermission})` : "permission denied";
    return new PermissionError({ ...base(ctx, res, what, hint), requiredPermission, authenticatedAs });
  }
  if (status === 404) {
    return new JobNotFoundError(base(ctx, res, ctx.notFound ?? "the job does not exist", HINTS.notFound));
  }
  if (status === 409) {
    return new NotBuildableError(base(ctx, res, "the job is not buildable", HINTS.notBuildable));
  }
  if (status === 400 && message !== undefined && ALREADY_EXISTS.test(message)) {
    return new JobAlreadyExistsError(base(ctx, res, "a job with this name already exists", HINTS.alreadyExists));
  }
  if (status === 400 && message !== undefined && NAME_RULE.test(message)) {
    return new InvalidNameError(base(ctx, res, "Jenkins refused the name", HINTS.invalidName));
  }
  if (status === 400 && message !== undefined && BUILDING.test(message)) {
    return new JobBuildingError({
      ...base(ctx, res, "a build is running", HINTS.building),
      action: undefined,
      what: "cannot rename it while a build is running",
    });
  }
  if (status === 400 && message !== undefined && NOTHING_SUBMITTED.test(message)) {
    return new BadRequestError(base(ctx, res, "the job has parameters and none were given", HINTS.noParameters));
  }
  if (status === 500 && ctx.xmlPost && isXmlRefusal(res, message)) {
    return new InvalidConfigError(base(ctx, res, "Jenkins refused the configuration XML", HINTS.invalidConfig));
  }
  if (status === 502 || status === 503 || status === 504) {
    const unknown = ctx.notRepeatable === true;
    return new ServerError({
      ...base(
        ctx,
        res,
        "Jenkins is unavailable",
        unknown ? `${HINTS.outcomeUnknown} ${HINTS.unavailable}` : HINTS.unavailable,
      ),
      outcomeUnknown: unknown,
    });
  }
  if (status >= 500) {
    return new ServerError(base(ctx, res, "Jenkins reported an internal error", HINTS.serverError));
  }
  if (status >= 300 && status < 400) {
    const target = locationPath(res);
    if (isLoginRedirect(res)) {
      return new NotJenkinsError(base(ctx, res, `redirected to a login page (${target})`, HINTS.notJenkins));
    }
    return new NotJenkinsError(base(ctx, res, `unexpected redirect to ${target}`, HINTS.notJenkins));
  }
  if (status >= 400) {
    return new BadRequestError(base(ctx, res, "Jenkins refused the request", HINTS.badRequest));
  }
  return new NotJenkinsError(base(ctx, res, `unexpected answer`, HINTS.notJenkins));
}

/** A 200 whose body is an HTML page where JSON, XML or text was expected: a login page or a proxy. */
export function isUnexpectedHtml(res: HttpResponse): boolean {
  return isHtmlType(header(res.headers, "content-type")) || looksLikeHtml(res.body);
}

/** The proxy that forwards the call and so may answer it itself (an http Jenkins through HTTP_PROXY), if any. */
function forwardingProxy(ctx: CallContext): ProxyRoute | undefined {
  return ctx.proxy && !ctx.proxy.tunnel ? ctx.proxy : undefined;
}

/** "the proxy at 127.0.0.1:3128 (HTTP_PROXY)": its address and what named it, never its URL (it may hold a password). */
export function proxyName(proxy: ProxyRoute): string {
  return `the proxy at ${proxy.address} (${proxy.from})`;
}

/** Who answered, for an answer without Jenkins's marks: its Server header, and the proxy it came through. */
function answeredBy(res: HttpResponse, ctx: CallContext): string {
  const server = serverOf(res);
  const who = server ? `from "${server}"` : "from a server that does not name itself";
  const proxy = forwardingProxy(ctx);
  return proxy ? `${who}, through ${proxyName(proxy)}` : who;
}

export function notJenkins(ctx: CallContext, res: HttpResponse | undefined, what: string): NotJenkinsError {
  const marked = res === undefined || isFromJenkins(res);
  const details = base(ctx, res, marked ? what : `${what}, ${answeredBy(res, ctx)}`, HINTS.notJenkins);
  // Only an HTML page (a login form, a proxy's page) has a message worth quoting; a JSON or XML body has not.
  if (res && !isUnexpectedHtml(res)) details.jenkinsMessage = undefined;
  if (res && !marked) details.answeredBy = serverOf(res);
  return new NotJenkinsError(details);
}

/**
 * What to do about an error answered instead of Jenkins, by who answered: the proxy that forwards the request (an
 * http Jenkins through HTTP_PROXY) or a server at Jenkins's address (a gateway, reverse proxy, load balancer).
 */
function hintInsteadOfJenkins(status: number, proxy: ProxyRoute | undefined): string {
  if (proxy) {
    const name = `The${proxyName(proxy).slice(3)}`;
    if (status === 407) {
      return `${name} asks for credentials: give its user and password in ${proxy.from}, as user:password@ before the host (special characters percent-encoded).`;
    }
    if (status < 500) {
      return `${name} refused the request before it reached Jenkins, which did not check the credentials: check what the proxy allows and asks for, or list the Jenkins host in NO_PROXY when it is reached directly.`;
    }
    return `${name} could not get an answer from Jenkins at ${proxy.target}: check that Jenkins is running there and that the proxy can reach it, or list the Jenkins host in NO_PROXY when it is reached directly.`;
  }
  if (status === 401 || status === 403 || status === 407) {
    return "A server in front of Jenkins (a gateway, a single sign-on, a proxy) refused the request before Jenkins saw it, so the user name and API token were not checked by Jenkins: check the URL (Jenkins itself, with its context path), or what that server needs to let API requests through.";
  }
  return "A server in front of Jenkins (a reverse proxy, a gateway, a load balancer) answered itself: Jenkins behind it is down, starting or unreachable from it, or that server is overloaded. Check Jenkins and the server in front of it, then try again.";
}

/** A 401, 403, 407 or 5xx without Jenkins's marks: the proxy or gateway that answered it is named, not Jenkins. */
function answeredInsteadOfJenkins(res: HttpResponse, ctx: CallContext): NotJenkinsError {
  const proxy = forwardingProxy(ctx);
  // A gateway's 502/503/504 may come after it passed the request on: the outcome of a call sent once is unknown.
  const unknown = ctx.notRepeatable === true && (res.status === 502 || res.status === 503 || res.status === 504);
  const hint = hintInsteadOfJenkins(res.status, proxy);
  return new NotJenkinsError({
    ...base(ctx, res, `the answer came ${answeredBy(res, ctx)}, not from Jenkins (no X-Jenkins header)`, hint),
    hint: unknown ? `${HINTS.outcomeUnknown} ${hint}` : hint,
    outcomeUnknown: unknown,
    answeredBy: serverOf(res),
    proxy: proxy && { address: proxy.address, from: proxy.from },
  });
}
