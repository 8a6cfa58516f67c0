/**
 * A small, typed XML tree over fast-xml-parser.
 *
 * Everything else in the provider works on these types so that nobody depends on fast-xml-parser's node format.
 * Entities are decoded here (not by fast-xml-parser) so that the rules are explicit and testable: the five
 * predefined entities, numeric character references, and internal entities declared in a DOCTYPE within tight
 * bounds. External entities are never resolved.
 */
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { DEFAULT_MAX_BYTES, scanDoctype, type DoctypeInfo } from "./doctype";
import { XmlSyntaxError, XmlTooLargeError, positionAt } from "./errors";
import { decodeEntities, type EntityContext } from "./entities";

export { XmlSyntaxError, XmlTooLargeError, XmlEntityError } from "./errors";
export { writeXml } from "./writer";
export type { WriteOptions } from "./writer";

/**
 * An element. `<a></a>` is kept as one empty text child and `<a/>` as no children, so that Jenkins's bytes can be
 * reproduced; code that does not care should use textOf/elementChildren, for which both are the same.
 */
export interface XmlElement {
  kind: "element";
  name: string;
  attrs: [string, string][];
  children: XmlNode[];
}
/** Text content, already entity-decoded. */
export interface XmlText {
  kind: "text";
  text: string;
}
export interface XmlComment {
  kind: "comment";
  text: string;
}
export interface XmlCData {
  kind: "cdata";
  text: string;
}
export type XmlNode = XmlElement | XmlText | XmlComment | XmlCData;
export interface XmlDocument {
  root: XmlElement;
  declaration?: { version: string; encoding?: string };
  hasDoctype: boolean;
}

export interface ParseOptions {
  /** Refuse inputs (and entity expansions) larger than this many UTF-8 bytes. Default 10 MiB. */
  maxBytes?: number;
}

// fast-xml-parser's preserveOrder node: { [tagName]: children, ":@"?: attributes }.
type FxpNode = Record<string, unknown>;

const ATTR_PREFIX = "@_";
const TEXT = "#text";
const COMMENT = "#comment";
const CDATA = "#cdata";

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: ATTR_PREFIX,
  textNodeName: TEXT,
  commentPropName: COMMENT,
  cdataPropName: CDATA,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  // We decode entities ourselves (see entities.ts) after our own DOCTYPE policy has run.
  processEntities: false,
  htmlEntities: false,
  ignoreDeclaration: false,
  ignorePiTags: false,
  // Jenkins configs are shallow, but nested folders of matrix axes etc. can go beyond the default of 100.
  maxNestedTags: 1000,
  // Start offsets let us tell `<a></a>` from `<a/>` (see convertElement).
  captureMetaData: true,
});
const META = XMLParser.getMetaDataSymbol() as unknown as string;

/**
 * Parses one XML document. Throws XmlSyntaxError (with line and column) for anything that is not well-formed,
 * XmlEntityError for a DOCTYPE that breaks the entity policy, XmlTooLargeError above `maxBytes`.
 */
export function parseXml(text: string, opts: ParseOptions = {}): XmlDocument {
  const maxBytes = opts.maxBytes ?? DEFAULT_MAX_BYTES;
  // Cheap upper bound first (UTF-8 uses at most 3 bytes per UTF-16 unit) so huge strings are not measured twice.
  if (text.length > maxBytes || (text.length * 3 > maxBytes && Buffer.byteLength(text, "utf8") > maxBytes)) {
    throw new XmlTooLargeError(Buffer.byteLength(text, "utf8"), maxBytes);
  }
  let source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;

  const doctype: DoctypeInfo | undefined = scanDoctype(source, maxBytes);
  if (doctype) {
    // Blank the DOCTYPE out (keeping newlines) so that positions in later errors still match the input.
    const blank = source.slice(doctype.start, doctype.end).replace(/[^\n\r]/g, " ");
    source = source.slice(0, doctype.start) + blank + source.slice(doctype.end);
  }

  const valid = XMLValidator.validate(source, { allowBooleanAttributes: false });
  if (valid !== true) {
    throw new XmlSyntaxError(valid.err.msg, valid.err.line, valid.err.col);
  }

  let raw: FxpNode[];
  try {
    raw = parser.parse(source) as FxpNode[];
  } catch (e) {
    const msg = e instanceof Error ? e.message : String(e);
    throw new XmlSyntaxError(msg, 1, 1);
  }

  const ctx: DecodeContext = {
    source,
    entities: doctype?.entities ?? new Map(),
    budget: { remaining: maxBytes - Buffer.byteLength(text, "utf8"), maxBytes },
  };

  let declaration: XmlDocument["declaration"];
  let root: XmlElement | undefined;
  for (const node of raw) {
    const name = nodeName(node);
    if (name === "?xml") {
      const attrs = attributesOf(node, ctx);
      const version = attrs.find(([k]) => k === "version")?.[1] ?? "1.0";
      const encoding = attrs.find(([k]) => k === "encoding")?.[1];
      declaration = encoding === undefined ? { version } : { version, encoding };
    } else if (name !== undefined && name !== TEXT && name !== COMMENT && !name.startsWith("?")) {
      if (root) {
        const p = positionAt(source, startOf(node) ?? 0);
        throw new XmlSyntaxError(`a second root element <${name}>; a document has exactly one`, p.line, p.column);
      }
      root = convertElement(node, name, ctx);
      checkEpilog(source, endOf(node));
    }
  }
  if (!root) {
    const end = positionAt(source, source.length);
    throw new XmlSyntaxError("no root element", end.line, end.column);
  }
  const doc: XmlDocument = { root, hasDoctype: doctype !== undefined };
  if (declaration) doc.declaration = declaration;
  return doc;
}

