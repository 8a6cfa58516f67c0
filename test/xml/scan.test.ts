/**
 * The single-pass reader (provider/xml/scan.ts) against the validating parser: for every input, parseXml (reader
 * first) and parseXmlValidating (validator and fast-xml-parser alone) must agree, giving the same tree or the same
 * error. The reader must also really take the documents Jenkins writes, or the agreement would prove nothing.
 */
import { scanDocument } from "../../provider/xml/scan";
import { parseXml, parseXmlValidating } from "../../provider/xml/tree";
import { savedConfigs } from "../harness/fixtures";
import { FOLDER_XML, FREESTYLE_XML, PARAMETERIZED_XML, PIPELINE_XML } from "../harness/job-configs";

type Outcome = { tree: unknown } | { error: string };

function outcome(parse: (text: string) => unknown, text: string): Outcome {
  try {
    return { tree: parse(text) };
  } catch (e) {
    return { error: `${(e as Error).constructor.name}: ${(e as Error).message}` };
  }
}

function expectAgreement(text: string): void {
  expect({ text, ...outcome(parseXml, text) }).toEqual({ text, ...outcome(parseXmlValidating, text) });
}

const noEntities = (source: string) => ({
  source,
  entities: new Map<string, string>(),
  budget: { remaining: 1 << 20, maxBytes: 1 << 20 },
});

const JENKINS_WRITTEN = [
  ...savedConfigs().map((f) => f.xml),
  FREESTYLE_XML,
  PIPELINE_XML,
  FOLDER_XML,
  PARAMETERIZED_XML,
];

/** Small documents at the edges of what the reader takes, well-formed or not. */
const EDGES = [
  `<?xml version="1.1" encoding="UTF-8"?>\n<a x="1" y='2'>\n  <b>x &amp; y &#x41;&#65;</b>\n  <c/><d></d><e> </e></a>\n`,
  `<a><!-- a comment --><![CDATA[raw <b> & ]]>t<?pi x?>u</a><!-- after -->\n`,
  `<?xml version="1.0"?><!-- c --><a/><?pi?>`,
  `<?xml version="1.0" standalone="yes"?><a/>`,
  `<a><?pi?></a>`,
  `<a>\r\nx</a>`,
  `<a x="a\tb\nc"/>`,
  `<a x="&lt;&#x41;&quot;"/>`,
  `<a:b xmlns:a="u"><a:c/></a:b>`,
  `<a\n/>`,
  `<a></a >`,
  `<a><b></a>`,
  `<a></b>`,
  `<a x="1" x="2"/>`,
  `<a x="1"y="2"/>`,
  `<a x = "1"/>`,
  `<a x/>`,
  `<a x=1/>`,
  `<a>]]></a>`,
  `<a>&#0;</a>`,
  `<a>&nope;</a>`,
  `<a>&amp</a>`,
  `<a>x</a>y`,
  `y<a/>`,
  `<a/><b/>`,
  `  <a/>`,
  `<a b="<"/>`,
  `<1a/>`,
  `<é/>`,
  `<aé/>`,
  `<a><!-- a--b --></a>`,
  `<a><!-- open</a>`,
  `<a><![CDATA[open</a>`,
  `<a><!ELEMENT a ANY></a>`,
  `<a>text`,
  `<a`,
  `<a/ >`,
  `<?xml version="1.0"?><?xml version="1.0"?><a/>`,
  ` <?xml version="1.0"?><a/>`,
  `<!DOCTYPE a [<!ENTITY e "x">]><a>&e;</a>`,
  ``,
  `no markup`,
];

describe("the single-pass reader", () => {
  it("takes every config Jenkins wrote among the fixtures, and the test configs", () => {
    const refused = JENKINS_WRITTEN.filter(
      (xml) => scanDocument(xml.replace(/^\uFEFF/, ""), noEntities(xml)) === undefined,
    );
    expect(refused).toEqual([]);
  });

  it("gives the validating parser's tree for every one of them", () => {
    for (const xml of JENKINS_WRITTEN) expectAgreement(xml);
  });

  it("agrees with the validating parser at the edges, well-formed or not", () => {
    for (const text of EDGES) expectAgreement(text);
  });

  it("agrees with the validating parser on damaged copies of real configs", () => {
    // Every kind of one-character damage, at positions spread over each document.
    const damage = (xml: string, at: number): string[] => [
      xml.slice(0, at) + xml.slice(at + 1),
      xml.slice(0, at) + "<" + xml.slice(at),
      xml.slice(0, at) + ">" + xml.slice(at),
      xml.slice(0, at) + "&" + xml.slice(at),
      xml.slice(0, at) + '"' + xml.slice(at),
      xml.slice(0, at) + "/" + xml.slice(at),
      xml.slice(0, at) + " " + xml.slice(at),
    ];
    let checked = 0;
    for (const xml of JENKINS_WRITTEN.slice(0, 8)) {
      const step = Math.max(1, Math.floor(xml.length / 60));
      for (let at = 0; at < xml.length; at += step) {
        for (const text of damage(xml, at)) {
          expectAgreement(text);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(2000);
  });
});
