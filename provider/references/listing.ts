/**
 * One store's credential ids for the reference check: one `api/json` of its global domain `_` (the credentials
 * plugin's documented listing), where credentials live unless a domain is made for them. A folder that does not
 * exist (yet: made in the same `up`) has no store, so nothing in it can be found but what the program declares
 * there; any other failure (no permission to view credentials) makes the store unreadable.
 */
import { CredentialNotFoundError, PermissionError } from "../client/errors";
import type { JenkinsClient } from "../client/jenkins-client";
import type { StoreListing } from "./check";

export async function listStore(client: JenkinsClient, folder: string): Promise<StoreListing> {
  try {
    return { ids: new Set((await client.listCredentials({ folder })).map((c) => c.id)) };
  } catch (e) {
    if (e instanceof CredentialNotFoundError && folder !== "" && !(await client.exists(folder)))
      return { missing: true };
    // Jenkins answers 404 for a store the user may not view, as for one that does not exist.
    if (e instanceof CredentialNotFoundError || e instanceof PermissionError)
      return { unreadable: "the user may not view its credentials (Credentials/View)" };
    throw e;
  }
}
