/**
 * The provider's side of secrets. The declared config carries placeholders (`[secret 1]`) and the values arrive
 * in the `secretValues` input (plaintext in this process, encrypted by Pulumi in the state). Jenkins answers with
 * its own encrypted text for each value, a new one each time a value is set, so a value cannot be compared with
 * what Jenkins returns. Instead:
 *  - the config is compared with the remote config in which each secret is a placeholder too (`maskSecrets`);
 *  - after sending secrets, the provider reads the config once and records, per value, the SHA-256 of the text
 *    Jenkins made of it (`secretDigests`: never the value, never a digest of it); a later read that finds another
 *    text there found a value set by hand.
 * Legacy Jenkins shows a posted plaintext until the job's next save: then nothing is recorded, and the first
 * encrypted text seen for that value is taken as Jenkins's (a hand edit before that first save is not told apart).
 */
import { createHash } from "node:crypto";
import { escapeText } from "../../xml/writer";
import { elementChildren, textOf, type XmlElement } from "../../xml/tree";
import { isEncryptedSecret, mayHoldSecrets, placeholder, placeholderIndex, SECRET_FIELDS } from "./fields";

/** `secretDigests` entry of a value found changed in Jenkins by a refresh. */
export const CHANGED_IN_JENKINS = "changed in Jenkins";

export interface SecretProps {
  secretValues?: unknown;
  secretDigests?: unknown;
}

/** The class an element name stands for: XStream writes `$` as `_-` and `_` as `__` (`a.B_-C` is `a.B$C`). */
export function decodeClassName(elementName: string): string {
  return elementName.replace(/_([_-])/g, (_m, c: string) => (c === "_" ? "_" : "$"));
}

function classOf(e: XmlElement): string | undefined {
  const explicit = e.attrs.find(([n]) => n === "class")?.[1];
  if (explicit !== undefined) return explicit;
  return e.name.includes(".") ? decodeClassName(e.name) : undefined;
}

function withText(e: XmlElement, text: string): XmlElement {
  return { ...e, children: [{ kind: "text", text }] };
}

export interface Masked {
  root: XmlElement;
  /** The text of each secret, in document order (what Jenkins holds: encrypted, or a plaintext in legacy mode). */
  values: string[];
  /** Where each one is (element path), for messages that must not show the value. */
  paths: string[];
}

/**
 * `root` with each secret (a known Secret field, or a text that is an encrypted value) replaced by its placeholder;
 * `root` itself when it holds none. Never modifies `root`.
 */
export function maskSecrets(root: XmlElement, text?: string): Masked {
  const values: string[] = [];
  const paths: string[] = [];
  if (text !== undefined && !mayHoldSecrets(text)) return { root, values, paths };
  const walk = (e: XmlElement, path: string): XmlElement => {
    const fields = SECRET_FIELDS[classOf(e) ?? ""];
    let changed = false;
    const children = e.children.map((c) => {
      if (c.kind !== "element") return c;
      const at = `${path}/${c.name}`;
      const own = textOf(c).trim();
      // A placeholder stands for a secret wherever it is (an encrypted value in a field the table does not know).
      const secret =
        (fields?.includes(c.name) && elementChildren(c).length === 0) ||
        isEncryptedSecret(own) ||
        placeholderIndex(own) !== undefined;
      if (secret) {
        changed = true;
        values.push(textOf(c));
        paths.push(at);
        return withText(c, placeholder(values.length - 1));
      }
      const next = walk(c, at);
      if (next !== c) changed = true;
      return next;
    });
    return changed ? { ...e, children } : e;
  };
  return { root: walk(root, root.name), values, paths };
}

/** The config to send: each placeholder in element text replaced by its value. */
export function revealSecrets(xml: string, values: readonly string[]): string {
  if (values.length === 0) return xml;
  return xml.replace(/>\[secret ([1-9]\d*)\]</g, (m, n: string) => {
    const value = values[Number(n) - 1];
    return value === undefined ? m : `>${escapeText(value, false)}<`;
  });
}

/** Why a checked config and its values do not fit together, naming places, never values; undefined when they do. */
export function secretsProblem(masked: Masked, values: unknown): string | undefined {
  const list = Array.isArray(values) ? values : [];
  if (values !== undefined && values !== null && !list.every((v) => typeof v === "string"))
    return "secretValues must be a list of strings.";
  const clear = masked.values.findIndex((v, i) => placeholderIndex(v.trim()) !== i);
  if (clear >= 0) {
    return (
      `${masked.paths[clear]} holds a secret that was not replaced by a placeholder, so it would be stored in the ` +
      `state in clear. Declare the job with the Job class of this package, which moves secrets into an encrypted input.`
    );
  }
  if (masked.values.length !== list.length) {
    return `the config has ${masked.values.length} secret placeholder(s) but ${list.length} secret value(s) were given.`;
  }
  return undefined;
}

export function digestOf(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex");
}

function stringList(v: unknown): string[] {
  return Array.isArray(v) ? v.map((x) => (typeof x === "string" ? x : "")) : [];
}

/** What Jenkins made of each value just sent, read back: the digest of its encrypted text, "" when not shown yet. */
export function learnedDigests(remote: readonly string[]): string[] {
  return remote.map((r) => (isEncryptedSecret(r.trim()) ? digestOf(r.trim()) : ""));
}

/**
 * The remote secrets against the declared values and the digests recorded: the digests to keep (a first
 * encrypted text seen in legacy mode is recorded), and whether a value was changed in Jenkins.
 */
export function compareSecrets(olds: SecretProps, remote: readonly string[]): { digests: string[]; drifted: boolean } {
  const declared = stringList(olds.secretValues);
  const recorded = stringList(olds.secretDigests);
  let drifted = remote.length !== declared.length;
  const digests = remote.map((raw, i) => {
    const r = raw.trim();
    const known = recorded[i] ?? "";
    // The very text declared: a plaintext legacy Jenkins shows until the next save, or an encrypted value copied
    // from Jenkins, which is then recorded so that a new text there is seen.
    if (r === declared[i]) return known !== "" || !isEncryptedSecret(r) ? known : digestOf(r);
    if (known !== "" && known !== CHANGED_IN_JENKINS && digestOf(r) === known) return known;
    if (known === "" && isEncryptedSecret(r)) return digestOf(r);
    drifted = true;
    return CHANGED_IN_JENKINS;
  });
  return { digests, drifted };
}

/** Whether the declared values differ from those last applied, or a refresh found one changed in Jenkins. */
export function secretsChanged(olds: SecretProps, values: unknown): boolean {
  const before = stringList(olds.secretValues);
  const after = stringList(values);
  if (before.length !== after.length || before.some((v, i) => v !== after[i])) return true;
  return stringList(olds.secretDigests).includes(CHANGED_IN_JENKINS);
}

/** The number of secret values given. */
export function secretCount(values: unknown): number {
  return Array.isArray(values) ? values.length : 0;
}
