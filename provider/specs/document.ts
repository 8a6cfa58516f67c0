/**
 * Writes a rendered item as the file Jenkins saves: XStream's declaration and layout, no trailing newline.
 */
import { type XmlElement } from "../xml/tree";
import { writeXml } from "../xml/writer";
import { str } from "./nodes";
import type { JobSpecFields } from "./types";

/** The declaration Jenkins (2.105 and later) writes on every save. */
export const XSTREAM_DECLARATION = "<?xml version='1.1' encoding='UTF-8'?>";

export function writeConfig(root: XmlElement): string {
  return writeXml(root, { declaration: XSTREAM_DECLARATION, style: "xstream" });
}

/** `<description>`: always written, "" when the Job has none (as the UI saves a new item). */
export function descriptionElement(fields: JobSpecFields | undefined): XmlElement {
  return str("description", fields?.description ?? "");
}

/** The `<disabled>` text for a job. */
export function isDisabled(fields: JobSpecFields | undefined): boolean {
  return fields?.enabled === false;
}
