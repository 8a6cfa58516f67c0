/**
 * The three forms a job's config.xml takes in Jenkins (see jenkins-behaviour.md §5):
 *  - right after createItem: an identity transformation of what was posted;
 *  - after any save: XStream's serialization of the loaded job;
 *  - on GET: the stored bytes (before 2.568) or a fresh serialization of the job in memory (2.568 and later).
 */
import { parseXml, type XmlElement } from "../../xml/tree";
import { writeXml } from "../../xml/writer";
import { itemTypeOf } from "./item-types";
import { writePreservingLayout } from "./identity-writer";
import { dropUninstalled, assignPluginAttributes } from "./ownership";
import type { ActivePlugins } from "./plugins";
import { normaliseLayout, markEmptyStrings } from "./layout";
import { completeFields, setFieldText } from "./fields";

/** Written by the identity transformation, with no line break after it. */
export const CREATED_DECLARATION = `<?xml version="1.0" encoding="UTF-8"?>`;
/** Written by XmlFile on every save (Jenkins 2.105 and later), followed by a line break. */
export const SAVED_DECLARATION = `<?xml version='1.1' encoding='UTF-8'?>`;
/** Written when config.xml is serialized for a GET (2.568 and later), followed by a line break. */
export const SERVED_DECLARATION = `<?xml version="1.1" encoding="UTF-8"?>`;

export interface SaveChanges {
  disabled?: boolean;
  description?: string;
}

/**
 * What Jenkins stores right after createItem: the DOCTYPE is gone (its internal entities expanded by the parser),
 * everything else keeps its layout. Throws the XML module's errors on malformed input or a refused DOCTYPE.
 */
export function identityTransform(sentXml: string): string {
  const doc = parseXml(sentXml);
  return CREATED_DECLARATION + writePreservingLayout(doc.root);
}

/** Writes the job's `hudson.util.Secret` objects (as held in memory) into its freshly parsed tree. */
export type SecretsHook = (root: XmlElement) => void;

/** The job as Jenkins holds it in memory after loading `configXml`, in XStream's tree form. */
function loadAndSerialize(
  configXml: string,
  changes: SaveChanges = {},
  active?: ActivePlugins,
  secrets?: SecretsHook,
): XmlElement {
  const root = parseXml(configXml).root;
  secrets?.(root);
  const type = itemTypeOf(root.name);
  const rootClass = type?.className;
  dropUninstalled(root, active);
  normaliseLayout(root);
  completeFields(root, rootClass);
  if (changes.description !== undefined) setFieldText(root, "description", changes.description, rootClass);
  // A plain Folder has no `disabled` field: Jenkins ignores enable/disable there.
  if (changes.disabled !== undefined && type?.canDisable === true) {
    setFieldText(root, "disabled", String(changes.disabled), rootClass);
  }
  assignPluginAttributes(root, rootClass, active);
  markEmptyStrings(root);
  return root;
}

/** The file Jenkins writes on any save (enable, disable, description, config.xml POST), with `changes` applied. */
export function resave(
  configXml: string,
  changes?: SaveChanges,
  active?: ActivePlugins,
  secrets?: SecretsHook,
): string {
  return writeXml(loadAndSerialize(configXml, changes, active, secrets), {
    declaration: SAVED_DECLARATION,
    style: "xstream",
  });
}

/** The body of `GET config.xml` for a job whose stored file is `storedXml`. */
export function readBack(
  storedXml: string,
  mode: "legacy" | "current",
  active?: ActivePlugins,
  secrets?: SecretsHook,
): string {
  if (mode === "legacy") return storedXml;
  if (mode !== "current") throw new TypeError(`unknown config.xml read mode: ${String(mode)}`);
  return writeXml(loadAndSerialize(storedXml, {}, active, secrets), {
    declaration: SERVED_DECLARATION,
    style: "xstream",
  });
}
