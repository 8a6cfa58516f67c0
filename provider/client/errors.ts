/**
 * Typed errors for everything that can go wrong between the client and a Jenkins server.
 *
 * Every error says which job it was about, what Jenkins answered (status and its own message), and what the
 * user can do next, so that a failed `pulumi up` explains itself without a debugger. Messages are assembled
 * here, in one place, so they all share one format:
 *   Jenkins job "a/b": cannot <action>: <what happened> (HTTP 403: <jenkins message>). <what to do next>
 * Each part is also a field of the error, so code that reacts to an error reads its class, status and fields, and
 * code that rewords one (`restated`) changes a field and gets the message rebuilt, never edits message text.
 * Callers must pass text that is already free of credentials; the client additionally runs every error it
 * throws through its redactor before the error leaves the client.
 */

export interface JenkinsErrorDetails {
  /** What the call tried to do, completing "cannot …" ("create the job"); absent when there is no such call. */
  action?: string;
  /** What happened, in a few words, lower case, no trailing period. */
  what: string;
  /** Full job path ("a/b/c") the call was about, when there is one. */
  job?: string;
  /** Full name of the view ("team/apps") the call was about, for view calls. */
  view?: string;
  /** The credential the call was about, as its store names it ("team/folder/_/deploy", "system/_/deploy"). */
  credential?: string;
  /** HTTP status of Jenkins's answer, when there was an answer. */
  status?: number;
  /** Jenkins's own message (X-Error header or the main text of its HTML page), one line. */
  jenkinsMessage?: string;
  /** What to do next. */
  hint: string;
  /**
   * True when the request may or may not have taken effect on the server (the connection broke after the
   * request was sent, or a gateway answered 502/503/504). Callers must look at the server before repeating it.
   */
  outcomeUnknown?: boolean;
  /** Who answered instead of Jenkins, as the answer's Server header names it ("tinyproxy/1.11.1", "nginx"). */
  answeredBy?: string;
  /**
   * The proxy that failed or answered instead of Jenkins: its address (never its URL, which may hold a password) and
   * what named it (`HTTPS_PROXY`, `http_proxy`, a client option).
   */
  proxy?: ProxyName;
}

export interface ProxyName {
  /** `host:port` */
  address: string;
  /** The variable or option that named the proxy. */
  from: string;
}

function formatMessage(d: JenkinsErrorDetails): string {
  const subject =
    d.credential !== undefined
      ? `Jenkins credential "${d.credential}"`
      : d.view !== undefined
        ? `Jenkins view "${d.view}"`
        : d.job !== undefined
          ? `Jenkins job "${d.job}"`
          : "Jenkins";
  let detail = "";
  if (d.status !== undefined) {
    detail = d.jenkinsMessage ? ` (HTTP ${d.status}: ${d.jenkinsMessage})` : ` (HTTP ${d.status})`;
  } else if (d.jenkinsMessage) {
    detail = ` (${d.jenkinsMessage})`;
  }
  const hint = d.hint.trim();
  const attempt = d.action !== undefined ? `cannot ${d.action}: ` : "";
  return `${subject}: ${attempt}${d.what}${detail}.${hint ? ` ${hint}` : ""}`;
}

export class JenkinsError extends Error {
  /** See JenkinsErrorDetails.action. */
  action?: string;
  /** What happened, without the job, the action, Jenkins's answer or the hint. */
  what: string;
  job?: string;
  view?: string;
  credential?: string;
  status?: number;
  jenkinsMessage?: string;
  hint: string;
  /** See JenkinsErrorDetails.outcomeUnknown. */
  outcomeUnknown: boolean;
  /** See JenkinsErrorDetails.answeredBy. */
  answeredBy?: string;
  /** See JenkinsErrorDetails.proxy. */
  proxy?: ProxyName;

  constructor(details: JenkinsErrorDetails) {
    super(formatMessage(details));
    this.name = new.target.name;
    this.action = details.action;
    this.what = details.what;
    this.job = details.job;
    this.view = details.view;
    this.credential = details.credential;
    this.status = details.status;
    this.jenkinsMessage = details.jenkinsMessage;
    this.hint = details.hint;
    this.outcomeUnknown = details.outcomeUnknown ?? false;
    this.answeredBy = details.answeredBy;
    this.proxy = details.proxy;
  }

