/**
 * Which fields of a config.xml Jenkins holds as `hudson.util.Secret`: those are read with `Secret.fromString` and
 * written encrypted. The server knows them by the class of the element that holds them, as XStream does.
 *
 * Sources (field declarations of type `Secret`): jenkinsci/jenkins `hudson.model.PasswordParameterDefinition`
 * (`defaultValue`); jenkinsci/credentials-plugin `UsernamePasswordCredentialsImpl`, `CertificateCredentialsImpl`
 * (`password`); jenkinsci/plain-credentials-plugin `StringCredentialsImpl` (`secret`), `FileCredentialsImpl`
 * (`secretBytes`, a `SecretBytes`: this server encrypts its base64 text the same way); jenkinsci/ssh-credentials-plugin
 * `BasicSSHUserPrivateKey` (`passphrase`) and its `DirectEntryPrivateKeySource` (`privateKey`);
 * jenkinsci/envinject-plugin `EnvInjectPasswordEntry` (`value`).
 */
import { elementChildren, type XmlElement } from "../../xml/tree";
import { classOfElement, isReference } from "../xstream/element-class";

export const SECRET_FIELDS: Readonly<Record<string, readonly string[]>> = {
  "hudson.model.PasswordParameterDefinition": ["defaultValue"],
  "com.cloudbees.plugins.credentials.impl.UsernamePasswordCredentialsImpl": ["password"],
  "com.cloudbees.plugins.credentials.impl.CertificateCredentialsImpl": ["password"],
  "org.jenkinsci.plugins.plaincredentials.impl.StringCredentialsImpl": ["secret"],
  "org.jenkinsci.plugins.plaincredentials.impl.FileCredentialsImpl": ["secretBytes"],
  "com.cloudbees.jenkins.plugins.sshcredentials.impl.BasicSSHUserPrivateKey": ["passphrase"],
  "com.cloudbees.jenkins.plugins.sshcredentials.impl.BasicSSHUserPrivateKey$DirectEntryPrivateKeySource": [
    "privateKey",
  ],
  "org.jenkinsci.plugins.envinject.EnvInjectPasswordEntry": ["value"],
};

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
