/**
 * Semantic comparison of job configs: equal when Jenkins would see the same configuration.
 *
 * Ignored (see normalize.ts for the reasons): XML declaration, indentation between elements, comments, attribute
 * order, `<a/>` vs `<a></a>`, entity spelling and CDATA, `plugin="x@version"` attributes, order of differently named
 * fields. Counted: any change of text, including whitespace inside text (a shell script), attributes other than
 * `plugin`, added/removed/reordered list entries.
 *
 * With `jenkinsDefaults: true` (used by refresh) the comparison also accepts what a Jenkins save does on its own
 * (defaults.ts): a field (not a list entry) present on only one side that is empty or holds its known default
 * value, line-break indentation where the other side is empty (a hand-written `<builders>\n</builders>` comes back
 * as `<builders/>`), and any content of containers Jenkins manages (`<actions>` of a job). Both directions are
 * accepted: Jenkins adds default fields, and also drops declared ones its classes do not have with those values.
 */
import { createHash } from "node:crypto";
import { isDefaultField, isManagedContainer, NEUTRAL_ATTRIBUTES } from "./defaults";
import { childElements, comparableAttributes, groupKey, orderedChildren, significantText } from "./normalize";
import { parseXml, type ParseOptions, type XmlElement, type XmlNode } from "./tree";

/** Options of the comparison of parsed trees (compareElements and friends). */
export interface ElementCompareOptions {
  /** Accept the differences a Jenkins save introduces by itself (defaults.ts). Default false. */
  jenkinsDefaults?: boolean;
  /**
   * Names of elements directly under the root to leave out on both sides: fields the caller compares through
   * their own inputs, such as `description` and `disabled` of a job. Default none.
   */
  ignoreRootFields?: readonly string[];
}

export interface CompareOptions extends ParseOptions, ElementCompareOptions {}

/**
 * Strict semantic equality (no Jenkins defaults). Identical texts are equal without being parsed; otherwise
 * throws XmlSyntaxError if either side is not well-formed.
 */
export function configsEqual(
  a: string,
  b: string,
  opts?: ParseOptions & Pick<ElementCompareOptions, "ignoreRootFields">,
): boolean {
  if (a === b) return true;
  return elementsEqual(parseXml(a, opts).root, parseXml(b, opts).root, opts);
}

/**
 * True when `actual` (what Jenkins returns) holds the configuration `declared` describes, allowing for what Jenkins
 * adds or rewrites itself. Same as `configDifferences(declared, actual, { jenkinsDefaults: true }).length === 0`.
 */
export function configsEquivalent(declared: string, actual: string, opts?: CompareOptions): boolean {
  if (declared === actual) return true;
  const a = parseXml(declared, opts).root;
  const b = parseXml(actual, opts).root;
  // An explicit `jenkinsDefaults: false` has always meant the strict comparison here.
  if (opts?.jenkinsDefaults === false) return elementsEqual(a, b, opts);
  return elementsEquivalent(a, b, opts);
}

/**
 * Readable list of differences, one line each, as `<path>: <what>`; paths look like
 * `/project/builders/hudson.tasks.Shell[1]/command`. Entries named after a class, and names that repeat among
 * siblings, carry their 1-based position among same-named siblings. Empty when the configs are equal (identical
 * texts are not parsed). Messages never contain text content (configs can hold secrets).
 */
export function configDifferences(a: string, b: string, opts: CompareOptions = {}): string[] {
  if (a === b) return [];
  return compareElements(parseXml(a, opts).root, parseXml(b, opts).root, opts);
}

/**
 * configsEqual for parsed trees (the roots of two documents): a caller that already holds the tree of a config
 * compares it without parsing the text again. Neither tree is modified.
 */
export function elementsEqual(
  a: XmlElement,
  b: XmlElement,
  opts: Pick<ElementCompareOptions, "ignoreRootFields"> = {},
): boolean {
  return sameElement(withoutRootFields(a, opts.ignoreRootFields), withoutRootFields(b, opts.ignoreRootFields));
}

