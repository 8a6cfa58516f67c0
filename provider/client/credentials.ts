/**
 * The credentials plugin's REST API (its docs/user.adoc): a store is the system's (folder "") or a folder's, and a
 * domain inside it (`_`, the global domain, unless named). List the ids (`api/json`), read a credential's config.xml
 * (Jenkins redacts every secret), create one (`createCredentials`), replace it (POST config.xml) and delete it
 * (DELETE config.xml). One request each; errors name the credential as its store does ("team/folder/_/deploy") and
 * are typed: CredentialNotFoundError for a 404, CredentialAlreadyExistsError for a 409, the shared classes otherwise.
 */
import { configXmlOf, expectSuccess, is2xx, parseJson, XML_CONTENT_TYPE } from "./answers";
import {
  CredentialAlreadyExistsError,
  CredentialNotFoundError,
  InvalidNameError,
  JenkinsError,
  JobNotFoundError,
  NotBuildableError,
} from "./errors";
import type { JenkinsHttp } from "./jenkins-http";
import { folderPath } from "./jobs";
import { encodeSegment, validateJobPath } from "./names";
import { sendOnceThenLook } from "./send-once";

/** A credentials store and one of its domains. */
export interface CredentialStore {
  /** The folder's full name; "" (or absent) for the system store. */
  folder?: string;
  /** The domain's name; `_` (the global domain) when absent. */
  domain?: string;
}

export interface CredentialSummary {
  id: string;
  /** The type's display name ("Secret text", "Username with password", …). */
  typeName: string;
  description: string;
}

const HINTS = {
  notFound:
    "Check the folder and the domain (`_` is the global one), and that the user has Credentials/View there; Jenkins answers 404 for each of these.",
  storeMissing:
    "Check that the folder exists (create it first) and the domain (`_` is the global one), and that the user has Credentials/View there.",
  alreadyExists:
    "Choose another id, adopt the existing credential (adopt: true), or delete it in Jenkins first; ids are unique within a store's domain.",
} as const;

const folderOf = (s: CredentialStore): string => s.folder ?? "";
const domainOf = (s: CredentialStore): string => (s.domain === undefined || s.domain === "" ? "_" : s.domain);

/** The store's name as the plugin's api/json writes it: "system" or "team/folder", then the domain. */
export function credentialDomainName(store: CredentialStore): string {
  const f = folderOf(store);
  return `${f === "" ? "system" : `${f}/folder`}/${domainOf(store)}`;
}

/** "system/_/deploy", "team/folder/_/deploy": the credential's full name, as errors and api/json name it. */
export function credentialFullName(store: CredentialStore, id: string): string {
  return `${credentialDomainName(store)}/${id}`;
}

/** "/credentials/store/system/domain/_/" or "/job/team/credentials/store/folder/domain/_/" (relative to the base). */
export function credentialDomainPath(store: CredentialStore): string {
  const f = folderOf(store);
  return `${folderPath(f)}credentials/store/${f === "" ? "system" : "folder"}/domain/${encodeSegment(domainOf(store))}/`;
}

/** "…/domain/_/credential/deploy/" (relative to the Jenkins base URL). */
export function credentialUrlPath(store: CredentialStore, id: string): string {
  return `${credentialDomainPath(store)}credential/${encodeSegment(id)}/`;
}

function invalid(store: CredentialStore, id: string | undefined, what: string): InvalidNameError {
  return new InvalidNameError({
    credential: id === undefined ? credentialDomainName(store) : credentialFullName(store, id),
    what,
    hint: 'Give a non-empty id without line breaks, and a folder\'s full name ("a/b").',
  });
}

function validate(store: CredentialStore, id?: string): void {
  const f = folderOf(store);
  if (f !== "") validateJobPath(f);
  if (/[\r\n]/.test(domainOf(store))) throw invalid(store, id, "the domain's name holds a line break");
  if (id !== undefined && (id.trim() === "" || /[\r\n]/.test(id)))
    throw invalid(store, id, "a credential's id must be non-empty and on one line");
}

/** The error of a credentials call, naming the credential (or its store's domain for a listing). */
function asCredentialError(e: JenkinsError, store: CredentialStore, id: string | undefined): JenkinsError {
  const credential = id === undefined ? credentialDomainName(store) : credentialFullName(store, id);
  const fields = {
    action: e.action,
    status: e.status,
    jenkinsMessage: e.jenkinsMessage,
    outcomeUnknown: e.outcomeUnknown,
    credential,
  };
  if (e instanceof JobNotFoundError) {
    return id === undefined
      ? new CredentialNotFoundError({
          ...fields,
          what: "the store or its domain does not exist",
          hint: HINTS.storeMissing,
        })
      : new CredentialNotFoundError({ ...fields, what: "the credential does not exist", hint: HINTS.notFound });
  }
  // The generic reading of a 409 is a build refused; createCredentials's 409 is an id that exists.
  if (e instanceof NotBuildableError)
    return new CredentialAlreadyExistsError({
      ...fields,
      what: "a credential with this id already exists",
      hint: HINTS.alreadyExists,
    });
  return e.restated({ job: undefined, credential });
}

