/**
 * Pure units of the reference check: the credential ids a job's config or typed spec names, the stores a job sees
 * (its folders innermost first), the closest existing ids for the message, `jenkins:credentialsCheck`, and the
 * folder moves a Credential follows.
 */
import { planMove, plannedPath } from "../../provider/dynamic/planned-moves";
import { literalCredentialIds } from "../../provider/dynamic/program-credentials";
import { UNKNOWN } from "../../provider/dynamic/props";
import { parseCredentialsCheck } from "../../provider/references/check";
import { closestIds, folderScope, idsInConfig, idsInSpec } from "../../provider/references/ids";
import { renderSpec } from "../../provider/resource/sources";
import { parseXml } from "../../provider/xml/tree";

describe("the ids a job names", () => {
  test("in a config: git remotes, branch sources and build steps, once each; expressions and SAME left out", () => {
    const xml = `<flow-definition><definition class="org.jenkinsci.plugins.workflow.cps.CpsScmFlowDefinition">
      <scm class="hudson.plugins.git.GitSCM"><userRemoteConfigs><hudson.plugins.git.UserRemoteConfig>
        <url>git@x:a.git</url><credentialsId> deploy-key </credentialsId></hudson.plugins.git.UserRemoteConfig>
        <hudson.plugins.git.UserRemoteConfig><credentialsId>deploy-key</credentialsId></hudson.plugins.git.UserRemoteConfig>
      </userRemoteConfigs></scm></definition>
      <builders><x.Step><credentialsId>\${CRED}</credentialsId></x.Step><y.Src><scanCredentialsId>gh</scanCredentialsId><checkoutCredentialsId>SAME</checkoutCredentialsId></y.Src>
      <z><credentialsId>${UNKNOWN}</credentialsId><credentialsId></credentialsId></z></builders></flow-definition>`;
    expect(idsInConfig(parseXml(xml).root, UNKNOWN)).toEqual(["deploy-key", "gh"]);
  });

  test("in typed specs (pipeline from git, freestyle git, multibranch sources), unknowns left out", () => {
    expect(idsInSpec({ scm: { url: "u", credentialsId: "k1" }, parameters: [] }, UNKNOWN)).toEqual(["k1"]);
    expect(
      idsInSpec(
        {
          sources: [
            { type: "git", remote: "r", credentialsId: "k2" },
            { type: "github", credentialsId: UNKNOWN },
          ],
        },
        UNKNOWN,
      ),
    ).toEqual(["k2"]);
  });

  test("a rendered pipeline-from-git spec names its id where Jenkins reads it", () => {
    const xml = renderSpec(
      "pipeline",
      { scm: { url: "git@x:a.git", credentialsId: "deploy-key" } },
      {
        description: "",
        enabled: true,
      },
    );
    expect(idsInConfig(parseXml(xml).root, UNKNOWN)).toEqual(["deploy-key"]);
  });
});

describe("the literal ids a Job's arguments name (program side, for its dependencies)", () => {
  test("plain strings of specs at any depth and <credentialsId> of a plain configXml; outputs are not read", () => {
    const output = { apply: () => undefined }; // stands for an Output: not a plain object, not read
    expect(
      [
        ...literalCredentialIds({
          pipeline: { scm: { url: "u", credentialsId: "k1" } },
          multibranch: { sources: [{ credentialsId: "k2" }, { credentialsId: output }] },
          configXml: "<project><x><credentialsId> k3 </credentialsId></x></project>",
        }),
      ].sort(),
    ).toEqual(["k1", "k2", "k3"]);
    expect([...literalCredentialIds({ pipeline: output, configXml: output })]).toEqual([]);
  });
});

describe("where a job looks", () => {
  test("the folders above it, innermost first; a folder item sees its own store first", () => {
    expect(folderScope("a/b/job", false)).toEqual(["a/b", "a"]);
    expect(folderScope("job", false)).toEqual([]);
    expect(folderScope("a/mb", true)).toEqual(["a/mb", "a"]);
  });

  test("closest ids for the message", () => {
    expect(closestIds("deploy-kye", ["deploy-key", "github-token", "deploy-key-old", "x"])).toEqual([
      "deploy-key",
      "deploy-key-old",
    ]);
    expect(closestIds("zzz", ["github-token"])).toEqual([]);
  });

  test("jenkins:credentialsCheck takes error (default), warn, off; anything else is refused by name", () => {
    expect(parseCredentialsCheck(undefined)).toBe("error");
    expect(parseCredentialsCheck(" WARN ")).toBe("warn");
    expect(parseCredentialsCheck("off")).toBe("off");
    expect(() => parseCredentialsCheck("strict")).toThrow(
      'jenkins:credentialsCheck must be "error", "warn" or "off" (got "strict").',
    );
  });
});

describe("folder moves a credential follows", () => {
  test("a moved folder takes the stores of the folders inside it along; the longest recorded path wins", () => {
    planMove("moves-test", "team", "org/team");
    planMove("moves-test", "team/apps", "org/team/services");
    expect(plannedPath("moves-test", "team")).toBe("org/team");
    expect(plannedPath("moves-test", "Team/Other")).toBe("org/team/Other");
    expect(plannedPath("moves-test", "team/apps/x")).toBe("org/team/services/x");
    expect(plannedPath("moves-test", "elsewhere")).toBeUndefined();
    expect(plannedPath("other-controller", "team")).toBeUndefined();
  });
});
