/**
 * The shortcuts inside parseXml must not change what it accepts or what it returns:
 *  - malformed input is refused with a position, whatever fast-xml-parser's own parse would make of it;
 *  - text elements read as one slice (script, command, description) give the same tree as a full parse, and fall
 *    back to it when they hold markup;
 *  - the quick entity decoder gives the same text, and the same errors, as the complete one.
 */
import { XMLParser } from "fast-xml-parser";
import { parseXml, XmlSyntaxError, XmlTooLargeError, type XmlElement, type XmlNode } from "../../provider/xml/tree";
import { writeXml } from "../../provider/xml/writer";
import { savedConfigs } from "../harness/fixtures";

const fixtures = savedConfigs();

function syntaxError(xml: string): XmlSyntaxError {
  try {
    parseXml(xml);
  } catch (e) {
    expect(e).toBeInstanceOf(XmlSyntaxError);
    return e as XmlSyntaxError;
  }
  throw new Error(`expected a syntax error for ${JSON.stringify(xml)}`);
}

/** Malformed documents, each with the line the problem is on. */
const MALFORMED: Array<[string, string, number]> = [
  ["unclosed root", "<project>\n  <a/>\n", 1],
  ["unclosed child", "<project>\n  <a>\n</project>", 3],
  ["mismatched end tag", "<project>\n  <a></b>\n</project>", 2],
  ["end tags crossed", "<project>\n<a>\n<b>\n</a>\n</b>\n</project>", 4],
  ["end tag never opened", "<project/>\n</project>", 2],
  ["extra end tag", "<project></project>\n</project>", 2],
  ["end tag without '>'", "<project>\n  <a>x</a\n</project>", 2],
  ["space after '<'", "<project>\n  < a/>\n</project>", 2],
  ["space after '</'", "<project>\n  <a></ a>\n</project>", 2],
  ["invalid tag name", "<project>\n  <1a/>\n</project>", 2],
  ["attribute without quotes", "<project>\n  <a x=1/>\n</project>", 2],
  ["attribute without value", "<project>\n  <a x/>\n</project>", 2],
  ["duplicate attribute", "<project>\n  <a x='1' x='2'/>\n</project>", 2],
  ["attributes not separated", '<project>\n  <a x="1"y="2"/>\n</project>', 2],
  ["unterminated attribute value", "<project>\n  <a x='1></a>\n</project>", 2],
  ["'<' in an attribute value", '<project>\n  <b x="1<2"/>\n</project>', 2],
  ["text after the root", "<a></a>\n tail", 2],
  ["text after a self-closing root", "<a/>\n  tail", 2],
  ["reference after the root", "<a></a>\n&amp;", 2],
  ["two roots", "<a/>\n<b/>", 2],
  ["two roots, first with an end tag", "<a></a>\n<b/>", 2],
  ["text before the root", "lead<a/>", 1],
  ["bare ampersand", "<a>\n  <b>x & y</b>\n</a>", 2],
  ["undefined entity", "<a>\n  <b>x &nope; y</b>\n</a>", 2],
  ["entity without ';'", "<a>\n  <b>x &amp y</b>\n</a>", 2],
  ["invalid character reference", "<a>\n<b>&#0;</b>\n</a>", 2],
  ["surrogate character reference", "<a>\n<b>&#xD800;</b>\n</a>", 2],
  ["upper-case hex reference", "<a>\n<b>&#X41;</b>\n</a>", 2],
  ["']]>' in text", "<a>\n x ]]> y</a>", 2],
  ["unclosed comment", "<a>\n<!-- x </a>", 1],
  ["unclosed CDATA", "<a>\n<![CDATA[x</a>", 1],
  ["second XML declaration", "<?xml version='1.0'?>\n<?xml version='1.0'?><a/>", 2],
  ["declaration not at the start", " <?xml version='1.0'?><a/>", 1],
  ["empty document", "", 1],
  ["HTML page", "<html><body><p>Oops<br></body></html>", 1],
  ["unclosed element inside a script", "<flow-definition>\n<script>\n<a>\n</script>\n</flow-definition>", 4],
  ["bare ampersand inside a command", "<a>\n<command>x && y</command>\n</a>", 2],
  ["undefined entity inside a description", "<a>\n<description>&nope;</description>\n</a>", 2],
];

describe("malformed input", () => {
  it.each(MALFORMED)("%s: XmlSyntaxError with line and column", (_what, xml, line) => {
    const e = syntaxError(xml);
    expect(e.line).toBe(line);
    expect(e.column).toBeGreaterThanOrEqual(1);
    if (e.constructor === XmlSyntaxError) expect(e.message).toContain(`line ${e.line}, column ${e.column}`);
  });

  it("still needs the validator: fast-xml-parser's parse alone accepts some of the corpus", () => {
    // Why parseXml validates every input before parsing it: the parser is not a well-formedness check.
    const lenient = new XMLParser({ preserveOrder: true, ignoreAttributes: false });
    const accepted = MALFORMED.filter(([, xml]) => {
      try {
        lenient.parse(xml);
        return true;
      } catch {
        return false;
      }
    });
    expect(accepted.length).toBeGreaterThan(0);
  });
});

