import { configDifferences, configsEqual, configsEquivalent, commonSubsequence } from "../../provider/xml/semantic";
import { parseXml, XmlSyntaxError, type XmlElement } from "../../provider/xml/tree";
import { writeXml } from "../../provider/xml/writer";
import { fixture, savedConfigs } from "../harness/fixtures";
import { jenkinsResave } from "./jenkins-resave";

const BASE = `<?xml version='1.1' encoding='UTF-8'?>
<project>
  <actions/>
  <description>Builds the API</description>
  <keepDependencies>false</keepDependencies>
  <scm class="hudson.plugins.git.GitSCM" plugin="git@5.2.1">
    <configVersion>2</configVersion>
  </scm>
  <disabled>false</disabled>
  <builders>
    <hudson.tasks.Shell>
      <command>#!/bin/sh
echo &quot;one&quot;
  make  test</command>
      <configuredLocalRules/>
    </hudson.tasks.Shell>
    <hudson.tasks.Ant plugin="ant@1.0">
      <targets>dist</targets>
    </hudson.tasks.Ant>
    <hudson.tasks.Shell>
      <command>echo two</command>
    </hudson.tasks.Shell>
  </builders>
  <publishers/>
</project>`;

function expectSame(a: string, b: string): void {
  expect(configDifferences(a, b)).toEqual([]);
  expect(configsEqual(a, b)).toBe(true);
  expect(configsEquivalent(a, b)).toBe(true);
}

function expectDifferent(a: string, b: string, differences: string[]): void {
  expect(configDifferences(a, b)).toEqual(differences);
  expect(configsEqual(a, b)).toBe(false);
  // Real edits are drift for refresh as well.
  expect(configDifferences(a, b, { jenkinsDefaults: true })).toEqual(differences);
  expect(configsEquivalent(a, b)).toBe(false);
}

describe("what does not count", () => {
  it("the XML declaration", () => {
    expectSame(BASE, BASE.replace("<?xml version='1.1' encoding='UTF-8'?>", '<?xml version="1.0" encoding="UTF-8"?>'));
    expectSame(BASE, BASE.replace("<?xml version='1.1' encoding='UTF-8'?>\n", ""));
  });

  it("indentation and whitespace between elements", () => {
    expectSame(
      BASE,
      BASE.replace(/\n {2}</g, "\n        <").replace("<publishers/>\n</project>", "<publishers/></project>"),
    );
  });

  it("attribute order", () => {
    expectSame(
      BASE,
      BASE.replace(
        'class="hudson.plugins.git.GitSCM" plugin="git@5.2.1"',
        'plugin="git@5.2.1" class="hudson.plugins.git.GitSCM"',
      ),
    );
  });

  it("<a/> versus <a></a>", () => {
    expectSame(
      BASE,
      BASE.replace("<publishers/>", "<publishers></publishers>").replace("<actions/>", "<actions></actions>"),
    );
  });

  it("entity spelling, character references and CDATA", () => {
    expectSame(BASE, BASE.replace("echo &quot;one&quot;", 'echo "one"'));
    expectSame(BASE, BASE.replace("echo &quot;one&quot;", "echo &#34;one&#x22;"));
    expectSame(BASE, BASE.replace("<targets>dist</targets>", "<targets><![CDATA[di]]>st</targets>"));
    expectSame("<a>it's</a>", "<a>it&apos;s</a>");
  });

  it("plugin attributes: changed versions, added or removed", () => {
    expectSame(BASE, BASE.replace("git@5.2.1", "git@5.3.0").replace("ant@1.0", "ant@2.0"));
    expectSame(BASE, BASE.replace(' plugin="ant@1.0"', ""));
    expectSame(BASE, BASE.replace("<project>", '<project plugin="core@1">'));
  });

  it("comments", () => {
    expectSame(
      BASE,
      BASE.replace("<builders>", "<builders><!-- steps -->").replace("<project>", "<!-- job -->\n<project>"),
    );
  });

  it("the order of differently named fields (Jenkins writes them in class order)", () => {
    const moved = BASE.replace("  <description>Builds the API</description>\n", "").replace(
      "<publishers/>",
      "<publishers/>\n  <description>Builds the API</description>",
    );
    expectSame(BASE, moved);
  });

  it("a DOCTYPE entity against its expansion (Jenkins stores the expansion)", () => {
    const withEntity = BASE.replace("<project>", '<!DOCTYPE project [<!ENTITY what "the API">]>\n<project>').replace(
      "Builds the API",
      "Builds &what;",
    );
    expectSame(BASE, withEntity);
  });

  it("a Jenkins re-save of every fixture", () => {
    for (const { xml } of savedConfigs()) expectSame(xml, jenkinsResave(xml));
  });
});

