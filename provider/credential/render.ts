/**
 * The XML each credential type is posted as, and what a redacted config.xml read back from Jenkins says about the
 * fields we can compare. Pure.
 *
 * Jenkins answers `GET …/credential/ID/config.xml` with every Secret and SecretBytes replaced by
 * `<secret-redacted/>`, so only non-secret fields can be compared with what is declared: scope, description, a
 * username, a file name, and for a `configXml` credential the whole config with every secret field left out.
 */
import { canonicalizeDocument } from "../xml/canonical";
import { createHash } from "node:crypto";
import { elementsEqual, semanticDigest } from "../xml/semantic";
import { childText, elementChildren, parseXml, textOf, type XmlElement, type XmlNode } from "../xml/tree";
import { escapeText } from "../xml/writer";
import { decodeClassName, revealSecrets } from "../resource/secrets/state";
import { placeholderIndex } from "../resource/secrets/fields";
import type { CredentialConfigDigest, CredentialInputs, CredentialKind, CredentialScope, TypedKind } from "./types";

/** The class (root element) of each typed kind, and the plugin that provides it. */
export const TYPED_CLASSES: Readonly<Record<TypedKind, { root: string; plugin: string }>> = {
  secretText: {
    root: "org.jenkinsci.plugins.plaincredentials.impl.StringCredentialsImpl",
    plugin: "plain-credentials",
  },
  usernamePassword: {
    root: "com.cloudbees.plugins.credentials.impl.UsernamePasswordCredentialsImpl",
    plugin: "credentials",
  },
  sshPrivateKey: {
    root: "com.cloudbees.jenkins.plugins.sshcredentials.impl.BasicSSHUserPrivateKey",
    plugin: "ssh-credentials",
  },
  secretFile: { root: "org.jenkinsci.plugins.plaincredentials.impl.FileCredentialsImpl", plugin: "plain-credentials" },
};

export const DIRECT_ENTRY =
  "com.cloudbees.jenkins.plugins.sshcredentials.impl.BasicSSHUserPrivateKey$DirectEntryPrivateKeySource";

/** How many secret values each typed kind takes, in `secretValues` order. */
export const SECRET_NAMES: Readonly<Record<TypedKind, readonly string[]>> = {
  secretText: ["secretText.secret"],
  usernamePassword: ["usernamePassword.password"],
  sshPrivateKey: ["sshPrivateKey.privateKey", "sshPrivateKey.passphrase"],
  secretFile: ["secretFile.content"],
};

export function kindOf(v: Partial<CredentialInputs>): CredentialKind {
  if (v.secretText !== undefined) return "secretText";
  if (v.usernamePassword !== undefined) return "usernamePassword";
  if (v.sshPrivateKey !== undefined) return "sshPrivateKey";
  if (v.secretFile !== undefined) return "secretFile";
  return "configXml";
}

const el = (name: string, text: string): string => `  <${name}>${escapeText(text, false)}</${name}>\n`;

/** The common fields every credential carries, in the order Jenkins writes them. */
function common(v: CredentialInputs): string {
  return el("scope", v.scope ?? "GLOBAL") + el("id", v.credentialId) + el("description", v.description ?? "");
}

/**
 * The config.xml to post: with the secret values when given (to send), with placeholders when not (the form kept
 * in outputs and compared). A `configXml` credential gets the resource's id, scope and description.
 */
