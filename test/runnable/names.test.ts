/**
 * Pure units of the runnable check: the Groovy tokens, what a pipeline script names (labels, shared libraries,
 * jobs it builds), what a config or typed spec names, folder libraries, how an item name resolves relative to a
 * folder, the linter's errors as lines, and `jenkins:runnableCheck`.
 */
import { itemCandidates, literalJobNames } from "../../provider/dynamic/program-jobs";
import { UNKNOWN } from "../../provider/dynamic/props";
import { lintLines } from "../../provider/runnable/check";
import { tokenize } from "../../provider/runnable/groovy-tokens";
import { folderLibraries, namesInConfig, namesInSpec } from "../../provider/runnable/job-names";
import { modeFor, runnableCheckOf } from "../../provider/runnable/mode";
import { scriptNames } from "../../provider/runnable/script-names";
import { parseXml } from "../../provider/xml/tree";

const config = (values: Record<string, unknown>) => ({ get: (k: string) => values[k] });

describe("the Groovy tokens", () => {
  test("comments dropped, strings with their lines, GStrings with ${} or $name marked interpolated", () => {
    const tokens = tokenize(
      `// node('a')\n/* build job: 'b'\n */ x = "c\${d}" + "e" + 'f\${g}' + "$h" + """i\nj"""\n'k'`,
    );
    expect(tokens.filter((t) => t.kind === "string")).toEqual([
      { kind: "string", value: "c${d}", interpolated: true, line: 3 },
      { kind: "string", value: "e", interpolated: false, line: 3 },
      { kind: "string", value: "f${g}", interpolated: false, line: 3 },
      { kind: "string", value: "$h", interpolated: true, line: 3 },
      { kind: "string", value: "i\nj", interpolated: false, line: 3 },
      { kind: "string", value: "k", interpolated: false, line: 5 },
    ]);
    expect(tokens.some((t) => t.kind === "ident" && (t.text === "node" || t.text === "build"))).toBe(false);
  });

  test("an unterminated string stops at its line's end; escapes are resolved", () => {
    const tokens = tokenize("echo 'it\\'s\nnode('x')");
    expect(tokens[1]).toEqual({ kind: "string", value: "it's", interpolated: false, line: 1 });
    expect(scriptNames("echo 'open\nnode('x') {}").labels).toEqual(["x"]);
  });
});

describe("what a script names", () => {
  test("declarative: agent labels at pipeline and stage level, node and docker agents, libraries, build job", () => {
    const script = `@Library('shared@v2') _
pipeline {
  agent { label 'linux && docker' }
  stages {
    stage('a') {
      agent { node { label 'gpu' } }
      steps { build job: 'deploy', wait: false }
    }
    stage('b') {
      agent { docker { image 'x'; label "arm64" } }
      steps { build(job: '../other', parameters: []) ; library 'extra' }
    }
  }
}`;
    expect(scriptNames(script)).toEqual({
      labels: ["linux && docker", "gpu", "arm64"],
      libraries: ["shared", "extra"],
      jobs: ["deploy", "../other"],
    });
  });

  test("scripted: node('…'), node '…', library('name@ref'), library identifier:, @Library lists, build '…'", () => {
    const script = `@Library(['a', "b@main"]) import foo.Bar
library('c@1.0')
library identifier: 'd@master', retriever: modernSCM([$class: 'GitSCMSource', remote: 'r'])
node('cloud-x') {
  build 'seed'
  build(job: "/abs/job")
}
node 'plain'
node { sh 'make' }`;
    expect(scriptNames(script)).toEqual({
      labels: ["cloud-x", "plain"],
      libraries: ["a", "b", "c", "d"],
      jobs: ["seed", "/abs/job"],
    });
  });

  test("comments, longer strings and other receivers are not references", () => {
    const script = `// node('commented') build job: 'x'
/* @Library('nope') */
echo "node('in-a-string') and build job: 'y'"
sh 'library "z"'
def node = 'not-a-label'
obj.build job: 'method-on-object'
this.node('also-not')
env.label = 'n'`;
    expect(scriptNames(script)).toEqual({ labels: [], libraries: [], jobs: [] });
  });

  test("computed names are skipped: GStrings with ${}, variables, expressions", () => {
    const script = `@Library("lib-\${env.X}") _
node("\${LABEL}") { build job: "deploy-\${env.BRANCH}" }
node(label) { build job: name }
node('a' + suffix) { library(libName) }
pipeline { agent { label "$L" } stages { stage('s') { steps { build job: 'x' + y } } } }`;
    expect(scriptNames(script)).toEqual({ labels: [], libraries: [], jobs: [] });
  });
});

