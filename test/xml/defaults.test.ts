import { canonicalizeConfig } from "../../provider/xml/canonical";
import {
  isDefaultField,
  isManagedContainer,
  JENKINS_DEFAULT_FIELDS,
  JENKINS_MANAGED_CONTAINERS,
  NEUTRAL_ATTRIBUTES,
} from "../../provider/xml/defaults";
import { configDifferences, configsEqual, configsEquivalent } from "../../provider/xml/semantic";
import { elementChildren, parseXml, textOf, type XmlElement } from "../../provider/xml/tree";
import { writeXml } from "../../provider/xml/writer";
import { fixture, savedConfigs } from "../harness/fixtures";

const fixtures = savedConfigs();

/**
 * What a user would have declared for a config Jenkins saved: the same config without the fields Jenkins fills in
 * itself, derived from the table (not from the comparison code under test).
 */
function declaredFromSaved(xml: string): string {
  return writeXml(strip(parseXml(xml).root), { style: "pretty", declaration: null });
}

function jenkinsFilledIn(parent: string, e: XmlElement, siblings: XmlElement[]): boolean {
  if (e.name.includes(".") || siblings.filter((s) => s.name === e.name).length > 1) return false;
  if (isManagedContainer(parent, e.name)) return true;
  if (e.attrs.some(([k]) => !NEUTRAL_ATTRIBUTES.includes(k))) return false;
  const kids = elementChildren(e);
  if (kids.length === 0) return textOf(e) === "" || isDefaultField(parent, e.name, textOf(e));
  return kids.every((k) => jenkinsFilledIn(e.name, k, kids));
}

function strip(e: XmlElement): XmlElement {
  const kids = elementChildren(e);
  return {
    ...e,
    children: e.children
      .filter((c) => c.kind !== "element" || !jenkinsFilledIn(e.name, c, kids))
      .map((c) => (c.kind === "element" ? strip(c) : c)),
  };
}