async function asCredential<T>(store: CredentialStore, id: string | undefined, op: () => Promise<T>): Promise<T> {
  try {
    return await op();
  } catch (e) {
    if (e instanceof JenkinsError && e.credential === undefined) throw asCredentialError(e, store, id);
    throw e;
  }
}

/** The credentials of a store's domain: id, type and description, never a secret (`api/json?tree=credentials[…]`). */
export async function listCredentials(http: JenkinsHttp, store: CredentialStore): Promise<CredentialSummary[]> {
  validate(store);
  return asCredential(store, undefined, async () => {
    const ctx = http.ctx(undefined, "list the credentials");
    const res = await http.exchange(ctx, {
      method: "GET",
      path: `${credentialDomainPath(store)}api/json?tree=credentials[id,typeName,description]`,
      retry: true,
    });
    const doc = parseJson<{ credentials?: Array<{ id?: unknown; typeName?: unknown; description?: unknown }> }>(
      ctx,
      res,
      "api/json",
    );
    return (doc.credentials ?? [])
      .filter((c) => typeof c.id === "string")
      .map((c) => ({
        id: c.id as string,
        typeName: typeof c.typeName === "string" ? c.typeName : "",
        description: typeof c.description === "string" ? c.description : "",
      }));
  });
}

/**
 * The URL names of a store's domains (`_` for the global one), sorted: the keys of `domains` in the store's
 * `api/json` (`credentials/store/system/api/json`, or a folder's).
 */
export async function listCredentialDomains(http: JenkinsHttp, store: CredentialStore): Promise<string[]> {
  validate(store);
  return asCredential(store, undefined, async () => {
    const ctx = http.ctx(undefined, "list the credentials domains");
    const f = folderOf(store);
    const res = await http.exchange(ctx, {
      method: "GET",
      path: `${folderPath(f)}credentials/store/${f === "" ? "system" : "folder"}/api/json`,
      retry: true,
    });
    const doc = parseJson<{ domains?: unknown }>(ctx, res, "api/json");
    const domains = doc.domains !== null && typeof doc.domains === "object" ? Object.keys(doc.domains) : [];
    return domains.sort();
  });
}

/**
 * The credential ids of every domain of a store, by the domain's URL name (`_` for the global one), in one request:
 * the store's `api/json?tree=domains[credentials[id]]`. `domains` is a map (CredentialsStoreAction.getDomains), which
 * Stapler writes as an object keyed by the domains' names, each value filtered by the tree given to the map itself;
 * `credentials` is DomainWrapper's exported list. (A depth would need `depth=2` and bring every property.)
 */
export async function listStoreCredentialIds(
  http: JenkinsHttp,
  store: Pick<CredentialStore, "folder">,
): Promise<Map<string, string[]>> {
  validate(store);
  return asCredential(store, undefined, async () => {
    const ctx = http.ctx(undefined, "list the credentials of every domain");
    const f = folderOf(store);
    const res = await http.exchange(ctx, {
      method: "GET",
      path: `${folderPath(f)}credentials/store/${f === "" ? "system" : "folder"}/api/json?tree=domains[credentials[id]]`,
      retry: true,
    });
    const doc = parseJson<{ domains?: unknown }>(ctx, res, "api/json");
    const out = new Map<string, string[]>();
    if (doc.domains === null || typeof doc.domains !== "object") return out;
    for (const [name, domain] of Object.entries(doc.domains as Record<string, unknown>)) {
      const list = (domain as { credentials?: unknown } | null)?.credentials;
      const ids = Array.isArray(list)
        ? list.map((c) => (c as { id?: unknown } | null)?.id).filter((id): id is string => typeof id === "string")
        : [];
      out.set(name, ids);
    }
    return out;
  });
}

/** A credential of a store as the ownership check reads it: its domain's URL name, id and description. */
export interface DescribedCredential {
  domain: string;
  id: string;
  description: string;
}

/**
 * Every credential of a store, domain by domain, with its description, in one request: the store's
 * `api/json?tree=domains[credentials[id,description]]` (as listStoreCredentialIds, the description beside the id).
 */
