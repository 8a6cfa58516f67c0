import { canonicalizeConfig, CANONICAL_DECLARATION } from "../../provider/xml/canonical";
import { XmlSyntaxError } from "../../provider/xml/tree";
import { savedConfigs } from "../harness/fixtures";
import { jenkinsResave, withoutPluginAttributes } from "./jenkins-resave";

const fixtures = savedConfigs().map((f) => [f.file, f.xml] as [string, string]);

const HAND_WRITTEN = `<?xml version="1.0" encoding="UTF-8"?>
<!-- api build -->
<project>
    <description>Builds the "API" &amp; deploys it</description>
    <builders>
        <hudson.tasks.Shell>
            <command><![CDATA[#!/bin/sh
set -e
if [ "$A" != 'b' ]; then echo  "x"; fi
]]></command>
        </hudson.tasks.Shell>
    </builders>
    <publishers></publishers>
    <scm plugin='git@1.0' class='hudson.plugins.git.GitSCM'>
        <configVersion>2</configVersion>
    </scm>
</project>
`;

describe("canonicalizeConfig", () => {
  it("produces the canonical layout", () => {
    expect(canonicalizeConfig(HAND_WRITTEN)).toBe(`${CANONICAL_DECLARATION}
<project>
  <description>Builds the "API" &amp; deploys it</description>
  <builders>
    <hudson.tasks.Shell>
      <command>#!/bin/sh
set -e
if [ "$A" != 'b' ]; then echo  "x"; fi
</command>
    </hudson.tasks.Shell>
  </builders>
  <publishers/>
  <scm plugin="git@1.0" class="hudson.plugins.git.GitSCM">
    <configVersion>2</configVersion>
  </scm>
</project>`);
  });

  it("drops comments everywhere, also inside text", () => {
    expect(canonicalizeConfig("<a><!-- x --><b>te<!-- y -->xt</b></a>")).toBe(
      `${CANONICAL_DECLARATION}\n<a>\n  <b>text</b>\n</a>`,
    );
  });

  it("keeps whitespace-only text of leaf elements, and carriage returns as &#xd;", () => {
    expect(canonicalizeConfig("<a><b>  </b><c>x&#xd;\ny</c></a>")).toBe(
      `${CANONICAL_DECLARATION}\n<a>\n  <b>  </b>\n  <c>x&#xd;\ny</c>\n</a>`,
    );
  });

  it("throws XmlSyntaxError with a position for broken input", () => {
    expect(() => canonicalizeConfig("<a>\n<b></a>")).toThrow(XmlSyntaxError);
  });

  it.each(fixtures)("%s: idempotent", (_name, xml) => {
    const once = canonicalizeConfig(xml);
    expect(canonicalizeConfig(once)).toBe(once);
  });

  it.each(fixtures)("%s: a Jenkins re-save canonicalizes to the same text, plugin versions aside", (_name, xml) => {
    const resaved = jenkinsResave(xml);
    expect(resaved).not.toBe(xml.replace(/\n$/, ""));
    expect(withoutPluginAttributes(canonicalizeConfig(resaved))).toBe(withoutPluginAttributes(canonicalizeConfig(xml)));
  });

  it("a hand-written config and its Jenkins re-save canonicalize alike", () => {
    const canonical = canonicalizeConfig(HAND_WRITTEN);
    expect(canonicalizeConfig(canonical)).toBe(canonical);
    expect(withoutPluginAttributes(canonicalizeConfig(jenkinsResave(HAND_WRITTEN)))).toBe(
      withoutPluginAttributes(canonical),
    );
  });

  it("a change of one text line changes one line of the canonical form", () => {
    const fixture = fixtures.find(([n]) => n === "freestyle-git-shell-archiveartifacts.xml")![1];
    const before = canonicalizeConfig(fixture).split("\n");
    const after = canonicalizeConfig(fixture.replace("rm -rf *.zip", "rm -rf *.tgz")).split("\n");
    expect(after).toHaveLength(before.length);
    expect(after.filter((l, i) => l !== before[i])).toEqual(["    rm -rf *.tgz"]);
  });

  it("is linear on a large config", () => {
    const steps = Array.from(
      { length: 1000 },
      (_, i) =>
        `<hudson.tasks.Shell><command>echo ${i}\n  echo "step ${i}" &amp;&amp; true</command></hudson.tasks.Shell>`,
    ).join("");
    const big = `<project><builders>${steps}</builders></project>`;
    expect(big.length).toBeGreaterThan(100_000);
    const once = canonicalizeConfig(big);
    expect(canonicalizeConfig(once)).toBe(once);
  });
});
