/**
 * Multibranch specs: rendered in the layout saved configs of real controllers show, validated before any request,
 * parsed back for import and refresh; and the owned-part rule for the source ids Jenkins assigns.
 */
import { branchSourceIds } from "../../provider/resource/owned/branch-source-ids";
import { withoutOwnedParts, keepOwnedParts, updateNeedsRemote } from "../../provider/resource/owned-parts";
import { sameConfig } from "../../provider/resource/drift";
import { JobSpecError, parseJobSpec, renderMultibranch, specIssues, type MultibranchSpec } from "../../provider/specs";
import { resave } from "../../provider/server/xstream";
import { withSourceIds } from "../../provider/server/multibranch";
import { configsEquivalent } from "../../provider/xml";
import { elementChildren, parseXml } from "../../provider/xml/tree";
import { fixture } from "../harness/fixtures";

const GIT: MultibranchSpec = { sources: [{ type: "git", remote: "https://git.example.com/team/app.git" }] };

const FULL: MultibranchSpec = {
  sources: [
    {
      type: "git",
      remote: "https://git.example.com/team/app.git",
      credentialsId: "git-readonly",
      discoverTags: true,
      includes: "main release/*",
      excludes: "release/old*",
    },
    {
      type: "github",
      repoOwner: "acme",
      repository: "api",
      credentialsId: "gh-app",
      apiUri: "https://gh.acme.io/api/v3",
    },
  ],
  scriptPath: "ci/Jenkinsfile",
  orphanedItems: { daysToKeep: 7, numToKeep: 20 },
  periodicIndexing: "4h",
};

const names = (xml: string): string[] => elementChildren(parseXml(xml).root).map((e) => e.name);

describe("renderMultibranch", () => {
  test("writes the project as a saved config has it: same fields, same order, a git source without id", () => {
    const xml = renderMultibranch(GIT);
    const saved = fixture("multibranch-single-scm-source.xml");
    expect(names(xml)).toEqual(names(saved).filter((n) => n !== "displayName"));
    expect(xml).toContain('<source class="jenkins.plugins.git.GitSCMSource" plugin="git@');
    expect(xml).not.toContain("<id>");
    expect(xml).toContain("<jenkins.plugins.git.traits.BranchDiscoveryTrait/>");
    expect(xml).toContain("<scriptPath>Jenkinsfile</scriptPath>");
    expect(xml).toContain("<triggers/>");
    expect(xml).toContain("<daysToKeep>-1</daysToKeep>");
  });

  test("every field reaches the config; a save by the controller changes nothing that counts", () => {
    const xml = renderMultibranch(FULL, { description: "all branches", enabled: false });
    expect(xml).toContain("<repoOwner>acme</repoOwner>");
    expect(xml).toContain("<org.jenkinsci.plugins.github__branch__source.BranchDiscoveryTrait>");
    expect(xml).toContain("<includes>main release/*</includes>");
    expect(xml).toContain("<jenkins.plugins.git.traits.TagDiscoveryTrait/>");
    expect(xml).toMatch(/<spec>H\/30 \* \* \* \*<\/spec>\s*<interval>14400000<\/interval>/);
    expect(xml).toContain("<numToKeep>20</numToKeep>");
    expect(xml).toContain("<scriptPath>ci/Jenkinsfile</scriptPath>");
    expect(xml).toContain("<disabled>true</disabled>");
    expect(configsEquivalent(xml, resave(xml, {}))).toBe(true);
  });

  test("a declared id is written as the source's first field", () => {
    const xml = renderMultibranch({ sources: [{ ...GIT.sources[0], id: "app-source" }] });
    expect(xml).toMatch(/<source class="jenkins\.plugins\.git\.GitSCMSource"[^>]*>\s*<id>app-source<\/id>\s*<remote>/);
  });

  test("bad input is refused with every problem and its path", () => {
    const issues = specIssues("multibranch", {
      sources: [
        { type: "svn", remote: "x" },
        { type: "git" },
        { type: "github", repoOwner: "a", apiUri: "not a url" },
        { type: "git", remote: "r", id: "same", discoverBranches: false },
        { type: "git", remote: "r2", id: "same" },
      ],
      periodicIndexing: "3h",
      orphanedItems: { numToKeep: 0 },
      branches: ["main"],
    }).map((i) => `${i.path}: ${i.message}`);
    expect(issues).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^multibranch\.sources\[0\]\.type: unknown branch source type/),
        "multibranch.sources[1].remote: is required",
        "multibranch.sources[2].repository: is required",
        expect.stringMatching(/^multibranch\.sources\[2\]\.apiUri: must be an http\(s\) URL/),
        "multibranch.sources[3]: discovers nothing: set discoverBranches or discoverTags",
        "multibranch.sources[4].id: duplicate source id (also used by sources[3])",
        expect.stringMatching(/^multibranch\.periodicIndexing: must be one of 1m, 2m/),
        "multibranch.orphanedItems.numToKeep: must be at least 1",
        expect.stringMatching(/^multibranch\.branches: unknown field/),
      ]),
    );
    expect(() => renderMultibranch({ sources: [] })).toThrow(JobSpecError);
  });
});

