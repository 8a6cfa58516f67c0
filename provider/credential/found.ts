/**
 * How a credential found in Jenkins is declared when it is brought under a program: as a typed kind when its config
 * is exactly one (the class, and no field beyond those the kind writes), else as its config XML. One decision for
 * `pulumi-jenkins import` (a whole program) and for `pulumi import` through the provider plugin (the Credential's
 * read by id alone), so the two declare the same credential alike. Pure.
 *
 * It reads a config as the credentials REST API shows one, every secret a `<secret-redacted/>`: a field meant to be
 * plain that holds a secret (a username kept as a secret) is something the typed kind cannot say.
 */
import { elementChildren, textOf, type XmlElement } from "../xml/tree";
import { DIRECT_ENTRY, TYPED_CLASSES } from "./render";
import type { TypedKind } from "./types";

const REDACTED = "secret-redacted";

/** A secret of a typed kind, which the program gives (Jenkins never shows one). */
export interface SecretSlot {
  /** The spec's field it fills ("password", "privateKey", …). */
  field: string;
  /** Whether the credential may go without it (an SSH key's passphrase). */
  optional: boolean;
}

/** A typed kind a credential's config fits: its plain fields (`username`, `fileName`) and its secrets, in order. */
export interface TypedFit {
  kind: TypedKind;
  fields: Record<string, string>;
  secrets: SecretSlot[];
}

const child = (e: XmlElement, name: string): XmlElement | undefined => elementChildren(e).find((c) => c.name === name);
const classOf = (e: XmlElement): string => e.attrs.find(([k]) => k === "class")?.[1] ?? e.name;
const redacted = (e: XmlElement): boolean => elementChildren(e).some((c) => c.name === REDACTED);
const text = (e: XmlElement, name: string): string => {
  const c = child(e, name);
  return c === undefined ? "" : textOf(c).trim();
};

/** Whether `e` holds exactly the named fields (any order), each plain or redacted as `secret` says. */
function fieldsAre(e: XmlElement, plain: readonly string[], secret: readonly string[]): boolean {
  const names = elementChildren(e).map((c) => c.name);
  const common = ["scope", "id", "description"];
  return (
    names.every((n) => common.includes(n) || plain.includes(n) || secret.includes(n)) &&
    secret.every((n) => child(e, n) !== undefined && redacted(child(e, n) as XmlElement)) &&
    plain.every((n) => child(e, n) === undefined || !redacted(child(e, n) as XmlElement))
  );
}

/** The typed kind a credential's (redacted) config is exactly, or undefined: then it is declared as its XML. */
export function typedFitOf(xml: XmlElement): TypedFit | undefined {
  const cls = xml.name;
  const usernameSecret = text(xml, "usernameSecret");
  if (cls === TYPED_CLASSES.secretText.root && fieldsAre(xml, [], ["secret"]))
    return { kind: "secretText", fields: {}, secrets: [{ field: "secret", optional: false }] };
  if (
    cls === TYPED_CLASSES.usernamePassword.root &&
    usernameSecret !== "true" &&
    fieldsAre(xml, ["username", "usernameSecret"], ["password"])
  ) {
    return {
      kind: "usernamePassword",
      fields: { username: text(xml, "username") },
      secrets: [{ field: "password", optional: false }],
    };
  }
  const source = child(xml, "privateKeySource");
  if (
    cls === TYPED_CLASSES.sshPrivateKey.root &&
    usernameSecret !== "true" &&
    source !== undefined &&
    classOf(source) === DIRECT_ENTRY &&
    fieldsAre(source, [], ["privateKey"]) &&
    fieldsAre(
      xml,
      ["username", "usernameSecret", "privateKeySource"],
      child(xml, "passphrase") === undefined ? [] : ["passphrase"],
    )
  ) {
    return {
      kind: "sshPrivateKey",
      fields: { username: text(xml, "username") },
      secrets: [
        { field: "privateKey", optional: false },
        // Jenkins writes a passphrase field whether or not the key has one: the program says.
        ...(child(xml, "passphrase") !== undefined ? [{ field: "passphrase", optional: true }] : []),
      ],
    };
  }
  if (cls === TYPED_CLASSES.secretFile.root && fieldsAre(xml, ["fileName"], ["secretBytes"]))
    return {
      kind: "secretFile",
      fields: { fileName: text(xml, "fileName") },
      secrets: [{ field: "content", optional: false }],
    };
  return undefined;
}
