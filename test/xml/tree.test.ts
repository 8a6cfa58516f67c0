import {
  childText,
  elementChildren,
  parseXml,
  textOf,
  XmlEntityError,
  XmlSyntaxError,
  XmlTooLargeError,
  type XmlElement,
} from "../../provider/xml/tree";
import { writeXml } from "../../provider/xml/writer";
import { savedConfigs } from "../harness/fixtures";

const fixtures = savedConfigs();

/** Every element, text and CDATA in document order, with whitespace-only text between elements left out. */
function outline(e: XmlElement, out: string[] = []): string[] {
  out.push(`<${e.name} ${JSON.stringify(e.attrs)}>`);
  const hasElements = e.children.some((c) => c.kind === "element");
  for (const c of e.children) {
    if (c.kind === "element") outline(c, out);
    else if (c.kind === "comment") out.push(`comment:${c.text}`);
    else if (!(hasElements && c.kind === "text" && c.text.trim() === ""))
      out.push(`${c.kind}:${JSON.stringify(c.text)}`);
  }
  out.push(`</${e.name}>`);
  return out;
}

describe("parseXml / writeXml round trip on real Jenkins configs", () => {
  it("has the fixture set", () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(32);
  });

  it.each(fixtures.map((f) => [f.file, f.xml]))("%s: xstream style reproduces Jenkins's bytes", (_name, xml) => {
    const doc = parseXml(xml);
    // Jenkins never writes a final newline; some fixtures gained one from an editor afterwards.
    expect(writeXml(doc, { style: "xstream" })).toBe(xml.replace(/\n$/, ""));
  });

  it.each(fixtures.map((f) => [f.file, f.xml]))(
    "%s: pretty style keeps every element and text in order",
    (_name, xml) => {
      const doc = parseXml(xml);
      const again = parseXml(writeXml(doc, { style: "pretty" }));
      const normalizeEmpty = (lines: string[]) => lines.filter((l) => l !== 'text:""');
      expect(normalizeEmpty(outline(again.root))).toEqual(normalizeEmpty(outline(doc.root)));
      expect(again.declaration).toEqual(doc.declaration);
    },
  );

  it("reads the declaration and DOCTYPE flag", () => {
    const doc = parseXml("<?xml version='1.1' encoding='UTF-8'?>\n<project/>");
    expect(doc.declaration).toEqual({ version: "1.1", encoding: "UTF-8" });
    expect(doc.hasDoctype).toBe(false);
    expect(parseXml("<project/>").declaration).toBeUndefined();
  });
});

