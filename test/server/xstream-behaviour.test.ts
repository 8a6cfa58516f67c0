/**
 * Exact outputs of the re-serialization model for small configs, derived from the real saved configs
 * (freestyle-unbuilt-defaults.xml, pipeline-unbuilt-empty-script.xml), and its individual rules.
 */
import * as fs from "fs";
import * as path from "path";
import { XmlSyntaxError, parseXml } from "../../provider/xml/tree";
import {
  INSTALLED_PLUGINS,
  NOT_INSTALLED_PLUGINS,
  identityTransform,
  itemTypeOf,
  knownItemTypes,
  readBack,
  resave,
} from "../../provider/server/xstream";

function fixture(name: string): string {
  let dir = __dirname;
  for (;;) {
    const candidate = path.join(dir, "test", "fixtures", "jenkins-saved-configs", name);
    if (fs.existsSync(candidate)) return fs.readFileSync(candidate, "utf8");
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`fixture ${name} not found`);
    dir = parent;
  }
}

const WORKFLOW_JOB = `workflow-job@${INSTALLED_PLUGINS["workflow-job"]}`;
const WORKFLOW_CPS = `workflow-cps@${INSTALLED_PLUGINS["workflow-cps"]}`;
const GIT = `git@${INSTALLED_PLUGINS.git}`;

describe("itemTypeOf", () => {
  it("knows the seven item types of the fixtures with their plugins and abilities", () => {
    expect(itemTypeOf("project")).toEqual({
      root: "project",
      className: "hudson.model.FreeStyleProject",
      isFolder: false,
      canDisable: true,
      hasScmPolling: true,
    });
    expect(itemTypeOf("flow-definition")).toMatchObject({
      className: "org.jenkinsci.plugins.workflow.job.WorkflowJob",
      plugin: "workflow-job",
      isFolder: false,
      canDisable: true,
      hasScmPolling: true,
    });
    expect(itemTypeOf("com.cloudbees.hudson.plugins.folder.Folder")).toMatchObject({
      plugin: "cloudbees-folder",
      isFolder: true,
      canDisable: false,
      hasScmPolling: false,
    });
    expect(itemTypeOf("org.jenkinsci.plugins.workflow.multibranch.WorkflowMultiBranchProject")).toMatchObject({
      plugin: "workflow-multibranch",
      isFolder: true,
      canDisable: true,
      hasScmPolling: false,
    });
    expect(itemTypeOf("jenkins.branch.OrganizationFolder")).toMatchObject({ plugin: "branch-api", isFolder: true });
    expect(itemTypeOf("matrix-project")).toMatchObject({ className: "hudson.matrix.MatrixProject" });
    expect(itemTypeOf("maven2-moduleset")).toMatchObject({ className: "hudson.maven.MavenModuleSet" });
    expect(knownItemTypes()).toHaveLength(7);
  });

  it("answers undefined for anything else (the server then answers 500)", () => {
    for (const root of ["hudson.model.View", "foo", "", "Project", "hudson.model.FreeStyleProject", "hudson"]) {
      expect(itemTypeOf(root)).toBeUndefined();
    }
  });

  it("every item type's plugin is installed", () => {
    for (const t of knownItemTypes()) if (t.plugin !== undefined) expect(INSTALLED_PLUGINS[t.plugin]).toBeDefined();
  });

  it("returns copies: callers cannot change the catalogue", () => {
    const t = itemTypeOf("project");
    if (t === undefined) throw new Error("unreachable");
    t.canDisable = false;
    expect(itemTypeOf("project")?.canDisable).toBe(true);
  });
});

