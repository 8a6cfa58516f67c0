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