/** The same tree with every element name passed through `rename`. */
function renamed(e: XmlElement, rename: (name: string) => string): XmlElement {
  return {
    ...e,
    name: rename(e.name),
    children: e.children.map((c: XmlNode) => (c.kind === "element" ? renamed(c, rename) : c)),
  };
}

/**
 * What a full parse gives for `xml`: the text elements are renamed in the source (so no shortcut applies to them)
 * and back in the tree.
 */
function fullParse(xml: string): XmlElement {
  const hidden = xml.replace(/<(\/?)(script|command|description)(?=[\s/>])/g, "<$1x-$2");
  return renamed(parseXml(hidden).root, (n) => n.replace(/^x-(script|command|description)$/, "$1"));
}

describe("text elements read as one slice", () => {
  it.each(fixtures.map((f) => [f.file, f.xml]))("%s: same tree as a full parse", (_name, xml) => {
    expect(parseXml(xml).root).toEqual(fullParse(xml));
  });

  const CASES: Array<[string, string]> = [
    ["plain text with references", "<a><command>x &amp;&amp; y &lt; z &quot;q&quot; &#xd;\n</command></a>"],
    ["CRLF line ends", "<a><script>line 1\r\nline 2\rline 3</script></a>"],
    ["empty with end tag and self-closing", "<a><script></script><command/><description >\n</description></a>"],
    ["attributes", '<a><script class="x" plugin="p@1">s</script></a>'],
    ["CDATA", '<a><script><![CDATA[if (a < b && c) { echo "x" }]]></script></a>'],
    ["CDATA between text", "<a><command>a <![CDATA[<b>]]> c</command></a>"],
    ["comment", "<a><command>a<!-- note -->b</command></a>"],
    ["child elements", "<a><description><b>bold</b> text</description></a>"],
    ["nested same name", "<a><script><script>x</script></script></a>"],
    ["processing instruction", "<a><script>x<?pi data?>y</script></a>"],
    ["as the root", "<script>echo hi</script>"],
    ["end tag with space", "<a><command>x</command   ></a>"],
  ];

  it.each(CASES)("%s: same tree as a full parse", (_what, xml) => {
    expect(parseXml(xml).root).toEqual(fullParse(xml));
  });

  it("keeps CDATA and comments inside a script (markup: parsed in full)", () => {
    const root = parseXml("<a><script><![CDATA[x < y]]><!--c--></script></a>").root;
    expect((root.children[0] as XmlElement).children).toEqual([
      { kind: "cdata", text: "x < y" },
      { kind: "comment", text: "c" },
    ]);
  });

  it("keeps <script></script> apart from <script/> for the xstream writer", () => {
    const xml = "<a>\n  <script></script>\n  <command/>\n  <description>d</description>\n</a>";
    expect(writeXml(parseXml(xml), { style: "xstream" })).toBe(xml);
  });

  it("charges declared entities in a text element against maxBytes", () => {
    const big = "x".repeat(10_000);
    const xml = `<!DOCTYPE r [<!ENTITY big "${big}">]><r><command>${"&big;".repeat(200)}</command></r>`;
    expect(() => parseXml(xml, { maxBytes: 1_000_000 })).toThrow(XmlTooLargeError);
    expect(parseXml(xml, { maxBytes: 3_000_000 }).root.children[0]).toEqual({
      kind: "element",
      name: "command",
      attrs: [],
      children: [{ kind: "text", text: big.repeat(200) }],
    });
  });
});

describe("entity decoding", () => {
  const DECODED: Array<[string, string]> = [
    ["&amp;&lt;&gt;&quot;&apos;", `&<>"'`],
    ["a&#65;b&#x42;c&#x1F600;", "aAbBc\u{1F600}"],
    ["&#xd;&#13;&#10;", "\r\r\n"],
    ["no references", "no references"],
    ["&amp;amp;", "&amp;"],
    ["x;y&amp;;z", "x;y&;z"],
  ];

  it.each(DECODED)("%s in text and attributes", (raw, text) => {
    const root = parseXml(`<r a="${raw}"><command>${raw}</command><b>${raw}</b></r>`).root;
    expect(root.attrs).toEqual([["a", text]]);
    const [command, b] = root.children as XmlElement[];
    expect(command.children).toEqual([{ kind: "text", text }]);
    expect(b.children).toEqual([{ kind: "text", text }]);
  });

  it("expands declared entities, also next to predefined ones", () => {
    const root = parseXml('<!DOCTYPE r [<!ENTITY e "E&amp;">]><r a="&e;&lt;">&e;x&e;</r>').root;
    expect(root.attrs).toEqual([["a", "E&<"]]);
    expect(root.children).toEqual([{ kind: "text", text: "E&xE&" }]);
  });

  it.each([
    ["&amp&lt;", /'&' must start an entity or character reference/],
    ["&a b;", /'&' must start an entity or character reference/],
    ["& ;", /'&' must start an entity or character reference/],
    ["&#;", /'&' must start an entity or character reference/],
    ["&#x;", /'&' must start an entity or character reference/],
    ["&#12a;", /'&' must start an entity or character reference/],
    ["&#1114112;", /invalid character reference &#1114112;/],
    ["&undefined;", /undefined entity &undefined;/],
  ])("%s is refused with the complete decoder's message", (raw, message) => {
    // In an attribute the validator does not look at references: the decoder is what refuses them.
    expect(() => parseXml(`<r a="${raw}"/>`)).toThrow(message);
  });
});