describe("identityTransform", () => {
  it("rewrites the declaration with no line break after it and keeps the rest", () => {
    const sent = fixture("pipeline-unbuilt-empty-script.xml");
    expect(identityTransform(sent)).toBe(
      `<?xml version="1.0" encoding="UTF-8"?><flow-definition plugin="workflow-job@1167.v8fe861b_09ef9">
  <description/>
  <keepDependencies>false</keepDependencies>
  <properties/>
  <definition class="org.jenkinsci.plugins.workflow.cps.CpsFlowDefinition" plugin="workflow-cps@2659.v52d3de6044d0">
    <script/>
    <sandbox>true</sandbox>
  </definition>
  <triggers/>
  <disabled>true</disabled>
</flow-definition>`,
    );
  });

  it("keeps comments, tabs and odd indentation; normalises attribute quotes; leaves quotes in text alone", () => {
    const sent = `<?xml version='1.0'?>\n<project>\n\t<!-- managed by pulumi -->\n    <description a='x"y'>it's "quoted" &amp; &lt;ok&gt;</description>\n</project>\n`;
    expect(identityTransform(sent)).toBe(
      `<?xml version="1.0" encoding="UTF-8"?><project>\n\t<!-- managed by pulumi -->\n    <description a="x&quot;y">it's "quoted" &amp; &lt;ok&gt;</description>\n</project>`,
    );
  });

  it("expands internal DTD entities and drops the DOCTYPE", () => {
    const sent = `<?xml version="1.0"?>\n<!DOCTYPE project [\n  <!ENTITY team "platform">\n]>\n<project><description>owned by &team;</description></project>`;
    expect(identityTransform(sent)).toBe(
      `<?xml version="1.0" encoding="UTF-8"?><project><description>owned by platform</description></project>`,
    );
  });

  it("keeps carriage returns as character references", () => {
    expect(identityTransform("<project><description>a&#xd;\nb</description></project>")).toBe(
      `<?xml version="1.0" encoding="UTF-8"?><project><description>a&#xd;\nb</description></project>`,
    );
  });

  it("throws on malformed XML and never resolves external entities", () => {
    expect(() => identityTransform("<project>")).toThrow(XmlSyntaxError);
    expect(() => identityTransform("")).toThrow();
    expect(() => identityTransform("not xml")).toThrow();
    expect(() =>
      identityTransform(`<!DOCTYPE project [<!ENTITY x SYSTEM "file:///etc/passwd">]><project>&x;</project>`),
    ).toThrow();
  });
});