describe("what counts", () => {
  it("a changed text", () => {
    expectDifferent(BASE, BASE.replace("echo two", "echo 2"), [
      "/project/builders/hudson.tasks.Shell[2]/command: text changed",
    ]);
  });

  it("whitespace inside text", () => {
    expectDifferent(BASE, BASE.replace("  make  test", "  make test"), [
      "/project/builders/hudson.tasks.Shell[1]/command: text changed (whitespace only)",
    ]);
    expectDifferent(BASE, BASE.replace("make  test</command>", "make  test\n</command>"), [
      "/project/builders/hudson.tasks.Shell[1]/command: text changed (whitespace only)",
    ]);
    expectDifferent("<a><b/></a>", "<a><b> </b></a>", ["/a/b: text changed (whitespace only)"]);
  });

  it("a changed description", () => {
    expectDifferent(BASE, BASE.replace("Builds the API", "Builds the UI"), ["/project/description: text changed"]);
  });

  it("disabled true <-> false", () => {
    const disabled = BASE.replace("<disabled>false</disabled>", "<disabled>true</disabled>");
    expectDifferent(BASE, disabled, ["/project/disabled: text changed"]);
    expectDifferent(disabled, BASE, ["/project/disabled: text changed"]);
  });

  it("a removed builder", () => {
    const without = BASE.replace(/ {4}<hudson\.tasks\.Ant[^]*?<\/hudson\.tasks\.Ant>\n/, "");
    expectDifferent(BASE, without, ["/project/builders/hudson.tasks.Ant[1]: removed"]);
    const withoutFirstShell = BASE.replace(/ {4}<hudson\.tasks\.Shell>[^]*?<\/hudson\.tasks\.Shell>\n/, "");
    expectDifferent(BASE, withoutFirstShell, ["/project/builders/hudson.tasks.Shell[1]: removed"]);
  });

  it("an added builder", () => {
    const added = BASE.replace(
      "</builders>",
      "  <hudson.tasks.Shell><command>rm -rf /tmp/x</command></hudson.tasks.Shell>\n  </builders>",
    );
    expectDifferent(BASE, added, ["/project/builders/hudson.tasks.Shell[3]: added"]);
  });

  it("reordered builders", () => {
    const ant = BASE.match(/ {4}<hudson\.tasks\.Ant[^]*?<\/hudson\.tasks\.Ant>\n/)![0];
    const reordered = BASE.replace(ant, "").replace("  <builders>\n", `  <builders>\n${ant}`);
    expectDifferent(BASE, reordered, ["/project/builders/hudson.tasks.Shell[1]: moved from position 1 to 2"]);
  });

  it("changed, added and removed attributes other than plugin", () => {
    expectDifferent(BASE, BASE.replace("hudson.plugins.git.GitSCM", "hudson.scm.NullSCM"), [
      "/project/scm/@class: attribute changed",
    ]);
    expectDifferent("<a><b/></a>", '<a><b x="1"/></a>', ["/a/b/@x: attribute added"]);
    expectDifferent('<a><b x="1"/></a>', "<a><b/></a>", ["/a/b/@x: attribute removed"]);
  });

  it("a different root element", () => {
    expectDifferent("<project/>", "<flow-definition/>", [
      "/: root element changed from <project> to <flow-definition>",
    ]);
  });

  it("list entries that repeat a plain name keep their order", () => {
    expectDifferent(
      "<a><l><string>x</string><string>y</string></l></a>",
      "<a><l><string>y</string><string>x</string></l></a>",
      ["/a/l/string[1]: moved from position 1 to 2"],
    );
    expectDifferent(
      "<a><l><string>x</string><string>y</string></l></a>",
      "<a><l><string>x</string><string>z</string></l></a>",
      ["/a/l/string[2]: text changed"],
    );
  });

  it("messages never contain the text itself", () => {
    const secret = "{AQAAABAAAAAQ-not-a-real-secret}";
    const diffs = configDifferences(`<a><p>${secret}</p></a>`, "<a><p>x</p></a>").join("\n");
    expect(diffs).not.toContain(secret);
  });

  it("broken input is an XmlSyntaxError, not a difference", () => {
    expect(() => configDifferences(BASE, "<project>")).toThrow(XmlSyntaxError);
    expect(() => configsEqual("<a", BASE)).toThrow(XmlSyntaxError);
  });
});

