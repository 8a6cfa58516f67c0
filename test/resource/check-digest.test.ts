/**
 * Check keeps the SHA-256 of the submitted config text (`__configXmlSha256`) and, while the program gives the same
 * text, takes the canonical form from the old inputs instead of reading the XML again.
 */
import { createHash } from "node:crypto";
import { check, CONFIG_DIGEST_KEY, LEGACY_DIGEST_KEY } from "../../provider/resource/check";
import { canonicalizeConfig } from "../../provider/xml/canonical";
import { FOLDER_XML, FREESTYLE_XML } from "../harness/job-configs";

/** What check keeps: the first 128 bits of the text's SHA-256, in base64url. */
const sha256 = (text: string) => createHash("sha256").update(text).digest().subarray(0, 16).toString("base64url");
const sha256Hex = (text: string) => createHash("sha256").update(text).digest("hex");

describe("check of a config given as text", () => {
  it("keeps the canonical form and the digest of the text as submitted", async () => {
    const { inputs, failures } = await check({}, { name: "api", configXml: FREESTYLE_XML });
    expect(failures).toEqual([]);
    expect(inputs.configXml).toBe(canonicalizeConfig(FREESTYLE_XML));
    expect(inputs[CONFIG_DIGEST_KEY]).toBe(sha256(FREESTYLE_XML));
  });

  it("takes the canonical form from the old inputs while the text is the same", async () => {
    const first = (await check({}, { name: "api", configXml: FREESTYLE_XML })).inputs;
    // Old inputs whose canonical text differs from what reading the XML would give (an older provider's form):
    // taking it shows that the XML was not read again.
    const olds = { ...first, configXml: `${String(first.configXml)}<!-- kept from the state -->` };
    const again = await check(olds, { name: "api", configXml: FREESTYLE_XML, description: "new" });
    expect(again.failures).toEqual([]);
    expect(again.inputs.configXml).toBe(olds.configXml);
    expect(again.inputs.description).toBe("new");
  });

  it("reads the XML again when the text changed, or when the old inputs carry no digest", async () => {
    const first = (await check({}, { name: "api", configXml: FREESTYLE_XML })).inputs;
    const edited = FREESTYLE_XML.replace("make test", "make check");
    const changed = await check({ ...first, configXml: "<stale/>" }, { name: "api", configXml: edited });
    expect(changed.inputs.configXml).toBe(canonicalizeConfig(edited));
    expect(changed.inputs[CONFIG_DIGEST_KEY]).toBe(sha256(edited));

    const withoutDigest = { ...first, configXml: "<stale/>" };
    delete withoutDigest[CONFIG_DIGEST_KEY];
    const reread = await check(withoutDigest, { name: "api", configXml: FREESTYLE_XML });
    expect(reread.inputs.configXml).toBe(canonicalizeConfig(FREESTYLE_XML));
  });

  it("takes the digest of a state written by 0.1.0 (configXmlSha256) and writes the internal key", async () => {
    const first = (await check({}, { name: "api", configXml: FREESTYLE_XML })).inputs;
    const legacy: Record<string, unknown> = { ...first, configXml: `${String(first.configXml)}<!-- from 0.1.0 -->` };
    // As 0.1.0 wrote it: the whole hash in hex.
    legacy[LEGACY_DIGEST_KEY] = sha256Hex(FREESTYLE_XML);
    delete legacy[CONFIG_DIGEST_KEY];
    delete legacy.__configXmlFields;
    const again = await check(legacy, { name: "api", configXml: FREESTYLE_XML });
    expect(again.inputs.configXml).toBe(legacy.configXml);
    expect(again.inputs[CONFIG_DIGEST_KEY]).toBe(sha256(FREESTYLE_XML));
    expect(again.inputs).not.toHaveProperty(LEGACY_DIGEST_KEY);
    expect(again.inputs).toMatchObject({ description: first.description, enabled: first.enabled });
  });

  it("fills description and enabled in from the config when the program leaves them out", async () => {
    const disabled = FREESTYLE_XML.replace("<disabled>false</disabled>", "<disabled>true</disabled>");
    const { inputs } = await check({}, { name: "api", configXml: disabled });
    expect(inputs).toMatchObject({ enabled: false, description: expect.any(String) });
    const explicit = await check(inputs, { name: "api", configXml: disabled, enabled: true, description: "mine" });
    expect(explicit.inputs).toMatchObject({ enabled: true, description: "mine" });
    // The same text again, without the explicit values: the config's own, taken without reading it.
    const back = await check(explicit.inputs, { name: "api", configXml: disabled });
    expect(back.inputs).toMatchObject({ enabled: false, description: inputs.description });
  });

  it("takes the canonical form from inputs written with the whole hash in hex", async () => {
    const first = (await check({}, { name: "api", configXml: FREESTYLE_XML })).inputs;
    const before = {
      ...first,
      configXml: `${String(first.configXml)}<!-- kept -->`,
      [CONFIG_DIGEST_KEY]: sha256Hex(FREESTYLE_XML),
    };
    const again = await check(before, { name: "api", configXml: FREESTYLE_XML });
    expect(again.inputs.configXml).toBe(before.configXml);
    expect(again.inputs[CONFIG_DIGEST_KEY]).toBe(sha256(FREESTYLE_XML));
  });

  it("keeps the config's own description and enabled state only when the inputs say others", async () => {
    const own = (await check({}, { name: "api", configXml: FREESTYLE_XML })).inputs;
    expect(own).not.toHaveProperty("__configXmlFields");
    const explicit = (await check({}, { name: "api", configXml: FREESTYLE_XML, description: "mine" })).inputs;
    expect(explicit.__configXmlFields).toEqual({ description: own.description, enabled: own.enabled });
  });

  it("takes the config's own fields from inputs it checked without them, without reading the text", async () => {
    const first = (await check({}, { name: "api", configXml: FREESTYLE_XML })).inputs;
    expect(first).not.toHaveProperty("__configXmlFields");
    // Inputs whose description is not the text's: taking it shows that the text was not read for it.
    const olds = { ...first, description: "as the state says" };
    const again = await check(olds, { name: "api", configXml: FREESTYLE_XML });
    expect(again.inputs.description).toBe("as the state says");
    // Inputs written before (the whole hash in hex) without the fields: read from the text.
    const before = { ...olds, [CONFIG_DIGEST_KEY]: sha256Hex(FREESTYLE_XML) };
    const reread = await check(before, { name: "api", configXml: FREESTYLE_XML });
    expect(reread.inputs.description).toBe(first.description);
  });

  it("ignores a digest given by the program", async () => {
    const forged = await check({}, { name: "api", configXml: FREESTYLE_XML, [CONFIG_DIGEST_KEY]: "0".repeat(64) });
    expect(forged.inputs.configXml).toBe(canonicalizeConfig(FREESTYLE_XML));
    expect(forged.inputs[CONFIG_DIGEST_KEY]).toBe(sha256(FREESTYLE_XML));
  });

  it("still refuses to disable a folder whose text is unchanged", async () => {
    const first = (await check({}, { name: "team", configXml: FOLDER_XML })).inputs;
    const disabled = await check(first, { name: "team", configXml: FOLDER_XML, enabled: false });
    expect(disabled.failures).toEqual([
      expect.objectContaining({ property: "enabled", reason: expect.stringContaining("cannot be disabled") }),
    ]);
  });
});