export function renderCredential(v: CredentialInputs, values?: readonly string[]): string {
  const kind = kindOf(v);
  const secret = (i: number): string => (values === undefined ? `[secret ${i + 1}]` : (values[i] ?? ""));
  if (kind === "configXml") {
    const withFields = withCommonFields(v.configXml as string, v);
    return values === undefined ? withFields : revealSecrets(withFields, values);
  }
  const root = TYPED_CLASSES[kind].root;
  let body = common(v);
  if (kind === "secretText") body += el("secret", secret(0));
  else if (kind === "usernamePassword")
    body += el("usernameSecret", "false") + el("username", v.usernamePassword!.username) + el("password", secret(0));
  else if (kind === "sshPrivateKey") {
    body +=
      el("username", v.sshPrivateKey!.username) +
      el("usernameSecret", "false") +
      `  <privateKeySource class="${DIRECT_ENTRY}">\n  ${el("privateKey", secret(0))}  </privateKeySource>\n`;
    // No passphrase is an empty one: the element is left out rather than posted empty.
    if (values === undefined || secret(1) !== "") body += el("passphrase", secret(1));
  } else {
    body += el("fileName", v.secretFile!.fileName);
    // SecretBytes takes a text that is not an encrypted value as the base64 of the plain bytes.
    body += el("secretBytes", values === undefined ? secret(0) : Buffer.from(secret(0), "utf8").toString("base64"));
  }
  return `<${root}>\n${body}</${root}>\n`;
}

const COMMON = ["scope", "id", "description"] as const;

function textElement(name: string, text: string): XmlElement {
  return { kind: "element", name, attrs: [], children: [{ kind: "text", text }] };
}

/** `xml` with `<scope>`, `<id>` and `<description>` set from the resource's inputs (the first three children). */
export function withCommonFields(xml: string, v: CredentialInputs): string {
  const doc = parseXml(xml);
  const values: Record<(typeof COMMON)[number], string | undefined> = {
    scope: v.scope ?? childText(doc.root, "scope") ?? "GLOBAL",
    id: v.credentialId,
    description: v.description ?? childText(doc.root, "description") ?? "",
  };
  const rest = doc.root.children.filter(
    (c) => !(c.kind === "element" && (COMMON as readonly string[]).includes(c.name)),
  );
  const children: XmlNode[] = [...COMMON.map((n) => textElement(n, values[n] as string)), ...rest];
  return canonicalizeDocument({ ...doc, root: { ...doc.root, children } });
}

/** The non-secret fields of a credential, as declared or as Jenkins shows them. */
export interface CredentialFields {
  /** The root element: the credential's class. */
  type: string;
  scope: CredentialScope | string;
  description: string;
  username?: string;
  fileName?: string;
}

export function fieldsOfConfig(xml: string): CredentialFields {
  const root = parseXml(xml).root;
  const fields: CredentialFields = {
    type: root.name,
    scope: childText(root, "scope")?.trim() || "GLOBAL",
    description: childText(root, "description") ?? "",
  };
  const username = childText(root, "username");
  if (username !== undefined) fields.username = username;
  const fileName = childText(root, "fileName");
  if (fileName !== undefined) fields.fileName = fileName;
  return fields;
}

/** The fields the inputs of a typed credential declare. */
export function declaredFields(v: CredentialInputs): CredentialFields {
  const kind = kindOf(v);
  if (kind === "configXml") return fieldsOfConfig(withCommonFields(v.configXml as string, v));
  const fields: CredentialFields = {
    type: TYPED_CLASSES[kind].root,
    scope: v.scope ?? "GLOBAL",
    description: v.description ?? "",
  };
  if (kind === "usernamePassword") fields.username = v.usernamePassword!.username;
  if (kind === "sshPrivateKey") fields.username = v.sshPrivateKey!.username;
  if (kind === "secretFile") fields.fileName = v.secretFile!.fileName;
  return fields;
}

/** Names of the fields that differ between what is declared and what Jenkins has. */
export function fieldChanges(declared: CredentialFields, remote: CredentialFields): (keyof CredentialFields)[] {
  const keys: (keyof CredentialFields)[] = ["type", "scope", "description", "username", "fileName"];
  return keys.filter((k) => declared[k] !== undefined && declared[k] !== remote[k]);
}

/** A secret field's content, as declared (a placeholder) or as Jenkins shows it (`<secret-redacted/>`). */
function isSecretSlot(e: XmlElement): boolean {
  const kids = elementChildren(e);
  if (kids.length === 1 && kids[0].name === "secret-redacted") return true;
  return kids.length === 0 && placeholderIndex(textOf(e).trim()) !== undefined;
}

