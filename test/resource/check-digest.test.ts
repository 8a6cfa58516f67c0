/**
 * Check keeps the SHA-256 of the submitted config text (`configXmlSha256`) and, while the program gives the same
 * text, takes the canonical form from the old inputs instead of reading the XML again.
 */
import { createHash } from "node:crypto";
import { check, CONFIG_DIGEST_KEY } from "../../provider/resource/check";
import { canonicalizeConfig } from "../../provider/xml/canonical";
import { FOLDER_XML, FREESTYLE_XML } from "../harness/job-configs";

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

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
