/**
 * A small, typed XML tree: read in one pass by scan.ts when the document is plain, by fast-xml-parser (validator
 * first) otherwise.
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
import { scanDocument } from "./scan";

export { XmlSyntaxError, XmlTooLargeError, XmlEntityError } from "./errors";
import type { XmlDocument, XmlElement } from "./nodes";
export type { XmlCData, XmlComment, XmlDocument, XmlElement, XmlNode, XmlText } from "./nodes";

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

const OPTIONS = {
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
  // Our callbacks are the defaults and ignore the path; asking for it as a string rebuilds it at every tag.
  jPath: false,
} as const;

/**
 * Elements that carry the long texts of job configs: Pipeline scripts, shell and batch commands, descriptions.
 *
 * fast-xml-parser builds text one character at a time, which makes a 1 MB script cost tens of milliseconds and a
 * lot of garbage. Declared as "stop nodes", their content is taken as one slice of the input instead. That is only
 * the same tree when the content is plain text (with references), which is what Jenkins writes; when one of them
 * holds markup (a CDATA section, a comment, an element), the document is parsed again without this shortcut.
 * Well-formedness does not depend on it: the validator has checked the whole input, these elements included.
 */
const TEXT_ELEMENTS: readonly string[] = ["script", "command", "description"];
const TEXT_ELEMENT_SET: ReadonlySet<string> = new Set(TEXT_ELEMENTS);

const textParser = new XMLParser({ ...OPTIONS, stopNodes: TEXT_ELEMENTS.map((name) => `..${name}`) });
const parser = new XMLParser(OPTIONS);
const META = XMLParser.getMetaDataSymbol() as unknown as string;

/** Thrown (and caught) inside parseXml when a text element holds markup: the full parse is needed. */
const MARKUP_IN_TEXT_ELEMENT = new Error("markup inside a text element");

/**
 * Parses one XML document. Throws XmlSyntaxError (with line and column) for anything that is not well-formed,
 * XmlEntityError for a DOCTYPE that breaks the entity policy, XmlTooLargeError above `maxBytes`.
 */
export function parseXml(text: string, opts: ParseOptions = {}): XmlDocument {
  return parseDocument(text, opts, true);
}

/** parseXml without the single-pass reader: the validating parser alone (for tests that compare the two). */
export function parseXmlValidating(text: string, opts: ParseOptions = {}): XmlDocument {
  return parseDocument(text, opts, false);
}

function parseDocument(text: string, opts: ParseOptions, singlePass: boolean): XmlDocument {
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

  if (singlePass && !doctype) {
    // The common case, in one scan; anything it does not take is decided by the validating parser below.
    const scanned = scanDocument(source, { source, entities: NO_ENTITIES, budget: { remaining: maxBytes, maxBytes } });
    if (scanned) {
      const doc: XmlDocument = { root: scanned.root, hasDoctype: false };
      if (scanned.declaration) doc.declaration = scanned.declaration;
      return doc;
    }
  }

  // fast-xml-parser's parse is not a well-formedness check (it accepts mismatched and unclosed tags, duplicate
  // attributes, ...), so the validator always runs first; it also gives the line and column of the problem.
  const valid = XMLValidator.validate(source, { allowBooleanAttributes: false });
  if (valid !== true) {
    // Some of its errors (an input without any tag) come without a column.
    throw new XmlSyntaxError(valid.err.msg, valid.err.line || 1, valid.err.col || 1);
  }

  const entities = doctype?.entities ?? NO_ENTITIES;
  // Only declared entities are charged against the budget, so without any the input need not be measured.
  const remaining = entities.size === 0 ? maxBytes : maxBytes - Buffer.byteLength(text, "utf8");
  const context = (textElements: boolean): DecodeContext => ({
    source,
    entities,
    budget: { remaining, maxBytes },
    textElements,
  });

  let built: Omit<XmlDocument, "hasDoctype">;
  try {
    built = buildDocument(runParser(textParser, source), context(true));
  } catch {
    // Markup in a text element, or any problem at all: the full parse decides (and reports the problem itself).
    built = buildDocument(runParser(parser, source), context(false));
  }
  const doc: XmlDocument = { root: built.root, hasDoctype: doctype !== undefined };
  if (built.declaration) doc.declaration = built.declaration;
  return doc;
}

function runParser(p: XMLParser, source: string): FxpNode[] {
  try {
    return p.parse(source) as FxpNode[];
  } catch (e) {
    const msg = e instanceof Error ? e.message : String(e);
    throw new XmlSyntaxError(msg, 1, 1);
  }
}

function buildDocument(raw: FxpNode[], ctx: DecodeContext): Omit<XmlDocument, "hasDoctype"> {
  const { source } = ctx;
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
  return declaration ? { root, declaration } : { root };
}

interface DecodeContext extends EntityContext {
  /** The tree came from textParser: TEXT_ELEMENTS hold their raw content as one text node. */
  textElements: boolean;
}

const NO_ENTITIES: ReadonlyMap<string, string> = new Map();

function nodeName(node: FxpNode): string | undefined {
  // for-in stops at the first key without building the key array (one node per element: this is a hot path).
  for (const key in node) {
    if (key !== ":@") return key;
  }
  return undefined;
}

function attributesOf(node: FxpNode, ctx: DecodeContext): [string, string][] {
  const map = node[":@"] as Record<string, unknown> | undefined;
  if (!map) return [];
  const out: [string, string][] = [];
  for (const key of Object.keys(map)) {
    const name = key.startsWith(ATTR_PREFIX) ? key.slice(ATTR_PREFIX.length) : key;
    let rawValue = String(map[key]);
    // XML attribute-value normalisation: literal tabs/newlines become spaces; character references survive.
    if (rawValue.indexOf("\n") !== -1 || rawValue.indexOf("\t") !== -1) rawValue = rawValue.replace(/[\t\n]/g, " ");
    if (rawValue.indexOf("<") !== -1)
      throw notAllowed(ctx, `${name}=`, `'<' in the value of attribute "${name}" (write &lt;)`);
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
  let children = node[name];
  if (ctx.textElements && TEXT_ELEMENT_SET.has(name)) {
    // Raw content of a stop node (see TEXT_ELEMENTS): one text node, "" when the element is empty.
    const content = textOfFxp(children);
    if (content.indexOf("<") !== -1) throw MARKUP_IN_TEXT_ELEMENT;
    if (content === "") children = [];
  }
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
    } else if (childName.charCodeAt(0) === 63 /* "?" */) {
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