describe("Jenkins-aware comparison (refresh)", () => {
  it.each(fixtures.map((f) => [f.file, f.xml]))(
    "%s: a declaration without Jenkins's default fields is equivalent",
    (_name, xml) => {
      const declared = declaredFromSaved(xml);
      expect(configDifferences(declared, xml, { jenkinsDefaults: true })).toEqual([]);
      expect(configsEquivalent(declared, xml)).toBe(true);
      // Both directions: Jenkins may also drop an empty or default field that was declared.
      expect(configsEquivalent(xml, declared)).toBe(true);
    },
  );

  it("strict comparison still sees the added defaults", () => {
    const xml = fixture("freestyle-unbuilt-defaults.xml");
    const declared = declaredFromSaved(xml);
    expect(canonicalizeConfig(declared)).toBe(
      "<?xml version='1.1' encoding='UTF-8'?>\n<project>\n  <disabled>true</disabled>\n  <jdk>jdk17</jdk>\n</project>",
    );
    expect(configsEqual(declared, xml)).toBe(false);
    expect(configDifferences(declared, xml)).toContain("/project/canRoam: added");
  });

  it("matrix and maven defaults, including nested ones", () => {
    expect(canonicalizeConfig(declaredFromSaved(fixture("matrix-unbuilt-defaults.xml")))).toBe(
      "<?xml version='1.1' encoding='UTF-8'?>\n<matrix-project plugin=\"matrix-project@1.20\">\n  <disabled>true</disabled>\n</matrix-project>",
    );
    expect(canonicalizeConfig(declaredFromSaved(fixture("maven-unbuilt-defaults.xml")))).toBe(
      "<?xml version='1.1' encoding='UTF-8'?>\n<maven2-moduleset plugin=\"maven-plugin@3.17\">\n  <disabled>true</disabled>\n  <jdk>(System)</jdk>\n  <mavenName>mvn</mavenName>\n</maven2-moduleset>",
    );
  });

  it("tracker actions a Pipeline run adds under <actions> are not drift", () => {
    const saved = fixture("pipeline-declarative-inline.xml");
    const declared = saved.replace(/<actions>[^]*?<\/actions>/, "<actions/>");
    expect(configsEquivalent(declared, saved)).toBe(true);
    expect(configsEqual(declared, saved)).toBe(false);
  });

  it("a hand-written empty list (<builders>\\n</builders>) comes back as <builders/>", () => {
    const declared = "<project>\n  <builders>\n  </builders>\n</project>";
    const actual = "<project><builders/></project>";
    expect(configsEquivalent(declared, actual)).toBe(true);
    expect(configsEqual(declared, actual)).toBe(false);
  });

  describe("real edits made in the Jenkins UI are still drift", () => {
    const saved = fixture("freestyle-git-shell-archiveartifacts.xml");
    const declared = declaredFromSaved(saved);

    it.each([
      [
        "a changed shell command",
        saved.replace("rm -rf *.zip", "rm -rf *.tar"),
        "/project/builders/hudson.tasks.Shell[1]/command: text changed",
      ],
      [
        "a whitespace change inside the script",
        saved.replace("    wget $url", "  wget $url"),
        "/project/builders/hudson.tasks.Shell[1]/command: text changed (whitespace only)",
      ],
      [
        "a changed description",
        saved.replace("says that artifacts", "says artifacts"),
        "/project/description: text changed",
      ],
      [
        "a job disabled by hand",
        saved.replace("<disabled>false</disabled>", "<disabled>true</disabled>"),
        "/project/disabled: added",
      ],
      [
        "an added builder",
        saved.replace("<builders>", "<builders>\n    <hudson.tasks.Shell><command>id</command></hudson.tasks.Shell>"),
        "/project/builders/hudson.tasks.Shell[1]: added",
      ],
      [
        "a removed builder",
        saved.replace(/<hudson\.tasks\.Shell>[^]*<\/hudson\.tasks\.Shell>/, ""),
        "/project/builders/hudson.tasks.Shell[1]: removed",
      ],
      [
        "an added empty extension (entries are content, even when empty)",
        saved.replace(
          "<hudson.plugins.git.extensions.impl.WipeWorkspace/>",
          "<hudson.plugins.git.extensions.impl.WipeWorkspace/><hudson.plugins.git.extensions.impl.CleanCheckout/>",
        ),
        "/project/scm/extensions/hudson.plugins.git.extensions.impl.CleanCheckout[1]: added",
      ],
      [
        "a default field set to something else",
        saved.replace("<concurrentBuild>false</concurrentBuild>", "<concurrentBuild>true</concurrentBuild>"),
        "/project/concurrentBuild: added",
      ],
      [
        "a new field with a value",
        saved.replace(
          "<quietPeriod>0</quietPeriod>",
          "<quietPeriod>0</quietPeriod><customWorkspace>/x</customWorkspace>",
        ),
        "/project/customWorkspace: added",
      ],
    ])("%s", (_what, edited, difference) => {
      expect(configsEquivalent(declared, saved)).toBe(true);
      expect(configDifferences(declared, edited, { jenkinsDefaults: true })).toEqual([difference]);
      expect(configsEquivalent(declared, edited)).toBe(false);
    });

    it("disabled true -> false when it was declared", () => {
      const declaredDisabled = declared.replace("<project>", "<project>\n  <disabled>true</disabled>");
      expect(configDifferences(declaredDisabled, saved, { jenkinsDefaults: true })).toEqual([
        "/project/disabled: text changed",
      ]);
    });

    it("a removed declared field", () => {
      const edited = saved.replace(/<assignedNode>.*<\/assignedNode>/, "");
      expect(configDifferences(declared, edited, { jenkinsDefaults: true })).toEqual([
        "/project/assignedNode: removed",
      ]);
    });
  });

  it("default rows only apply under their parents", () => {
    expect(isDefaultField("project", "canRoam", "true")).toBe(true);
    expect(isDefaultField("flow-definition", "canRoam", "true")).toBe(false);
    expect(isDefaultField("project", "canRoam", "false")).toBe(false);
    expect(configsEquivalent("<folder/>", "<folder><disabled>false</disabled></folder>")).toBe(false);
  });
});

describe("the default-value table matches real Jenkins output", () => {
  const seen = new Map<string, Set<string>>(); // "parent/element" → values seen in fixtures
  const visit = (e: XmlElement) => {
    for (const c of elementChildren(e)) {
      const key = `${e.name}/${c.name}`;
      if (!seen.has(key)) seen.set(key, new Set());
      if (elementChildren(c).length === 0) seen.get(key)!.add(textOf(c));
      visit(c);
    }
  };
  for (const f of fixtures) visit(parseXml(f.xml).root);

  it.each(JENKINS_DEFAULT_FIELDS.map((row) => [row.element, row]))(
    "%s appears in a fixture under a listed parent",
    (_n, row) => {
      const parents = row.parents ?? [...seen.keys()].map((k) => k.split("/")[0]);
      const found = parents.filter((p) => seen.has(`${p}/${row.element}`));
      expect(found.length).toBeGreaterThan(0);
    },
  );

  it("values of rows with a fixture written by an unbuilt job are the defaults seen there", () => {
    for (const name of [
      "freestyle-unbuilt-defaults.xml",
      "matrix-unbuilt-defaults.xml",
      "maven-unbuilt-defaults.xml",
    ]) {
      const root = parseXml(fixture(name)).root;
      for (const c of elementChildren(root)) {
        const row = JENKINS_DEFAULT_FIELDS.find((r) => r.element === c.name && r.parents?.includes(root.name));
        if (row && c.name !== "disabled") expect(`${c.name}=${textOf(c)}`).toBe(`${row.element}=${row.value}`);
      }
    }
  });

  it("managed containers exist in fixtures", () => {
    for (const row of JENKINS_MANAGED_CONTAINERS) {
      expect(row.parents.some((p) => seen.has(`${p}/${row.element}`))).toBe(true);
    }
  });
});
