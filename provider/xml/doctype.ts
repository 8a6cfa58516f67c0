/**
 * DOCTYPE policy.
 *
 * Jenkins itself accepts a DOCTYPE on createItem and stores the document with internal entities expanded, so a
 * config that declares a few entities is legitimate input. What is never acceptable: resolving anything outside the
 * document, and letting a tiny input expand into gigabytes. The policy, enforced before fast-xml-parser sees the text:
 *  - an external DTD named by `<!DOCTYPE x SYSTEM "...">` is never fetched (entities from it stay undefined);
 *  - external entities (`<!ENTITY e SYSTEM ...>`) and parameter entities (`<!ENTITY % e ...>`, `%e;`) are refused;
 *  - an internal entity may not refer to another declared entity (no nesting, hence no exponential "billion laughs")
 *    nor contain markup; character references and the predefined entities inside its value are fine;
 *  - at most MAX_ENTITIES declarations of at most MAX_ENTITY_LENGTH characters; every expansion is charged against
 *    `maxBytes`, so the fully expanded document can never exceed it.
 * fast-xml-parser never sees the DOCTYPE (tree.ts blanks it out) and runs with `processEntities: false`, so its own
 * entity handling, with different rules and limits, is not involved.
 */
import { XmlEntityError, XmlSyntaxError, positionAt } from "./errors";
import { PREDEFINED_ENTITIES, charFromReference } from "./entities";

export const DEFAULT_MAX_BYTES = 10 * 1024 * 1024;
export const MAX_ENTITIES = 100;
export const MAX_ENTITY_LENGTH = 10_000;

export interface DoctypeInfo {
  /** Offset of `<!DOCTYPE` in the text. */
  start: number;
  /** Offset just after the closing `>`. */
  end: number;
  rootName: string;
  /** Internal general entities, values fully decoded. */
  entities: Map<string, string>;
}

const NAME = /[A-Za-z_:\u00C0-\uFFFF][-A-Za-z0-9._:\u00B7-\uFFFF]*/y;
const SPACE = /[ \t\r\n]*/y;

class Cursor {
  constructor(
    readonly text: string,
    public pos: number,
  ) {}
  fail(reason: string, at = this.pos): never {
    const p = positionAt(this.text, at);
    throw new XmlSyntaxError(reason, p.line, p.column);
  }
  refuse(reason: string, at = this.pos): never {
    const p = positionAt(this.text, at);
    throw new XmlEntityError(reason, p.line, p.column);
  }
  skipSpace(): boolean {
    SPACE.lastIndex = this.pos;
    SPACE.exec(this.text);
    const moved = SPACE.lastIndex > this.pos;
    this.pos = SPACE.lastIndex;
    return moved;
  }
  startsWith(s: string): boolean {
    return this.text.startsWith(s, this.pos);
  }
  name(what: string): string {
    NAME.lastIndex = this.pos;
    const m = NAME.exec(this.text);
    if (!m) this.fail(`expected ${what} name in DOCTYPE`);
    this.pos += m[0].length;
    return m[0];
  }
  quoted(what: string): string {
    const q = this.text[this.pos];
    if (q !== '"' && q !== "'") this.fail(`expected quoted ${what} in DOCTYPE`);
    const close = this.text.indexOf(q, this.pos + 1);
    if (close < 0) this.fail(`unterminated ${what} in DOCTYPE`);
    const value = this.text.slice(this.pos + 1, close);
    this.pos = close + 1;
    return value;
  }
  /** Skips to just after `terminator`, failing with `what` if it never comes. */
  skipPast(terminator: string, what: string): void {
    const at = this.text.indexOf(terminator, this.pos);
    if (at < 0) this.fail(`unterminated ${what} in DOCTYPE`);
    this.pos = at + terminator.length;
  }
}

/**
 * Finds the DOCTYPE in the prolog (before the root element), checks it against the policy above and returns its
 * extent and internal entities; undefined when there is none.
 */
export function scanDoctype(text: string, maxBytes: number = DEFAULT_MAX_BYTES): DoctypeInfo | undefined {
  const c = new Cursor(text, 0);
  for (;;) {
    c.skipSpace();
    if (c.startsWith("<?")) c.skipPast("?>", "processing instruction");
    else if (c.startsWith("<!--")) c.skipPast("-->", "comment");
    else break;
  }
  if (!c.startsWith("<!DOCTYPE")) return undefined;
  const start = c.pos;
  c.pos += "<!DOCTYPE".length;
  if (!c.skipSpace()) c.fail("expected whitespace after <!DOCTYPE");
  const rootName = c.name("root element");
  c.skipSpace();
  if (c.startsWith("SYSTEM")) {
    c.pos += 6;
    c.skipSpace();
    c.quoted("system identifier");
  } else if (c.startsWith("PUBLIC")) {
    c.pos += 6;
    c.skipSpace();
    c.quoted("public identifier");
    c.skipSpace();
    c.quoted("system identifier");
  }
  c.skipSpace();
  const entities = new Map<string, string>();
  if (c.startsWith("[")) {
    c.pos++;
    readInternalSubset(c, entities, maxBytes);
  }
  c.skipSpace();
  if (!c.startsWith(">")) c.fail("expected '>' to close the DOCTYPE");
  c.pos++;
  return { start, end: c.pos, rootName, entities };
}

