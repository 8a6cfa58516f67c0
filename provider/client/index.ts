/** The Jenkins client: public surface of provider/client. */
export { JenkinsClient, type ServerInfo, type JobSummary, type BuildParameters } from "./jenkins-client";
export type { JenkinsClientOptions } from "./options";
export { validateJobName, validateJobPath, jobUrlPath } from "./names";
export { viewUrlPath, viewFullName } from "./views";
export { credentialUrlPath, credentialFullName, credentialDomainPath } from "./credentials";
export type { CredentialStore, CredentialSummary } from "./credentials";
export * from "./errors";