describe("text is kept exactly", () => {
  const roundTrip = (xml: string, style: "pretty" | "xstream" = "xstream") =>
    writeXml(parseXml(xml), { style, declaration: null });

  it("keeps whitespace inside text (shell scripts)", () => {
    const script = "#!/bin/sh\n\tset -e\n  echo   'a  b'  \n\n";
    const doc = parseXml(`<a><command>${script}</command></a>`);
    expect(childText(doc.root, "command")).toBe(script);
    expect(roundTrip(`<a><command>${script}</command></a>`, "pretty")).toBe(
      `<a>\n  <command>${script}</command>\n</a>`,
    );
  });

  it("decodes carriage returns and numeric references, and writes CR back as &#xd;", () => {
    const doc = parseXml("<d>a&#xd;\nb&#13;&#10;c&#x41;&#65;</d>");
    expect(textOf(doc.root)).toBe("a\r\nb\r\ncAA");
    expect(writeXml(doc, { style: "xstream" })).toBe("<d>a&#xd;\nb&#xd;\ncAA</d>");
    expect(writeXml(doc, { style: "pretty" })).toBe("<d>a&#xd;\nb&#xd;\ncAA</d>");
  });

  it("normalizes literal CRLF line ends to LF as every XML reader does", () => {
    expect(textOf(parseXml("<d>a\r\nb\rc</d>").root)).toBe("a\nb\nc");
  });

  it("keeps non-ASCII text", () => {
    const text = "Grüße – 日本語 😀";
    expect(textOf(parseXml(`<d>${text}</d>`).root)).toBe(text);
    expect(roundTrip(`<d>${text}</d>`)).toBe(`<d>${text}</d>`);
  });

  it("decodes the predefined entities; xstream writes quotes as &quot;/&apos;, pretty leaves them", () => {
    const doc = parseXml(`<d a="&quot;x&apos; &lt;&amp;&gt;">&quot;q&quot; &apos;a&apos; &lt;b&gt; &amp;&amp; "'</d>`);
    expect(doc.root.attrs).toEqual([["a", `"x' <&>`]]);
    expect(textOf(doc.root)).toBe(`"q" 'a' <b> && "'`);
    expect(writeXml(doc, { style: "xstream" })).toBe(
      `<d a="&quot;x&apos; &lt;&amp;&gt;">&quot;q&quot; &apos;a&apos; &lt;b&gt; &amp;&amp; &quot;&apos;</d>`,
    );
    expect(writeXml(doc, { style: "pretty" })).toBe(
      `<d a="&quot;x' &lt;&amp;&gt;">"q" 'a' &lt;b&gt; &amp;&amp; "'</d>`,
    );
  });

  it("keeps CDATA as its own node and writes it back", () => {
    const simple = parseXml("<d><![CDATA[a < b & 'c']]> tail</d>");
    expect(simple.root.children).toEqual([
      { kind: "cdata", text: "a < b & 'c'" },
      { kind: "text", text: " tail" },
    ]);
    const written = writeXml(simple, { style: "xstream" });
    expect(written).toBe("<d><![CDATA[a < b & 'c']]> tail</d>");
    const tricky: XmlElement = { kind: "element", name: "d", attrs: [], children: [{ kind: "cdata", text: "x]]>y" }] };
    expect(textOf(parseXml(writeXml(tricky, { style: "pretty" })).root)).toBe("x]]>y");
  });

  it("escapes control characters as references so they survive (XML 1.1)", () => {
    const e: XmlElement = {
      kind: "element",
      name: "d",
      attrs: [["a", "x\ny\tz"]],
      children: [{ kind: "text", text: "esc\u001b[0m\u0001" }],
    };
    const xml = writeXml(e, { style: "xstream" });
    expect(xml).toBe('<d a="x&#xa;y&#x9;z">esc&#x1b;[0m&#x1;</d>');
    const back = parseXml(xml).root;
    expect(back.attrs).toEqual([["a", "x\ny\tz"]]);
    expect(textOf(back)).toBe("esc\u001b[0m\u0001");
  });

  it("normalizes literal whitespace in attribute values to spaces", () => {
    expect(parseXml('<d a="x\ny\tz"/>').root.attrs).toEqual([["a", "x y z"]]);
  });

  it("keeps attribute order and drops comments only when asked (the tree keeps them)", () => {
    const doc = parseXml('<d z="1" a="2" m="3"><!-- note --><e/></d>');
    expect(doc.root.attrs.map(([k]) => k)).toEqual(["z", "a", "m"]);
    expect(doc.root.children[0]).toEqual({ kind: "comment", text: " note " });
    expect(writeXml(doc, { style: "pretty" })).toBe('<d z="1" a="2" m="3">\n  <!-- note -->\n  <e/>\n</d>');
  });

  it("keeps attribute names that are JavaScript property names", () => {
    const doc = parseXml('<d constructor="1" __proto__="2" toString="3" hasOwnProperty="4"/>');
    expect(doc.root.attrs).toEqual([
      ["constructor", "1"],
      ["__proto__", "2"],
      ["toString", "3"],
      ["hasOwnProperty", "4"],
    ]);
  });

  it("tells <a></a> from <a/> so Jenkins's bytes can be reproduced; helpers treat them alike", () => {
    const doc = parseXml("<r><a></a><b/></r>");
    const [a, b] = elementChildren(doc.root);
    expect(textOf(a)).toBe("");
    expect(textOf(b)).toBe("");
    expect(childText(doc.root, "a")).toBe("");
    expect(childText(doc.root, "missing")).toBeUndefined();
    expect(writeXml(doc, { style: "xstream" })).toBe("<r>\n  <a></a>\n  <b/>\n</r>");
    expect(writeXml(doc, { style: "pretty" })).toBe("<r>\n  <a/>\n  <b/>\n</r>");
  });

  it("writes mixed content without re-indenting it", () => {
    const xml = "<r>\n  text <b>\n  x\n</b> more\n</r>";
    expect(roundTrip(xml, "pretty")).toBe(xml);
  });

  it("writes the document's declaration, a given one, or none", () => {
    const doc = parseXml("<?xml version='1.0' encoding='UTF-8'?><r/>");
    expect(writeXml(doc, { style: "xstream" })).toBe("<?xml version='1.0' encoding='UTF-8'?>\n<r/>");
    expect(writeXml(doc, { style: "xstream", declaration: null })).toBe("<r/>");
    expect(writeXml(doc, { style: "pretty", declaration: "<?xml version='1.1' encoding='UTF-8'?>" })).toBe(
      "<?xml version='1.1' encoding='UTF-8'?>\n<r/>",
    );
    expect(writeXml(doc.root, { style: "pretty" })).toBe("<r/>");
  });

  it("identity style changes no layout (what Jenkins stores right after createItem)", () => {
    const xml =
      "<project>\n    <!-- keep me -->\n    <description a='1'>it's &quot;x&quot;</description>\n    <e></e><f/>\n</project>";
    expect(writeXml(parseXml(xml), { style: "identity", declaration: '<?xml version="1.0" encoding="UTF-8"?>' })).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><project>\n    <!-- keep me -->\n    <description a="1">it\'s "x"</description>\n    <e></e><f/>\n</project>',
    );
  });

  it.each(fixtures.map((f) => [f.file, f.xml]))("%s: identity style reproduces the bytes too", (_name, xml) => {
    expect(writeXml(parseXml(xml), { style: "identity", declaration: null })).toBe(
      xml
        .replace(/\n$/, "")
        .replace(/^<\?xml[^>]*\?>\n/, "")
        .replace(/&quot;/g, '"')
        .replace(/&apos;/g, "'"),
    );
  });

  it("strips a byte order mark", () => {
    expect(parseXml("\ufeff<r/>").root.name).toBe("r");
  });
});