function readInternalSubset(c: Cursor, entities: Map<string, string>, maxBytes: number): void {
  let declared = 0;
  let total = 0;
  for (;;) {
    c.skipSpace();
    if (c.pos >= c.text.length) c.fail("unterminated DOCTYPE internal subset");
    if (c.startsWith("]")) {
      c.pos++;
      return;
    }
    if (c.startsWith("%")) c.refuse("parameter entity references are not allowed in a DOCTYPE");
    if (c.startsWith("<!--")) {
      c.skipPast("-->", "comment");
    } else if (c.startsWith("<?")) {
      c.skipPast("?>", "processing instruction");
    } else if (c.startsWith("<!ENTITY")) {
      const at = c.pos;
      c.pos += "<!ENTITY".length;
      if (!c.skipSpace()) c.fail("expected whitespace after <!ENTITY");
      if (c.startsWith("%")) c.refuse("parameter entities are not allowed in a DOCTYPE", at);
      const name = c.name("entity");
      c.skipSpace();
      if (c.startsWith("SYSTEM") || c.startsWith("PUBLIC")) {
        c.refuse(`external entity "${name}" is not allowed; external entities are never resolved`, at);
      }
      const valueAt = c.pos + 1;
      const rawValue = c.quoted("entity value");
      c.skipSpace();
      if (!c.startsWith(">")) c.fail(`expected '>' after the value of entity "${name}"`);
      c.pos++;
      if (++declared > MAX_ENTITIES) c.refuse(`more than ${MAX_ENTITIES} entity declarations in the DOCTYPE`, at);
      if (rawValue.length > MAX_ENTITY_LENGTH) {
        c.refuse(`entity "${name}" is ${rawValue.length} characters long; the limit is ${MAX_ENTITY_LENGTH}`, at);
      }
      total += rawValue.length;
      if (total > maxBytes) c.refuse("DOCTYPE entity values exceed maxBytes", at);
      const value = decodeEntityValue(c, name, rawValue, valueAt);
      // XML: the first declaration binds; predefined entities keep their meaning.
      if (!entities.has(name) && !PREDEFINED_ENTITIES.has(name)) entities.set(name, value);
    } else if (c.startsWith("<!ELEMENT") || c.startsWith("<!ATTLIST") || c.startsWith("<!NOTATION")) {
      // Validation declarations do not change the document content we care about; skip them, quotes included.
      skipDeclaration(c);
    } else {
      c.fail("unexpected content in DOCTYPE internal subset");
    }
  }
}

function skipDeclaration(c: Cursor): void {
  const at = c.pos;
  for (c.pos += 2; c.pos < c.text.length; c.pos++) {
    const ch = c.text[c.pos];
    if (ch === '"' || ch === "'") {
      c.quoted("literal");
      c.pos--;
    } else if (ch === ">") {
      c.pos++;
      return;
    }
  }
  c.fail("unterminated declaration", at);
}

const VALUE_REFERENCE = /&(?:#x([0-9a-fA-F]+)|#([0-9]+)|([^;&\s]*));|[&%<]/g;

function decodeEntityValue(c: Cursor, name: string, raw: string, valueAt: number): string {
  let out = "";
  let last = 0;
  VALUE_REFERENCE.lastIndex = 0;
  for (let m = VALUE_REFERENCE.exec(raw); m !== null; m = VALUE_REFERENCE.exec(raw)) {
    out += raw.slice(last, m.index);
    last = m.index + m[0].length;
    const at = valueAt + m.index;
    if (m[0] === "%") c.refuse(`entity "${name}" uses a parameter entity reference; not allowed`, at);
    if (m[0] === "<") c.refuse(`entity "${name}" contains markup; only text entities are supported`, at);
    if (m[0] === "&") c.fail(`'&' in the value of entity "${name}" must start a reference`, at);
    const [token, hex, dec, ref] = m;
    if (ref === undefined) {
      const ch = charFromReference(hex, dec);
      if (ch === undefined) c.fail(`invalid character reference ${token}`, at);
      out += ch;
    } else {
      const predefined = PREDEFINED_ENTITIES.get(ref);
      if (predefined === undefined) {
        c.refuse(`entity "${name}" refers to entity "${ref}"; nested entity references are not allowed`, at);
      }
      out += predefined;
    }
  }
  return out + raw.slice(last);
}
