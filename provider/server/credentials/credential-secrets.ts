/**
 * The Secret fields of one credential (the server's table in secrets/secret-fields.ts): encrypted when the
 * credential is loaded, redacted when it is read through the REST API.
 *
 * `GET …/credential/ID/config.xml` writes the credential with the plugin's SECRETS_REDACTED XStream, whose converter
 * writes every `Secret` and `SecretBytes` as `<secret-redacted/>`. A POST is unmarshalled by the ordinary XStream:
 * Secret's converter reads the field's text, so a `<secret-redacted/>` posted back is no secret at all but a blank
 * one (credentials-plugin `CredentialsStoreAction.CredentialsWrapper.updateByXml`). Clients must send every secret.
 */
import { elementChildren, textOf, type XmlElement } from "../../xml/tree";
import { loadValue } from "../secrets/item-secrets";
import { secretFieldElements } from "../secrets/secret-fields";

export const REDACTED = "secret-redacted";

const copy = (e: XmlElement): XmlElement => structuredClone(e);

/** What a Secret field's XML holds as its value: its text, or a blank when it holds an element (a redaction). */
function postedValue(field: XmlElement): string {
  return elementChildren(field).length > 0 ? "" : textOf(field);
}

/** The credential as loaded: every Secret field encrypted with `key` (a text this key encrypted is kept). */
export function loadedCredential(key: Buffer, credential: XmlElement): XmlElement {
  const out = copy(credential);
  for (const field of secretFieldElements(out))
    field.children = [{ kind: "text", text: loadValue(key, postedValue(field)) }];
  return out;
}

/** The credential as the REST API shows it: every Secret field replaced by `<secret-redacted/>`. */
export function redactedCredential(credential: XmlElement): XmlElement {
  const out = copy(credential);
  for (const field of secretFieldElements(out))
    field.children = [{ kind: "element", name: REDACTED, attrs: [], children: [] }];
  return out;
}
