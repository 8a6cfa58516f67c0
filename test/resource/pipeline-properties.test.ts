/**
 * The rule for job properties a pipeline sets itself (provider/resource/owned/pipeline-properties.ts), pure: the
 * remote configs are what the Jenkins-compatible server's run of the script makes of the declared config, so the
 * rule is held to the same tracker rules the server follows.
 */
import { alignToDeclared, sameConfig } from "../../provider/resource/drift";
import {
  claimedByDeclared,
  describeOwned,
  ownedFromDescription,
  pipelineOwnedOf,
  pipelinePropertiesRule,
} from "../../provider/resource/owned/pipeline-properties";
import { keepOwnedParts } from "../../provider/resource/owned-parts";
import { runPipeline, type RunRecord } from "../../provider/server/pipeline/apply";
import { elementChildren, parseXml, textOf, type XmlElement } from "../../provider/xml/tree";
import { writeXml } from "../../provider/xml/writer";
import { pipeline } from "../harness/job-configs";

const PARAMETERS = "hudson.model.ParametersDefinitionProperty";
const TRIGGERS = "org.jenkinsci.plugins.workflow.job.properties.PipelineTriggersJobProperty";
const DISCARDER = "jenkins.model.BuildDiscarderProperty";
const NO_CONCURRENT = "org.jenkinsci.plugins.workflow.job.properties.DisableConcurrentBuildsJobProperty";
const SCRIPTED_TRACKER = "org.jenkinsci.plugins.workflow.multibranch.JobPropertyTrackerAction";

const DISCARDER_XML = `<${DISCARDER}><strategy class="hudson.tasks.LogRotator"><daysToKeep>-1</daysToKeep><numToKeep>5</numToKeep><artifactDaysToKeep>-1</artifactDaysToKeep><artifactNumToKeep>-1</artifactNumToKeep></strategy></${DISCARDER}>`;
const HAND_PARAMETER = `<hudson.model.StringParameterDefinition><name>SET_BY_HAND</name><defaultValue>x</defaultValue><trim>false</trim></hudson.model.StringParameterDefinition>`;

const DECLARATIVE = `pipeline {
  agent any
  parameters { string(name: 'GREETING', defaultValue: 'hello') }
  triggers { cron('H 4 * * *') }
  options { disableConcurrentBuilds() }
  stages { stage('a') { steps { echo 'hi' } } }
}`;
const SCRIPTED = `properties([parameters([booleanParam(name: 'FAST', defaultValue: true)]), pipelineTriggers([cron('@daily')])])
node { echo 'hi' }`;

function declaredConfig(script: string, properties = ""): XmlElement {
  return parseXml(pipeline({ script }).replace("<properties/>", `<properties>${properties}</properties>`)).root;
}

/** The job after a build: what the run of its script makes of `config`. */
function run(config: XmlElement, previous?: RunRecord): { root: XmlElement; record: RunRecord } {
  const script = textOf(
    elementChildren(elementChildren(config).find((c) => c.name === "definition") as XmlElement).find(
      (c) => c.name === "script",
    ) as XmlElement,
  );
  return runPipeline(config, script, previous);
}

function propertyNames(root: XmlElement): string[] {
  const props = elementChildren(root).find((c) => c.name === "properties");
  return props ? elementChildren(props).map((p) => p.name) : [];
}

function withoutProperty(root: XmlElement, name: string): XmlElement {
  return {
    ...root,
    children: root.children.map((c) =>
      c.kind === "element" && c.name === "properties"
        ? { ...c, children: c.children.filter((p) => p.kind !== "element" || p.name !== name) }
        : c,
    ),
  };
}

const text = (e: XmlElement) => writeXml(e, { style: "pretty" });

