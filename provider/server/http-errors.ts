/**
 * Typed errors thrown by handlers and how each one is answered: Jenkins's Failure page (400 + X-Error),
 * the Not Found page, the Access Denied page with permission headers, the 405 "requires POST" page, the
 * Oops page for uncaught exceptions, and plain container error pages.
 */
import { randomUUID } from "node:crypto";
import { containerErrorPage, escapeHtml, jenkinsPage } from "./html";
import { impliedByChain, type Permission } from "./permissions";
import { HTML, reply, type Reply } from "./reply";

/** hudson.model.Failure: a user error. */
export class Failure extends Error {
  constructor(
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

export class NotFound extends Error {}

export class AccessDenied extends Error {
  constructor(
    readonly user: string,
    readonly permission: Permission,
  ) {
    super(`${user} is missing the ${permission.title} permission`);
  }
}

export class MethodNotAllowed extends Error {}

/** An uncaught Java exception: answered by the Oops page. `javaClass` names the exception. */
export class Oops extends Error {
  constructor(
    readonly javaClass: string,
    message: string,
    readonly causes: Array<{ javaClass: string; message: string }> = [],
    /** The Jenkins method that threw, as a stack frame ("hudson.model.AbstractItem.updateByXml(AbstractItem.java:1050)"). */
    readonly frame = "org.kohsuke.stapler.Function$InstanceFunction.invoke(Function.java:466)",
  ) {
    super(message);
  }
}

/** An error page with a given status and no X-Error (e.g. 409 "is not buildable"). */
export class StatusError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly javaClass = "java.io.IOException",
  ) {
    super(message);
  }
}

/** HttpServletResponse.sendError(status): the container's plain error page, no X-Jenkins. */
export class ContainerError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Header values are ISO-8859-1: Jetty turns anything else (the curly quotes of Jenkins messages) into spaces. */
export function headerSafe(value: string): string {
  return value.replace(/[^\t\x20-\x7e\x80-\xff]/g, " ");
}

export interface PageInfo {
  version: string;
  instanceId: string;
  rawPath: string;
  rawQuery: string;
}

export function jenkinsHeaders(info: PageInfo): Array<[string, string]> {
  return [
    ["X-Content-Type-Options", "nosniff"],
    ["X-Hudson", "1.395"],
    ["X-Jenkins", info.version],
    ["X-Jenkins-Session", info.instanceId],
  ];
}

function htmlReply(status: number, info: PageInfo, body: string, extra: Array<[string, string]> = []): Reply {
  return reply(status, [["Content-Type", HTML], ...jenkinsHeaders(info), ...extra], body);
}

export function notFoundReply(info: PageInfo): Reply {
  return htmlReply(
    404,
    info,
    jenkinsPage(
      "Not Found",
      '<div class="jenkins-app-bar"><h1>Not Found</h1></div>\n<p>This page may not exist, or you may not have permission to see it.</p>',
    ),
  );
}

export function failureReply(message: string, status: number, info: PageInfo): Reply {
  return htmlReply(
    status,
    info,
    jenkinsPage(
      "Error",
      `<h1><img src="/static/00000000/images/rage.svg" height="179" width="154" alt="">Error</h1>\n<p>${escapeHtml(message)}</p>`,
    ),
    [["X-Error", headerSafe(message)]],
  );
}

export function accessDeniedReply(err: AccessDenied, info: PageInfo): Reply {
  const headers: Array<[string, string]> = [
    ["X-You-Are-Authenticated-As", headerSafe(err.user)],
    [
      "X-You-Are-In-Group-Disabled",
      "JENKINS-39402: use -Dhudson.security.AccessDeniedException2.REPORT_GROUP_HEADERS=true or use /whoAmI to diagnose",
    ],
    ["X-Required-Permission", err.permission.id],
    ...impliedByChain(err.permission).map((p): [string, string] => ["X-Permission-Implied-By", p.id]),
  ];
  if (err.user === "anonymous") {
    // Anonymous users are not challenged: they get this 403 page that sends a browser to the login form.
    const target = `/login?from=${encodeURIComponent(info.rawPath + (info.rawQuery ? "?" + info.rawQuery : ""))}`;
    const body =
      `<html><head><meta http-equiv='refresh' content='1;url=${escapeHtml(target)}'/>` +
      `<script id='redirect' data-redirect-url='${escapeHtml(target)}' src='/static/00000000/scripts/redirect.js'></script></head>` +
      "<body style='background-color:white; color:white;'>\nAuthentication required\n<!--\n-->\n\n</body></html>\n";
    return htmlReply(403, info, body, headers);
  }
  return htmlReply(
    403,
    info,
    jenkinsPage("Access Denied", `<h1>Access Denied</h1>\n<p>${escapeHtml(err.message)}</p>`),
    headers,
  );
}

