/**
 * Credentials as their XML is posted to `createCredentials` (credentials plugin docs/user.adoc): the common types of
 * jenkins-behaviour.md §10, secrets in clear (Jenkins encrypts them). Each builder takes the credential's fields.
 */
import { escapeText } from "../../provider/xml/writer";

const x = (s: string): string => escapeText(s, false);

export interface Common {
  /** Omitted: Jenkins gives the credential a random UUID. */
  id?: string;
  description?: string;
  scope?: "GLOBAL" | "SYSTEM";
}

function head({ id, description, scope }: Common): string[] {
  return [
    `  <scope>${scope ?? "GLOBAL"}</scope>`,
    ...(id === undefined ? [] : [`  <id>${x(id)}</id>`]),
    `  <description>${x(description ?? "")}</description>`,
  ];
}

export const SECRET_TEXT_CLASS = "org.jenkinsci.plugins.plaincredentials.impl.StringCredentialsImpl";
export const USERNAME_PASSWORD_CLASS = "com.cloudbees.plugins.credentials.impl.UsernamePasswordCredentialsImpl";
export const SSH_KEY_CLASS = "com.cloudbees.jenkins.plugins.sshcredentials.impl.BasicSSHUserPrivateKey";
export const SECRET_FILE_CLASS = "org.jenkinsci.plugins.plaincredentials.impl.FileCredentialsImpl";

export function secretText(c: Common & { secret: string }): string {
  return [`<${SECRET_TEXT_CLASS}>`, ...head(c), `  <secret>${x(c.secret)}</secret>`, `</${SECRET_TEXT_CLASS}>`].join(
    "\n",
  );
}

export function usernamePassword(c: Common & { username: string; password: string }): string {
  return [
    `<${USERNAME_PASSWORD_CLASS}>`,
    ...head(c),
    `  <username>${x(c.username)}</username>`,
    `  <password>${x(c.password)}</password>`,
    "  <usernameSecret>false</usernameSecret>",
    `</${USERNAME_PASSWORD_CLASS}>`,
  ].join("\n");
}

export function sshKey(c: Common & { username: string; privateKey: string; passphrase?: string }): string {
  return [
    `<${SSH_KEY_CLASS}>`,
    ...head(c),
    `  <username>${x(c.username)}</username>`,
    "  <usernameSecret>false</usernameSecret>",
    `  <privateKeySource class="${SSH_KEY_CLASS}$DirectEntryPrivateKeySource">`,
    `    <privateKey>${x(c.privateKey)}</privateKey>`,
    "  </privateKeySource>",
    ...(c.passphrase === undefined ? [] : [`  <passphrase>${x(c.passphrase)}</passphrase>`]),
    `</${SSH_KEY_CLASS}>`,
  ].join("\n");
}

export function secretFile(c: Common & { fileName: string; content: string }): string {
  return [
    `<${SECRET_FILE_CLASS}>`,
    ...head(c),
    `  <fileName>${x(c.fileName)}</fileName>`,
    `  <secretBytes>${Buffer.from(c.content, "utf8").toString("base64")}</secretBytes>`,
    `</${SECRET_FILE_CLASS}>`,
  ].join("\n");
}

/** `credentials/store/…/domain/D/` of the system store (folder undefined) or of a folder. */
export function storePath(folder: string | undefined, domain = "_"): string {
  const owner =
    folder === undefined
      ? "credentials/store/system/"
      : `${folder
          .split("/")
          .map((s) => `job/${encodeURIComponent(s)}/`)
          .join("")}credentials/store/folder/`;
  return `/${owner}domain/${encodeURIComponent(domain)}/`;
}

export const GITHUB_APP_CLASS = "org.jenkinsci.plugins.github_branch_source.GitHubAppCredentials";
export const AWS_CLASS = "com.cloudbees.jenkins.plugins.awscredentials.AWSCredentialsImpl";
export const CERTIFICATE_CLASS = "com.cloudbees.plugins.credentials.impl.CertificateCredentialsImpl";

/** A GitHub App credential (github-branch-source): the app's id and its private key (a Secret). */
export function githubApp(c: Common & { appID: string; privateKey: string; owner?: string }): string {
  return [
    `<${GITHUB_APP_CLASS}>`,
    ...head(c),
    `  <appID>${x(c.appID)}</appID>`,
    `  <privateKey>${x(c.privateKey)}</privateKey>`,
    ...(c.owner === undefined ? [] : [`  <owner>${x(c.owner)}</owner>`]),
    `</${GITHUB_APP_CLASS}>`,
  ].join("\n");
}

/** An AWS credential (aws-credentials): the access key in clear, the secret key a Secret. */
export function awsKeys(c: Common & { accessKey: string; secretKey: string }): string {
  return [
    `<${AWS_CLASS}>`,
    ...head(c),
    `  <accessKey>${x(c.accessKey)}</accessKey>`,
    `  <secretKey>${x(c.secretKey)}</secretKey>`,
    "  <iamRoleArn></iamRoleArn>",
    "  <iamMfaSerialNumber></iamMfaSerialNumber>",
    `</${AWS_CLASS}>`,
  ].join("\n");
}

/** A certificate (credentials plugin): an uploaded keystore (SecretBytes, its base64) and its password (a Secret). */
export function certificate(c: Common & { keystore: string; password: string }): string {
  return [
    `<${CERTIFICATE_CLASS}>`,
    ...head(c),
    `  <password>${x(c.password)}</password>`,
    `  <keyStoreSource class="${CERTIFICATE_CLASS}$UploadedKeyStoreSource">`,
    `    <uploadedKeystoreBytes>${Buffer.from(c.keystore, "utf8").toString("base64")}</uploadedKeystoreBytes>`,
    "  </keyStoreSource>",
    `</${CERTIFICATE_CLASS}>`,
  ].join("\n");
}
