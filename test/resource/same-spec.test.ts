/** sameSpec: the diff's shortcut for a typed spec declared exactly as its old outputs hold it. */
import { sameSpec } from "../../provider/resource/same-spec";

const spec = { script: "node { sh 'make' }", parameters: [{ type: "string", name: "REF", default: "main" }] };

describe("sameSpec", () => {
  it("holds for the same spec, whatever the order of its keys", () => {
    const reordered = { parameters: [{ default: "main", name: "REF", type: "string" }], script: spec.script };
    expect(sameSpec({ pipeline: spec, configXml: "<x/>" }, { pipeline: reordered }, "pipeline")).toBe(true);
  });

  it("does not hold for a changed value, an added key or another kind", () => {
    expect(sameSpec({ pipeline: spec }, { pipeline: { ...spec, script: "node {}" } }, "pipeline")).toBe(false);
    expect(sameSpec({ pipeline: spec }, { pipeline: { ...spec, sandbox: false } }, "pipeline")).toBe(false);
    expect(sameSpec({ freestyle: spec }, { pipeline: spec }, "pipeline")).toBe(false);
  });

  it("never holds for configXml, which the semantic comparison decides", () => {
    expect(sameSpec({ configXml: "<project/>" }, { configXml: "<project/>" }, "configXml")).toBe(false);
  });
});