describe("what a config or spec names", () => {
  test("a pipeline config: its inline script and what it names; triggers in its properties", () => {
    const xml = `<flow-definition><properties><org.jenkinsci.plugins.workflow.job.properties.PipelineTriggersJobProperty><triggers>
      <jenkins.triggers.ReverseBuildTrigger><spec/><upstreamProjects>api, team/lib ,\${X}</upstreamProjects></jenkins.triggers.ReverseBuildTrigger>
      </triggers></org.jenkinsci.plugins.workflow.job.properties.PipelineTriggersJobProperty></properties>
      <definition class="org.jenkinsci.plugins.workflow.cps.CpsFlowDefinition"><script>node(&apos;linux&apos;) { build job: &apos;x&apos; }</script><sandbox>true</sandbox></definition></flow-definition>`;
    expect(namesInConfig(parseXml(xml).root, UNKNOWN)).toEqual({
      script: "node('linux') { build job: 'x' }",
      labels: ["linux"],
      libraries: [],
      jobs: ["x", "api", "team/lib"],
    });
  });

  test("a freestyle config: assignedNode only with canRoam false; BuildTrigger childProjects", () => {
    const tied = `<project><assignedNode>docker</assignedNode><canRoam>false</canRoam><publishers>
      <hudson.tasks.BuildTrigger><childProjects>a,b</childProjects></hudson.tasks.BuildTrigger></publishers></project>`;
    expect(namesInConfig(parseXml(tied).root)).toEqual({ labels: ["docker"], libraries: [], jobs: ["a", "b"] });
    const roams = `<project><assignedNode>docker</assignedNode><canRoam>true</canRoam></project>`;
    expect(namesInConfig(parseXml(roams).root).labels).toEqual([]);
    const scm = `<flow-definition><definition class="org.jenkinsci.plugins.workflow.cps.CpsScmFlowDefinition"><scriptPath>Jenkinsfile</scriptPath></definition></flow-definition>`;
    expect(namesInConfig(parseXml(scm).root)).toEqual({ labels: [], libraries: [], jobs: [] });
  });

  test("typed specs: pipeline.script, freestyle.label, triggers.upstream.projects; unknowns skipped", () => {
    expect(
      namesInSpec("pipeline", { script: "@Library('l') _\nnode('n') {}", triggers: { upstream: { projects: ["u"] } } }),
    ).toEqual({ script: "@Library('l') _\nnode('n') {}", labels: ["n"], libraries: ["l"], jobs: ["u"] });
    expect(
      namesInSpec("freestyle", { label: " linux ", triggers: { upstream: { projects: ["a", UNKNOWN] } } }, UNKNOWN),
    ).toEqual({
      labels: ["linux"],
      libraries: [],
      jobs: ["a"],
    });
    expect(namesInSpec("folderSpec", { displayName: "x" })).toEqual({ labels: [], libraries: [], jobs: [] });
  });

  test("a folder's libraries", () => {
    const xml = `<com.cloudbees.hudson.plugins.folder.Folder><properties><org.jenkinsci.plugins.workflow.libs.FolderLibraries><libraries>
      <org.jenkinsci.plugins.workflow.libs.LibraryConfiguration><name>team-lib</name><defaultVersion>main</defaultVersion></org.jenkinsci.plugins.workflow.libs.LibraryConfiguration>
      <org.jenkinsci.plugins.workflow.libs.LibraryConfiguration><name>other</name></org.jenkinsci.plugins.workflow.libs.LibraryConfiguration>
      </libraries></org.jenkinsci.plugins.workflow.libs.FolderLibraries></properties></com.cloudbees.hudson.plugins.folder.Folder>`;
    expect(folderLibraries(parseXml(xml).root)).toEqual(["team-lib", "other"]);
  });
});

describe("item names as Jenkins.getItem resolves them", () => {
  test("relative to the folder, then from the root; .. and .; a leading / is absolute", () => {
    expect(itemCandidates("deploy", "team/apps")).toEqual(["team/apps/deploy", "deploy"]);
    expect(itemCandidates("../lib", "team/apps")).toEqual(["team/lib"]);
    expect(itemCandidates("./x", "team")).toEqual(["team/x"]);
    expect(itemCandidates("/team/x", "other")).toEqual(["team/x"]);
    expect(itemCandidates("x", "")).toEqual(["x"]);
    expect(itemCandidates("../../x", "team")).toEqual([]);
  });

  test("the program side: names a job's arguments may give other jobs", () => {
    expect(
      literalJobNames({
        pipeline: { script: `build job: 'a'\nbuild job: "b\${c}"`, triggers: { upstream: { projects: ["u"] } } },
        configXml: "<x><childProjects>p, q</childProjects></x>",
      }),
    ).toEqual(new Set(["a", "u", "p", "q"]));
  });
});

describe("the linter's errors and the setting", () => {
  test("errors as 'line N, column M: message', Groovy's excerpt and counts dropped", () => {
    expect(
      lintLines([
        "startup failed:\nWorkflowScript: 7: expecting '}', found '' @ line 7, column 1.\n   }\n   ^\n\n1 error\n",
        'Missing required section "stages" @ line 1, column 1.',
        'Tool type "maven" does not have an install of "M4" configured - did you mean "M3"? @ line 3, column 11.',
      ]),
    ).toEqual([
      "line 7, column 1: expecting '}', found ''",
      'line 1, column 1: Missing required section "stages"',
      'line 3, column 11: Tool type "maven" does not have an install of "M4" configured - did you mean "M3"?',
    ]);
  });

  test("jenkins:runnableCheck stack-wide and per controller; a bad value is the error of the checks it affects", () => {
    const modes = runnableCheckOf(
      config({ "jenkins:runnableCheck": "warn", "jenkins:controllers": { ci2: { url: "u", runnableCheck: "OFF" } } }),
    );
    expect(modeFor(modes, undefined)).toBe("warn");
    expect(modeFor(modes, "ci2")).toBe("off");
    expect(modeFor(modes, "ci3")).toBe("warn");
    expect(modeFor(runnableCheckOf(config({})), undefined)).toBe("error");
    const bad = modeFor(
      runnableCheckOf(config({ "jenkins:controllers": JSON.stringify({ c: { runnableCheck: "loud" } }) })),
      "c",
    );
    expect(bad).toBeInstanceOf(Error);
    expect((bad as Error).message).toBe(
      'jenkins:controllers.c.runnableCheck must be "error", "warn" or "off" (got "loud").',
    );
  });
});
