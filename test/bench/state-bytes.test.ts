/** The stored size of a resource's state, and the share of it that is the serialized provider. */
import { meanStateBytes, stateBytesOf } from "./state-bytes";

const PROVIDER = 'exports.handler = require("pulumi-jenkins-jobs/dist/provider/resource/provider.js");';

describe("stateBytesOf", () => {
  it("counts each map as minified JSON and the __provider members of both", () => {
    const inputs = { name: "a", configXml: "<project/>", __provider: PROVIDER };
    const outputs = { name: "a", fullName: "a", __provider: PROVIDER };
    const member = Buffer.byteLength(`,"__provider":${JSON.stringify(PROVIDER)}`);
    expect(stateBytesOf(inputs, outputs)).toEqual({
      inputs: Buffer.byteLength(JSON.stringify(inputs)),
      outputs: Buffer.byteLength(JSON.stringify(outputs)),
      provider: 2 * member,
    });
  });

  it("counts no provider bytes for a plugin's maps, and bytes rather than characters", () => {
    const got = stateBytesOf({ name: "é" }, { name: "é", url: "http://x/job/%C3%A9/" });
    expect(got).toEqual({ inputs: 13, outputs: 42, provider: 0 });
  });

  it("refuses a map holding a secret, whose stored size is its ciphertext's", () => {
    const secret = { "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270", value: "pw" };
    expect(() => stateBytesOf({ params: [{ pw: secret }] }, {})).toThrow(/secret/);
  });

  it("averages per resource", () => {
    expect(
      meanStateBytes([
        { inputs: 10, outputs: 20, provider: 4 },
        { inputs: 11, outputs: 21, provider: 4 },
      ]),
    ).toEqual({ inputs: 11, outputs: 21, provider: 4 });
  });
});
