/**
 * The reference check of a job: every credential id its config or spec names must exist in its scope — the stores
 * of the folders above it (innermost first), then the system store — or be declared by a Credential resource of
 * the same program. Runs in `check`, so a preview (and the pull request showing it) fails before a build would.
 * Policy, from the stack config `jenkins:credentialsCheck`: `error` (default), `warn`, `off`. Each store is listed
 * at most once per connection and provider process, every domain of it in one `api/json` (listing.ts); a store that
 * cannot be read (no permission) gives one warning and is not checked.
 */
import { warn } from "../dynamic/engine-log";
import { closestIds } from "./ids";
import { declaredIn } from "./declared";

export const CREDENTIALS_CHECK_KEY = "jenkins:credentialsCheck";
export type CredentialsCheckMode = "error" | "warn" | "off";

export function parseCredentialsCheck(raw: unknown): CredentialsCheckMode {
  if (raw === undefined || raw === null || raw === "") return "error";
  const v = String(raw).trim().toLowerCase();
  if (v === "error" || v === "warn" || v === "off") return v;
  throw new Error(`${CREDENTIALS_CHECK_KEY} must be "error", "warn" or "off" (got "${String(raw)}").`);
}

/** `jenkins:credentialsCheck` of a stack config, or why its value is refused (reported by the checks it affects). */
export function credentialsCheckOf(config: { get(key: string): unknown }): CredentialsCheckMode | Error {
  try {
    return parseCredentialsCheck(config.get(CREDENTIALS_CHECK_KEY));
  } catch (e) {
    return e as Error;
  }
}

/** The ids of a store, `missing` when its folder does not exist (yet), or why it could not be read. */
export type StoreListing = { ids: ReadonlySet<string> } | { missing: true } | { unreadable: string };

/** Lists one store: the system store for folder "". */
export type StoreLister = (folder: string) => Promise<StoreListing>;

/** Listings per connection (any object that stands for it, e.g. its client) and store, for the process's life. */
const listings = new WeakMap<object, Map<string, Promise<StoreListing>>>();

function listingOf(connection: object, folder: string, list: StoreLister): Promise<StoreListing> {
  if (!listings.has(connection)) listings.set(connection, new Map());
  const byStore = listings.get(connection)!;
  const key = folder.toLowerCase();
  let pending = byStore.get(key);
  if (pending === undefined) {
    pending = list(folder).catch((e: unknown) => ({ unreadable: e instanceof Error ? e.message : String(e) }));
    byStore.set(key, pending);
  }
  return pending;
}

/** Records a credential this process made, so that a later check in the same run finds it without listing again. */
export function rememberCreated(connection: object, folder: string, id: string): void {
  const pending = listings.get(connection)?.get(folder.toLowerCase());
  if (pending === undefined) return;
  listings.get(connection)!.set(
    folder.toLowerCase(),
    pending.then((l) => ("ids" in l ? { ids: new Set([...l.ids, id]) } : l)),
  );
}

/** Stores already reported unreadable, per connection: each is said once per run, not once per job. */
const warned = new WeakMap<object, Set<string>>();

function firstWarning(connection: object, folder: string): boolean {
  if (!warned.has(connection)) warned.set(connection, new Set());
  const seen = warned.get(connection)!;
  if (seen.has(folder.toLowerCase())) return false;
  seen.add(folder.toLowerCase());
  return true;
}

export const storeName = (folder: string): string => (folder === "" ? "the system store" : `folder "${folder}"`);

export interface ReferenceCheck {
  /** The job's full name, for messages. */
  job: string;
  /** The Jenkins URL, for messages. */
  where: string;
  /** The ids the job names. */
  ids: readonly string[];
  /** The folders of the job's scope, innermost first (the system store is searched after them). */
  folders: readonly string[];
  controller: string | undefined;
  /** Stands for the connection in the cache (its client). */
  connection: object;
  list: StoreLister;
  mode: Exclude<CredentialsCheckMode, "off">;
}

/** The failure message (mode `error`), after sending the warnings; undefined when every id is found. */
export async function checkReferences(c: ReferenceCheck): Promise<string | undefined> {
  if (c.ids.length === 0) return undefined;
  const stores = [...c.folders, ""];
  const found = new Map<string, ReadonlySet<string>>();
  const unreadable: string[] = [];
  const warnAbout: string[] = [];
  for (const folder of stores) {
    const listing = await listingOf(c.connection, folder, c.list);
    const declared = declaredIn(c.controller, folder);
    if ("unreadable" in listing) {
      unreadable.push(folder);
      if (firstWarning(c.connection, folder)) warnAbout.push(`${storeName(folder)} (${listing.unreadable})`);
      found.set(folder, declared);
    } else found.set(folder, new Set([...("ids" in listing ? listing.ids : []), ...declared]));
  }
  if (warnAbout.length > 0)
    await warn(
      `the credentials check of Jenkins job "${c.job}" (and of any job that looks there) could not read ${warnAbout.join(", ")} on ${c.where}; ids found nowhere else are not reported. ` +
        `Set ${CREDENTIALS_CHECK_KEY} to "off" to silence this warning.`,
    );
  const missing = c.ids.filter((id) => !stores.some((s) => found.get(s)!.has(id)));
  if (missing.length === 0 || unreadable.length > 0) return undefined;
  const searched = `${stores.map(storeName).join(", then ")} (every domain of each)`;
  const all = stores.flatMap((s) => [...found.get(s)!]);
  const lines = missing.map((id) => {
    const near = closestIds(id, all);
    return `"${id}"${near.length > 0 ? ` (closest existing: ${near.map((n) => `"${n}"`).join(", ")})` : " (no similar id exists)"}`;
  });
  const message =
    `Jenkins job "${c.job}" names credential${missing.length > 1 ? "s" : ""} ${lines.join(", ")} that exist${missing.length > 1 ? "" : "s"} nowhere in its scope on ${c.where}; ` +
    `searched ${searched}. A build would fail when it needs ${missing.length > 1 ? "them" : "it"}. ` +
    `Fix the id, or declare the credential with a Credential resource and name it as \`credential.credentialId\` ` +
    `(a literal id is found only when its Credential is declared earlier in the program)`;
  if (c.mode === "warn") {
    await warn(`${message}.`);
    return undefined;
  }
  return `${message}; set ${CREDENTIALS_CHECK_KEY} to "warn" to go ahead anyway.`;
}