describe("configsEqual agrees with configDifferences", () => {
  it("on each fixture against itself and against its neighbours", () => {
    const all = savedConfigs();
    all.forEach((a, i) => {
      for (const b of [a, all[(i + 1) % all.length], all[(i + 7) % all.length]]) {
        const diffs = configDifferences(a.xml, b.xml);
        expect(configsEqual(a.xml, b.xml)).toBe(diffs.length === 0);
        expect(diffs.length === 0).toBe(a.file === b.file);
      }
    });
  });
});

describe("consistency under random edits of the fixtures", () => {
  // Deterministic pseudo-random edits; the point is that the three entry points never disagree.
  let seed = 42;
  const rnd = (n: number) => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed % n;
  };
  const elements = (e: XmlElement, out: XmlElement[] = []): XmlElement[] => {
    out.push(e);
    for (const c of e.children) if (c.kind === "element") elements(c, out);
    return out;
  };

  it.each(savedConfigs().map((f) => [f.file, f.xml]))("%s", (_name, xml) => {
    for (let k = 0; k < 20; k++) {
      const root = parseXml(xml).root;
      const all = elements(root);
      const e = all[rnd(all.length)];
      switch (rnd(5)) {
        case 0:
          if (e.children.length > 0) e.children.splice(rnd(e.children.length), 1);
          break;
        case 1: {
          const i = rnd(e.children.length || 1);
          const j = rnd(e.children.length || 1);
          if (e.children.length > 1) [e.children[i], e.children[j]] = [e.children[j], e.children[i]];
          break;
        }
        case 2:
          e.children.push({ kind: "text", text: " " });
          break;
        case 3:
          e.children = [{ kind: "text", text: "\n  " }];
          break;
        default:
          if (e !== root) e.children.push(structuredClone(e));
      }
      const edited = writeXml(root, { style: "pretty" });
      const strict = configDifferences(xml, edited);
      expect(configsEqual(xml, edited)).toBe(strict.length === 0);
      const forward = configDifferences(xml, edited, { jenkinsDefaults: true });
      const backward = configDifferences(edited, xml, { jenkinsDefaults: true });
      expect(forward.length === 0).toBe(backward.length === 0);
      if (strict.length === 0) expect(forward).toEqual([]);
    }
  });
});

describe("large configs", () => {
  const steps = (n: number, changed = -1) =>
    Array.from(
      { length: n },
      (_, i) =>
        `<hudson.tasks.Shell><command>echo ${i === changed ? "changed" : i}\nmake all</command><configuredLocalRules/></hudson.tasks.Shell>`,
    ).join("\n");

  it("a 100 KB config with one edited step reports exactly that step", () => {
    const a = `<project><builders>${steps(1500)}</builders></project>`;
    const b = `<project><builders>${steps(1500, 700)}</builders></project>`;
    expect(a.length).toBeGreaterThan(100_000);
    expect(configDifferences(a, b)).toEqual(["/project/builders/hudson.tasks.Shell[701]/command: text changed"]);
    expect(configsEqual(a, a.replace(/<\/command>/g, "</command>\n"))).toBe(true);
  });

  it("many scattered edits are still aligned", () => {
    const a = steps(300);
    const b = steps(300).replace(/echo (\d*7)\n/g, "echo $1x\n");
    const diffs = configDifferences(`<p><builders>${a}</builders></p>`, `<p><builders>${b}</builders></p>`);
    expect(diffs).toHaveLength(30);
    expect(diffs.every((d) => d.endsWith("/command: text changed"))).toBe(true);
  });
});

describe("commonSubsequence", () => {
  it("finds a longest common subsequence with prefix/suffix shortcuts", () => {
    expect(commonSubsequence([1, 2, 3, 4], [1, 3, 4])).toEqual([
      [0, 0],
      [2, 1],
      [3, 2],
    ]);
    expect(commonSubsequence([5, 1, 2], [1, 2, 5])).toEqual([
      [1, 0],
      [2, 1],
    ]);
    expect(commonSubsequence([], [1])).toEqual([]);
  });
});

describe("fixture spot checks", () => {
  it("the CRLF description of the maven fixture survives and counts", () => {
    const xml = fixture("maven-git-warnings-crlf-description.xml");
    expect(xml).toContain("&#xd;");
    expectDifferent(xml, xml.replace("&#xd;", ""), ["/maven2-moduleset/description: text changed (whitespace only)"]);
  });
});
