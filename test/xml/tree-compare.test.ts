/**
 * The tree-level entry points (parse once, then canonicalize and compare the tree) must give exactly what the
 * string-level functions give: on every fixture, on Jenkins re-saves of them, and on seeded random edits.
 */
import equal from "fast-deep-equal";
import {
  canonicalElement,
  canonicalizeConfig,
  canonicalizeDocument,
  CANONICAL_DECLARATION,
} from "../../provider/xml/canonical";
import { normalizeElement } from "../../provider/xml/normalize";
import {
  compareElements,
  configDifferences,
  configsEqual,
  configsEquivalent,
  elementsEqual,
  elementsEquivalent,
} from "../../provider/xml/semantic";
import { parseXml, type XmlElement, type XmlNode } from "../../provider/xml/tree";
import { writeXml } from "../../provider/xml/writer";
import { savedConfigs } from "../harness/fixtures";
import { jenkinsResave } from "./jenkins-resave";
import { seededRandom } from "../../provider/server/seeded-random";

const fixtures = savedConfigs();

function clone(e: XmlElement): XmlElement {
  return {
    kind: "element",
    name: e.name,
    attrs: e.attrs.map(([k, v]): [string, string] => [k, v]),
    children: e.children.map((c): XmlNode => (c.kind === "element" ? clone(c) : { ...c })),
  };
}

function allElements(e: XmlElement, out: XmlElement[] = []): XmlElement[] {
  out.push(e);
  for (const c of e.children) if (c.kind === "element") allElements(c, out);
  return out;
}

const TEXTS = ["", " ", "\n  ", "true", "false", "x & y < z", 'echo "a"\r\nb', "ü ✓", "]]", "a\tb"];

/** One random edit somewhere in the tree: the kinds of change the comparison must see, or must ignore. */
function randomEdit(root: XmlElement, r: () => number): void {
  const elements = allElements(root);
  const e = elements[Math.floor(r() * elements.length)];
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)];
  const elementIndexes = e.children.flatMap((c, i) => (c.kind === "element" ? [i] : []));
  switch (Math.floor(r() * 12)) {
    case 0: // replace the text
      e.children = [{ kind: "text", text: pick(TEXTS) }];
      break;
    case 1: // remove a child element
      if (elementIndexes.length > 0) e.children.splice(pick(elementIndexes), 1);
      break;
    case 2: // duplicate a child element
      if (elementIndexes.length > 0) {
        const i = pick(elementIndexes);
        e.children.splice(i, 0, clone(e.children[i] as XmlElement));
      }
      break;
    case 3: // swap two child elements
      if (elementIndexes.length > 1) {
        const i = pick(elementIndexes);
        const j = pick(elementIndexes);
        [e.children[i], e.children[j]] = [e.children[j], e.children[i]];
      }
      break;
    case 4: // change or add a plugin attribute (ignored by the comparison)
      e.attrs = [...e.attrs.filter(([k]) => k !== "plugin"), ["plugin", `p@${Math.floor(r() * 3)}`]];
      break;
    case 5: // change or add another attribute
      e.attrs = [...e.attrs.filter(([k]) => k !== "class"), ["class", pick(["a.B", "c.D"])]];
      break;
    case 6: // reverse the attributes (order is ignored)
      e.attrs = [...e.attrs].reverse();
      break;
    case 7: // add a comment (ignored)
      e.children.splice(Math.floor(r() * (e.children.length + 1)), 0, { kind: "comment", text: " c " });
      break;
    case 8: // add an element Jenkins would add with its default value
      e.children.push({
        kind: "element",
        name: pick(["disabled", "keepDependencies", "concurrentBuild", "x"]),
        attrs: [],
        children: [{ kind: "text", text: "false" }],
      });
      break;
    case 9: // add an empty element
      e.children.push({
        kind: "element",
        name: pick(["triggers", "actions", "y", "hudson.Z"]),
        attrs: [],
        children: [],
      });
      break;
    case 10: // text as CDATA (same meaning)
      if (elementIndexes.length === 0 && e.children.length > 0) {
        e.children = [
          {
            kind: "cdata",
            text: e.children.map((c) => (c.kind === "text" || c.kind === "cdata" ? c.text : "")).join(""),
          },
        ];
      }
      break;
    default: // whitespace-only text between elements (indentation, ignored)
      if (elementIndexes.length > 0) e.children.splice(pick(elementIndexes), 0, { kind: "text", text: "\n    " });
  }
}

interface Case {
  name: string;
  a: string;
  b: string;
}

/** Pairs of configs: every fixture against its Jenkins re-save and against a few random edits of itself. */
function cases(): Case[] {
  const out: Case[] = [];
  fixtures.forEach((f, n) => {
    out.push({ name: `${f.file} / resave`, a: f.xml, b: jenkinsResave(f.xml) });
    const r = seededRandom(1000 + n);
    for (let k = 0; k < 6; k++) {
      const root = clone(parseXml(f.xml).root);
      const edits = 1 + Math.floor(r() * 3);
      for (let i = 0; i < edits; i++) randomEdit(root, r);
      const style = r() < 0.5 ? "pretty" : "xstream";
      out.push({
        name: `${f.file} / edit ${k}`,
        a: f.xml,
        b: writeXml(root, { style, declaration: CANONICAL_DECLARATION }),
      });
    }
  });
  return out;
}

const CASES = cases();