describe("resave: exact XStream output", () => {
  it("freestyle-unbuilt-defaults.xml gains only <actions/>, loses its final newline", () => {
    const source = fixture("freestyle-unbuilt-defaults.xml");
    const expected = `<?xml version='1.1' encoding='UTF-8'?>
<project>
  <actions/>
  <description></description>
  <keepDependencies>false</keepDependencies>
  <properties/>
  <scm class="hudson.scm.NullSCM"/>
  <canRoam>true</canRoam>
  <disabled>true</disabled>
  <blockBuildWhenDownstreamBuilding>false</blockBuildWhenDownstreamBuilding>
  <blockBuildWhenUpstreamBuilding>false</blockBuildWhenUpstreamBuilding>
  <jdk>jdk17</jdk>
  <triggers/>
  <concurrentBuild>false</concurrentBuild>
  <builders/>
  <publishers/>
  <buildWrappers/>
</project>`;
    expect(expected).toBe(source.replace("<project>\n", "<project>\n  <actions/>\n").replace(/\n$/, ""));
    expect(resave(source)).toBe(expected);
    // The createItem copy wrote <description/>: XStream reads an empty string and writes it back as a pair.
    expect(resave(identityTransform(source))).toBe(expected);
  });

  it("a minimal freestyle job gets every default field a new job is saved with", () => {
    expect(resave(`<project><description>build it</description></project>`)).toBe(
      `<?xml version='1.1' encoding='UTF-8'?>
<project>
  <actions/>
  <description>build it</description>
  <keepDependencies>false</keepDependencies>
  <properties/>
  <scm class="hudson.scm.NullSCM"/>
  <canRoam>true</canRoam>
  <disabled>false</disabled>
  <blockBuildWhenDownstreamBuilding>false</blockBuildWhenDownstreamBuilding>
  <blockBuildWhenUpstreamBuilding>false</blockBuildWhenUpstreamBuilding>
  <triggers/>
  <concurrentBuild>false</concurrentBuild>
  <builders/>
  <publishers/>
  <buildWrappers/>
</project>`,
    );
  });

  it("pipeline-unbuilt-empty-script.xml: plugin versions bumped, <actions/> added, empty strings as pairs", () => {
    expect(resave(fixture("pipeline-unbuilt-empty-script.xml"))).toBe(
      `<?xml version='1.1' encoding='UTF-8'?>
<flow-definition plugin="${WORKFLOW_JOB}">
  <actions/>
  <description></description>
  <keepDependencies>false</keepDependencies>
  <properties/>
  <definition class="org.jenkinsci.plugins.workflow.cps.CpsFlowDefinition" plugin="${WORKFLOW_CPS}">
    <script></script>
    <sandbox>true</sandbox>
  </definition>
  <triggers/>
  <disabled>true</disabled>
</flow-definition>`,
    );
  });

  it("a minimal pipeline job: fields in WorkflowJob order, plugin attributes, quotes escaped, comments gone", () => {
    const sent = `<?xml version="1.0" encoding="UTF-8"?>
<flow-definition>
    <!-- inline script -->
    <definition class="org.jenkinsci.plugins.workflow.cps.CpsFlowDefinition">
        <sandbox>true</sandbox>
        <script>node { sh "echo 'hi' &amp;&amp; exit 0" }</script>
    </definition>
    <description>demo</description>
</flow-definition>`;
    expect(resave(sent)).toBe(
      `<?xml version='1.1' encoding='UTF-8'?>
<flow-definition plugin="${WORKFLOW_JOB}">
  <actions/>
  <description>demo</description>
  <keepDependencies>false</keepDependencies>
  <properties/>
  <definition class="org.jenkinsci.plugins.workflow.cps.CpsFlowDefinition" plugin="${WORKFLOW_CPS}">
    <sandbox>true</sandbox>
    <script>node { sh &quot;echo &apos;hi&apos; &amp;&amp; exit 0&quot; }</script>
  </definition>
  <triggers/>
  <disabled>false</disabled>
</flow-definition>`,
    );
  });

  it("treats blanks inside the root and inside collections as layout, inside string fields as content", () => {
    const saved = resave(`<project>\n  \n</project>`);
    expect(saved).toContain("  <builders/>\n");
    expect(resave(`<project><builders>\n    </builders><jdk>  </jdk></project>`)).toContain(
      "  <jdk>  </jdk>\n  <triggers/>\n  <concurrentBuild>false</concurrentBuild>\n  <builders/>\n",
    );
  });

  it("adds <configuredLocalRules/> to shell steps and <trim>false</trim> to string parameters", () => {
    const saved = resave(
      `<project><properties><hudson.model.ParametersDefinitionProperty><parameterDefinitions>` +
        `<hudson.model.StringParameterDefinition><name>P</name><defaultValue>d</defaultValue>` +
        `</hudson.model.StringParameterDefinition></parameterDefinitions></hudson.model.ParametersDefinitionProperty>` +
        `</properties><builders><hudson.tasks.Shell><command>ls</command></hudson.tasks.Shell></builders></project>`,
    );
    expect(saved).toContain("<name>P</name>\n          <defaultValue>d</defaultValue>\n          <trim>false</trim>\n");
    expect(saved).toContain("<command>ls</command>\n      <configuredLocalRules/>\n    </hudson.tasks.Shell>");
  });

  it("escapes text the XStream way and keeps every other character of it", () => {
    const saved = resave(`<project><description>a 'b' "c" &amp; &lt;d&gt; e&#xd;\nf\tg  </description></project>`);
    expect(saved).toContain(`<description>a &apos;b&apos; &quot;c&quot; &amp; &lt;d&gt; e&#xd;\nf\tg  </description>`);
  });

  it("is not confused by class or element names that exist on every JavaScript object", () => {
    const saved = resave(
      `<project><x class="constructor"/><y class="__proto__"/><z plugin="constructor@1"/></project>`,
    );
    expect(saved).toContain(`<x class="constructor"/>`);
    expect(saved).toContain(`<y class="__proto__"/>`);
    // A plugin called "constructor" is not installed: its element goes.
    expect(saved).not.toContain("<z");
  });

  it("turns CDATA into escaped text", () => {
    expect(resave(`<project><description><![CDATA[<b>x</b>]]></description></project>`)).toContain(
      "<description>&lt;b&gt;x&lt;/b&gt;</description>",
    );
  });

  it("puts fields of known types in class order, keeping unknown fields after the field they followed", () => {
    const saved = resave(
      `<project><builders/><disabled>true</disabled><customThing>1</customThing><keepDependencies>true</keepDependencies></project>`,
    );
    const names = [...parseXml(saved).root.children].flatMap((c) => (c.kind === "element" ? [c.name] : []));
    expect(names).toEqual([
      "actions",
      "keepDependencies",
      "properties",
      "scm",
      "canRoam",
      "disabled",
      "customThing",
      "blockBuildWhenDownstreamBuilding",
      "blockBuildWhenUpstreamBuilding",
      "triggers",
      "concurrentBuild",
      "builders",
      "publishers",
      "buildWrappers",
    ]);
    expect(saved).toContain("<keepDependencies>true</keepDependencies>");
    expect(saved).toContain("<disabled>true</disabled>");
  });

  it("adds matrix and maven defaults", () => {
    const matrix = resave("<matrix-project/>");
    expect(matrix).toContain(`<matrix-project plugin="matrix-project@${INSTALLED_PLUGINS["matrix-project"]}">`);
    expect(matrix).toContain(
      `  <axes/>\n  <builders/>\n  <publishers/>\n  <buildWrappers/>\n  <executionStrategy class="hudson.matrix.DefaultMatrixExecutionStrategyImpl">\n    <runSequentially>false</runSequentially>\n  </executionStrategy>\n</matrix-project>`,
    );
    const maven = resave("<maven2-moduleset/>");
    expect(maven).toContain(`<maven2-moduleset plugin="maven-plugin@${INSTALLED_PLUGINS["maven-plugin"]}">`);
    expect(maven).toContain("<blockTriggerWhenBuilding>true</blockTriggerWhenBuilding>");
    expect(maven).toContain("<runPostStepsIfResult>\n    <name>FAILURE</name>");
  });
});

