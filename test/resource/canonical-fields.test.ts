/**
 * The tag scan of canonical configs (canonical-fields.ts) against the parser: the same description and enabled
 * state for every saved config and for the awkward cases, and no answer (so the caller parses) for text that is
 * not in canonical form or that the scan does not take.
 */
import { canonicalFields } from "../../provider/resource/canonical-fields";
import { fieldsOf } from "../../provider/resource/job-config";
import { canonicalizeConfig } from "../../provider/xml/canonical";
import { parseXml } from "../../provider/xml/tree";
import { savedConfigs } from "../harness/fixtures";
import { asExported } from "../bench/user-program";
import { makeConfig } from "../bench/configs";
import { seededRandom } from "../../provider/server/seeded-random";

const parsed = (xml: string) => fieldsOf(parseXml(xml).root);

describe("canonicalFields", () => {
  it("reads what the parser reads from every saved config in canonical form", () => {
    const configs = savedConfigs();
    expect(configs.length).toBeGreaterThan(10);
    for (const { file, xml } of configs) {
      const canonical = canonicalizeConfig(xml);
      const fast = canonicalFields(canonical);
      // Saved configs are plain: the scan must take every one of them.
      expect({ file, fields: fast }).toEqual({ file, fields: parsed(canonical) });
    }
  });

  it("reads exported configs once canonical; as exported, reads them right or not at all", () => {
    const r = seededRandom(7);
    let refused = 0;
    for (let i = 0; i < 20; i++) {
      const exported = asExported(makeConfig("freestyle", i, "5KB"), r);
      const asIs = canonicalFields(exported);
      if (asIs === undefined) refused++;
      else expect(asIs).toEqual(parsed(exported));
      const canonical = canonicalizeConfig(exported);
      expect(canonicalFields(canonical)).toEqual(parsed(canonical));
    }
    // Most exports carry another declaration.
    expect(refused).toBeGreaterThan(10);
  });

  const cases: Array<[string, string]> = [
    ["escaped text", "<project><description>a &lt;b&gt; &amp; &quot;c&quot; &#x9; &#233;</description></project>"],
    ["a disabled job", "<project><description/><disabled>true</disabled></project>"],
    ["disabled with spaces", "<project><disabled> true </disabled></project>"],
    ["no fields", "<project><actions/><builders/></project>"],
    [
      "fields deeper down only",
      "<project><properties><p><description>not mine</description><disabled>true</disabled></p></properties></project>",
    ],
    [
      "attribute values holding > and /",
      '<project><a x="1 &gt; 0" y="a/b>"/><description c="&gt;/">text</description></project>',
    ],
    ["the first of two", "<project><description>one</description><description>two</description></project>"],
    ["mixed content in the root", "<project>\n  text <description>d</description> more\n</project>"],
    ["an empty root", "<project/>"],
    [
      "a folder",
      '<com.cloudbees.hudson.plugins.folder.Folder plugin="cloudbees-folder@6.9"><description>f</description></com.cloudbees.hudson.plugins.folder.Folder>',
    ],
  ];
  it.each(cases)("agrees with the parser: %s", (_label, xml) => {
    const canonical = canonicalizeConfig(xml);
    expect(canonicalFields(canonical)).toEqual(parsed(canonical));
  });

  it("leaves a field holding elements to the parser", () => {
    const canonical = canonicalizeConfig("<project><description>a <b>bold</b> c</description></project>");
    expect(canonicalFields(canonical)).toBeUndefined();
  });

  it.each([
    ["another declaration", '<?xml version="1.0"?>\n<project><description>x</description></project>'],
    ["no declaration", "<project><description>x</description></project>"],
    ["a comment", "<?xml version='1.1' encoding='UTF-8'?>\n<project><!-- c --><description>x</description></project>"],
    ["CDATA", "<?xml version='1.1' encoding='UTF-8'?>\n<project><description><![CDATA[x]]></description></project>"],
    ["a declared entity", "<?xml version='1.1' encoding='UTF-8'?>\n<project><description>&me;</description></project>"],
    ["mismatched tags", "<?xml version='1.1' encoding='UTF-8'?>\n<project><description>x</description></job>"],
    ["a cut-off text", "<?xml version='1.1' encoding='UTF-8'?>\n<project><description>x"],
    ["text after the root", "<?xml version='1.1' encoding='UTF-8'?>\n<project/>\n<project/>"],
  ])("gives no answer for %s", (_label, xml) => {
    expect(canonicalFields(xml)).toBeUndefined();
  });
});
