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
  /** The owner a credential is handed over from: its mark names that owner, and this stack takes it (ownership). */
  takeOverFrom?: string;
  /** Clear the item's mark of ownership: the item is let go (ownership). */
  letGo?: boolean;
  /** Name of a controller of `jenkins:controllers`; absent for the stack-wide connection. */
  controller?: string;
  /**
   * The owner this stack writes in the mark of ownership (hidden input, added by the class or the plugin). In the
   * outputs: the owner whose mark this stack last wrote (absent when it wrote none).
   */
  __owner?: string;
  /** Set by the class for a resource declared with `retainOnDelete`: its mark is cleared (hidden input). */
  __retain?: boolean;
}

/**
 * What a `configXml` credential's outputs keep (render.ts) of a config Jenkins holds as declared: digests in place of the text,
 * which the inputs hold. `canonical`: SHA-256 of the `configXml` input (a plan with no changes compares it);
 * `semantic`: of the config with the resource's common fields, secrets apart, as sameConfigCredential compares it
 * with Jenkins's copy; `fields`: the names of its fields (Jenkins's others are not compared); `slots`: its secret
 * placeholders in order (a refresh that finds an edit shows them in Jenkins's copy).
 */
export interface CredentialConfigDigest {
  root: string;
  canonical: string;
  semantic: string;
  fields: string[];
  slots: string[];
}

export interface CredentialOutputs extends CredentialInputs {
  /** Browser URL of the credential. */
  url: string;
  /**
   * For a `configXml` credential, the config as last applied, as digests (render.ts); then `configXml` is absent,
   * unless a refresh found Jenkins holding another config: then `configXml` is Jenkins's copy (secrets as
   * placeholders) and this is absent. States written by earlier versions hold the config as last applied in
   * `configXml` until the credential's next update. An internal output (its key starts with `__`): the CLI shows it in
   * no diff and no outputs section.
   */
  __digest?: CredentialConfigDigest;
  /** Where states written while the digest was a public output keep `__digest` (dynamic/props.ts). */
  configDigest?: CredentialConfigDigest;
  /** The owner a refresh found the credential handed over to: this stack then leaves it alone (internal). */
  __handedTo?: string;
  /** Read by id alone (`pulumi import`): its mark is written with its first update, not planned alone (internal). */
  __markAtUpdate?: boolean;
}
