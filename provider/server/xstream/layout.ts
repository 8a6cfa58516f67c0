/**
 * What XStream keeps of a document's layout: nothing. It rebuilds the text from the objects, so comments vanish,
 * CDATA sections become ordinary (escaped) text, whitespace between elements is replaced by its own indentation,
 * and empty strings are written `<a></a>`. Text inside an element that holds only text is kept to the character.
 */
import type { XmlElement, XmlNode } from "../../xml/tree";
import { isEmptyStringField } from "./empty-elements";

function isBlank(s: string): boolean {
  return /^[ \t\r\n]*$/.test(s);
}

/**
 * Comments dropped, CDATA turned into text, neighbouring text merged, blank text between elements dropped.
 * `isRoot`: the item itself, an object even when it holds nothing but blanks.
 */
export function normaliseLayout(e: XmlElement, isRoot = true): void {
  const merged: XmlNode[] = [];
  for (const c of e.children) {
    if (c.kind === "comment") continue;
    if (c.kind === "element") {
      normaliseLayout(c, false);
      merged.push(c);
      continue;
    }
    const last = merged[merged.length - 1];
    if (last !== undefined && last.kind === "text") last.text += c.text;
    else merged.push({ kind: "text", text: c.text });
  }
  const hasElements = merged.some((c) => c.kind === "element");
  const hasRealText = merged.some((c) => c.kind === "text" && !isBlank(c.text));
  if (hasElements && !hasRealText) {
    e.children = merged.filter((c) => c.kind === "element");
  } else if (!hasElements && !hasRealText && (isRoot || !isEmptyStringField(e))) {
    // `<builders>\n  </builders>`: a collection or object with nothing in it, not a string of blanks.
    e.children = [];
  } else {
    // Text, or mixed content (never written by XStream) left alone so that no character of it is lost.
    e.children = merged;
  }
}

function markEmpty(e: XmlElement): void {
  if (e.children.length === 1 && e.children[0].kind === "text" && e.children[0].text === "") {
    if (!isEmptyStringField(e)) e.children = [];
    return;
  }
  if (e.children.length === 0) {
    if (isEmptyStringField(e)) e.children = [{ kind: "text", text: "" }];
    return;
  }
  for (const c of e.children) if (c.kind === "element") markEmpty(c);
}

/**
 * Marks empty string fields below `root` with an empty text node so that the writer emits `<a></a>`; other empty
 * elements are left without children (`<a/>`). The root is an item, never a string.
 */
export function markEmptyStrings(root: XmlElement): void {
  if (root.children.length === 1 && root.children[0].kind === "text" && root.children[0].text === "") {
    root.children = [];
  }
  for (const c of root.children) if (c.kind === "element") markEmpty(c);
}
