/**
 * Where a credential lives: its store (the system store, or a folder's), its domain, and the URLs of both. Pure.
 */
import { encodeSegment, jobUrlPath } from "../client/names";

/** The global domain's name in URLs. */
export const GLOBAL_DOMAIN = "_";

export interface CredentialPlace {
  /** Full name of the folder; "" for the system store. */
  folder: string;
  /** The domain; "_" for the global one. */
  domain: string;
  id: string;
}

/** The store's path under the Jenkins root, e.g. "/job/team/credentials/store/folder/". */
export function storePath(folder: string): string {
  return folder === "" ? "/credentials/store/system/" : `${jobUrlPath(folder)}credentials/store/folder/`;
}

/** The credential's path under the Jenkins root, ending with "/". */
export function credentialPath(p: CredentialPlace): string {
  return `${storePath(p.folder)}domain/${encodeSegment(p.domain)}/credential/${encodeSegment(p.id)}/`;
}

/** "team/deploy-key" style name for messages: the store, the domain when not global, the id. */
export function describePlace(p: CredentialPlace): string {
  const store = p.folder === "" ? "the system store" : `the store of folder "${p.folder}"`;
  const domain = p.domain === GLOBAL_DOMAIN ? "" : `, domain "${p.domain}"`;
  return `credential "${p.id}" in ${store}${domain}`;
}

/** Browser URL of the credential. */
export function credentialUrl(baseUrl: string, p: CredentialPlace): string {
  return baseUrl.replace(/\/$/, "") + credentialPath(p);
}