describe("syntax errors carry line and column", () => {
  function syntaxError(xml: string): XmlSyntaxError {
    try {
      parseXml(xml);
    } catch (e) {
      expect(e).toBeInstanceOf(XmlSyntaxError);
      return e as XmlSyntaxError;
    }
    throw new Error("expected a syntax error");
  }

  it("reports a mismatched closing tag where it is", () => {
    const e = syntaxError(
      "<?xml version='1.1' encoding='UTF-8'?>\n<project>\n  <description>x</descriptio>\n</project>",
    );
    expect(e.line).toBe(3);
    expect(e.column).toBeGreaterThan(1);
    expect(e.message).toContain(`line 3, column ${e.column}`);
  });

  it("reports an unclosed root", () => {
    const e = syntaxError("<project>\n  <a/>\n");
    expect(e.line).toBe(1);
    expect(e.message).toMatch(/line 1, column \d+/);
  });

  it("reports a bare ampersand", () => {
    const e = syntaxError("<a>\n  <b>x & y</b>\n</a>");
    expect(e.line).toBe(2);
  });

  it("reports an undefined entity with its position", () => {
    const e = syntaxError("<a>\n  <b>x &nope; y</b>\n</a>");
    expect(e.message).toContain("&nope;");
    expect(e.line).toBe(2);
    expect(e.column).toBe(8);
  });

  it("reports a bad character reference", () => {
    expect(syntaxError("<a>&#0;</a>").message).toContain("&#0;");
    expect(syntaxError("<a>&#xD800;</a>").message).toContain("character reference");
  });

  it("rejects text and a second root after the root", () => {
    expect(syntaxError("<a/>\n<b/>").line).toBe(2);
    expect(syntaxError("<a></a>\n <b>x</b>").message).toMatch(/root/i);
    expect(syntaxError("<a/>\n  tail").column).toBe(3);
    expect(syntaxError("<a><b/></a><!-- ok -->\n x").message).toMatch(
      /(content after the root element|Extra text at the end) \(line 2, column 2\)/,
    );
    syntaxError("lead<a/>");
  });

  it("rejects '<' in attribute values and ']]>' in text", () => {
    expect(syntaxError('<a>\n  <b x="1<2"/>\n</a>').message).toContain(
      "'<' in the value of attribute \"x\" (write &lt;) (line 2, column 6)",
    );
    expect(syntaxError("<a>\n x ]]> y</a>").line).toBe(2);
  });

  it("rejects an empty document and HTML-ish input", () => {
    syntaxError("");
    syntaxError("   ");
    syntaxError("<html><body><p>Oops<br></body></html>");
  });

  it("reports positions relative to the original text when a DOCTYPE precedes the error", () => {
    const e = syntaxError('<!DOCTYPE a [\n<!ENTITY x "y">\n]>\n<a>\n  <b></c>\n</a>');
    expect(e.line).toBe(5);
  });
});

