/**
 * A build of a Pipeline job applies what its script declares about the job, as real Jenkins does: declarative
 * `parameters`/`triggers`/`options` and scripted `properties([...])` write job properties into config.xml and record
 * them in tracker actions; the next run removes what it no longer declares, replaces what it declares again and keeps
 * what somebody else set. Seen over HTTP, in both serialization modes, and against configs saved by real controllers.
 */
import type { JenkinsServer } from "../../provider/server";
import { elementChildren, parseXml, textOf, type XmlElement } from "../../provider/xml/tree";
import { fixture } from "../harness/fixtures";
import { pipeline } from "../harness/job-configs";
import { MODES } from "../harness/test-server";
import { adminToken, call, createJob, start, XML } from "./helpers";

const DECLARATIVE_TRACKER =
  "org.jenkinsci.plugins.pipeline.modeldefinition.actions.DeclarativeJobPropertyTrackerAction";
const SCRIPTED_TRACKER = "org.jenkinsci.plugins.workflow.multibranch.JobPropertyTrackerAction";
const TRIGGERS = "org.jenkinsci.plugins.workflow.job.properties.PipelineTriggersJobProperty";
const PARAMETERS = "hudson.model.ParametersDefinitionProperty";
const NO_CONCURRENT = "org.jenkinsci.plugins.workflow.job.properties.DisableConcurrentBuildsJobProperty";
const DISCARDER = "jenkins.model.BuildDiscarderProperty";
const THROTTLE = "hudson.plugins.throttleconcurrents.ThrottleJobProperty";

const DECLARATIVE = `pipeline {
  agent any
  parameters {
    string(name: 'GREETING', defaultValue: 'hello', description: 'Who to greet')
    booleanParam(name: 'DRY_RUN', defaultValue: true)
    choice(name: 'TARGET', choices: ['staging', 'production'])
  }
  triggers {
    cron('H 4 * * *')
  }
  options {
    disableConcurrentBuilds()
    buildDiscarder(logRotator(numToKeepStr: '10'))
    timeout(time: 1, unit: 'HOURS')
    skipDefaultCheckout()
  }
  stages {
    stage('Greet') { steps { echo "\${params.GREETING}" } }
  }
}
`;

const SCRIPTED = `properties([
  parameters([string(name: 'BRANCH', defaultValue: 'main')]),
  pipelineTriggers([pollSCM('H/15 * * * *')]),
])
node {
  echo 'hi'
}
`;

/** A pipeline config with extra properties set by whoever wrote it (not by its script). */
function withProperties(xml: string, properties: string): string {
  return xml.replace("<properties/>", `<properties>${properties}</properties>`);
}

const THROTTLE_XML = `<${THROTTLE}><categories class="java.util.concurrent.CopyOnWriteArrayList"/><throttleEnabled>false</throttleEnabled><throttleOption>project</throttleOption><limitOneJobWithMatchingParams>false</limitOneJobWithMatchingParams><paramsToUseForLimit></paramsToUseForLimit></${THROTTLE}>`;
const USER_PARAMETER = `<${PARAMETERS}><parameterDefinitions><hudson.model.StringParameterDefinition><name>SET_BY_HAND</name><defaultValue>x</defaultValue><trim>false</trim></hudson.model.StringParameterDefinition></parameterDefinitions></${PARAMETERS}>`;

function child(e: XmlElement | undefined, name: string): XmlElement | undefined {
  return e ? elementChildren(e).find((c) => c.name === name) : undefined;
}

function propertyNames(root: XmlElement): string[] {
  return elementChildren(child(root, "properties") as XmlElement).map((p) => p.name);
}

function strings(e: XmlElement | undefined): string[] {
  return e ? elementChildren(e).map((s) => textOf(s)) : [];
}

function parameterNames(root: XmlElement): string[] {
  const defs = child(child(child(root, "properties"), PARAMETERS), "parameterDefinitions");
  return defs ? elementChildren(defs).map((d) => textOf(child(d, "name") as XmlElement)) : [];
}

