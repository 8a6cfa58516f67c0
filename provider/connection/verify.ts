/**
 * Whether a connection can be used at all, asked once per connection and provider process: one `GET /api/json`
 * that must come from a Jenkins (an `X-Jenkins` header) and accept the credentials. Its failure is reworded to name
 * the setting to fix (`jenkins:url`, `jenkins:apiToken`, or a named controller's keys), and kept: every resource on
 * that connection gets the same error without another request, so a preview of a change that cannot apply fails
 * with one clear error instead of going green.
 *
 * When it is asked (the rule every resource follows): when a resource is about to change something in Jenkins, i.e.
 * in `check` of a resource to create or whose config changes, and in `diff` when it finds a change. A plan with no
 * changes asks nothing and sends no request.
 */
import {
  AuthenticationError,
  ConnectionError,
  JenkinsError,
  NotJenkinsError,
  PermissionError,
  RequestTimeoutError,
} from "../client/errors";
import type { JenkinsClient } from "../client/jenkins-client";
import { answerNeedsJenkinsMarks } from "../client/jenkins-signature";
import { ConnectionCheckError } from "./errors";
import { verifiedClientFor, type ConnectionSettings, type KeyNames } from "./settings";

/** How a connection is called in messages, and how its settings are named. */
export interface ConnectionLabel {
  names: KeyNames;
  /** The controller's name; undefined for the stack-wide connection. */
  controller?: string;
}

function setCommand(names: KeyNames, key: keyof KeyNames, value: string, secret = false): string {
  return `\`pulumi config set ${secret ? "--secret " : ""}${names[key].path ? "--path " : ""}${names[key].config} ${value}\``;
}

function orEnv(names: KeyNames, key: keyof KeyNames): string {
  return names[key].env ? ` (or the ${names[key].env} environment variable)` : "";
}

/** Jenkins's answer, as the client's errors show it. */
function answerOf(e: JenkinsError): string {
  if (e.status !== undefined)
    return e.jenkinsMessage ? ` (HTTP ${e.status}: ${e.jenkinsMessage})` : ` (HTTP ${e.status})`;
  return e.jenkinsMessage ? ` (${e.jenkinsMessage})` : "";
}

/**
 * The error for a failed connection check: what the client found (its `what`, Jenkins's answer and its hint),
 * led by the connection and followed by the setting to fix, named as the user sets it.
 */
export function connectionProblem(e: unknown, s: ConnectionSettings, label: ConnectionLabel): Error {
  if (!(e instanceof JenkinsError)) return e instanceof Error ? e : new Error(String(e));
  const { names } = label;
  const where = `${label.controller ? `Jenkins controller "${label.controller}" at ` : "Jenkins at "}${s.url}`;
  const found = `${where}: ${e.what}${answerOf(e)}.`;
  const credential = s.apiToken !== undefined ? "apiToken" : "password";
  const fixUrl = `Fix ${names.url.config}${orEnv(names, "url")}: ${setCommand(names, "url", "https://jenkins.example.com/")}.`;
  let message: string;
  const fromEnv = s.credentialFrom !== undefined && s.credentialFrom === names[credential].env;
  if (e instanceof AuthenticationError && fromEnv) {
    message =
      `${found} The ${credential === "apiToken" ? "API token" : "password"} came from the ${s.credentialFrom} ` +
      `environment variable, which wins over ${names[credential].config}: fix or unset it (and ${names.user.env ?? names.user.config}).`;
  } else if (e instanceof AuthenticationError) {
    message =
      `${found} Fix ${names[credential].config}${orEnv(names, credential)} or ${names.user.config}${orEnv(names, "user")}: ` +
      `${setCommand(names, credential, "<token>", true)}. An API token is made on the user's page in Jenkins (Security → API Token).`;
  } else if (e instanceof PermissionError) {
    message =
      `${found} Give user "${s.user}" Overall/Read in Jenkins, or fix ${names.user.config} and ` +
      `${names[credential].config}${orEnv(names, credential)} to be a user who has it.`;
  } else if (e instanceof NotJenkinsError && (e.proxy !== undefined || answerNeedsJenkinsMarks(e.status ?? 0))) {
    // A proxy or gateway answered an error itself: its hint names it; the URL may well be right.
    message = `${found} ${e.hint}`;
  } else if (e instanceof NotJenkinsError) {
    message = `${found} ${fixUrl} ${e.hint}`;
  } else if (e instanceof ConnectionError && e.proxy !== undefined) {
    message = `${found} ${e.hint}`;
  } else if (e instanceof ConnectionError && /TLS|certificate/i.test(e.what)) {
    message =
      `${found} Fix ${names.caCert.config} (the CA certificate of a private CA, as PEM text or a file path) or ` +
      `${names.url.config}. ${e.hint}`;
  } else if (e instanceof ConnectionError) {
    message = `${found} Check ${names.url.config}${orEnv(names, "url")} and that Jenkins is running and reachable from here.`;
  } else if (e instanceof RequestTimeoutError) {
    // The hint names the timeout's own key or variable: the URL answered, or is not the first suspect.
    message = `${found} ${e.hint}`;
  } else {
    message = `${found} ${e.hint} Check ${names.url.config}${orEnv(names, "url")}.`;
  }
  return new ConnectionCheckError(message.trim(), e.status);
}

/** The failed checks, by settings object: the settings of one connection are one object while they are unchanged. */
const failed = new WeakMap<ConnectionSettings, Error>();

/**
 * The client of a connection that has been checked to be a Jenkins accepting its credentials; throws a
 * ConnectionCheckError naming the setting to fix. One request per connection and provider process, failed or not.
 */
export async function usableClientFor(settings: ConnectionSettings, label: ConnectionLabel): Promise<JenkinsClient> {
  const known = failed.get(settings);
  if (known) throw known;
  try {
    return await verifiedClientFor(settings);
  } catch (e) {
    const problem = connectionProblem(e, settings, label);
    failed.set(settings, problem);
    throw problem;
  }
}