/**
 * configsEquivalent for parsed trees: `actual` holds what `declared` describes, apart from what Jenkins does to a
 * config by itself. Neither tree is modified.
 */
export function elementsEquivalent(
  declared: XmlElement,
  actual: XmlElement,
  opts: Pick<ElementCompareOptions, "ignoreRootFields"> = {},
): boolean {
  const a = withoutRootFields(declared, opts.ignoreRootFields);
  const b = withoutRootFields(actual, opts.ignoreRootFields);
  // Strictly equal trees have equal fingerprints in either mode, so the cheap test settles the common case.
  return sameElement(a, b) || differences(a, b, true).length === 0;
}

/** configDifferences for parsed trees (the roots of two documents). Neither tree is modified. */
export function compareElements(a: XmlElement, b: XmlElement, opts: ElementCompareOptions = {}): string[] {
  return differences(
    withoutRootFields(a, opts.ignoreRootFields),
    withoutRootFields(b, opts.ignoreRootFields),
    opts.jenkinsDefaults === true,
  );
}

function differences(rootA: XmlElement, rootB: XmlElement, jenkins: boolean): string[] {
  const out: string[] = [];
  const ctx: DiffContext = { jenkins, fingerprints: new Fingerprints(jenkins), out };
  if (rootA.name !== rootB.name) {
    out.push(`/: root element changed from <${rootA.name}> to <${rootB.name}>`);
    return out;
  }
  diffElement(rootA, rootB, `/${rootA.name}`, "", ctx);
  return out;
}

/** A shallow copy of `root` without the named child elements; `root` itself when there is nothing to leave out. */
function withoutRootFields(root: XmlElement, names: readonly string[] | undefined): XmlElement {
  if (!names || names.length === 0) return root;
  const children = root.children.filter((c) => !(c.kind === "element" && names.includes(c.name)));
  return children.length === root.children.length ? root : { ...root, children };
}

/**
 * Deep equality of the normalized forms (normalize.ts) of two elements, computed without building them: the same
 * answer as comparing normalizeElement(a) and normalizeElement(b), but it stops at the first difference.
 */
function sameElement(a: XmlElement, b: XmlElement): boolean {
  if (a === b) return true;
  if (a.name !== b.name) return false;
  if ((a.attrs.length > 0 || b.attrs.length > 0) && !sameAttributes(comparableAttributes(a), comparableAttributes(b))) {
    return false;
  }
  if (significantText(a) !== significantText(b)) return false;
  const kidsA = orderedChildren(a);
  const kidsB = orderedChildren(b);
  if (kidsA.length !== kidsB.length) return false;
  for (let i = 0; i < kidsA.length; i++) {
    if (!sameElement(kidsA[i], kidsB[i])) return false;
  }
  return true;
}

function sameAttributes(a: [string, string][], b: [string, string][]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    if (a[i][0] !== b[i][0] || a[i][1] !== b[i][1]) return false;
  }
  return true;
}

interface DiffContext {
  jenkins: boolean;
  fingerprints: Fingerprints;
  out: string[];
}

/**
 * Interned ids of normalized subtrees: equal ids ⇔ deep-equal subtrees. Built bottom-up once per element, so list
 * alignment compares numbers instead of walking subtrees again (keeps large configs linear). In Jenkins-aware mode
 * the ids leave out what that mode accepts on one side only, so that equal ids still mean "no difference to report".
 */
class Fingerprints {
  private readonly ids = new Map<string, number>();
  private readonly cache = new WeakMap<XmlElement, number>();

  constructor(private readonly jenkins: boolean) {}

