/**
 * A job's `__digest` as the state keeps it: one string (resource/digest-text.ts), made from the digest of real
 * configs and read back to the same digest, hashes cut to their first 128 bits; outputs written before (the digest
 * an object) read as they are.
 */
import { currentOutputs, digestOf, storedOutputs } from "../../provider/resource/config-digest";
import { digestFromText, digestText } from "../../provider/resource/digest-text";
import { sameHash, shortHash } from "../../provider/resource/kept-hash";
import type { ConfigDigest } from "../../provider/resource/types";
import { parseXml } from "../../provider/xml/tree";
import { savedConfigs } from "../harness/fixtures";
import { FOLDER_XML, FREESTYLE_XML } from "../harness/job-configs";

const digestOfXml = (xml: string, asXml = true): ConfigDigest =>
  digestOf(xml, parseXml(xml).root, asXml, { description: "said", enabled: true });

/** The digest as it reads back from its text: every hash cut to its first 128 bits. */
const short = (d: ConfigDigest): ConfigDigest => ({
  ...d,
  canonical: shortHash(d.canonical),
  semantic: shortHash(d.semantic),
  equivalence: shortHash(d.equivalence),
});

describe("a job's digest as one string", () => {
  it("reads back every saved config's digest, as a config and as a spec's", () => {
    const configs = savedConfigs();
    expect(configs.length).toBeGreaterThan(20);
    for (const { xml } of configs) {
      for (const asXml of [true, false]) {
        const digest = digestOfXml(xml, asXml);
        const text = digestText(digest);
        expect(typeof text).toBe("string");
        expect(digestFromText(text)).toEqual(short(digest));
      }
    }
  });

  it("keeps the owned parts whole, lines and all, and the layout's fields", () => {
    const digest = digestOfXml(FOLDER_XML);
    const withParts: ConfigDigest = {
      ...digest,
      owned: "<?xml version='1.1' encoding='UTF-8'?>\n<folder>\n  <views>\n    <x>k=1 p</x>\n  </views>\n</folder>",
      layout: { kept: [], plugins: {}, fields: { description: "own\ntext" }, absent: ["disabled"] },
    };
    expect(digestFromText(digestText(withParts))).toEqual(short(withParts));
  });

  it("writes as JSON what the short form cannot hold", () => {
    const digest: ConfigDigest = {
      ...digestOfXml(FREESTYLE_XML),
      layout: { kept: ["not-a-key"], plugins: { "0badc0de": "odd value=with spaces" } },
    };
    const text = digestText(digest);
    expect(text).toContain("\nK[");
    expect(text).toContain("\nP{");
    expect(digestFromText(text)).toEqual(short(digest));
  });

  it("names each plugin value once, however many elements carry it", () => {
    const digest: ConfigDigest = {
      ...digestOfXml(FREESTYLE_XML),
      layout: { kept: [], plugins: { "00000001": "git@5.10.0", "00000002": "git@5.10.0", "00000003": "ant@1.2" } },
    };
    const text = digestText(digest);
    expect(text.split("git@5.10.0")).toHaveLength(2);
    expect(digestFromText(text)?.layout?.plugins).toEqual(digest.layout?.plugins);
  });

  it("is no digest when the text is not one", () => {
    expect(digestFromText("")).toBeUndefined();
    expect(digestFromText("project abc")).toBeUndefined();
    expect(digestFromText("project a b c\nz?")).toBeUndefined();
    expect(digestFromText("project a b c\nf{not json")).toBeUndefined();
  });

  it("stored outputs hold the text; every step reads them back, and outputs written before as they are", () => {
    const digest = digestOfXml(FREESTYLE_XML);
    const outs = { name: "api", __digest: digest };
    const stored = storedOutputs(outs);
    expect(typeof stored.__digest).toBe("string");
    expect(currentOutputs(stored).__digest).toEqual(short(digest));
    // Written before: the object with its whole hashes.
    expect(currentOutputs(outs).__digest).toBe(digest);
  });

  it("a hash cut to 128 bits still names the hash it came from, and no other", () => {
    const digest = digestOfXml(FREESTYLE_XML);
    const other = digestOfXml(FREESTYLE_XML.replace("make test", "make all"));
    const hex = (kept: string) => Buffer.from(kept, "base64url").toString("hex");
    expect(sameHash(shortHash(digest.canonical), hex(digest.canonical))).toBe(true);
    expect(sameHash(shortHash(digest.canonical), hex(other.canonical))).toBe(false);
  });
});
