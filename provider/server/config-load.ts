/**
 * The steps Jenkins takes when XML arrives for an item (createItem, config.xml POST): the identity transform
 * to the stored form, then loading it, which fails for malformed XML and for root elements of types that are
 * not installed. Failures are the Oops page (500) with Jenkins's exception messages.
 */
import { Oops } from "./http-errors";
import { rootElementOf } from "./store";
import { identityTransform, itemTypeOf, type ItemType } from "./xstream";

export interface LoadedConfig {
  stored: string;
  type: ItemType;
}

export function loadConfig(text: string, configPath: string, frame: string): LoadedConfig {
  let stored: string;
  try {
    stored = identityTransform(text);
  } catch (e) {
    const detail = e instanceof Error ? e.message : String(e);
    throw new Oops(
      "java.io.IOException",
      "Failed to persist config.xml",
      [{ javaClass: "org.xml.sax.SAXParseException", message: text.trim() === "" ? "Premature end of file." : detail }],
      frame,
    );
  }
  const root = rootElementOf(stored);
  const type = root === undefined ? undefined : itemTypeOf(root);
  if (!type) {
    throw new Oops(
      "java.io.IOException",
      `Unable to read ${configPath}`,
      [{ javaClass: "com.thoughtworks.xstream.mapper.CannotResolveClassException", message: root ?? "" }],
      frame,
    );
  }
  return { stored, type };
}