  of(e: XmlElement): number {
    const cached = this.cache.get(e);
    if (cached !== undefined) return cached;
    let kids = orderedChildren(e);
    if (this.jenkins) kids = kids.filter((c) => !(isFieldName(c.name, kids) && jenkinsMayAddOrDrop(e.name, c)));
    const childIds = kids.map((c) => this.of(c));
    const attrs = comparableAttributes(e)
      .map(([k, v]) => `${k}=${v.length}:${v}`)
      .join("\u0001");
    let text = significantText(e);
    if (this.jenkins && kids.length === 0 && isLineBreakIndentation(text)) text = "";
    const key = `${e.name}\u0000${attrs}\u0000${text.length}:${text}\u0000${childIds.join(",")}`;
    let id = this.ids.get(key);
    if (id === undefined) {
      id = this.ids.size;
      this.ids.set(key, id);
    }
    this.cache.set(e, id);
    return id;
  }
}

/** A field (not a list entry): plain name, not repeated among the siblings. */
function isFieldName(name: string, siblings: readonly XmlElement[]): boolean {
  if (name.includes(".")) return false;
  let n = 0;
  for (const s of siblings) if (s.name === name && ++n > 1) return false;
  return true;
}

function diffElement(a: XmlElement, b: XmlElement, path: string, parentName: string, ctx: DiffContext): void {
  if (ctx.fingerprints.of(a) === ctx.fingerprints.of(b)) return;
  if (ctx.jenkins && isManagedContainer(parentName, a.name)) return;
  diffAttributes(a, b, path, ctx);

  const textA = significantText(a);
  const textB = significantText(b);
  if (textA !== textB && !indentationBesideElements(a, b) && !(ctx.jenkins && whitespaceVersusEmpty(a, b))) {
    const onlyWhitespace = textA.replace(/\s+/g, "") === textB.replace(/\s+/g, "");
    ctx.out.push(`${path}: text changed${onlyWhitespace ? " (whitespace only)" : ""}`);
  }
  diffChildren(a, b, path, ctx);
}

/**
 * `<x>\n  </x>` against `<x><y/></x>`: the whitespace is layout next to elements on the other side; the element
 * difference is what gets reported.
 */
function indentationBesideElements(a: XmlElement, b: XmlElement): boolean {
  const elementsA = childElements(a).length > 0;
  const elementsB = childElements(b).length > 0;
  if (elementsA === elementsB) return false;
  return significantText(a).trim() === "" && significantText(b).trim() === "";
}

/**
 * `<x>\n  </x>` on one side, `<x/>` on the other: how Jenkins returns a hand-written empty list. Only line-break
 * indentation: Jenkins keeps the whitespace of string fields, so `<command> </command>` vs `<command/>` is an edit.
 */
function whitespaceVersusEmpty(a: XmlElement, b: XmlElement): boolean {
  if (childElements(a).length > 0 || childElements(b).length > 0) return false;
  const ta = significantText(a);
  const tb = significantText(b);
  return (ta === "" && isLineBreakIndentation(tb)) || (tb === "" && isLineBreakIndentation(ta));
}

function isLineBreakIndentation(text: string): boolean {
  return text.includes("\n") && text.trim() === "";
}

function diffAttributes(a: XmlElement, b: XmlElement, path: string, ctx: DiffContext): void {
  const mapA = new Map(comparableAttributes(a));
  const mapB = new Map(comparableAttributes(b));
  for (const [k, v] of mapA) {
    if (!mapB.has(k)) ctx.out.push(`${path}/@${k}: attribute removed`);
    else if (mapB.get(k) !== v) ctx.out.push(`${path}/@${k}: attribute changed`);
  }
  for (const k of mapB.keys()) {
    if (!mapA.has(k)) ctx.out.push(`${path}/@${k}: attribute added`);
  }
}

interface Indexed {
  el: XmlElement;
  /** 1-based position among same-named siblings. */
  nth: number;
  /** 1-based position within its group. */
  pos: number;
}

function groupChildren(e: XmlElement): Map<string, Indexed[]> {
  const groups = new Map<string, Indexed[]>();
  const counts = new Map<string, number>();
  for (const el of childElements(e)) {
    const nth = (counts.get(el.name) ?? 0) + 1;
    counts.set(el.name, nth);
    const key = groupKey(el.name);
    let g = groups.get(key);
    if (!g) groups.set(key, (g = []));
    g.push({ el, nth, pos: g.length + 1 });
  }
  return groups;
}

