/**
 * Which values of a job config are secrets, and the placeholder that stands for one in the config the Job resource
 * keeps in its inputs and outputs. Imports nothing: the Job class loads it in the program.
 *
 * A value is a secret when it is the text of a known `hudson.util.Secret` field (Jenkins stores those encrypted),
 * or when it already is such an encrypted text (`{AQAAABAAAA…}`, e.g. copied from a config Jenkins returned).
 *
 * The known fields, by the class of the element that holds them (fields declared `Secret` in the sources):
 *  - core (jenkinsci/jenkins): `hudson.model.PasswordParameterDefinition` `defaultValue`;
 *  - credentials (jenkinsci/credentials-plugin), as folder credentials: `UsernamePasswordCredentialsImpl`
 *    `password`, `CertificateCredentialsImpl` `password`;
 *  - plain-credentials (jenkinsci/plain-credentials-plugin), as folder credentials: `StringCredentialsImpl` `secret`,
 *    `FileCredentialsImpl` `secretBytes`;
 *  - credentials, `CertificateCredentialsImpl$UploadedKeyStoreSource` `uploadedKeystoreBytes`;
 *  - ssh-credentials (jenkinsci/ssh-credentials-plugin): `BasicSSHUserPrivateKey` `passphrase`, its
 *    `DirectEntryPrivateKeySource` `privateKey`;
 *  - the types the Credential resource takes as `configXml` most often: github-branch-source `GitHubAppCredentials`
 *    `privateKey`, aws-credentials `AWSCredentialsImpl` `secretKey`, hashicorp-vault `VaultTokenCredential` `token`
 *    and `VaultAppRoleCredential` `secretId`;
 *  - envinject (jenkinsci/envinject-plugin): `EnvInjectPasswordEntry` `value` (the "Inject passwords" wrapper).
 */

export const SECRET_FIELDS: Readonly<Record<string, readonly string[]>> = {
  "hudson.model.PasswordParameterDefinition": ["defaultValue"],
  "com.cloudbees.plugins.credentials.impl.UsernamePasswordCredentialsImpl": ["password"],
  "com.cloudbees.plugins.credentials.impl.CertificateCredentialsImpl": ["password"],
  "com.cloudbees.plugins.credentials.impl.CertificateCredentialsImpl$UploadedKeyStoreSource": ["uploadedKeystoreBytes"],
  "org.jenkinsci.plugins.plaincredentials.impl.StringCredentialsImpl": ["secret"],
  "org.jenkinsci.plugins.plaincredentials.impl.FileCredentialsImpl": ["secretBytes"],
  "com.cloudbees.jenkins.plugins.sshcredentials.impl.BasicSSHUserPrivateKey": ["passphrase"],
  "com.cloudbees.jenkins.plugins.sshcredentials.impl.BasicSSHUserPrivateKey$DirectEntryPrivateKeySource": [
    "privateKey",
  ],
  "org.jenkinsci.plugins.github_branch_source.GitHubAppCredentials": ["privateKey"],
  "com.cloudbees.jenkins.plugins.awscredentials.AWSCredentialsImpl": ["secretKey"],
  "com.datapipe.jenkins.vault.credentials.VaultTokenCredential": ["token"],
  "com.datapipe.jenkins.vault.credentials.VaultAppRoleCredential": ["secretId"],
  "org.jenkinsci.plugins.envinject.EnvInjectPasswordEntry": ["value"],
};

/**
 * Texts one of which every config holding a secret contains: the last part of each class name above, and the
 * start of an encrypted value. A config without any of them is never parsed for secrets.
 */
const MARKERS = [...new Set(Object.keys(SECRET_FIELDS).map((c) => c.slice(c.lastIndexOf(".") + 1))), "{AQAAAB"];

export function mayHoldSecrets(xml: string): boolean {
  for (const m of MARKERS) if (xml.includes(m)) return true;
  return false;
}

/** The text form of a `hudson.util.Secret` (payload version 1, 16-byte IV). */
const ENCRYPTED = /^\{AQAAABAAAA[A-Za-z0-9+/]+={0,2}\}$/;

export function isEncryptedSecret(text: string): boolean {
  return ENCRYPTED.test(text);
}

/** The placeholder of the secret at `index` (0-based); it reads `[secret 1]` for the first. */
export function placeholder(index: number): string {
  return `[secret ${index + 1}]`;
}

const PLACEHOLDER = /^\[secret ([1-9]\d*)\]$/;

/** The index a placeholder stands for, or undefined when `text` is not one. */
export function placeholderIndex(text: string): number | undefined {
  const m = PLACEHOLDER.exec(text);
  return m === null ? undefined : Number(m[1]) - 1;
}

/** Input and output that carry the secret values (marked secret, so Pulumi stores them encrypted). */
export const SECRET_VALUES_KEY = "secretValues";
/** Output: what Jenkins made of each value last time (see provider-side state.ts). */
export const SECRET_DIGESTS_KEY = "secretDigests";
