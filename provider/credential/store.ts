/**
 * Where a credential lives: its store (the system store, or a folder's), its domain, and its URL. The paths are
 * the client's (client/credentials.ts), so the resource and the requests never disagree. Pure.
 */
import { credentialUrlPath } from "../client/credentials";

/** The global domain's name in URLs. */
export const GLOBAL_DOMAIN = "_";

export interface CredentialPlace {
  /** Full name of the folder; "" for the system store. */
  folder: string;
  /** The domain; "_" for the global one. */
  domain: string;
  id: string;
}

/** The credential's path under the Jenkins root, ending with "/". */
export function credentialPath(p: CredentialPlace): string {
  return credentialUrlPath({ folder: p.folder, domain: p.domain }, p.id);
}

/** For messages: the id, its store and, when not the global one, its domain. */
export function describePlace(p: CredentialPlace): string {
  const store = p.folder === "" ? "the system store" : `the store of folder "${p.folder}"`;
  const domain = p.domain === GLOBAL_DOMAIN ? "" : `, domain "${p.domain}"`;
  return `credential "${p.id}" in ${store}${domain}`;
}

/** Browser URL of the credential. */
export function credentialUrl(baseUrl: string, p: CredentialPlace): string {
  return baseUrl.replace(/\/$/, "") + credentialPath(p);
}