function diffChildren(a: XmlElement, b: XmlElement, path: string, ctx: DiffContext): void {
  const groupsA = groupChildren(a);
  const groupsB = groupChildren(b);
  const keys = [...groupsA.keys()];
  for (const k of groupsB.keys()) if (!groupsA.has(k)) keys.push(k);
  // Names that need an index in paths: class names, and names repeated on either side.
  const repeated = (name: string): boolean =>
    name.includes(".") || (groupsA.get(name)?.length ?? 0) > 1 || (groupsB.get(name)?.length ?? 0) > 1;
  const childPath = (item: Indexed): string =>
    `${path}/${item.el.name}${repeated(item.el.name) ? `[${item.nth}]` : ""}`;

  for (const key of keys) {
    const ga = groupsA.get(key) ?? [];
    const gb = groupsB.get(key) ?? [];
    if (key !== "" && ga.length === 1 && gb.length === 1) {
      diffElement(ga[0].el, gb[0].el, childPath(ga[0]), a.name, ctx);
      continue;
    }
    // A field present on one side only (not a list entry): Jenkins may add or drop it with its default value.
    const isField = key !== "" && ga.length + gb.length === 1;
    alignEntries(
      ga,
      gb,
      ctx,
      (item, side) => {
        const parentName = side === "removed" ? a.name : b.name;
        if (ctx.jenkins && isField && jenkinsMayAddOrDrop(parentName, item.el)) return;
        ctx.out.push(`${childPath(item)}: ${side}`);
      },
      (x, y) => diffElement(x.el, y.el, childPath(x), a.name, ctx),
      (x, y) => {
        ctx.out.push(`${childPath(x)}: moved from position ${x.pos} to ${y.pos}`);
      },
    );
  }
}

/**
 * Aligns two ordered lists of entries: longest common subsequence of identical entries, then, between those anchors,
 * same-named entries are paired in order and compared in detail; the rest are reported as removed/added, or as moved
 * when an identical entry was removed in one place and added in another.
 */
function alignEntries(
  listA: Indexed[],
  listB: Indexed[],
  ctx: DiffContext,
  alone: (item: Indexed, side: "added" | "removed") => void,
  pair: (x: Indexed, y: Indexed) => void,
  moved: (x: Indexed, y: Indexed) => void,
): void {
  const fa = listA.map((i) => ctx.fingerprints.of(i.el));
  const fb = listB.map((i) => ctx.fingerprints.of(i.el));
  const anchors = commonSubsequence(fa, fb);
  // Fingerprints of entries left unmatched on the other side: an identical entry there means "moved", not "edited".
  const looseA = looseFingerprints(fa, new Set(anchors.map(([i]) => i)));
  const looseB = looseFingerprints(fb, new Set(anchors.map(([, j]) => j)));
  const removed: Indexed[] = [];
  const added: Indexed[] = [];
  let ia = 0;
  let ib = 0;
  for (const [ea, eb] of [...anchors, [listA.length, listB.length] as [number, number]]) {
    // Same-named candidates in this gap of B, in order (queues keep the pairing linear in the gap size).
    const byName = new Queues<string>();
    for (const y of listB.slice(ib, eb)) if (!looseA.has(fb[y.pos - 1])) byName.push(y.el.name, y);
    const paired = new Set<Indexed>();
    for (const x of listA.slice(ia, ea)) {
      const y = looseB.has(fa[x.pos - 1]) ? undefined : byName.take(x.el.name);
      if (y) {
        pair(x, y);
        paired.add(y);
      } else {
        removed.push(x);
      }
    }
    for (const y of listB.slice(ib, eb)) if (!paired.has(y)) added.push(y);
    ia = ea + 1;
    ib = eb + 1;
  }
  // An entry removed in one place and an identical one added in another: moved.
  const addedById = new Queues<number>();
  for (const y of added) addedById.push(fb[y.pos - 1], y);
  const movedTo = new Set<Indexed>();
  for (const x of removed) {
    const y = addedById.take(fa[x.pos - 1]);
    if (y) {
      moved(x, y);
      movedTo.add(y);
    } else {
      alone(x, "removed");
    }
  }
  for (const y of added) if (!movedTo.has(y)) alone(y, "added");
}

