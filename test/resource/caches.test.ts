/**
 * The provider's text-keyed caches: bounded, and never an answer different from parsing the text again.
 */
import { canonicalizeDocument } from "../../provider/xml/canonical";
import { parseXml } from "../../provider/xml/tree";
import { fieldsOf } from "../../provider/resource/job-config";
import { knownFields, rememberFields } from "../../provider/resource/known-fields";
import { TextCache } from "../../provider/resource/text-cache";

describe("TextCache", () => {
  it("drops the oldest entries past its entry bound", () => {
    const cache = new TextCache<number>(2, 1000);
    cache.set("a", 1);
    cache.set("b", 2);
    cache.set("c", 3);
    expect([cache.get("a"), cache.get("b"), cache.get("c")]).toEqual([undefined, 2, 3]);
  });

  it("drops the oldest entries past its character bound, and never keeps one larger than the bound", () => {
    const cache = new TextCache<string>(100, 10);
    cache.set("aaaa", "A");
    cache.set("bbbb", "B");
    cache.set("cccc", "C"); // 12 characters would be kept: the oldest goes
    expect([cache.get("aaaa"), cache.get("bbbb"), cache.get("cccc")]).toEqual([undefined, "B", "C"]);
    cache.set("x".repeat(11), "too big");
    expect(cache.get("x".repeat(11))).toBeUndefined();
    expect(cache.get("cccc")).toBe("C");
  });

  it("replaces an entry set again without counting it twice", () => {
    const cache = new TextCache<number>(100, 8);
    cache.set("abcd", 1);
    cache.set("abcd", 2);
    cache.set("efgh", 3);
    expect([cache.get("abcd"), cache.get("efgh")]).toEqual([2, 3]);
  });
});

describe("fields remembered from check", () => {
  function checked(xml: string): string {
    const doc = parseXml(xml);
    const canonical = canonicalizeDocument(doc);
    rememberFields(canonical, doc.root);
    return canonical;
  }

  it("gives for a canonical text exactly what parsing it gives", () => {
    const samples = [
      "<project><description>Builds &amp; tests <!-- note --> here</description><disabled>true</disabled></project>",
      "<project><description><![CDATA[a <b> c]]></description></project>",
      "<flow-definition><description>line 1\r\nline 2</description><disabled>false</disabled></flow-definition>",
      "<com.cloudbees.hudson.plugins.folder.Folder><description/></com.cloudbees.hudson.plugins.folder.Folder>",
    ];
    for (const xml of samples) {
      const canonical = checked(xml);
      expect(knownFields(canonical)).toEqual(fieldsOf(parseXml(canonical).root));
    }
  });

  it("records nothing when a field holds elements, so the text is parsed instead", () => {
    const canonical = checked("<project><description>a<b>c</b></description></project>");
    expect(knownFields(canonical)).toBeUndefined();
  });
});
