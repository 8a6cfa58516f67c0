/**
 * The pure parts of secrets: what the program takes out of a config or a spec, how the provider masks a remote
 * config, sends the values back in place of the placeholders, and tells a value Jenkins made from one set by hand.
 */
import { hideInSpec, hideInXml } from "../../provider/resource/secrets/hide";
import {
  isEncryptedSecret,
  mayHoldSecrets,
  placeholder,
  placeholderIndex,
} from "../../provider/resource/secrets/fields";
import {
  CHANGED_IN_JENKINS,
  compareSecrets,
  digestOf,
  learnedDigests,
  maskSecrets,
  revealSecrets,
  secretsChanged,
  secretsProblem,
} from "../../provider/resource/secrets/state";
import { parseJobSpec } from "../../provider/specs/parse";
import { renderFreestyle } from "../../provider/specs";
import { parseXml } from "../../provider/xml/tree";
import { writeXml } from "../../provider/xml/writer";
import { savedConfigs } from "../harness/fixtures";

const BLOB = "{AQAAABAAAAAQ3q2+7wAAAAAAAAAAAAAAAJ5Rk7gE0V3l5mXH7bV0r3U=}";

const XML = `<project>
  <properties>
    <hudson.model.ParametersDefinitionProperty>
      <parameterDefinitions>
        <hudson.model.StringParameterDefinition>
          <name>PLAIN</name>
          <defaultValue>not a secret</defaultValue>
        </hudson.model.StringParameterDefinition>
        <hudson.model.PasswordParameterDefinition>
          <name>A</name>
          <defaultValue>p&amp;ss&lt;1&gt;</defaultValue>
        </hudson.model.PasswordParameterDefinition>
        <hudson.model.PasswordParameterDefinition>
          <name>B</name>
          <defaultValue/>
        </hudson.model.PasswordParameterDefinition>
        <parameterDefinition class="hudson.model.PasswordParameterDefinition">
          <name>C</name>
          <defaultValue><![CDATA[raw<text>]]></defaultValue>
        </parameterDefinition>
      </parameterDefinitions>
    </hudson.model.ParametersDefinitionProperty>
  </properties>
  <buildWrappers>
    <org.jenkinsci.plugins.envinject.EnvInjectPasswordWrapper>
      <passwordEntries>
        <org.jenkinsci.plugins.envinject.EnvInjectPasswordEntry>
          <name>DB</name>
          <value>db-pass</value>
        </org.jenkinsci.plugins.envinject.EnvInjectPasswordEntry>
      </passwordEntries>
    </org.jenkinsci.plugins.envinject.EnvInjectPasswordWrapper>
    <some.plugin.Wrapper><token>${BLOB}</token><password>not known</password></some.plugin.Wrapper>
  </buildWrappers>
</project>`;

describe("the table and the placeholder", () => {
  test("markers, encrypted values and placeholders", () => {
    expect(mayHoldSecrets("<project><builders/></project>")).toBe(false);
    expect(mayHoldSecrets("<hudson.model.PasswordParameterDefinition>")).toBe(true);
    expect(mayHoldSecrets(`<x>${BLOB}</x>`)).toBe(true);
    expect(isEncryptedSecret(BLOB)).toBe(true);
    expect(isEncryptedSecret("{AQAAABAAAA not base64}")).toBe(false);
    expect(isEncryptedSecret("hunter2")).toBe(false);
    expect(placeholder(0)).toBe("[secret 1]");
    expect(placeholderIndex("[secret 12]")).toBe(11);
    expect(placeholderIndex("[secret 0]")).toBeUndefined();
    expect(placeholderIndex("secret 1")).toBeUndefined();
  });
});

describe("hideInXml (program side, text level)", () => {
  test("takes every known Secret field and every encrypted value out, in document order", () => {
    const { value, values } = hideInXml(XML);
    expect(values).toEqual(["p&ss<1>", "", "raw<text>", "db-pass", BLOB]);
    expect(value).toContain("<defaultValue>not a secret</defaultValue>");
    expect(value).toContain("<defaultValue>[secret 1]</defaultValue>");
    expect(value).toContain("<defaultValue>[secret 2]</defaultValue>");
    expect(value).toContain("<defaultValue>[secret 3]</defaultValue>");
    expect(value).toContain("<value>[secret 4]</value>");
    expect(value).toContain("<token>[secret 5]</token>");
    // A field named like a Secret field in a class the table does not know is left alone.
    expect(value).toContain("<password>not known</password>");
    for (const v of values.filter((x) => x !== "")) expect(value).not.toContain(v);
    // Still the same document apart from the values.
    expect(parseXml(value).root.name).toBe("project");
  });

  test("a config without a marker is returned as is; a placeholder is not taken again", () => {
    const plain = "<project><builders/></project>";
    expect(hideInXml(plain)).toEqual({ value: plain, values: [] });
    const once = hideInXml(XML).value;
    expect(hideInXml(once).values).toEqual([]);
  });
});