describe("resave: plugin attributes", () => {
  it("marks plugin classes, not core ones, and not when the closest owned ancestor has the same plugin", () => {
    const saved = resave(
      `<flow-definition><properties>` +
        `<org.jenkinsci.plugins.workflow.job.properties.DisableConcurrentBuildsJobProperty/>` +
        `<hudson.model.ParametersDefinitionProperty><parameterDefinitions>` +
        `<org.jenkinsci.plugins.workflow.job.properties.Fake/>` +
        `</parameterDefinitions></hudson.model.ParametersDefinitionProperty>` +
        `</properties><definition class="org.jenkinsci.plugins.workflow.cps.CpsScmFlowDefinition">` +
        `<scm class="hudson.plugins.git.GitSCM" plugin="git@2.0"><browser class="hudson.plugins.git.browser.GithubWeb"/></scm>` +
        `<scriptPath>Jenkinsfile</scriptPath></definition></flow-definition>`,
    );
    expect(saved).toContain(`<flow-definition plugin="${WORKFLOW_JOB}">`);
    expect(saved).toContain("<org.jenkinsci.plugins.workflow.job.properties.DisableConcurrentBuildsJobProperty/>");
    expect(saved).toContain("<hudson.model.ParametersDefinitionProperty>");
    // Core classes in between do not count: the closest owned ancestor is the workflow-job root.
    expect(saved).toContain("<org.jenkinsci.plugins.workflow.job.properties.Fake/>");
    expect(saved).toContain(
      `<definition class="org.jenkinsci.plugins.workflow.cps.CpsScmFlowDefinition" plugin="${WORKFLOW_CPS}">`,
    );
    expect(saved).toContain(`<scm class="hudson.plugins.git.GitSCM" plugin="${GIT}">`);
    expect(saved).toContain(`<browser class="hudson.plugins.git.browser.GithubWeb"/>`);
  });

  it("adds the attribute to a plugin class that arrived without one, after class and before other attributes", () => {
    const saved = resave(`<project><scm class="hudson.plugins.git.GitSCM" x="1"/></project>`);
    expect(saved).toContain(`<scm class="hudson.plugins.git.GitSCM" plugin="${GIT}" x="1"/>`);
  });

  it("bumps the version of a plugin attribute on a field whose class the XML does not name", () => {
    const saved = resave(
      `<project><properties><foo.Bar plugin="warnings-ng@1.0"><jenkins plugin="plugin-util-api@1.0"/></foo.Bar></properties></project>`,
    );
    expect(saved).toContain(`<foo.Bar plugin="warnings-ng@${INSTALLED_PLUGINS["warnings-ng"]}">`);
    expect(saved).toContain(`<jenkins plugin="plugin-util-api@${INSTALLED_PLUGINS["plugin-util-api"]}"/>`);
  });

  it("never marks references", () => {
    const saved = resave(
      `<org.jenkinsci.plugins.workflow.multibranch.WorkflowMultiBranchProject><folderViews class="jenkins.branch.MultiBranchProjectViewHolder">` +
        `<owner class="org.jenkinsci.plugins.workflow.multibranch.WorkflowMultiBranchProject" reference="../.." plugin="x@1"/>` +
        `</folderViews></org.jenkinsci.plugins.workflow.multibranch.WorkflowMultiBranchProject>`,
    );
    expect(saved).toContain(
      `<owner class="org.jenkinsci.plugins.workflow.multibranch.WorkflowMultiBranchProject" reference="../.."/>`,
    );
    expect(saved).toContain(`<folderViews class="jenkins.branch.MultiBranchProjectViewHolder" plugin="branch-api@`);
  });
});