type DecodeContext = EntityContext;

function nodeName(node: FxpNode): string | undefined {
  for (const key of Object.keys(node)) {
    if (key !== ":@") return key;
  }
  return undefined;
}

function attributesOf(node: FxpNode, ctx: DecodeContext): [string, string][] {
  const map = node[":@"] as Record<string, unknown> | undefined;
  if (!map) return [];
  const out: [string, string][] = [];
  for (const [key, value] of Object.entries(map)) {
    const name = key.startsWith(ATTR_PREFIX) ? key.slice(ATTR_PREFIX.length) : key;
    // XML attribute-value normalisation: literal tabs/newlines become spaces; character references survive.
    const rawValue = String(value).replace(/[\t\n]/g, " ");
    if (rawValue.includes("<")) throw notAllowed(ctx, `${name}=`, `'<' in the value of attribute "${name}" (write &lt;)`);
    out.push([name, decodeEntities(rawValue, ctx)]);
  }
  return out;
}

function textOfFxp(children: unknown): string {
  if (!Array.isArray(children)) return "";
  let s = "";
  for (const c of children as FxpNode[]) {
    const t = c[TEXT];
    if (t !== undefined) s += String(t);
  }
  return s;
}

function convertElement(node: FxpNode, name: string, ctx: DecodeContext): XmlElement {
  const el: XmlElement = { kind: "element", name, attrs: attributesOf(node, ctx), children: [] };
  const children = node[name];
  if (!Array.isArray(children) || children.length === 0) {
    // XStream writes an empty string as `<a></a>` and an empty object or list as `<a/>`. Keeping that difference
    // (as one empty text node) lets the "xstream" writer reproduce Jenkins's bytes exactly.
    if (writtenWithEndTag(node, ctx.source)) el.children.push({ kind: "text", text: "" });
    return el;
  }
  for (const child of children as FxpNode[]) {
    const childName = nodeName(child);
    if (childName === undefined) continue;
    if (childName === TEXT) {
      const rawText = String(child[TEXT]);
      if (rawText.includes("]]>")) throw notAllowed(ctx, "]]>", "']]>' in text (write ]]&gt;)");
      const text = decodeEntities(rawText, ctx);
      const last = el.children[el.children.length - 1];
      // Entity text next to plain text must form one node, as any XML reader would report it.
      if (last && last.kind === "text") last.text += text;
      else if (text !== "") el.children.push({ kind: "text", text });
    } else if (childName === COMMENT) {
      el.children.push({ kind: "comment", text: textOfFxp(child[COMMENT]) });
    } else if (childName === CDATA) {
      el.children.push({ kind: "cdata", text: textOfFxp(child[CDATA]) });
    } else if (childName.startsWith("?")) {
      // Processing instructions inside elements carry no job configuration; they are dropped.
      continue;
    } else {
      el.children.push(convertElement(child, childName, ctx));
    }
  }
  return el;
}

/** Well-formedness rules fast-xml-parser does not check; the position is that of the first occurrence of `token`. */
function notAllowed(ctx: DecodeContext, token: string, reason: string): XmlSyntaxError {
  const p = positionAt(ctx.source, Math.max(0, ctx.source.indexOf(token)));
  return new XmlSyntaxError(reason, p.line, p.column);
}

/** Offset of the node's `<` in the input (fast-xml-parser's captured metadata). */
function startOf(node: FxpNode): number | undefined {
  const meta = (node as Record<string, unknown>)[META] as { startIndex?: number } | undefined;
  return meta?.startIndex;
}

function endOf(node: FxpNode): number | undefined {
  const meta = (node as Record<string, unknown>)[META] as { endIndex?: number } | undefined;
  return meta?.endIndex;
}

/** After the root only whitespace, comments and processing instructions may follow (the parser drops the rest). */
function checkEpilog(source: string, from: number | undefined): void {
  if (from === undefined) return;
  let i = from;
  while (i < source.length) {
    const ch = source[i];
    if (ch === " " || ch === "\t" || ch === "\n" || ch === "\r") {
      i++;
    } else if (source.startsWith("<!--", i) || source.startsWith("<?", i)) {
      const close = source.indexOf(source[i + 1] === "!" ? "-->" : "?>", i + 2);
      if (close < 0) break;
      i = close + (source[i + 1] === "!" ? 3 : 2);
    } else {
      break;
    }
  }
  if (i < source.length) {
    const p = positionAt(source, i);
    throw new XmlSyntaxError("content after the root element", p.line, p.column);
  }
}

function writtenWithEndTag(node: FxpNode, source: string): boolean {
  const start = startOf(node);
  if (start === undefined) return false;
  let quote = "";
  for (let i = start + 1; i < source.length; i++) {
    const ch = source[i];
    if (quote) {
      if (ch === quote) quote = "";
    } else if (ch === '"' || ch === "'") {
      quote = ch;
    } else if (ch === ">") {
      return source[i - 1] !== "/";
    }
  }
  return false;
}

/** The element children of `e`, in document order. */
export function elementChildren(e: XmlElement): XmlElement[] {
  const out: XmlElement[] = [];
  for (const c of e.children) if (c.kind === "element") out.push(c);
  return out;
}

/** Text of the first child element called `name`, or undefined when there is no such child. */
export function childText(e: XmlElement, name: string): string | undefined {
  for (const c of e.children) {
    if (c.kind === "element" && c.name === name) return textOf(c);
  }
  return undefined;
}

/** Concatenated text and CDATA directly inside `e` (not of nested elements). */
export function textOf(e: XmlElement): string {
  let s = "";
  for (const c of e.children) {
    if (c.kind === "text" || c.kind === "cdata") s += c.text;
  }
  return s;
}