describe.each(MODES)("a pipeline's run sets its own job properties (%s mode)", (mode) => {
  let server: JenkinsServer;
  beforeAll(async () => {
    server = await start({ mode, quietPeriodMs: 0 });
  });
  afterAll(() => server.close());

  async function config(job: string): Promise<XmlElement> {
    const a = await call(server, `/job/${job}/config.xml`, { auth: adminToken });
    expect(a.status).toBe(200);
    return parseXml(a.body).root;
  }

  async function build(job: string): Promise<void> {
    const parameterized = propertyNames(await config(job)).includes(PARAMETERS);
    const a = await call(server, `/job/${job}/${parameterized ? "buildWithParameters" : "build"}?delay=0sec`, {
      method: "POST",
      auth: adminToken,
    });
    expect(a.status).toBe(201);
  }

  async function setScript(job: string, script: string): Promise<void> {
    const root = await config(job);
    const a = await call(server, `/job/${job}/config.xml`, { auth: adminToken });
    const text = a.body.replace(/<script>[\s\S]*<\/script>/, () => `<script>${escape(script)}</script>`);
    expect(text).not.toBe(a.body);
    expect(root.name).toBe("flow-definition");
    const post = await call(server, `/job/${job}/config.xml`, {
      method: "POST",
      auth: adminToken,
      headers: XML,
      body: text,
    });
    expect(post.status).toBe(200);
  }

  const escape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

  test("declarative: parameters, triggers and options become properties, recorded in the tracker", async () => {
    await createJob(server, "decl", withProperties(pipeline({ script: DECLARATIVE }), THROTTLE_XML));
    expect(child(child(await config("decl"), "actions"), DECLARATIVE_TRACKER)).toBeUndefined();
    await build("decl");
    const root = await config("decl");
    expect(propertyNames(root).sort()).toEqual([DISCARDER, PARAMETERS, NO_CONCURRENT, TRIGGERS, THROTTLE].sort());
    expect(parameterNames(root)).toEqual(["GREETING", "DRY_RUN", "TARGET"]);
    const trigger = child(child(child(root, "properties"), TRIGGERS), "triggers") as XmlElement;
    expect(elementChildren(trigger).map((t) => `${t.name} ${textOf(child(t, "spec") as XmlElement)}`)).toEqual([
      "hudson.triggers.TimerTrigger H 4 * * *",
    ]);
    const discarder = child(child(child(root, "properties"), DISCARDER), "strategy") as XmlElement;
    expect(textOf(child(discarder, "numToKeep") as XmlElement)).toBe("10");
    const actions = child(root, "actions") as XmlElement;
    const tracker = child(actions, DECLARATIVE_TRACKER) as XmlElement;
    expect(tracker.attrs).toContainEqual(["plugin", expect.stringMatching(/^pipeline-model-definition@/)]);
    expect(strings(child(tracker, "jobProperties")).sort()).toEqual([DISCARDER, NO_CONCURRENT].sort());
    expect(strings(child(tracker, "triggers"))).toEqual(["hudson.triggers.TimerTrigger"]);
    expect(strings(child(tracker, "parameters")).sort()).toEqual(["DRY_RUN", "GREETING", "TARGET"]);
    // `timeout` wraps the build and is no option the tracker records.
    expect(strings(child(tracker, "options"))).toEqual(["skipDefaultCheckout"]);
    expect(child(actions, "org.jenkinsci.plugins.pipeline.modeldefinition.actions.DeclarativeJobAction")).toBeDefined();
  });

  test("declarative: a second run with the same script does not save the job", async () => {
    const before = server.jobConfigOnDisk("decl");
    await build("decl");
    expect(server.jobConfigOnDisk("decl")).toBe(before);
  });

  test("declarative: what the script drops goes, what others set stays, a parameter set by hand is kept", async () => {
    // Somebody adds a parameter of their own through config.xml; the script then drops the trigger and a parameter.
    const a = await call(server, "/job/decl/config.xml", { auth: adminToken });
    const withHandParameter = a.body.replace(
      "<parameterDefinitions>",
      "<parameterDefinitions><hudson.model.StringParameterDefinition><name>SET_BY_HAND</name><defaultValue>x</defaultValue><trim>false</trim></hudson.model.StringParameterDefinition>",
    );
    await call(server, "/job/decl/config.xml", {
      method: "POST",
      auth: adminToken,
      headers: XML,
      body: withHandParameter,
    });
    await setScript(
      "decl",
      DECLARATIVE.replace("    cron('H 4 * * *')\n", "").replace(
        "    booleanParam(name: 'DRY_RUN', defaultValue: true)\n",
        "",
      ),
    );
    await build("decl");
    const root = await config("decl");
    expect(propertyNames(root).sort()).toEqual([DISCARDER, PARAMETERS, NO_CONCURRENT, THROTTLE].sort());
    // Declared ones first, then those the script never declared.
    expect(parameterNames(root)).toEqual(["GREETING", "TARGET", "SET_BY_HAND"]);
    const tracker = child(child(root, "actions"), DECLARATIVE_TRACKER) as XmlElement;
    expect(strings(child(tracker, "triggers"))).toEqual([]);
    expect(strings(child(tracker, "parameters")).sort()).toEqual(["GREETING", "TARGET"]);
  });

  test("declarative: a new default replaces the parameter of that name", async () => {
    await setScript("decl", DECLARATIVE.replace("defaultValue: 'hello'", "defaultValue: 'bonjour'"));
    await build("decl");
    const defs = child(child(child(await config("decl"), "properties"), PARAMETERS), "parameterDefinitions");
    const greeting = elementChildren(defs as XmlElement).find(
      (d) => textOf(child(d, "name") as XmlElement) === "GREETING",
    );
    expect(textOf(child(greeting as XmlElement, "defaultValue") as XmlElement)).toBe("bonjour");
  });

  test("scripted: properties([...]) sets its properties and tracks their classes; others are kept", async () => {
    await createJob(server, "scripted", withProperties(pipeline({ script: SCRIPTED }), THROTTLE_XML));
    await build("scripted");
    const root = await config("scripted");
    expect(propertyNames(root)).toEqual([THROTTLE, PARAMETERS, TRIGGERS]);
    const tracker = child(child(root, "actions"), SCRIPTED_TRACKER) as XmlElement;
    expect(tracker.attrs).toContainEqual(["plugin", expect.stringMatching(/^workflow-multibranch@/)]);
    // A Java HashSet's order, as XStream writes it.
    expect(strings(child(tracker, "jobPropertyDescriptors"))).toEqual([PARAMETERS, TRIGGERS]);
    expect(parameterNames(root)).toEqual(["BRANCH"]);
  });

  test("scripted: the next run removes only the tracked classes it no longer sets", async () => {
    await setScript("scripted", SCRIPTED.replace("  pipelineTriggers([pollSCM('H/15 * * * *')]),\n", ""));
    await build("scripted");
    const root = await config("scripted");
    expect(propertyNames(root)).toEqual([THROTTLE, PARAMETERS]);
    expect(strings(child(child(child(root, "actions"), SCRIPTED_TRACKER), "jobPropertyDescriptors"))).toEqual([
      PARAMETERS,
    ]);
  });

  test("scripted: a config posted without the tracker makes the next run remove every property", async () => {
    const a = await call(server, "/job/scripted/config.xml", { auth: adminToken });
    const withoutTracker = a.body.replace(
      /<org\.jenkinsci\.plugins\.workflow\.multibranch\.JobPropertyTrackerAction[\s\S]*?<\/org\.jenkinsci\.plugins\.workflow\.multibranch\.JobPropertyTrackerAction>/,
      "",
    );
    expect(withoutTracker).not.toBe(a.body);
    await call(server, "/job/scripted/config.xml", {
      method: "POST",
      auth: adminToken,
      headers: XML,
      body: withoutTracker,
    });
    expect(propertyNames(await config("scripted"))).toEqual([THROTTLE, PARAMETERS]);
    await build("scripted");
    // The previous build ran the step and the job has no record of what it set: the plugin clears everything.
    expect(propertyNames(await config("scripted"))).toEqual([PARAMETERS]);
  });

  test("a scripted pipeline without properties([...]) and a freestyle job are left alone", async () => {
    await createJob(server, "plain", withProperties(pipeline({ script: "node { echo 'hi' }" }), USER_PARAMETER));
    const before = server.jobConfigOnDisk("plain");
    await build("plain");
    expect(server.jobConfigOnDisk("plain")).toBe(before);
  });

  test("Pipeline from SCM runs the Jenkinsfile the server was given for the job", async () => {
    const scm = fixture("pipeline-scm-git-v1.0.xml");
    await createJob(server, "from-scm", scm);
    await build("from-scm");
    expect(child(await config("from-scm"), "actions")?.children.length ?? 0).toBe(0);
    server.setJenkinsfile("from-scm", DECLARATIVE);
    await build("from-scm");
    expect(parameterNames(await config("from-scm"))).toEqual(["GREETING", "DRY_RUN", "TARGET"]);
  });

  test("a declarative script without directives records an empty tracker, as a saved config shows", async () => {
    const saved = parseXml(fixture("pipeline-declarative-inline.xml")).root;
    await createJob(
      server,
      "inline",
      fixture("pipeline-declarative-inline.xml").replace(/<actions>[\s\S]*<\/actions>/, "<actions/>"),
    );
    await build("inline");
    const root = await config("inline");
    const names = (r: XmlElement) => elementChildren(child(r, "actions") as XmlElement).map((a) => a.name);
    expect(names(root)).toEqual(names(saved));
    const tracker = (r: XmlElement) =>
      elementChildren(child(child(r, "actions"), DECLARATIVE_TRACKER) as XmlElement).map((e) => [e.name, strings(e)]);
    expect(tracker(root)).toEqual(tracker(saved));
    // The property somebody set by hand is kept.
    expect(propertyNames(root)).toEqual([THROTTLE]);
  });

  test("the upstream trigger of a saved declarative config is written as that controller wrote it", async () => {
    const saved = parseXml(fixture("pipeline-declarative-reverse-trigger.xml")).root;
    // The same job before its first run: no tracker, no trigger property.
    const before = fixture("pipeline-declarative-reverse-trigger.xml")
      .replace(/<actions>[\s\S]*<\/actions>/, "<actions/>")
      .replace(
        /<org\.jenkinsci\.plugins\.workflow\.job\.properties\.PipelineTriggersJobProperty>[\s\S]*<\/org\.jenkinsci\.plugins\.workflow\.job\.properties\.PipelineTriggersJobProperty>/,
        "",
      );
    await createJob(server, "reverse", before);
    await build("reverse");
    const root = await config("reverse");
    const ours = child(child(root, "properties"), TRIGGERS) as XmlElement;
    const theirs = child(child(saved, "properties"), TRIGGERS) as XmlElement;
    const shape = (e: XmlElement): unknown =>
      elementChildren(e).length === 0 ? textOf(e) : elementChildren(e).map((c) => [c.name, shape(c)]);
    expect(shape(ours)).toEqual(shape(theirs));
    const tracker = (r: XmlElement) => shape(child(child(r, "actions"), DECLARATIVE_TRACKER) as XmlElement);
    expect(tracker(root)).toEqual(tracker(saved));
  });
});
