/**
 * Turns an unwanted Jenkins answer (or no answer at all) into the typed error that says what to do next.
 */
import {
  AuthenticationError,
  BadRequestError,
  ConnectionError,
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
  RequestTimeoutError,
  ServerError,
} from "./errors";
import { isHtmlType, jenkinsMessage, looksLikeHtml } from "./html-message";
import { header, type HttpResponse, type TransportError } from "./transport";

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
}

const CRUMB_REFUSAL = /No valid crumb was included in the request/i;

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
  unavailable:
    "Jenkins, or a proxy in front of it, is unavailable (starting, restarting or overloaded); try again later.",
  timeout:
    "Jenkins did not answer in time; check that it is healthy, or raise jenkins:connectTimeoutMs / jenkins:headersTimeoutMs / jenkins:bodyTimeoutMs (the client's connectTimeoutMs / headersTimeoutMs / bodyTimeoutMs).",
  connection: "Check the URL and that Jenkins is running and reachable from here.",
  proxy:
    "Check the proxy that HTTPS_PROXY (or HTTP_PROXY) names, with its user and password in the URL when it asks for them, or list the Jenkins host in NO_PROXY when it is reached directly.",
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

export function notJenkins(ctx: CallContext, res: HttpResponse | undefined, what: string): NotJenkinsError {
  const details = base(ctx, res, what, HINTS.notJenkins);
  // Only an HTML page (a login form, a proxy's page) has a message worth quoting; a JSON or XML body has not.
  if (res && !isUnexpectedHtml(res)) details.jenkinsMessage = undefined;
  return new NotJenkinsError(details);
}

/** The timeout that ran out, named as the stack config and the client's options name it. */
const TIMEOUT_SETTING: Record<string, string> = {
  UND_ERR_CONNECT_TIMEOUT: "connectTimeoutMs",
  UND_ERR_HEADERS_TIMEOUT: "headersTimeoutMs",
  UND_ERR_BODY_TIMEOUT: "bodyTimeoutMs",
};

function timeoutHint(code: string): string {
  const setting = TIMEOUT_SETTING[code];
  if (!setting) return HINTS.timeout;
  return (
    `Jenkins did not answer in time; check that it is healthy, or raise jenkins:${setting} ` +
    `(jenkins:controllers.<name>.${setting} for a named controller; the client's ${setting} option).`
  );
}

function transportHint(err: TransportError): string {
  if (err.kind === "timeout") return timeoutHint(err.code);
  if (err.kind === "tls") return HINTS.tls;
  return err.code === "PROXY_REFUSED" || err.code.startsWith("UND_ERR_PRX") ? HINTS.proxy : HINTS.connection;
}

export function errorFromTransport(err: TransportError, ctx: CallContext): JenkinsError {
  const unknown = ctx.notRepeatable === true && err.maybeProcessed;
  const prefix = unknown ? `${HINTS.outcomeUnknown} ` : "";
  const details: JenkinsErrorDetails = {
    job: ctx.job,
    action: ctx.action,
    what: err.message,
    hint: prefix + transportHint(err),
    outcomeUnknown: unknown,
  };
  return err.kind === "timeout" ? new RequestTimeoutError(details) : new ConnectionError(details);
}
