/**
 * The client calls of the Credential resource, by the resource's own notion of a place (store folder, domain,
 * id). One request each; the typed errors are the client's (CredentialNotFoundError for a 404,
 * CredentialAlreadyExistsError for a 409).
 */
import { CredentialAlreadyExistsError, CredentialNotFoundError } from "../client/errors";
import type { JenkinsClient } from "../client/jenkins-client";
import type { CredentialPlace } from "./store";

export { CredentialAlreadyExistsError as CredentialExistsError, CredentialNotFoundError };

const storeOf = (p: CredentialPlace) => ({ folder: p.folder, domain: p.domain });

export function createCredential(client: JenkinsClient, p: CredentialPlace, xml: string): Promise<void> {
  return client.createCredential(storeOf(p), p.id, xml);
}

export function getCredentialConfig(client: JenkinsClient, p: CredentialPlace): Promise<string> {
  return client.getCredentialConfig(storeOf(p), p.id);
}

export function updateCredential(client: JenkinsClient, p: CredentialPlace, xml: string): Promise<void> {
  return client.updateCredentialConfig(storeOf(p), p.id, xml);
}

export function deleteCredential(client: JenkinsClient, p: CredentialPlace): Promise<void> {
  return client.deleteCredential(storeOf(p), p.id);
}
