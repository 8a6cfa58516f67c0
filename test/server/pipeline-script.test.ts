/**
 * The subset of Groovy the server reads in a Pipeline script to know which job properties a run sets (pure):
 * declarative directives, `properties([...])` wherever it is called, the argument forms scripts use, and what is
 * ignored.
 */
import { directivesOf } from "../../provider/server/pipeline/directives";
import { callsNamed, parseStatements } from "../../provider/server/pipeline/groovy";
import { javaHashSetOrder, javaStringHash } from "../../provider/server/pipeline/java-hash-set";
import { elementChildren, textOf, type XmlElement } from "../../provider/xml/tree";
import { writeXml } from "../../provider/xml/writer";

const text = (e: XmlElement) => writeXml(e, { style: "pretty" });
const field = (e: XmlElement, name: string) => textOf(elementChildren(e).find((c) => c.name === name) as XmlElement);

describe("reading a Pipeline script's declarations", () => {
  it("reads calls with named, positional and command-style arguments, closures, lists and dotted names", () => {
    const [call] = parseStatements(
      `upstream(upstreamProjects: 'a, b', threshold: hudson.model.Result.UNSTABLE) { echo 'x' }`,
    );
    expect(call).toEqual({
      kind: "call",
      name: "upstream",
      args: [],
      named: {
        upstreamProjects: { kind: "string", value: "a, b" },
        threshold: { kind: "name", value: "hudson.model.Result.UNSTABLE" },
      },
      closure: [{ kind: "call", name: "echo", args: [{ kind: "string", value: "x" }], named: {} }],
    });
    expect(parseStatements("cron 'H 4 * * *'\npollSCM('@hourly'); x = 1 + 2\n")).toEqual([
      { kind: "call", name: "cron", args: [{ kind: "string", value: "H 4 * * *" }], named: {} },
      { kind: "call", name: "pollSCM", args: [{ kind: "string", value: "@hourly" }], named: {} },
      { kind: "skipped" },
    ]);
    expect(parseStatements(`f(['a', "b", '''c\nd'''], [k: -1, 'q': true], null)`)).toEqual([
      {
        kind: "call",
        name: "f",
        args: [
          { kind: "list", items: ["a", "b", "c\nd"].map((value) => ({ kind: "string", value })) },
          { kind: "map", entries: { k: { kind: "number", value: -1 }, q: { kind: "boolean", value: true } } },
          { kind: "null" },
        ],
        named: {},
      },
    ]);
  });

  it("skips what it cannot read, statement by statement, and ignores comments and member calls", () => {
    const script = `// properties([disableConcurrentBuilds()])
/* properties([disableResume()]) */
def x = env.BRANCH_NAME == 'main' ? 'a' : 'b'
if (x) { foo.properties([bar()]) }
node {
  properties([durabilityHint('PERFORMANCE_OPTIMIZED')])
}`;
    const calls = callsNamed(script, "properties");
    expect(calls).toHaveLength(1);
    expect(directivesOf(script).propertiesSteps.map((s) => s.map((p) => field(p, "hint")))).toEqual([
      ["PERFORMANCE_OPTIMIZED"],
    ]);
  });

  it("declarative: parameters, triggers and options as the elements Jenkins writes; unknown ones ignored", () => {
    const d = directivesOf(`pipeline {
  agent { label 'linux' }
  parameters {
    string(name: 'S', defaultValue: 'x', description: 'd', trim: true)
    text(name: 'T', defaultValue: 'multi\\nline')
    booleanParam(name: 'B', defaultValue: true)
    choice(name: 'C', choices: 'one\\ntwo', description: '')
    password(name: 'P', defaultValue: 'secret')
    credentials(name: 'UNKNOWN_KIND')
  }
  triggers {
    cron('@daily')
    pollSCM('H/5 * * * *')
    upstream 'lib'
    githubPush()
  }
  options {
    buildDiscarder(logRotator(daysToKeepStr: '7', numToKeepStr: ''))
    disableConcurrentBuilds(abortPrevious: true)
    disableResume()
    quietPeriod(30)
    skipStagesAfterUnstable()
    timestamps()
  }
  stages { stage('s') { steps { echo 'hi' } } }
}`).declarative;
    expect(d?.parameters.map((p) => `${p.name} ${field(p, "name")}`)).toEqual([
      "hudson.model.StringParameterDefinition S",
      "hudson.model.TextParameterDefinition T",
      "hudson.model.BooleanParameterDefinition B",
      "hudson.model.ChoiceParameterDefinition C",
      "hudson.model.PasswordParameterDefinition P",
    ]);
    expect(text(d?.parameters[3] as XmlElement)).toContain("<string>one</string>\n      <string>two</string>");
    expect(text(d?.parameters[3] as XmlElement)).not.toContain("<description>");
    expect(field(d?.parameters[0] as XmlElement, "trim")).toBe("true");
    expect(d?.triggers.map((t) => t.name)).toEqual([
      "hudson.triggers.TimerTrigger",
      "hudson.triggers.SCMTrigger",
      "jenkins.triggers.ReverseBuildTrigger",
    ]);
    expect(field(d?.triggers[2] as XmlElement, "upstreamProjects")).toBe("lib");
    expect(d?.properties.map((p) => p.name)).toEqual([
      "jenkins.model.BuildDiscarderProperty",
      "org.jenkinsci.plugins.workflow.job.properties.DisableConcurrentBuildsJobProperty",
      "org.jenkinsci.plugins.workflow.job.properties.DisableResumeJobProperty",
    ]);
    const strategy = elementChildren(d?.properties[0] as XmlElement)[0];
    expect([field(strategy, "daysToKeep"), field(strategy, "numToKeep")]).toEqual(["7", "-1"]);
    expect(field(d?.properties[1] as XmlElement, "abortPrevious")).toBe("true");
    expect(d?.options).toEqual(["quietPeriod", "skipStagesAfterUnstable"]);
    expect(d?.quietPeriod).toBe(30);
  });

  it("a script with neither a pipeline block nor properties declares nothing", () => {
    expect(directivesOf("node { sh 'make' }")).toEqual({ declarative: undefined, propertiesSteps: [] });
  });
});

describe("Java HashSet order (how XStream writes the trackers' sets)", () => {
  it("hashes strings as String.hashCode does", () => {
    expect(javaStringHash("")).toBe(0);
    expect(javaStringHash("a")).toBe(97);
    expect(javaStringHash("hello")).toBe(99162322);
    // Overflows wrap to 32-bit signed values, as in Java.
    expect(javaStringHash("polygenelubricants")).toBe(-2147483648);
    expect(javaStringHash("Aa")).toBe(2112);
    expect(javaStringHash("BB")).toBe(2112);
  });

  it("orders by bucket, keeps insertion order within one, and drops duplicates", () => {
    // "Aa" and "BB" share a hash code, so they share a bucket: insertion order decides.
    expect(javaHashSetOrder(["BB", "Aa"])).toEqual(["BB", "Aa"]);
    expect(javaHashSetOrder(["Aa", "BB", "Aa"])).toEqual(["Aa", "BB"]);
    // "b" (98) lands in bucket 2, "a" (97) in bucket 1.
    expect(javaHashSetOrder(["b", "a"])).toEqual(["a", "b"]);
  });
});
