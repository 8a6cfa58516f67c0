/**
 * Views of the root and of folders: create (`createView?name=N` with the XML), read and replace config.xml, delete
 * (`doDelete`), rename (the configure form's `name`). A view is named by its folder's full name ("" for the root)
 * and its own name. Names are checked before anything is sent; errors name the view ("Jenkins view "team/apps"") and are typed like the job ones:
 * ViewNotFoundError for a 404, ViewAlreadyExistsError for a duplicate, the shared classes otherwise.
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
import { BadRequestError, JenkinsError, JobNotFoundError, ViewAlreadyExistsError, ViewNotFoundError } from "./errors";
import type { JenkinsHttp } from "./jenkins-http";
import { folderPath } from "./jobs";
import { encodeQueryValue, encodeSegment, validateJobName, validateJobPath } from "./names";
import { sendOnceThenLook } from "./send-once";

const VIEW_HINTS = {
  notFound:
    "Check the view's name (view names are case-sensitive) and its folder, and that the user may see it; a view deleted in Jenkins is created again by the next `pulumi up` after a refresh.",
  alreadyExists: "Choose another name, adopt the existing view (adopt: true), or delete it in Jenkins first.",
  folderMissing: "Create the folder first (a View's folder is usually a Job's fullName, which orders them).",
} as const;

export function viewFullName(folder: string, name: string): string {
  return folder === "" ? name : `${folder}/${name}`;
}

/** "/job/team/view/apps/" (relative to the Jenkins base URL). */
export function viewUrlPath(folder: string, name: string): string {
  return `${folderPath(folder)}view/${encodeSegment(name)}/`;
}

function validate(folder: string, name: string): void {
  if (folder !== "") validateJobPath(folder);
  try {
    validateJobName(name);
  } catch (e) {
    if (e instanceof JenkinsError) throw asViewError(e, folder, name, false);
    throw e;
  }
}

/** The error of a view call, naming the view, with the view classes for a 404 and a duplicate. */
function asViewError(e: JenkinsError, folder: string, name: string, folderMissing: boolean): JenkinsError {
  const view = viewFullName(folder, name);
  const fields = {
    action: e.action,
    what: e.what,
    status: e.status,
    jenkinsMessage: e.jenkinsMessage,
    hint: e.hint,
    outcomeUnknown: e.outcomeUnknown,
    view,
  };
  if (e instanceof JobNotFoundError) {
    return folderMissing
      ? new ViewNotFoundError({
          ...fields,
          what: `the folder "${folder}" does not exist`,
          hint: VIEW_HINTS.folderMissing,
        })
      : new ViewNotFoundError({ ...fields, what: "the view does not exist", hint: VIEW_HINTS.notFound });
  }
  if (e instanceof BadRequestError && /^A view already exists with the name/i.test(e.jenkinsMessage ?? "")) {
    return new ViewAlreadyExistsError({
      ...fields,
      what: "a view with this name already exists",
      hint: VIEW_HINTS.alreadyExists,
    });
  }
  return e.restated({ job: undefined, view });
}

async function asView<T>(folder: string, name: string, folderMissing: boolean, op: () => Promise<T>): Promise<T> {
  try {
    return await op();
  } catch (e) {
    if (e instanceof JenkinsError && e.view === undefined) throw asViewError(e, folder, name, folderMissing);
    throw e;
  }
}

async function configIfExists(http: JenkinsHttp, folder: string, name: string): Promise<string | undefined> {
  const ctx = http.ctx(undefined, "read the view's config.xml");
  const res = await http.exchange(ctx, { method: "GET", path: `${viewUrlPath(folder, name)}config.xml`, retry: true });
  if (res.status === 404) return undefined;
  return configXmlOf(ctx, res);
}

/**
 * `POST <folder>/createView?name=N` with the view's XML. Sent once: after an unknown outcome, a view that now
 * exists was made by this request (Jenkins rewrites a view's XML, so it cannot be matched against what was sent).
 */
export async function createView(http: JenkinsHttp, folder: string, name: string, configXml: string): Promise<void> {
  validate(folder, name);
  await asView(folder, name, true, () =>
    sendOnceThenLook(http, {
      ctx: http.ctx(undefined, "create the view", { xmlPost: true, notRepeatable: true }),
      endpoint: "createView",
      request: {
        method: "POST",
        path: `${folderPath(folder)}createView?name=${encodeQueryValue(name)}`,
        body: configXml,
        contentType: XML_CONTENT_TYPE,
        retry: false,
      },
      ok: is2xx,
      look: () => configIfExists(http, folder, name),
      judge: (stored) => (stored === undefined ? { resend: "the view does not exist" } : { done: "the view exists" }),
    }),
  );
}