describe("parseJobSpec of multibranch configs", () => {
  test("a rendered project parses back to its spec", () => {
    const parsed = parseJobSpec(renderMultibranch(FULL, { description: "d" }));
    expect(parsed).toEqual({ kind: "multibranch", spec: FULL, fields: { description: "d", enabled: true } });
  });

  test("the id Jenkins assigned is declared, so adopting keeps it", () => {
    const held = withSourceIds(renderMultibranch(GIT), () => "0b6b7d3e-6d8a-4f0e-9a4e-2b1f0c9d8e7f");
    const parsed = parseJobSpec(resave(held, {}));
    expect(parsed?.spec).toEqual({ sources: [{ ...GIT.sources[0], id: "0b6b7d3e-6d8a-4f0e-9a4e-2b1f0c9d8e7f" }] });
  });

  test("configs a spec cannot express stay raw XML (saved configs with legacy fields or plugin properties)", () => {
    for (const file of [
      "multibranch-git-source-v1.0.xml",
      "multibranch-single-scm-source.xml",
      "multibranch-views-v1.0.xml",
      "multibranch-unbuilt-no-sources.xml",
    ]) {
      expect([file, parseJobSpec(fixture(file))]).toEqual([file, undefined]);
    }
  });
});

describe("the ids Jenkins gives branch sources (owned-part rule)", () => {
  const declared = renderMultibranch(GIT);
  const held = withSourceIds(declared, () => "11111111-2222-4333-8444-555555555555");

  test("an assigned id is not drift; a declared id that differs is", () => {
    expect(sameConfig(declared, held)).toBe(true);
    const declaredWithId = renderMultibranch({ sources: [{ ...GIT.sources[0], id: "mine" }] });
    expect(sameConfig(declaredWithId, held)).toBe(false);
    expect(sameConfig(declaredWithId, withSourceIds(declaredWithId))).toBe(true);
  });

  test("an update keeps the id Jenkins holds for the source at the same place, of the same class", () => {
    const d = parseXml(declared).root;
    expect(updateNeedsRemote(d)).toBe(true);
    const kept = keepOwnedParts(d, parseXml(held).root);
    expect(sameConfig(kept, held)).toBe(true);
    expect(JSON.stringify(kept)).toContain("11111111-2222-4333-8444-555555555555");
    const github = parseXml(renderMultibranch({ sources: [{ type: "github", repoOwner: "a", repository: "b" }] })).root;
    expect(branchSourceIds.keep(github, parseXml(held).root)).toBe(github);
  });

  test("configs without sources, and sources with declared ids, are left alone", () => {
    const withId = parseXml(renderMultibranch({ sources: [{ ...GIT.sources[0], id: "mine" }] })).root;
    // The ids need nothing of the remote config (a multibranch project's credentials still do: folder-credentials).
    expect(branchSourceIds.needsRemote(withId)).toBe(false);
    const remote = parseXml(held).root;
    expect(withoutOwnedParts(remote, withId)).toBe(remote);
    const folder = parseXml(fixture("folder-github-minimal.xml")).root;
    expect(branchSourceIds.forComparison(folder, folder)).toBe(folder);
  });
});