describe("resave: plugins that are not installed", () => {
  it("the list is real plugins, none of them installed", () => {
    expect(NOT_INSTALLED_PLUGINS.length).toBeGreaterThan(0);
    for (const p of NOT_INSTALLED_PLUGINS) expect(INSTALLED_PLUGINS[p]).toBeUndefined();
  });

  it("drops their elements, whether named by class or only by the plugin attribute", () => {
    const sent = `<project>
  <properties>
    <com.example.UnknownProperty plugin="no-such-plugin@1.0"><x>1</x></com.example.UnknownProperty>
  </properties>
  <builders>
    <hudson.tasks.Shell><command>make</command></hudson.tasks.Shell>
  </builders>
  <buildWrappers>
    <hudson.plugins.timestamper.TimestamperBuildWrapper plugin="timestamper@1.26"/>
    <hudson.plugins.ansicolor.AnsiColorBuildWrapper><colorMapName>xterm</colorMapName></hudson.plugins.ansicolor.AnsiColorBuildWrapper>
  </buildWrappers>
</project>`;
    const saved = resave(sent);
    expect(saved).not.toContain("timestamper");
    expect(saved).not.toContain("ansicolor");
    expect(saved).not.toContain("UnknownProperty");
    expect(saved).toContain("  <properties/>\n");
    expect(saved).toContain("  <buildWrappers/>\n");
    expect(saved).toContain("<command>make</command>");
    // Until something saves the job, the stored copy still has them.
    expect(readBack(identityTransform(sent), "legacy")).toContain("timestamper@1.26");
    expect(readBack(identityTransform(sent), "current")).not.toContain("timestamper");
  });
});

