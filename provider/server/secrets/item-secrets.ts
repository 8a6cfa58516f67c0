/**
 * The `Secret` objects of each loaded item, as Jenkins holds them in memory.
 *
 * Loading a config (createItem, a config.xml POST, a restart) turns each Secret field into an object: a text that
 * decrypts with this controller's key keeps its IV (so it is written back as the same text), anything else is
 * plaintext and gets a new IV. Every later serialization of the item, a save or a current-mode GET, writes those
 * objects, so one value reads the same every time, and a value set anew reads differently even when the plaintext
 * is the same. A legacy-mode GET shows the stored file, which keeps a posted plaintext until the next save.
 */
import { parseXml, textOf, type XmlElement } from "../../xml/tree";
import type { Item } from "../store";
import { SECRET_CLASS_MARKERS, secretFieldElements } from "./secret-fields";
import { decryptSecret, encryptSecret } from "./secret-key";

export interface LoadedSecrets {
  /** The stored text these objects were loaded from. */
  readonly stored: string;
  /** The encrypted text of each Secret field, in document order. */
  readonly texts: readonly string[];
}

const loaded = new WeakMap<Item, LoadedSecrets>();

/** Sets the text of `e` (a Secret field) to `text`. */
function setText(e: XmlElement, text: string): void {
  e.children = [{ kind: "text", text }];
}

/** The object a field's text becomes on load: kept when it is this key's, else a new encryption of the plaintext. */
export function loadValue(key: Buffer, text: string): string {
  return decryptSecret(key, text) === undefined ? encryptSecret(key, text) : text;
}

/** A cheap test first: most configs hold no Secret field, and they are never parsed for it. */
export function mayHoldSecrets(xml: string): boolean {
  return SECRET_CLASS_MARKERS.some((m) => xml.includes(m));
}

function load(key: Buffer, stored: string): LoadedSecrets {
  if (!mayHoldSecrets(stored)) return { stored, texts: [] };
  const texts = secretFieldElements(parseXml(stored).root).map((e) => loadValue(key, textOf(e)));
  return { stored, texts };
}

/** The item's Secret objects, loading them when the item was (re)loaded since. */
export function secretsOf(key: Buffer, item: Item): LoadedSecrets {
  const have = loaded.get(item);
  if (have !== undefined && have.stored === item.xml) return have;
  const fresh = load(key, item.xml);
  loaded.set(item, fresh);
  return fresh;
}

/** After a config.xml POST: the item is loaded again from what was stored, so plaintexts get new IVs. */
export function reloadSecrets(key: Buffer, item: Item): void {
  loaded.set(item, load(key, item.xml));
}

/** A hook for the XStream serialization: writes the item's Secret objects into its tree. */
export function writeLoaded(secrets: LoadedSecrets): ((root: XmlElement) => void) | undefined {
  if (secrets.texts.length === 0) return undefined;
  return (root) => secretFieldElements(root).forEach((e, i) => setText(e, secrets.texts[i] ?? ""));
}

/** A hook for the serialization of a config loaded just now (a POST in current mode): every plaintext encrypted. */
export function writeFresh(key: Buffer, xml: string): ((root: XmlElement) => void) | undefined {
  if (!mayHoldSecrets(xml)) return undefined;
  return (root) => secretFieldElements(root).forEach((e) => setText(e, loadValue(key, textOf(e))));
}