/** First-in-first-out lists of entries by key, with O(1) take. */
class Queues<K> {
  private readonly lists = new Map<K, { items: Indexed[]; next: number }>();

  push(key: K, item: Indexed): void {
    const q = this.lists.get(key);
    if (q) q.items.push(item);
    else this.lists.set(key, { items: [item], next: 0 });
  }

  take(key: K): Indexed | undefined {
    const q = this.lists.get(key);
    if (!q || q.next >= q.items.length) return undefined;
    return q.items[q.next++];
  }
}

function looseFingerprints(ids: readonly number[], anchored: ReadonlySet<number>): Set<number> {
  const out = new Set<number>();
  ids.forEach((id, n) => {
    if (!anchored.has(n)) out.add(id);
  });
  return out;
}

/**
 * Index pairs of a longest common subsequence of two id lists. Common prefix and suffix are matched directly (the
 * usual case: one entry edited); the quadratic table is only built for what remains, and for very long remainders
 * only positional matches are used so that time stays bounded.
 */
export function commonSubsequence(a: readonly number[], b: readonly number[]): [number, number][] {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const head: [number, number][] = [];
  for (let i = 0; i < start; i++) head.push([i, i]);
  const tail: [number, number][] = [];
  for (let i = endA, j = endB; i < a.length; i++, j++) tail.push([i, j]);

  const n = endA - start;
  const m = endB - start;
  const middle: [number, number][] = [];
  if (n > 0 && m > 0 && n * m <= 1_000_000) {
    // table[i][j] = LCS length of a[start+i..endA) and b[start+j..endB)
    const table: Uint32Array[] = [];
    for (let i = 0; i <= n; i++) table.push(new Uint32Array(m + 1));
    for (let i = n - 1; i >= 0; i--) {
      for (let j = m - 1; j >= 0; j--) {
        table[i][j] =
          a[start + i] === b[start + j] ? table[i + 1][j + 1] + 1 : Math.max(table[i + 1][j], table[i][j + 1]);
      }
    }
    let i = 0;
    let j = 0;
    while (i < n && j < m) {
      if (a[start + i] === b[start + j]) {
        middle.push([start + i, start + j]);
        i++;
        j++;
      } else if (table[i + 1][j] >= table[i][j + 1]) i++;
      else j++;
    }
  }
  return [...head, ...middle, ...tail];
}

/**
 * An element found on one side only that Jenkins writes (or drops) by itself: a managed container, or an element
 * that is empty, holds its default value, or is made only of such fields.
 */
function jenkinsMayAddOrDrop(parentName: string, e: XmlElement, known?: Answers): boolean {
  const kept = known?.get(e);
  if (kept !== undefined && kept.parent === parentName) return kept.answer;
  let answer: boolean;
  if (isManagedContainer(parentName, e.name)) answer = true;
  else if (e.attrs.some(([k]) => !NEUTRAL_ATTRIBUTES.includes(k))) answer = false;
  else {
    const kids = childElements(e);
    const text = significantText(e);
    answer =
      kids.length === 0
        ? text === "" || isLineBreakIndentation(text) || isDefaultField(parentName, e.name, text)
        : kids.every((k) => isFieldName(k.name, kids) && jenkinsMayAddOrDrop(e.name, k, known));
  }
  known?.set(e, { parent: parentName, answer });
  return answer;
}

/**
 * Answers of `jenkinsMayAddOrDrop` during one walk over a tree, by element (and the parent it was asked under): the
 * walk asks about each element again from every ancestor.
 */