describe("properties a pipeline sets itself", () => {
  it("reads what both trackers say the pipeline owns, and writes it as words and back", () => {
    const declarative = run(declaredConfig(DECLARATIVE)).root;
    expect(describeOwned(pipelineOwnedOf(declarative))).toEqual([
      "parameter GREETING",
      `property ${NO_CONCURRENT}`,
      "trigger hudson.triggers.TimerTrigger",
    ]);
    const scripted = run(declaredConfig(SCRIPTED)).root;
    const words = describeOwned(pipelineOwnedOf(scripted));
    expect(words).toEqual([`property ${PARAMETERS}`, `property ${TRIGGERS}`]);
    expect(describeOwned(ownedFromDescription(words))).toEqual(words);
  });

  it("a job without trackers: the remote config is compared as it is and an update posts the declared one", () => {
    const declared = declaredConfig("node { echo 'hi' }", DISCARDER_XML);
    const remote = run(declared).root;
    expect(text(pipelinePropertiesRule.forComparison(remote, declared))).toBe(text(remote));
    expect(pipelinePropertiesRule.keep(declared, remote)).toBe(declared);
    // A script that declares no property: its update posts the declared config alone, without a read.
    expect(pipelinePropertiesRule.needsRemote(declared)).toBe(false);
    expect(pipelinePropertiesRule.needsRemote(declaredConfig(DECLARATIVE))).toBe(true);
    expect(pipelinePropertiesRule.needsRemote(declaredConfig(SCRIPTED))).toBe(true);
    expect(pipelinePropertiesRule.needsRemote(parseXml("<project/>").root)).toBe(false);
    const fromScm = parseXml(
      `<flow-definition><definition class="org.jenkinsci.plugins.workflow.cps.CpsScmFlowDefinition"/></flow-definition>`,
    ).root;
    expect(pipelinePropertiesRule.needsRemote(fromScm)).toBe(true);
  });

  it("declarative: what the run set is no drift; a property of the program's removed by hand is", () => {
    const declared = declaredConfig(DECLARATIVE, DISCARDER_XML);
    const remote = run(declared).root;
    expect(propertyNames(remote).sort()).toEqual([DISCARDER, NO_CONCURRENT, PARAMETERS, TRIGGERS].sort());
    expect(sameConfig(declared, remote)).toBe(true);
    const edited = withoutProperty(remote, DISCARDER);
    expect(sameConfig(declared, edited)).toBe(false);
    // The refreshed config shows the edit alone, not the pipeline's properties.
    const shown = alignToDeclared(text(declared), text(edited));
    expect(shown).not.toContain(DISCARDER);
    expect(shown).not.toContain(NO_CONCURRENT);
    expect(shown).not.toContain(PARAMETERS);
    expect(shown).not.toContain(TRIGGERS);
    expect(shown).not.toContain("TrackerAction");
    expect(shown).toContain("<properties/>");
  });

  it("declarative: an update puts the declared property back and keeps the pipeline's, which its next run keeps", () => {
    const declared = declaredConfig(DECLARATIVE, DISCARDER_XML);
    const first = run(declared);
    const edited = withoutProperty(first.root, DISCARDER);
    const posted = keepOwnedParts(declared, edited);
    expect(propertyNames(posted).sort()).toEqual([DISCARDER, NO_CONCURRENT, PARAMETERS, TRIGGERS].sort());
    expect(pipelineOwnedOf(posted)).toEqual(pipelineOwnedOf(first.root));
    expect(sameConfig(declared, posted)).toBe(true);
    const next = run(posted, first.record);
    // Nothing changed: the run does not even save the job.
    expect(next.root).toBe(posted);
  });

  it("declarative: a parameter set by hand next to the pipeline's is managed, the pipeline's are not", () => {
    const declared = declaredConfig(
      DECLARATIVE,
      `<${PARAMETERS}><parameterDefinitions>${HAND_PARAMETER}</parameterDefinitions></${PARAMETERS}>`,
    );
    const remote = run(declared).root;
    expect(sameConfig(declared, remote)).toBe(true);
    const params = (r: XmlElement) =>
      elementChildren(
        elementChildren(
          elementChildren(elementChildren(r).find((c) => c.name === "properties") as XmlElement).find(
            (p) => p.name === PARAMETERS,
          ) as XmlElement,
        )[0],
      ).map((d) => textOf(elementChildren(d)[0]));
    expect(params(remote)).toEqual(["GREETING", "SET_BY_HAND"]);
    // The hand-set parameter removed: drift; the update puts it back beside the pipeline's.
    const edited = parseXml(
      text(remote).replace(
        /<hudson.model.StringParameterDefinition>\s*<name>SET_BY_HAND[\s\S]*?<\/hudson.model.StringParameterDefinition>/,
        "",
      ),
    ).root;
    expect(params(edited)).toEqual(["GREETING"]);
    expect(sameConfig(declared, edited)).toBe(false);
    expect(params(keepOwnedParts(declared, edited))).toEqual(["SET_BY_HAND", "GREETING"]);
  });

  it("declarative: a new default in the script is compared by nobody; the job stays clean after the next run", () => {
    const declared = declaredConfig(DECLARATIVE);
    const first = run(declared);
    const changed = declaredConfig(DECLARATIVE.replace("'hello'", "'bonjour'"));
    const posted = keepOwnedParts(changed, first.root);
    const second = run(posted, first.record);
    expect(text(second.root)).toContain("bonjour");
    expect(sameConfig(changed, second.root)).toBe(true);
  });

  it("scripted: an update keeps the tracker, so the next run keeps the program's own property", () => {
    const declared = declaredConfig(SCRIPTED, DISCARDER_XML);
    const first = run(declared);
    expect(sameConfig(declared, first.root)).toBe(true);
    const edited = withoutProperty(first.root, DISCARDER);
    expect(sameConfig(declared, edited)).toBe(false);
    const posted = keepOwnedParts(declared, edited);
    expect(propertyNames(posted)).toEqual([DISCARDER, PARAMETERS, TRIGGERS]);
    expect(elementChildren(elementChildren(posted)[0]).map((a) => a.name)).toContain(SCRIPTED_TRACKER);
    const next = run(posted, first.record);
    expect(propertyNames(next.root).sort()).toEqual([DISCARDER, PARAMETERS, TRIGGERS].sort());
    expect(sameConfig(declared, next.root)).toBe(true);
  });

  it("scripted: posting the declared config alone would lose the program's property at the next run", () => {
    const declared = declaredConfig(SCRIPTED, DISCARDER_XML);
    const first = run(declared);
    const next = run(declared, first.record);
    expect(propertyNames(next.root)).toEqual([PARAMETERS, TRIGGERS]);
  });

  it("a declared property the pipeline also sets is named, compared with itself, and posted as the job has it", () => {
    const own = `<${PARAMETERS}><parameterDefinitions><hudson.model.StringParameterDefinition><name>GREETING</name><defaultValue>hi there</defaultValue><trim>false</trim></hudson.model.StringParameterDefinition></parameterDefinitions></${PARAMETERS}>`;
    const declared = declaredConfig(
      DECLARATIVE,
      own + `<${NO_CONCURRENT}><abortPrevious>true</abortPrevious></${NO_CONCURRENT}>`,
    );
    const remote = run(declaredConfig(DECLARATIVE)).root;
    const owned = pipelineOwnedOf(remote);
    expect(claimedByDeclared(declared, owned)).toEqual(["parameter GREETING", `property ${NO_CONCURRENT}`]);
    expect(sameConfig(declared, remote)).toBe(true);
    const posted = text(keepOwnedParts(declared, remote));
    expect(posted).toContain("<defaultValue>hello</defaultValue>");
    expect(posted).not.toContain("hi there");
    expect(posted).toContain("<abortPrevious>false</abortPrevious>");
    // A config copied from Jenkins, trackers and all, claims nothing.
    expect(claimedByDeclared(remote, owned)).toEqual([]);
  });
});
