/**
 * The reads of the runnable checks: the Jenkinsfile linter of pipeline-model-definition, a label's nodes and
 * clouds, the labels of every node, the shared libraries a folder sees, and whether an item exists. Each answer
 * that says the endpoint is there but may not be used (403) or is not there at all (404: an older controller, a
 * plugin that is not installed) is returned as `unavailable`, so the caller warns once instead of failing.
 */
import { FORM_CONTENT_TYPE, parseJson } from "./answers";
import type { JenkinsHttp } from "./jenkins-http";
import { folderPath } from "./jobs";
import { encodeQueryValue, encodeSegment } from "./names";
import type { HttpResponse } from "./transport";

export interface Unavailable {
  unavailable: "forbidden" | "absent";
}

/** `ok`: the script passed (a scripted pipeline that Groovy parsed counts as passed); else the linter's errors. */
export type LintAnswer = { ok: true } | { errors: string[] } | Unavailable;
export type LabelAnswer = { nodes: Array<{ name: string; executors: number }>; clouds: number } | Unavailable;
/** The libraries a folder sees (its chain and the global ones), or `missingFolder` when the folder does not exist. */
export type LibraryAnswer = { names: string[] } | { missingFolder: true } | Unavailable;

function unavailable(res: HttpResponse): Unavailable | undefined {
  if (res.status === 403) return { unavailable: "forbidden" };
  if (res.status === 404 || res.status === 405) return { unavailable: "absent" };
  return undefined;
}

/** What the linter says of a script with no `pipeline` step: Groovy parsed it, so its syntax is fine. */
const NOT_DECLARATIVE = /did not contain the 'pipeline' step/;

function errorTexts(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(errorTexts);
  if (value !== null && typeof value === "object" && "error" in value) return errorTexts(value.error);
  return [];
}

/**
 * `POST /pipeline-model-converter/validateJenkinsfile` with the form field `jenkinsfile`. No crumb: the plugin
 * excludes the path from CSRF protection. Safe to repeat (it changes nothing).
 */
export async function validateJenkinsfile(http: JenkinsHttp, script: string): Promise<LintAnswer> {
  const ctx = http.ctx(undefined, "lint a pipeline script");
  const res = await http.exchange(ctx, {
    method: "POST",
    path: "/pipeline-model-converter/validateJenkinsfile",
    body: `jenkinsfile=${encodeQueryValue(script)}`,
    contentType: FORM_CONTENT_TYPE,
    retry: true,
    noCrumb: true,
  });
  const refused = unavailable(res);
  if (refused !== undefined) return refused;
  const json = parseJson<{ status?: unknown; message?: unknown; data?: { result?: unknown; errors?: unknown } }>(
    ctx,
    res,
    "validateJenkinsfile",
  );
  if (json.data?.result === "success") return { ok: true };
  const errors = errorTexts(json.data?.errors);
  if (errors.length > 0 && errors.every((e) => NOT_DECLARATIVE.test(e))) return { ok: true };
  if (errors.length > 0) return { errors: errors.filter((e) => !NOT_DECLARATIVE.test(e)) };
  return { errors: [`the linter answered ${typeof json.message === "string" ? json.message : "without a result"}`] };
}

/** `GET /label/<expression>/api/json`: the expression is one URL-encoded path segment. Never 404 for a label. */
export async function labelInfo(http: JenkinsHttp, expression: string): Promise<LabelAnswer> {
  const ctx = http.ctx(undefined, `read label "${expression}"`);
  const tree = encodeQueryValue("nodes[nodeName,numExecutors],clouds[name]");
  const res = await http.exchange(ctx, {
    method: "GET",
    path: `/label/${encodeSegment(expression)}/api/json?tree=${tree}`,
    retry: true,
  });
  const refused = unavailable(res);
  if (refused !== undefined) return refused;
  const json = parseJson<{ nodes?: Array<{ nodeName?: unknown; numExecutors?: unknown }>; clouds?: unknown[] }>(
    ctx,
    res,
    "label api/json",
  );
  return {
    nodes: (json.nodes ?? []).map((n) => ({
      name: typeof n.nodeName === "string" ? n.nodeName : "",
      executors: typeof n.numExecutors === "number" ? n.numExecutors : 0,
    })),
    clouds: Array.isArray(json.clouds) ? json.clouds.length : 0,
  };
}

/** Every label of every node (`GET /computer/api/json?tree=computer[assignedLabels[name]]`), sorted, each once. */
export async function nodeLabels(http: JenkinsHttp): Promise<string[] | Unavailable> {
  const ctx = http.ctx(undefined, "read the labels of the nodes");
  const res = await http.exchange(ctx, {
    method: "GET",
    path: `/computer/api/json?tree=${encodeQueryValue("computer[assignedLabels[name]]")}`,
    retry: true,
  });
  const refused = unavailable(res);
  if (refused !== undefined) return refused;
  const json = parseJson<{ computer?: Array<{ assignedLabels?: Array<{ name?: unknown }> }> }>(ctx, res, "computer");
  const names = new Set<string>();
  for (const c of json.computer ?? [])
    for (const l of c.assignedLabels ?? []) if (typeof l.name === "string" && l.name !== "") names.add(l.name);
  return [...names].sort();
}

const LIBRARY_STEP = "org.jenkinsci.plugins.workflow.libs.LibraryStep";

/**
 * The shared libraries an item in `folder` may load ("" for the root: the global ones), from the library step's
 * identifier completion: `GET <folder>/descriptorByName/…LibraryStep/autoCompleteIdentifier?value=`, which lists
 * the folder chain's libraries and the global ones together.
 */
export async function libraryNames(http: JenkinsHttp, folder: string): Promise<LibraryAnswer> {
  const ctx = http.ctx(folder === "" ? undefined : folder, "list the shared libraries");
  const res = await http.exchange(ctx, {
    method: "GET",
    path: `${folderPath(folder)}descriptorByName/${LIBRARY_STEP}/autoCompleteIdentifier?value=`,
    retry: true,
  });
  if (res.status === 404 && folder !== "") return { missingFolder: true };
  const refused = unavailable(res);
  if (refused !== undefined) return refused;
  const json = parseJson<{ suggestions?: Array<{ name?: unknown }> }>(ctx, res, "autoCompleteIdentifier");
  const names = new Set<string>();
  // A suggestion is an identifier the step accepts: `name`, or `name@version` for each configured version.
  for (const s of json.suggestions ?? []) if (typeof s.name === "string") names.add(s.name.split("@")[0]);
  return { names: [...names] };
}