describe("canonicalizeDocument", () => {
  it.each(fixtures.map((f) => [f.file, f.xml]))(
    "%s: same text as canonicalizeConfig and the canonical tree",
    (_name, xml) => {
      const doc = parseXml(xml);
      const before = JSON.stringify(doc);
      const text = canonicalizeDocument(doc);
      expect(text).toBe(canonicalizeConfig(xml));
      expect(text).toBe(writeXml(canonicalElement(doc.root), { declaration: CANONICAL_DECLARATION, style: "pretty" }));
      expect(canonicalizeDocument(doc.root)).toBe(text);
      expect(JSON.stringify(doc)).toBe(before); // the tree is left alone
    },
  );

  it.each(CASES.map((c) => [c.name, c.b]))("%s: same text as the canonical tree", (_name, xml) => {
    const root = parseXml(xml).root;
    expect(canonicalizeDocument(root)).toBe(
      writeXml(canonicalElement(root), { declaration: CANONICAL_DECLARATION, style: "pretty" }),
    );
  });

  it("handles comments, CDATA, empty and mixed content like the canonical tree", () => {
    const xml =
      "<r>\n <!-- c -->\n <a><!-- only a comment --></a>\n <b></b>\n <c><![CDATA[x<y]]> and <i>z</i> <!--k-->tail</c>\n" +
      " <d>\n  <![CDATA[  ]]>\n  <e/>\n </d>\n <f>\n  <![CDATA[ t ]]>\n  <e/>\n </f>\n <g>a<!--x-->b</g>\n</r>";
    const root = parseXml(xml).root;
    const expected = writeXml(canonicalElement(root), { declaration: CANONICAL_DECLARATION, style: "pretty" });
    expect(canonicalizeDocument(root)).toBe(expected);
    expect(expected).toContain("<a/>");
    expect(expected).toContain("<c>x&lt;y and <i>z</i> tail</c>");
    expect(expected).toContain("<g>ab</g>");
  });
});

describe("tree-level comparison agrees with the string-level one", () => {
  it("covers equal and different pairs", () => {
    const equalPairs = CASES.filter((c) => configsEqual(c.a, c.b)).length;
    expect(equalPairs).toBeGreaterThan(20);
    expect(CASES.length - equalPairs).toBeGreaterThan(50);
  });

  it.each(CASES.map((c) => [c.name, c]))("%s", (_name, c) => {
    const a = parseXml(c.a).root;
    const b = parseXml(c.b).root;
    // The reference definition of strict equality: deep-equal normalized trees.
    const strict = equal(normalizeElement(a), normalizeElement(b));
    expect(elementsEqual(a, b)).toBe(strict);
    expect(configsEqual(c.a, c.b)).toBe(strict);
    expect(compareElements(a, b)).toEqual(configDifferences(c.a, c.b));
    expect(compareElements(a, b).length === 0).toBe(strict);
    expect(compareElements(a, b, { jenkinsDefaults: true })).toEqual(
      configDifferences(c.a, c.b, { jenkinsDefaults: true }),
    );
    const equivalent = configDifferences(c.a, c.b, { jenkinsDefaults: true }).length === 0;
    expect(elementsEquivalent(a, b)).toBe(equivalent);
    expect(configsEquivalent(c.a, c.b)).toBe(equivalent);
    if (strict) expect(equivalent).toBe(true);
  });
});

describe("ignoreRootFields", () => {
  const FIELDS = ["description", "disabled"];

  /** The string-level way: remove the fields from the text, then compare. */
  function withoutFields(xml: string): string {
    const root = parseXml(xml).root;
    root.children = root.children.filter((c) => !(c.kind === "element" && FIELDS.includes(c.name)));
    return canonicalizeConfig(writeXml(root, { style: "pretty" }));
  }

  it.each(CASES.map((c) => [c.name, c]))("%s: same as comparing the texts without those fields", (_name, c) => {
    const a = parseXml(c.a).root;
    const b = parseXml(c.b).root;
    const [ta, tb] = [withoutFields(c.a), withoutFields(c.b)];
    expect(elementsEquivalent(a, b, { ignoreRootFields: FIELDS })).toBe(configsEquivalent(ta, tb));
    expect(elementsEqual(a, b, { ignoreRootFields: FIELDS })).toBe(configsEqual(ta, tb));
    expect(compareElements(a, b, { ignoreRootFields: FIELDS, jenkinsDefaults: true })).toEqual(
      configDifferences(ta, tb, { jenkinsDefaults: true }),
    );
    expect(configsEquivalent(c.a, c.b, { ignoreRootFields: FIELDS })).toBe(configsEquivalent(ta, tb));
  });

  it("ignores only the named fields directly under the root", () => {
    const a = parseXml(
      "<project><description>a</description><disabled>true</disabled><x><description>1</description></x></project>",
    ).root;
    const b = parseXml("<project><x><description>1</description></x></project>").root;
    const c = parseXml("<project><x><description>2</description></x></project>").root;
    expect(elementsEqual(a, b)).toBe(false);
    expect(elementsEqual(a, b, { ignoreRootFields: FIELDS })).toBe(true);
    expect(elementsEquivalent(a, b, { ignoreRootFields: FIELDS })).toBe(true);
    expect(compareElements(a, c, { ignoreRootFields: FIELDS })).toEqual(["/project/x/description: text changed"]);
    expect(a.children).toHaveLength(3); // the trees are left alone
  });
});

describe("identical texts", () => {
  it("are equal without being parsed", () => {
    const broken = "<project><a></project>";
    expect(configsEqual(broken, broken)).toBe(true);
    expect(configsEquivalent(broken, broken)).toBe(true);
    expect(configDifferences(broken, broken)).toEqual([]);
    const huge = `<r>${"x".repeat(2000)}</r>`;
    expect(configsEqual(huge, huge, { maxBytes: 100 })).toBe(true);
  });

  it("different texts are still parsed and checked", () => {
    expect(() => configsEqual("<project><a></project>", "<project/>")).toThrow(/line 1/);
  });
});