export async function getViewConfig(http: JenkinsHttp, folder: string, name: string): Promise<string> {
  validate(folder, name);
  return asView(folder, name, false, async () => {
    const ctx = http.ctx(undefined, "read the view's config.xml");
    const res = await http.exchange(ctx, {
      method: "GET",
      path: `${viewUrlPath(folder, name)}config.xml`,
      retry: true,
    });
    return configXmlOf(ctx, res);
  });
}

/** `POST view/N/config.xml`: replaces the view (Jenkins keeps its name whatever `<name>` the XML holds). */
export async function updateViewConfig(
  http: JenkinsHttp,
  folder: string,
  name: string,
  configXml: string,
): Promise<void> {
  validate(folder, name);
  await asView(folder, name, false, async () => {
    const ctx = http.ctx(undefined, "update the view's config.xml", { xmlPost: true });
    const res = await http.exchange(ctx, {
      method: "POST",
      path: `${viewUrlPath(folder, name)}config.xml`,
      body: configXml,
      contentType: XML_CONTENT_TYPE,
      retry: true,
    });
    expectSuccess(ctx, res, is2xx);
  });
}

/**
 * `POST view/N/configSubmit` with `name` = `newName`: Jenkins renames a view only through its configure form, which
 * also replaces every field the form carries (a list view's jobs, regex and columns), so the caller posts the
 * view's config.xml under the new name right after. Sent once: after an unknown outcome, the view found under its
 * new name and gone from the old one was renamed by this request. A taken name is a ViewAlreadyExistsError.
 */
export async function renameView(http: JenkinsHttp, folder: string, name: string, newName: string): Promise<void> {
  validate(folder, name);
  validate(folder, newName);
  try {
    await sendRename(http, folder, name, newName);
  } catch (e) {
    if (e instanceof ViewAlreadyExistsError)
      throw e.restated({
        hint: `The view keeps its name. Choose another name, or rename or delete the other view "${newName}" in Jenkins first.`,
      });
    throw e;
  }
}

async function sendRename(http: JenkinsHttp, folder: string, name: string, newName: string): Promise<void> {
  await asView(folder, name, false, () =>
    sendOnceThenLook(http, {
      ctx: http.ctx(undefined, `rename the view to "${newName}"`, { notRepeatable: true }),
      endpoint: "configSubmit",
      request: {
        method: "POST",
        path: `${viewUrlPath(folder, name)}configSubmit`,
        body: new URLSearchParams({ name: newName, json: JSON.stringify({ name: newName }) }).toString(),
        contentType: FORM_CONTENT_TYPE,
        retry: false,
      },
      ok: redirectIntoJenkins(http.base),
      look: async () =>
        (await configIfExists(http, folder, name)) === undefined &&
        (await configIfExists(http, folder, newName)) !== undefined,
      judge: (renamed) => (renamed ? { done: "the view has its new name" } : { resend: "the view has its old name" }),
    }),
  );
}

/** `POST view/N/doDelete`; after an unknown outcome, a view that is gone was deleted by this request. */
export async function deleteView(http: JenkinsHttp, folder: string, name: string): Promise<void> {
  validate(folder, name);
  await asView(folder, name, false, () =>
    sendOnceThenLook(http, {
      ctx: http.ctx(undefined, "delete the view", { notRepeatable: true }),
      endpoint: "doDelete",
      request: { method: "POST", path: `${viewUrlPath(folder, name)}doDelete`, retry: false },
      ok: redirectIntoJenkins(http.base),
      look: async () => (await configIfExists(http, folder, name)) !== undefined,
      judge: (stillThere) => (stillThere ? { resend: "the view still exists" } : { done: "the view is gone" }),
    }),
  );
}

export interface ViewSummary {
  name: string;
  /** The view's class, e.g. "hudson.model.ListView". */
  className: string;
  /** The view's description ("" for none): its last line may be a mark of ownership. */
  description: string;
}

/**
 * The views of the root ("") or of a folder, with their descriptions (`api/json?tree=views[name,description]`:
 * View's exported description is shown nested only when a tree names it).
 */
export async function listViews(http: JenkinsHttp, folder: string): Promise<ViewSummary[]> {
  if (folder !== "") validateJobPath(folder);
  const ctx = http.ctx(folder === "" ? undefined : folder, "list the views");
  const res = await http.exchange(ctx, {
    method: "GET",
    path: `${folderPath(folder)}api/json?tree=views[name,description]`,
    retry: true,
  });
  const doc = parseJson<{ views?: Array<{ name?: unknown; _class?: unknown; description?: unknown }> }>(
    ctx,
    res,
    "api/json",
  );
  return (doc.views ?? [])
    .filter((v) => typeof v.name === "string")
    .map((v) => ({
      name: v.name as string,
      className: typeof v._class === "string" ? v._class : "",
      description: typeof v.description === "string" ? v.description : "",
    }));
}
