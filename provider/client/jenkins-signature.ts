/**
 * Whether an answer came from Jenkins, by what Jenkins puts on its answers, so that an error answered by a proxy or
 * gateway in front of it is not reported as Jenkins's.
 *
 * Jenkins marks what its own pages and API answer with `X-Jenkins` (and `X-Hudson`): every page drawn in its
 * layout (the Access Denied 403, the Not Found 404, the "Oops" 500, a Failure 400), the anonymous 403 that sends a
 * browser to the login page, and `api/json`. A few error answers come from code that runs before any page, without
 * those headers, and are told by their own marks: the 401 of the Basic-authentication filter (`WWW-Authenticate:
 * Basic realm="Jenkins"`), the 403 of the CSRF filter ("No valid crumb was included in the request"), and the 503
 * page shown while Jenkins starts or restarts (its `app-jenkins-booting` block). A proxy's or gateway's own 401,
 * 403, 407 or 5xx has none of these.
 */
import { header, type HttpResponse } from "./transport";

/** Statuses whose answer is checked for Jenkins's marks: the ones a proxy or gateway answers by itself. */
export function answerNeedsJenkinsMarks(status: number): boolean {
  return status === 401 || status === 403 || status === 407 || status >= 500;
}

const BASIC_REALM_JENKINS = /realm="Jenkins( user)?"/i;
/** The CSRF filter's refusal, in the body of its plain 403 page. */
export const CRUMB_REFUSAL = /No valid crumb was included in the request/i;
const STARTING_PAGE = /class="app-jenkins-booting"|<title>\s*(Starting|Restarting) Jenkins\s*<\/title>/i;

/** Whether the answer carries the marks of Jenkins (see above). */
export function isFromJenkins(res: HttpResponse): boolean {
  if (header(res.headers, "x-jenkins") !== undefined || header(res.headers, "x-hudson") !== undefined) return true;
  if (res.status === 401) return BASIC_REALM_JENKINS.test(header(res.headers, "www-authenticate") ?? "");
  if (res.status === 403) return CRUMB_REFUSAL.test(res.body);
  if (res.status === 503) return STARTING_PAGE.test(res.body);
  return false;
}

/** Who answered, as its `Server` header says ("tinyproxy/1.11.1", "nginx"), or undefined when it does not say. */
export function serverOf(res: HttpResponse): string | undefined {
  const value = header(res.headers, "server")?.trim();
  return value ? value.slice(0, 100) : undefined;
}