  /**
   * A copy of this error (same class, same extra fields) with some details changed and the message rebuilt from
   * them. A copy, because one error may reach several callers (operations that waited on one shared request).
   */
  restated(changes: Partial<JenkinsErrorDetails>): this {
    const copy = Object.assign(Object.create(Object.getPrototypeOf(this) as object) as this, this, changes);
    copy.message = formatMessage(copy);
    const frames = (this.stack ?? "").split("\n").filter((line) => /^\s+at /.test(line));
    copy.stack = [`${copy.name}: ${copy.message}`, ...frames].join("\n");
    return copy;
  }
}

/** 401: Jenkins did not accept the user name and token/password. */
export class AuthenticationError extends JenkinsError {}

export interface PermissionErrorDetails extends JenkinsErrorDetails {
  requiredPermission?: string;
  authenticatedAs?: string;
}

/** 403 with Jenkins's permission headers: the user is known but lacks a permission. */
export class PermissionError extends JenkinsError {
  /** From `X-Required-Permission`, e.g. "hudson.model.Item.Configure". */
  requiredPermission?: string;
  /** From `X-You-Are-Authenticated-As`. */
  authenticatedAs?: string;

  constructor(details: PermissionErrorDetails) {
    super(details);
    this.requiredPermission = details.requiredPermission;
    this.authenticatedAs = details.authenticatedAs;
  }
}

/** 403 "No valid crumb was included in the request", still refused after fetching a fresh crumb. */
export class CrumbError extends JenkinsError {}

/** 404: the job (or the folder it should live in) does not exist, or the user may not see it. */
export class JobNotFoundError extends JenkinsError {}

/** 400 "A job already exists with the name ‘N’" (names are case-insensitive in Jenkins). */
export class JobAlreadyExistsError extends JenkinsError {}

/** The name breaks Jenkins's naming rules; raised before any request is sent, or by Jenkins itself. */
export class InvalidNameError extends JenkinsError {}

/** 409: the job cannot be built right now, usually because it is disabled. */
export class NotBuildableError extends JenkinsError {}

/** 400 (or another 4xx) that is none of the more specific cases. */
export class BadRequestError extends JenkinsError {}

/** 5xx from Jenkins (its error page, or its own 503 while it starts); a gateway's own 5xx is a NotJenkinsError. */
export class ServerError extends JenkinsError {}

/** Connect, header or body timeout; `proxy` is set when the connection to the proxy timed out. */
export class RequestTimeoutError extends JenkinsError {}

/**
 * The connection could not be made or broke (refused, reset, DNS, TLS); `proxy` is set when it was the proxy's
 * (refused, not found, or it would not open the tunnel to Jenkins).
 */
export class ConnectionError extends JenkinsError {}

/**
 * The answer did not come from a Jenkins: a login page, HTML instead of XML/JSON, or an error answered by a proxy or
 * gateway in front of it (`answeredBy` its Server header; `proxy` when it was the proxy of HTTP_PROXY).
 */
export class NotJenkinsError extends JenkinsError {}

/** 400 on a rename: the job, or a job inside the folder, is building. */
export class JobBuildingError extends JenkinsError {}

/**
 * A move Jenkins did not make. The relocation action refuses silently (a redirect like a success), so the client
 * finds out by looking at the server, and says why when the server shows it.
 */
export class MoveRefusedError extends JenkinsError {
  source?: string;
  destination?: string;
}

/** 500 on createItem or a config.xml POST: Jenkins refused the configuration XML. */
export class InvalidConfigError extends JenkinsError {}

/** 404 on a view call: the view (or the folder holding it) does not exist, or the user may not see it. */
export class ViewNotFoundError extends JenkinsError {}

/** 400 "A view already exists with the name "N"" (view names are case-sensitive). */
export class ViewAlreadyExistsError extends JenkinsError {}

/**
 * 404 on a credentials call: the folder of the store, the domain or the credential does not exist, or the user lacks
 * Credentials/View there (Jenkins answers all of these alike).
 */
export class CredentialNotFoundError extends JenkinsError {}

/** 409 on createCredentials: the store's domain already holds a credential with this id. */
export class CredentialAlreadyExistsError extends JenkinsError {}