type Answers = Map<XmlElement, { parent: string; answer: boolean }>;

/**
 * The SHA-256 (hex) of a sequence of length-prefixed parts (`<length>:<text>`), so no text can imitate the structure
 * around it. The parts are joined and hashed once: the same bytes as one update per part, without a call into the
 * hash for each of the hundreds of parts of a config.
 */
class Digested {
  private readonly parts: string[] = [];

  add(s: string): void {
    this.parts.push(`${s.length}:${s}`);
  }

  digest(): string {
    return createHash("sha256").update(this.parts.join(""), "utf8").digest("hex");
  }
}

/**
 * A digest of what `elementsEquivalent` compares: two trees with equal digests are equivalent (what Jenkins does to
 * a config by itself left out: `plugin` attributes, the order of differently named fields, fields Jenkins adds or
 * drops with their default values, the content of containers it manages, line-break indentation of empty fields).
 * Lets a config be checked against one that is no longer at hand, only its digest: SHA-256 in hex.
 */
export function equivalenceDigest(
  root: XmlElement,
  opts: Pick<ElementCompareOptions, "ignoreRootFields"> = {},
): string {
  const parts = new Digested();
  const part = (s: string) => parts.add(s);
  const known: Answers = new Map();
  const visit = (e: XmlElement, parentName: string): void => {
    part(e.name);
    if (isManagedContainer(parentName, e.name)) {
      part("managed");
      return;
    }
    const attrs = comparableAttributes(e);
    part(String(attrs.length));
    for (const [k, v] of attrs) {
      part(k);
      part(v);
    }
    const all = orderedChildren(e);
    const kids = all.filter((c) => !(isFieldName(c.name, all) && jenkinsMayAddOrDrop(e.name, c, known)));
    let text = significantText(e);
    if (kids.length === 0 && isLineBreakIndentation(text)) text = "";
    part(text);
    part(String(kids.length));
    for (const c of kids) visit(c, e.name);
  };
  visit(withoutRootFields(root, opts.ignoreRootFields), "");
  return parts.digest();
}

/**
 * `e` (a child of an element named `parentName`) without what `equivalenceDigest` leaves out: `plugin` attributes,
 * the fields Jenkins adds or drops with their default values, the content of containers it manages. Any tree holding
 * it in place of `e` has the same equivalence digest; it is smaller to keep.
 */
export function equivalenceForm(e: XmlElement, parentName: string): XmlElement {
  if (isManagedContainer(parentName, e.name)) return { ...e, attrs: [], children: [] };
  const all = childElements(e);
  const children = e.children.flatMap((c): XmlNode[] => {
    if (c.kind === "comment") return [];
    if (c.kind !== "element") return all.length > 0 ? [] : [c];
    if (isFieldName(c.name, all) && jenkinsMayAddOrDrop(e.name, c)) return [];
    return [equivalenceForm(c, e.name)];
  });
  const text = significantText(e);
  if (all.length > 0 && text !== "") children.unshift({ kind: "text", text });
  return { ...e, attrs: comparableAttributes(e), children };
}

/**
 * A digest of what `elementsEqual` compares (the normalized form, normalize.ts): two trees with equal digests are
 * semantically equal. SHA-256 in hex.
 */
export function semanticDigest(root: XmlElement, opts: Pick<ElementCompareOptions, "ignoreRootFields"> = {}): string {
  const parts = new Digested();
  const part = (s: string) => parts.add(s);
  const visit = (e: XmlElement): void => {
    part(e.name);
    const attrs = comparableAttributes(e);
    part(String(attrs.length));
    for (const [k, v] of attrs) {
      part(k);
      part(v);
    }
    part(significantText(e));
    const kids = orderedChildren(e);
    part(String(kids.length));
    for (const c of kids) visit(c);
  };
  visit(withoutRootFields(root, opts.ignoreRootFields));
  return parts.digest();
}