export function methodNotAllowedReply(info: PageInfo): Reply {
  return htmlReply(
    405,
    info,
    jenkinsPage(
      "This URL requires POST",
      "<h1>This URL requires POST</h1>\n<p>The URL you're trying to access requires that requests be sent using POST " +
        "(like a form submission). The button below allows you to retry accessing this URL using POST.</p>\n" +
        `<form method="POST" action="${escapeHtml(info.rawPath)}"><button class="jenkins-button jenkins-button--primary">Proceed</button></form>`,
    ),
    [["Allow", "POST"]],
  );
}

/** Lines that look like a Java stack trace, so a client that summarises the Oops page has something real to chew. */
function stackTrace(err: Oops): string {
  const lines = [
    `${err.javaClass}: ${err.message}`,
    `\tat ${err.frame}`,
    "\tat org.kohsuke.stapler.Stapler.invoke(Stapler.java:920)",
    "\tat jenkins.security.SuspiciousRequestFilter.doFilter(SuspiciousRequestFilter.java:36)",
    "\tat org.eclipse.jetty.server.Server.handle(Server.java:182)",
  ];
  for (const c of err.causes) {
    lines.push(`Caused by: ${c.javaClass}: ${c.message}`, "\t... 94 more");
  }
  return lines.join("\n");
}

export function oopsReply(err: Oops, info: PageInfo): Reply {
  const id = randomUUID();
  return htmlReply(
    500,
    info,
    jenkinsPage(
      "Jenkins",
      '<h1 style="text-align: center"><img src="/static/00000000/images/rage.svg" height="179" width="154"> <span style="font-size:50px">Oops!</span></h1>\n' +
        '<div id="error-description" style="text-align: center"><h2>A problem occurred while processing the request</h2>\n' +
        `<p>Logging ID=${id}</p></div>\n` +
        `<h2>Stack trace</h2>\n<pre id="stack-trace" style="margin:2em">${escapeHtml(stackTrace(err))}</pre>`,
    ),
  );
}

export function statusErrorReply(err: StatusError, info: PageInfo): Reply {
  return htmlReply(
    err.status,
    info,
    jenkinsPage(
      "Error",
      `<h1>Error</h1>\n<p>${escapeHtml(err.message)}</p>\n<pre id="stack-trace">${escapeHtml(`${err.javaClass}: ${err.message}`)}</pre>`,
    ),
  );
}

/** Errors raised by the container, before Jenkins code runs (semicolons, crumbs, 401): no X-Jenkins. */
export function containerErrorReply(
  status: number,
  message: string,
  info: PageInfo,
  extra: Array<[string, string]> = [],
): Reply {
  return reply(
    status,
    [["Content-Type", "text/html;charset=iso-8859-1"], ...extra],
    containerErrorPage(status, message, info.rawPath),
  );
}

export function errorToReply(err: unknown, info: PageInfo): Reply {
  if (err instanceof Failure) return failureReply(err.message, err.status, info);
  if (err instanceof NotFound) return notFoundReply(info);
  if (err instanceof AccessDenied) return accessDeniedReply(err, info);
  if (err instanceof MethodNotAllowed) return methodNotAllowedReply(info);
  if (err instanceof StatusError) return statusErrorReply(err, info);
  if (err instanceof Oops) return oopsReply(err, info);
  if (err instanceof ContainerError) return containerErrorReply(err.status, err.message, info);
  const e = err instanceof Error ? err : new Error(String(err));
  return oopsReply(new Oops("java.io.IOException", e.message), info);
}