export async function listStoreDescriptions(
  http: JenkinsHttp,
  store: Pick<CredentialStore, "folder">,
): Promise<DescribedCredential[]> {
  validate(store);
  return asCredential(store, undefined, async () => {
    const ctx = http.ctx(undefined, "list the credentials' descriptions");
    const f = folderOf(store);
    const res = await http.exchange(ctx, {
      method: "GET",
      path: `${folderPath(f)}credentials/store/${f === "" ? "system" : "folder"}/api/json?tree=domains[credentials[id,description]]`,
      retry: true,
    });
    const doc = parseJson<{ domains?: unknown }>(ctx, res, "api/json");
    const out: DescribedCredential[] = [];
    if (doc.domains === null || typeof doc.domains !== "object") return out;
    for (const [domain, value] of Object.entries(doc.domains as Record<string, unknown>)) {
      const list = (value as { credentials?: unknown } | null)?.credentials;
      for (const c of Array.isArray(list) ? list : []) {
        const { id, description } = (c ?? {}) as { id?: unknown; description?: unknown };
        if (typeof id === "string")
          out.push({ domain, id, description: typeof description === "string" ? description : "" });
      }
    }
    return out;
  });
}

async function configIfExists(http: JenkinsHttp, store: CredentialStore, id: string): Promise<string | undefined> {
  const ctx = http.ctx(undefined, "read the credential's config.xml");
  const res = await http.exchange(ctx, {
    method: "GET",
    path: `${credentialUrlPath(store, id)}config.xml`,
    retry: true,
  });
  if (res.status === 404) return undefined;
  return configXmlOf(ctx, res);
}

/** The credential's config.xml as Jenkins shows it: every secret replaced by `<secret-redacted/>`. */
export async function getCredentialConfig(http: JenkinsHttp, store: CredentialStore, id: string): Promise<string> {
  validate(store, id);
  return asCredential(store, id, async () => {
    const ctx = http.ctx(undefined, "read the credential's config.xml");
    const res = await http.exchange(ctx, {
      method: "GET",
      path: `${credentialUrlPath(store, id)}config.xml`,
      retry: true,
    });
    return configXmlOf(ctx, res);
  });
}

/**
 * `POST …/domain/D/createCredentials` with the credential's XML (secrets in clear: Jenkins encrypts them), whose
 * `<id>` is `id`. Sent once: after an unknown outcome, a credential that now exists was made by this request.
 */
export async function createCredential(
  http: JenkinsHttp,
  store: CredentialStore,
  id: string,
  configXml: string,
): Promise<void> {
  validate(store, id);
  await asCredential(store, id, () =>
    sendOnceThenLook(http, {
      ctx: http.ctx(undefined, "create the credential", { xmlPost: true, notRepeatable: true }),
      endpoint: "createCredentials",
      request: {
        method: "POST",
        path: `${credentialDomainPath(store)}createCredentials`,
        body: configXml,
        contentType: XML_CONTENT_TYPE,
        retry: false,
      },
      ok: is2xx,
      look: () => configIfExists(http, store, id),
      judge: (seen) =>
        seen === undefined ? { resend: "the credential does not exist" } : { done: "the credential exists" },
    }),
  );
}

/**
 * `POST …/credential/ID/config.xml`: replaces the credential. Every secret must be sent in clear: a
 * `<secret-redacted/>` posted back is read by Jenkins as a blank secret, not as "keep".
 */
export async function updateCredentialConfig(
  http: JenkinsHttp,
  store: CredentialStore,
  id: string,
  configXml: string,
): Promise<void> {
  validate(store, id);
  await asCredential(store, id, async () => {
    const ctx = http.ctx(undefined, "update the credential's config.xml", { xmlPost: true });
    const res = await http.exchange(ctx, {
      method: "POST",
      path: `${credentialUrlPath(store, id)}config.xml`,
      body: configXml,
      contentType: XML_CONTENT_TYPE,
      retry: true,
    });
    expectSuccess(ctx, res, is2xx);
  });
}

/** `DELETE …/credential/ID/config.xml`; after an unknown outcome, a credential that is gone was deleted by it. */
export async function deleteCredential(http: JenkinsHttp, store: CredentialStore, id: string): Promise<void> {
  validate(store, id);
  await asCredential(store, id, () =>
    sendOnceThenLook(http, {
      ctx: http.ctx(undefined, "delete the credential", { notRepeatable: true }),
      endpoint: "deleteCredential",
      request: { method: "DELETE", path: `${credentialUrlPath(store, id)}config.xml`, retry: false },
      ok: is2xx,
      look: async () => (await configIfExists(http, store, id)) !== undefined,
      judge: (stillThere) =>
        stillThere ? { resend: "the credential still exists" } : { done: "the credential is gone" },
    }),
  );
}