/** The tree with every secret slot emptied, so that a declared config and a redacted one compare field by field. */
function withoutSecrets(e: XmlElement): XmlElement {
  return {
    ...e,
    children: e.children.map((c) => {
      if (c.kind !== "element") return c;
      if (isSecretSlot(c)) return { ...c, children: [] };
      return withoutSecrets(c);
    }),
  };
}

/**
 * The remote root named as declared when both name the same class: XStream writes a class name XML-friendly
 * (`github_branch_source` as `github__branch__source`, `A$B` as `A_-B`), a declared config may spell it plainly.
 */
function spelledAs(declaredName: string, remote: XmlElement): XmlElement {
  return decodeClassName(declaredName) === decodeClassName(remote.name) ? { ...remote, name: declaredName } : remote;
}

/**
 * Whether Jenkins's (redacted) copy of a `configXml` credential holds what is declared, secrets apart. Elements
 * Jenkins writes that the declared config leaves out (a field's default) are not differences.
 */
export function sameConfigCredential(declared: string, remote: string): boolean {
  const d = withoutSecrets(parseXml(declared).root);
  const r = withoutSecrets(spelledAs(parseXml(declared).root.name, parseXml(remote).root));
  const names = new Set(elementChildren(d).map((c) => c.name));
  const trimmed = { ...r, children: r.children.filter((c) => c.kind !== "element" || names.has(c.name)) };
  return elementsEqual(d, trimmed);
}

function slotsOf(root: XmlElement): string[] {
  const slots: string[] = [];
  const collect = (e: XmlElement): void => {
    for (const c of elementChildren(e)) {
      if (isSecretSlot(c)) slots.push(textOf(c).trim());
      else collect(c);
    }
  };
  collect(root);
  return slots;
}

const sha256 = (text: string): string => createHash("sha256").update(text, "utf8").digest("hex");

/** The digest of a `configXml` credential: its input text, and the config rendered with its common fields. */
export function credentialDigestOf(configXml: string, rendered: string): CredentialConfigDigest {
  const root = parseXml(rendered).root;
  return {
    root: root.name,
    canonical: sha256(configXml),
    semantic: semanticDigest(withoutSecrets(root)),
    fields: [...new Set(elementChildren(root).map((c) => c.name))],
    slots: slotsOf(root),
  };
}

export function isCredentialDigest(value: unknown): value is CredentialConfigDigest {
  const d = value as Partial<CredentialConfigDigest> | undefined;
  return typeof d === "object" && d !== null && typeof d.canonical === "string" && Array.isArray(d.slots);
}

/** Whether a `configXml` input is the one a digest was made of. */
export function sameInput(digest: CredentialConfigDigest, configXml: string): boolean {
  return digest.canonical === sha256(configXml);
}

/** sameConfigCredential, for a declared config known by its digest. */
export function sameAsDigest(digest: CredentialConfigDigest, remote: string): boolean {
  const r = withoutSecrets(spelledAs(digest.root, parseXml(remote).root));
  const names = new Set(digest.fields);
  const trimmed = { ...r, children: r.children.filter((c) => c.kind !== "element" || names.has(c.name)) };
  return semanticDigest(trimmed) === digest.semantic;
}

/**
 * Jenkins's copy of a `configXml` credential as the resource keeps it: each redacted secret as the placeholder of
 * the same place in the declared config (given as text, or as its digest), so the next preview shows the hand edit
 * and nothing of a secret.
 */
export function driftedConfigXml(declared: string | CredentialConfigDigest, remote: string): string {
  const declaredRoot = typeof declared === "string" ? parseXml(declared).root.name : declared.root;
  const slots = typeof declared === "string" ? slotsOf(parseXml(declared).root) : declared.slots;
  let n = 0;
  const fill = (e: XmlElement): XmlElement => ({
    ...e,
    children: e.children.map((c) => {
      if (c.kind !== "element") return c;
      if (!isSecretSlot(c)) return fill(c);
      const text = slots[n] ?? `[secret ${n + 1}]`;
      n++;
      return { ...c, children: [{ kind: "text", text }] };
    }),
  });
  const doc = parseXml(remote);
  return canonicalizeDocument({ ...doc, root: fill(spelledAs(declaredRoot, doc.root)) });
}