describe("DOCTYPE and entities", () => {
  it("expands bounded internal entities", () => {
    const doc = parseXml(
      '<!DOCTYPE project [\n  <!ENTITY repo "https://example.org/r.git">\n  <!ENTITY q "&#34;&lt;">\n]>\n<project><url>&repo;</url><v a="&q;">&q;</v></project>',
    );
    expect(doc.hasDoctype).toBe(true);
    expect(childText(doc.root, "url")).toBe("https://example.org/r.git");
    expect(childText(doc.root, "v")).toBe('"<');
    expect(elementChildren(doc.root)[1].attrs).toEqual([["a", '"<']]);
    // The DOCTYPE is not written back (as Jenkins drops it): entities are plain text afterwards.
    expect(writeXml(doc, { style: "pretty" })).toBe(
      '<project>\n  <url>https://example.org/r.git</url>\n  <v a="&quot;&lt;">"&lt;</v>\n</project>',
    );
  });

  it("ignores an external DTD reference (never fetched)", () => {
    const doc = parseXml('<!DOCTYPE project SYSTEM "http://127.0.0.1:1/never.dtd">\n<project/>');
    expect(doc.hasDoctype).toBe(true);
    expect(() => parseXml('<!DOCTYPE project SYSTEM "file:///etc/passwd">\n<project>&ent;</project>')).toThrow(
      /undefined entity &ent;/,
    );
  });

  it("refuses external entities", () => {
    const xml = '<!DOCTYPE project [\n<!ENTITY xxe SYSTEM "file:///etc/passwd">\n]>\n<project>&xxe;</project>';
    expect(() => parseXml(xml)).toThrow(XmlEntityError);
    expect(() => parseXml(xml)).toThrow(/external entity "xxe".*line 2, column 1/);
    expect(() => parseXml('<!DOCTYPE p [<!ENTITY e PUBLIC "-//x" "http://x/">]><p/>')).toThrow(XmlEntityError);
  });

  it("refuses parameter entities", () => {
    expect(() => parseXml('<!DOCTYPE p [<!ENTITY % pe "x"> %pe;]><p/>')).toThrow(/parameter entities/);
    expect(() => parseXml("<!DOCTYPE p [%pe;]><p/>")).toThrow(XmlEntityError);
  });

  it("refuses the billion laughs (nested entities) before expanding anything", () => {
    const lol = [
      '<?xml version="1.0"?>',
      "<!DOCTYPE lolz [",
      ' <!ENTITY lol "lol">',
      ...Array.from({ length: 9 }, (_, i) => ` <!ENTITY lol${i + 1} "${`&lol${i === 0 ? "" : i};`.repeat(10)}">`),
      "]>",
      "<lolz>&lol9;</lolz>",
    ].join("\n");
    expect(() => parseXml(lol)).toThrow(XmlEntityError);
    expect(() => parseXml(lol)).toThrow(/nested entity references are not allowed/);
  });

  it("bounds flat expansion (a big entity used many times) by maxBytes", () => {
    const big = "x".repeat(10_000);
    const xml = `<!DOCTYPE r [<!ENTITY big "${big}">]><r>${"&big;".repeat(2000)}</r>`;
    expect(() => parseXml(xml)).toThrow(XmlTooLargeError);
    expect(() => parseXml(xml, { maxBytes: 1_000_000 })).toThrow(/after entity expansion/);
    expect(textOf(parseXml(`<!DOCTYPE r [<!ENTITY big "${big}">]><r>&big;&big;</r>`).root)).toHaveLength(20_000);
  });

  it("bounds entity size and count", () => {
    expect(() => parseXml(`<!DOCTYPE r [<!ENTITY e "${"x".repeat(10_001)}">]><r/>`)).toThrow(/limit is 10000/);
    const many = Array.from({ length: 101 }, (_, i) => `<!ENTITY e${i} "v">`).join("");
    expect(() => parseXml(`<!DOCTYPE r [${many}]><r/>`)).toThrow(/more than 100 entity declarations/);
  });

  it("refuses markup inside entity values", () => {
    expect(() => parseXml('<!DOCTYPE r [<!ENTITY e "<b/>">]><r>&e;</r>')).toThrow(/contains markup/);
  });

  it("skips ELEMENT/ATTLIST/comments in the internal subset", () => {
    const doc = parseXml(
      '<!DOCTYPE r [\n<!-- c > -->\n<!ELEMENT r (#PCDATA)>\n<!ATTLIST r a CDATA "x>">\n<!ENTITY e "ok">\n]>\n<r>&e;</r>',
    );
    expect(textOf(doc.root)).toBe("ok");
  });

  it("reports a broken DOCTYPE as a syntax error", () => {
    expect(() => parseXml('<!DOCTYPE r [<!ENTITY e "x"><r/>')).toThrow(XmlSyntaxError);
  });
});

describe("maxBytes", () => {
  it("refuses input above the limit with a clear error", () => {
    const xml = `<r>${"é".repeat(600)}</r>`; // 1207 bytes, 607 characters
    expect(() => parseXml(xml, { maxBytes: 1000 })).toThrow(XmlTooLargeError);
    expect(() => parseXml(xml, { maxBytes: 1000 })).toThrow(/1207 bytes, more than the limit of 1000 bytes/);
    expect(parseXml(xml, { maxBytes: 1207 }).root.name).toBe("r");
  });

  it("defaults to 10 MiB", () => {
    const xml = `<r>${"x".repeat(10 * 1024 * 1024)}</r>`;
    expect(() => parseXml(xml)).toThrow(XmlTooLargeError);
  });

  it("is a kind of XmlSyntaxError, so callers can catch bad input in one place", () => {
    expect(new XmlTooLargeError(2, 1)).toBeInstanceOf(XmlSyntaxError);
    expect(new XmlEntityError("x", 1, 1)).toBeInstanceOf(XmlSyntaxError);
  });
});
