/**
 * The single-pass reader behind parseXml: one scan of the text that checks well-formedness and builds the tree at
 * the same time, for the documents Jenkins and this provider write (ASCII names, quoted attributes, comments, CDATA,
 * character and predefined entity references, no DOCTYPE).
 *
 * It never reports an error itself. Whatever it does not accept, malformed or merely unusual (a DOCTYPE, a name
 * outside ASCII, spaces around `=`), makes it give up and return undefined; parseXml then runs the validating
 * parser, which either builds the same tree or reports the problem with its line and column. So this reader only
 * has to be right about the documents it accepts, and test/xml/scan.test.ts holds it to giving the same tree as
 * the validating parser for those.
 */
import { decodeEntities, type EntityContext } from "./entities";
import type { XmlDocument, XmlElement } from "./nodes";

/** Thrown inside the scanner to give up; never leaves this module. */
const GIVE_UP = new Error("not for the single-pass reader");

const LT = 60; // <
const GT = 62; // >
const SLASH = 47; // /
const BANG = 33; // !
const QUESTION = 63; // ?
const EQUALS = 61; // =
const DQUOTE = 34; // "
const SQUOTE = 39; // '

/** Nesting deeper than this is left to the validating parser, which has its own limit. */
const MAX_DEPTH = 1000;

function isSpace(c: number): boolean {
  return c === 32 || c === 10 || c === 9 || c === 13;
}

function isNameStart(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95 || c === 58;
}

function isNameChar(c: number): boolean {
  return isNameStart(c) || (c >= 48 && c <= 57) || c === 45 || c === 46;
}

export type ScannedDocument = Omit<XmlDocument, "hasDoctype">;

/** The document's tree, or undefined when the validating parser has to decide. `source` has no DOCTYPE. */
export function scanDocument(source: string, ctx: EntityContext): ScannedDocument | undefined {
  // Line ends are normalised by the validating parser; Jenkins writes a carriage return as `&#xd;` anyway.
  if (source.indexOf("\r") !== -1) return undefined;
  try {
    return new Scanner(source, ctx).document();
  } catch {
    // GIVE_UP, or a reference decodeEntities refused: the validating parser reports it precisely.
    return undefined;
  }
}

class Scanner {
  private i = 0;

  constructor(
    private readonly s: string,
    private readonly ctx: EntityContext,
  ) {}

  document(): ScannedDocument {
    const s = this.s;
    let declaration: ScannedDocument["declaration"];
    if (s.startsWith("<?xml") && isSpace(s.charCodeAt(5))) declaration = this.declaration();
    this.misc();
    if (s.charCodeAt(this.i) !== LT) throw GIVE_UP;
    const root = this.element(0);
    this.misc();
    if (this.i !== s.length) throw GIVE_UP;
    return declaration ? { root, declaration } : { root };
  }

  /** `<?xml version=… encoding=…?>` at the very start. */
  private declaration(): ScannedDocument["declaration"] {
    this.i = 5;
    const attrs = this.attributes(true);
    if (!this.s.startsWith("?>", this.i)) throw GIVE_UP;
    this.i += 2;
    let version = "1.0";
    let encoding: string | undefined;
    for (const [name, value] of attrs) {
      if (name === "version") version = value;
      else if (name === "encoding") encoding = value;
    }
    return encoding === undefined ? { version } : { version, encoding };
  }

  /** Whitespace, comments and processing instructions around the root element. */
  private misc(): void {
    const s = this.s;
    for (;;) {
      while (this.i < s.length && isSpace(s.charCodeAt(this.i))) this.i++;
      if (s.startsWith("<!--", this.i)) this.comment();
      else if (s.startsWith("<?", this.i)) this.instruction();
      else return;
    }
  }

  private comment(): string {
    const end = this.s.indexOf("-->", this.i + 4);
    if (end === -1) throw GIVE_UP;
    const text = this.s.slice(this.i + 4, end);
    this.i = end + 3;
    return text;
  }

  /** A processing instruction: carries no job configuration, so it is skipped. */
  private instruction(): void {
    const s = this.s;
    if (!isNameStart(s.charCodeAt(this.i + 2))) throw GIVE_UP;
    // `<?xml` anywhere but at the start is an error, and the validating parser words it.
    if (s.slice(this.i + 2, this.i + 5).toLowerCase() === "xml" && !isNameChar(s.charCodeAt(this.i + 5))) throw GIVE_UP;
    const end = s.indexOf("?>", this.i + 2);
    if (end === -1) throw GIVE_UP;
    this.i = end + 2;
  }