describe("resave: description and disabled changes", () => {
  const freestyle = fixture("freestyle-unbuilt-defaults.xml");

  it("sets disabled and description on a job", () => {
    const saved = resave(freestyle, { disabled: false, description: "now enabled" });
    expect(saved).toContain("  <description>now enabled</description>\n");
    expect(saved).toContain("  <disabled>false</disabled>\n");
    expect(saved).not.toContain("<disabled>true</disabled>");
    expect(resave(saved, { disabled: true })).toBe(resave(freestyle, { description: "now enabled" }));
  });

  it("adds a missing description in class order and escapes it", () => {
    const saved = resave(`<project/>`, { description: `say "hi" & it's <b>bold</b>\r\nline 2` });
    expect(saved).toContain(
      "  <actions/>\n  <description>say &quot;hi&quot; &amp; it&apos;s &lt;b&gt;bold&lt;/b&gt;&#xd;\nline 2</description>\n  <keepDependencies>",
    );
  });

  it("an empty description is kept as an empty string", () => {
    expect(resave(`<project><description>x</description></project>`, { description: "" })).toContain(
      "<description></description>",
    );
  });

  it("disables a pipeline that had no <disabled> field, after <triggers>", () => {
    const saved = resave(fixture("pipeline-scm-git-v1.0.xml"), { disabled: true });
    expect(saved).toMatch(/ {2}<triggers\/>\n {2}<disabled>true<\/disabled>\n<\/flow-definition>$/);
  });

  it("disables multibranch projects and organization folders, but not plain folders", () => {
    expect(resave(fixture("multibranch-unbuilt-no-sources.xml"), { disabled: false })).toContain(
      "<disabled>false</disabled>",
    );
    expect(resave(fixture("organization-folder-unbuilt.xml"), { disabled: false })).toContain(
      "<disabled>false</disabled>",
    );
    const folder = fixture("folder-github-minimal.xml");
    expect(resave(folder, { disabled: true })).toBe(resave(folder));
    expect(resave(folder, { disabled: true })).not.toContain("<disabled>");
    expect(resave(folder, { description: "Repos" })).toContain("<description>Repos</description>");
  });
});

describe("readBack", () => {
  it("legacy: the stored bytes, whatever they are", () => {
    const stored = identityTransform(fixture("freestyle-unbuilt-defaults.xml"));
    expect(readBack(stored, "legacy")).toBe(stored);
  });

  it("current: re-serialized from memory with a double-quoted 1.1 declaration and a line break", () => {
    const stored = identityTransform(fixture("freestyle-unbuilt-defaults.xml"));
    const served = readBack(stored, "current");
    expect(served.split("\n")[0]).toBe(`<?xml version="1.1" encoding="UTF-8"?>`);
    expect(served.split("\n")[1]).toBe("<project>");
    expect(served).toContain("<description></description>");
  });

  it("re-serializes a root it has no model for without adding anything", () => {
    expect(readBack(`<com.example.Thing><a></a><b/></com.example.Thing>`, "current")).toBe(
      `<?xml version="1.1" encoding="UTF-8"?>\n<com.example.Thing>\n  <a></a>\n  <b></b>\n</com.example.Thing>`,
    );
    expect(resave(`<foo/>`)).toBe(`<?xml version='1.1' encoding='UTF-8'?>\n<foo/>`);
  });

  it("refuses an unknown mode and malformed stored XML", () => {
    expect(() => readBack("<project/>", "other" as "legacy")).toThrow(TypeError);
    expect(() => readBack("<project>", "current")).toThrow(XmlSyntaxError);
    expect(() => resave("<project><a></b></project>")).toThrow(XmlSyntaxError);
  });
});
