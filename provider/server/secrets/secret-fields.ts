/**
 * Which fields of a config.xml Jenkins holds as `hudson.util.Secret`: those are read with `Secret.fromString` and
 * written encrypted. The server knows them by the class of the element that holds them, as XStream does.
 *
 * Sources (field declarations of type `Secret`, or `SecretBytes`, which this server encrypts the same way, as the
 * base64 text XStream writes): jenkinsci/jenkins `hudson.model.PasswordParameterDefinition` (`defaultValue`);
 * jenkinsci/credentials-plugin `UsernamePasswordCredentialsImpl`, `CertificateCredentialsImpl` (`password`) and its
 * `UploadedKeyStoreSource` (`uploadedKeystoreBytes`, SecretBytes); jenkinsci/plain-credentials-plugin
 * `StringCredentialsImpl` (`secret`), `FileCredentialsImpl` (`secretBytes`, SecretBytes);
 * jenkinsci/ssh-credentials-plugin `BasicSSHUserPrivateKey` (`passphrase`) and its `DirectEntryPrivateKeySource`
 * (`privateKey`); jenkinsci/github-branch-source-plugin `GitHubAppCredentials` (`privateKey`);
 * jenkinsci/aws-credentials-plugin `AWSCredentialsImpl` (`secretKey`); jenkinsci/hashicorp-vault-plugin
 * `VaultTokenCredential` (`token`), `VaultAppRoleCredential` (`secretId`); jenkinsci/envinject-plugin
 * `EnvInjectPasswordEntry` (`value`). The credentials plugin's REST API redacts every Secret and SecretBytes, of
 * whatever class (its SECRETS_REDACTED XStream converts by the field's type), so this one table serves both.
 */
import { elementChildren, type XmlElement } from "../../xml/tree";
import { classOfElement, isReference } from "../xstream/element-class";

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
 * The simple names of the classes above (a nested class by its outer one): a config holding a Secret field contains
 * one of them, as an element name or in a `class` attribute, in either spelling of a nested class (`A$B`, `A_-B`).
 */
export const SECRET_CLASS_MARKERS: readonly string[] = [
  ...new Set(Object.keys(SECRET_FIELDS).map((c) => c.slice(c.lastIndexOf(".") + 1).split("$")[0])),
];

/** The Secret field elements of a tree, in document order. */
export function secretFieldElements(root: XmlElement): XmlElement[] {
  const out: XmlElement[] = [];
  const walk = (e: XmlElement): void => {
    const fields = isReference(e) ? undefined : SECRET_FIELDS[classOfElement(e) ?? ""];
    for (const c of elementChildren(e)) {
      if (fields?.includes(c.name)) out.push(c);
      else walk(c);
    }
  };
  walk(root);
  return out;
}