describe("hideInSpec", () => {
  test("each password parameter's default becomes a placeholder; other parameters stay", () => {
    const spec = {
      steps: [{ shell: "make" }],
      parameters: [
        { type: "string", name: "V", default: "1" },
        { type: "password", name: "P", default: "s3cret" },
        { type: "password", name: "Q" },
      ],
    };
    const { value, values } = hideInSpec(spec);
    expect(values).toEqual(["s3cret", ""]);
    expect(value.parameters).toEqual([
      { type: "string", name: "V", default: "1" },
      { type: "password", name: "P", default: "[secret 1]" },
      { type: "password", name: "Q", default: "[secret 2]" },
    ]);
    expect(spec.parameters[1].default).toBe("s3cret"); // not modified
    expect(hideInSpec({ steps: [] })).toEqual({ value: { steps: [] }, values: [] });
  });

  test("a spec's password parameter renders to Jenkins's class and parses back", () => {
    const xml = renderFreestyle({
      parameters: [{ type: "password", name: "P", default: "[secret 1]", description: "d" }],
    });
    expect(xml).toContain("<hudson.model.PasswordParameterDefinition>");
    expect(xml).toContain("<defaultValue>[secret 1]</defaultValue>");
    expect(parseJobSpec(xml)?.spec).toMatchObject({
      parameters: [{ type: "password", name: "P", default: "[secret 1]", description: "d" }],
    });
  });
});

describe("the provider side", () => {
  const declared = hideInXml(XML);

  test("maskSecrets finds the same places as the program did, and leaves the tree alone", () => {
    const root = parseXml(XML).root;
    const before = writeXml(root, { style: "pretty" });
    const masked = maskSecrets(root);
    expect(masked.values.map((v) => v.trim())).toEqual(["p&ss<1>", "", "raw<text>", "db-pass", BLOB]);
    expect(writeXml(root, { style: "pretty" })).toBe(before);
    expect(writeXml(masked.root, { style: "pretty" })).toBe(
      writeXml(parseXml(declared.value).root, { style: "pretty" }),
    );
    expect(masked.paths[0]).toBe(
      "project/properties/hudson.model.ParametersDefinitionProperty/parameterDefinitions/hudson.model.PasswordParameterDefinition/defaultValue",
    );
    const plain = parseXml("<project/>").root;
    expect(maskSecrets(plain, "<project/>").root).toBe(plain);
  });

  test("revealSecrets puts the values back, escaped, only in element text", () => {
    const sent = revealSecrets(declared.value, declared.values);
    expect(maskSecrets(parseXml(sent).root).values.map((v) => v.trim())).toEqual(declared.values);
    expect(sent).toContain("<defaultValue>p&amp;ss&lt;1&gt;</defaultValue>");
    expect(revealSecrets('<a x="[secret 1]">[secret 1]</a>', ["v"])).toBe('<a x="[secret 1]">v</a>');
  });

  test("secretsProblem names a secret left in clear by its place, never its value", () => {
    const inClear = maskSecrets(parseXml(XML).root);
    const problem = secretsProblem(inClear, []);
    expect(problem).toContain("PasswordParameterDefinition/defaultValue holds a secret");
    expect(problem).not.toContain("p&ss");
    const hidden = maskSecrets(parseXml(declared.value).root);
    expect(secretsProblem(hidden, declared.values)).toBeUndefined();
    expect(secretsProblem(hidden, ["one"])).toContain("5 secret placeholder(s) but 1 secret value(s)");
  });

  test("what Jenkins made of a value is recorded as a digest; a new text there is a change by hand", () => {
    const other = BLOB.replace("AAAAJ5", "AAAAJ6");
    expect(learnedDigests([BLOB, "plain shown by legacy GET"])).toEqual([digestOf(BLOB), ""]);
    const olds = { secretValues: ["pw"], secretDigests: [digestOf(BLOB)] };
    expect(compareSecrets(olds, [BLOB])).toEqual({ digests: [digestOf(BLOB)], drifted: false });
    expect(compareSecrets(olds, [other])).toEqual({ digests: [CHANGED_IN_JENKINS], drifted: true });
    // Legacy: the posted plaintext itself, then the first encrypted text after a save is recorded.
    const legacy = { secretValues: ["pw"], secretDigests: [""] };
    expect(compareSecrets(legacy, ["pw"])).toEqual({ digests: [""], drifted: false });
    expect(compareSecrets(legacy, [BLOB])).toEqual({ digests: [digestOf(BLOB)], drifted: false });
    expect(compareSecrets(legacy, ["set by hand"]).drifted).toBe(true);
    // An encrypted value declared as such is Jenkins's own when it comes back unchanged.
    expect(compareSecrets({ secretValues: [BLOB], secretDigests: [digestOf(BLOB)] }, [BLOB]).drifted).toBe(false);
    expect(compareSecrets({ secretValues: [BLOB] }, [BLOB])).toEqual({ digests: [digestOf(BLOB)], drifted: false });
    expect(compareSecrets({ secretValues: [BLOB], secretDigests: [digestOf(BLOB)] }, [other]).drifted).toBe(true);
    expect(compareSecrets(olds, []).drifted).toBe(true);
  });

  test("secretsChanged: a new value, another number of values, or one found changed in Jenkins", () => {
    const olds = { secretValues: ["a"], secretDigests: ["d"] };
    expect(secretsChanged(olds, ["a"])).toBe(false);
    expect(secretsChanged(olds, ["b"])).toBe(true);
    expect(secretsChanged(olds, ["a", "b"])).toBe(true);
    expect(secretsChanged({}, undefined)).toBe(false);
    expect(secretsChanged({ secretValues: ["a"], secretDigests: [CHANGED_IN_JENKINS] }, ["a"])).toBe(true);
  });
});

describe("real saved configs (none holds a secret; one names a credentials class as text)", () => {
  test.each(savedConfigs().map((f) => [f.file, f.xml]))("%s: nothing taken out, nothing masked", (_file, xml) => {
    expect(hideInXml(xml)).toEqual({ value: xml, values: [] });
    const root = parseXml(xml).root;
    expect(maskSecrets(root, xml).root).toBe(root);
  });
});