  private name(): string {
    const s = this.s;
    const start = this.i;
    if (!isNameStart(s.charCodeAt(start))) throw GIVE_UP;
    let j = start + 1;
    while (j < s.length && isNameChar(s.charCodeAt(j))) j++;
    const next = s.charCodeAt(j);
    // A name going on in characters outside ASCII: the validating parser knows XML's full name rules.
    if (next >= 128) throw GIVE_UP;
    this.i = j;
    return s.slice(start, j);
  }

  /**
   * Attributes up to `>`, `/>` (or `?>` in the declaration). Each needs white space before it, `=` right after its
   * name and a quoted value; a repeated name gives up.
   */
  private attributes(inDeclaration: boolean): [string, string][] {
    const s = this.s;
    const attrs: [string, string][] = [];
    for (;;) {
      const before = this.i;
      while (isSpace(s.charCodeAt(this.i))) this.i++;
      const c = s.charCodeAt(this.i);
      if (c === GT || c === SLASH || (inDeclaration && c === QUESTION)) return attrs;
      if (this.i === before) throw GIVE_UP;
      const name = this.name();
      if (s.charCodeAt(this.i) !== EQUALS) throw GIVE_UP;
      const quote = s.charCodeAt(this.i + 1);
      if (quote !== DQUOTE && quote !== SQUOTE) throw GIVE_UP;
      const end = s.indexOf(quote === DQUOTE ? '"' : "'", this.i + 2);
      if (end === -1) throw GIVE_UP;
      let raw = s.slice(this.i + 2, end);
      if (raw.indexOf("<") !== -1) throw GIVE_UP;
      // Attribute-value normalisation as the validating parser does it: literal tabs and newlines become spaces.
      if (raw.indexOf("\n") !== -1 || raw.indexOf("\t") !== -1) raw = raw.replace(/[\t\n]/g, " ");
      for (const [seen] of attrs) if (seen === name) throw GIVE_UP;
      attrs.push([name, decodeEntities(raw, this.ctx)]);
      this.i = end + 1;
    }
  }

  /** An element starting at `<`, through its end tag. */
  private element(depth: number): XmlElement {
    if (depth > MAX_DEPTH) throw GIVE_UP;
    const s = this.s;
    this.i++;
    const name = this.name();
    const el: XmlElement = { kind: "element", name, attrs: this.attributes(false), children: [] };
    if (s.charCodeAt(this.i) === SLASH) {
      if (s.charCodeAt(this.i + 1) !== GT) throw GIVE_UP;
      this.i += 2;
      return el;
    }
    this.i++; // ">"
    const children = el.children;
    // Whether anything at all stood between the tags: `<a></a>` keeps one empty text node (see nodes.ts).
    let content = false;
    for (;;) {
      const lt = s.indexOf("<", this.i);
      if (lt === -1) throw GIVE_UP;
      if (lt > this.i) {
        content = true;
        const raw = s.slice(this.i, lt);
        if (raw.indexOf("]]>") !== -1) throw GIVE_UP;
        const text = decodeEntities(raw, this.ctx);
        const last = children[children.length - 1];
        if (last !== undefined && last.kind === "text") last.text += text;
        else children.push({ kind: "text", text });
      }
      this.i = lt;
      const c = s.charCodeAt(lt + 1);
      if (c === SLASH) {
        this.endTag(name);
        if (!content) children.push({ kind: "text", text: "" });
        return el;
      }
      content = true;
      if (c === BANG) {
        if (s.startsWith("<!--", lt)) {
          children.push({ kind: "comment", text: this.comment() });
        } else if (s.startsWith("<![CDATA[", lt)) {
          const end = s.indexOf("]]>", lt + 9);
          if (end === -1) throw GIVE_UP;
          children.push({ kind: "cdata", text: s.slice(lt + 9, end) });
          this.i = end + 3;
        } else {
          throw GIVE_UP;
        }
      } else if (c === QUESTION) {
        this.instruction();
      } else {
        children.push(this.element(depth + 1));
      }
    }
  }

  /** `</name>`, white space allowed before the `>`. */
  private endTag(name: string): void {
    const s = this.s;
    const at = this.i + 2;
    if (!s.startsWith(name, at)) throw GIVE_UP;
    let j = at + name.length;
    while (isSpace(s.charCodeAt(j))) j++;
    if (s.charCodeAt(j) !== GT) throw GIVE_UP;
    this.i = j + 1;
  }
}
