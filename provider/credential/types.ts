/**
 * Plain (resolved) shapes of the Credential resource's inputs and outputs, as the provider methods see them. The
 * Pulumi-facing argument types with Input<> wrappers are in credential.ts. No secret value appears in these
 * shapes except `secretValues`, which Pulumi keeps encrypted (the Credential class marks it secret).
 */

/**
 * Who may use the credential: jobs and agents (`GLOBAL`), or Jenkins itself only (`SYSTEM`, system store only).
 *
 * @category Resource inputs
 */
export type CredentialScope = "GLOBAL" | "SYSTEM";

/** `org.jenkinsci.plugins.plaincredentials.impl.StringCredentialsImpl`: its only field, `secret`, is a secret. */
export type SecretTextSpec = Record<string, never>;

/** `com.cloudbees.plugins.credentials.impl.UsernamePasswordCredentialsImpl`; the password is a secret. */
export interface UsernamePasswordSpec {
  username: string;
}

/** `com.cloudbees.jenkins.plugins.sshcredentials.impl.BasicSSHUserPrivateKey`; key and passphrase are secrets. */
export interface SshPrivateKeySpec {
  username: string;
}

/** `org.jenkinsci.plugins.plaincredentials.impl.FileCredentialsImpl`; the content is a secret. */
export interface SecretFileSpec {
  fileName: string;
}

/** The typed kinds, in the order the check names them. */
export const TYPED_KINDS = ["secretText", "usernamePassword", "sshPrivateKey", "secretFile"] as const;
export type TypedKind = (typeof TYPED_KINDS)[number];
/** Every way to declare a credential: a typed kind, or `configXml` for any other type. */
export type CredentialKind = TypedKind | "configXml";
export const KINDS: readonly CredentialKind[] = [...TYPED_KINDS, "configXml"];

export interface CredentialInputs {
  /**
   * The credential's id in its store (what jobs name as `credentialsId`): the `id` argument of the class, under
   * another name because `id` is the resource's own id in Pulumi. Changing it replaces the credential.
   */
  credentialId: string;
  /** Full name of the folder whose store holds it; absent for the system store. */
  folder?: string;
  /** The credentials domain; absent for the global domain `_`. */
  domain?: string;
  description?: string;
  /** Absent for GLOBAL. */
  scope?: CredentialScope;
  secretText?: SecretTextSpec;
  usernamePassword?: UsernamePasswordSpec;
  sshPrivateKey?: SshPrivateKeySpec;
  secretFile?: SecretFileSpec;
  /** Any other type's XML, each secret value replaced by a placeholder (`[secret 1]`). */
  configXml?: string;
  /**
   * The secret values, in the order of the kind (secretText: secret; usernamePassword: password; sshPrivateKey:
   * private key, passphrase; secretFile: content in base64; configXml: the placeholders' order). Plaintext in the
   * provider process only; encrypted by Pulumi in the state.
   */
  secretValues?: string[];
  /** Any text; a new value writes the declared secrets again (Jenkins never shows a secret changed by hand). */
  secretVersion?: string;
  /** Take over a credential that already exists instead of failing. */
  adopt?: boolean;
  /** Name of a controller of `jenkins:controllers`; absent for the stack-wide connection. */
  controller?: string;
}

export interface CredentialOutputs extends CredentialInputs {
  /** Browser URL of the credential. */
  url: string;
}
