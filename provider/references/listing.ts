/**
 * One store's credential ids for the reference check, from every domain of the store: one request, the store's
 * `api/json?tree=domains[credentials[id]]` (client `listStoreCredentialIds`). An id of a named domain counts as found:
 * whether the domain's specifications (hostnames, schemes) match the job's requirements is not evaluated. A folder
 * that does not exist (yet: made in the same `up`) has no store, so nothing in it can be found but what the
 * program declares there; any other failure (no permission to view credentials) makes the store unreadable.
 */
import { CredentialNotFoundError, PermissionError } from "../client/errors";
import type { JenkinsClient } from "../client/jenkins-client";
import type { StoreListing } from "./check";

export async function listStore(client: JenkinsClient, folder: string): Promise<StoreListing> {
  try {
    const byDomain = await client.listStoreCredentialIds({ folder });
    return { ids: new Set([...byDomain.values()].flat()) };
  } catch (e) {
    if (e instanceof CredentialNotFoundError && folder !== "" && !(await client.exists(folder)))
      return { missing: true };
    // Jenkins answers 404 for a store the user may not view, as for one that does not exist.
    if (e instanceof CredentialNotFoundError || e instanceof PermissionError)
      return { unreadable: "the user may not view its credentials (Credentials/View)" };
    throw e;
  }
}
