/**
 * The mark of ownership as it appears in a saved config.xml (a job's, a folder's, a view's or a credential's): the
 * end of the root element's `<description>`. Removed on the text, without parsing: the owner name holds no
 * character XML escapes, and the line ends before it are written as Jenkins writes them (a newline as is, a
 * carriage return as `&#xd;`). The owner is read from the parsed root, whose own description only is the item's.
 */
import { parseXml } from "../xml/tree";
import { MARK_PREFIX, MARK_SUFFIX, readMark } from "./mark";
import { rootDescription } from "./root-mark";

const LINE_END = String.raw`(?:\r|\n|&#xd;|&#xD;|&#13;|&#xa;|&#xA;|&#10;)`;
/** One line end as a saved config holds it: a newline, after a carriage return or not. */
const NEWLINE = String.raw`(?:(?:\r|&#xd;|&#xD;|&#13;)?(?:\n|&#xa;|&#xA;|&#10;))`;
const OWNER = String.raw`([A-Za-z0-9._@/-]+)`;
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The mark right before a `</description>`, as `readMark` reads it: the whole description, or after the blank line
 * `withMark` writes before it (that blank line goes with it; line ends of the description's own stay).
 */
const MARK_IN_CONFIG = new RegExp(
  `(?:(?<=<description>)|${NEWLINE}{2})${escape(MARK_PREFIX)}${OWNER}${escape(MARK_SUFFIX)}[ \\t]*${LINE_END}*(?=</description>)`,
);

/** Every mark of the document: a folder's config holds its views' and credentials' descriptions too. */
const MARKS_IN_CONFIG = new RegExp(MARK_IN_CONFIG.source, "g");

/**
 * The owner the mark of the root's own description names; undefined when none. Only a config that holds a mark
 * somewhere is parsed: a folder's first `<description>` may be one of its credentials' or views' (Jenkins writes
 * none for a folder without a description), whose owner is not the folder's.
 */
export function ownerOfConfig(configXml: string): string | undefined {
  if (!configXml.includes(MARK_PREFIX)) return undefined;
  return readMark(rootDescription(parseXml(configXml).root)).owner;
}

/** The config without its mark: what an import declares, so that a program never declares an owner's line. */
export function configWithoutMark(configXml: string): string {
  if (!configXml.includes(MARK_PREFIX)) return configXml;
  return configXml.replace(MARKS_IN_CONFIG, "");
}
