/**
 * Pipeline specs render to the exact file a current Jenkins saves (class names and field order as in the real
 * fixtures, e.g. pipeline-unbuilt-empty-script.xml, pipeline-scm-git-lightweight.xml,
 * pipeline-declarative-parameters.xml, pipeline-declarative-reverse-trigger.xml), and a save does not change it.
 */
import { renderJobSpec, renderPipeline } from "../../provider/specs";
import { resave } from "../../provider/server/xstream";
import { PIPELINE_FULL, PIPELINE_FULL_FIELDS, PIPELINE_MINIMAL } from "./samples";

const MINIMAL_XML = `<?xml version='1.1' encoding='UTF-8'?>
<flow-definition plugin="workflow-job@1571.vb_423c255d6d9">
  <actions/>
  <description></description>
  <keepDependencies>false</keepDependencies>
  <properties/>
  <definition class="org.jenkinsci.plugins.workflow.cps.CpsFlowDefinition" plugin="workflow-cps@4259.vf653c2b_8a_b_69">
    <script>node {
  echo &apos;hello&apos;
}</script>
    <sandbox>true</sandbox>
  </definition>
  <triggers/>
  <disabled>false</disabled>
</flow-definition>`;

const FULL_XML = `<?xml version='1.1' encoding='UTF-8'?>
<flow-definition plugin="workflow-job@1571.vb_423c255d6d9">
  <actions/>
  <description>Deploys the API &quot;nightly&quot;</description>
  <keepDependencies>false</keepDependencies>
  <properties>
    <jenkins.model.BuildDiscarderProperty>
      <strategy class="hudson.tasks.LogRotator">
        <daysToKeep>-1</daysToKeep>
        <numToKeep>20</numToKeep>
        <artifactDaysToKeep>-1</artifactDaysToKeep>
        <artifactNumToKeep>5</artifactNumToKeep>
        <removeLastBuild>false</removeLastBuild>
      </strategy>
    </jenkins.model.BuildDiscarderProperty>
    <org.jenkinsci.plugins.workflow.job.properties.DisableConcurrentBuildsJobProperty>
      <abortPrevious>false</abortPrevious>
    </org.jenkinsci.plugins.workflow.job.properties.DisableConcurrentBuildsJobProperty>
    <hudson.model.ParametersDefinitionProperty>
      <parameterDefinitions>
        <hudson.model.StringParameterDefinition>
          <name>TARGET</name>
          <description>Where to deploy</description>
          <defaultValue>staging</defaultValue>
          <trim>true</trim>
        </hudson.model.StringParameterDefinition>
        <hudson.model.BooleanParameterDefinition>
          <name>DRY_RUN</name>
          <defaultValue>true</defaultValue>
        </hudson.model.BooleanParameterDefinition>
        <hudson.model.ChoiceParameterDefinition>
          <name>REGION</name>
          <description>Region</description>
          <choices class="java.util.Arrays$ArrayList">
            <a class="string-array">
              <string>eu-west-1</string>
              <string>us-east-1</string>
            </a>
          </choices>
        </hudson.model.ChoiceParameterDefinition>
      </parameterDefinitions>
    </hudson.model.ParametersDefinitionProperty>
    <org.jenkinsci.plugins.workflow.job.properties.PipelineTriggersJobProperty>
      <triggers>
        <jenkins.triggers.ReverseBuildTrigger>
          <spec></spec>
          <upstreamProjects>team/lib, team/tools</upstreamProjects>
          <threshold>
            <name>UNSTABLE</name>
            <ordinal>1</ordinal>
            <color>YELLOW</color>
            <completeBuild>true</completeBuild>
          </threshold>
        </jenkins.triggers.ReverseBuildTrigger>
        <hudson.triggers.TimerTrigger>
          <spec>H 2 * * 1-5</spec>
        </hudson.triggers.TimerTrigger>
        <hudson.triggers.SCMTrigger>
          <spec>H/15 * * * *</spec>
          <ignorePostCommitHooks>false</ignorePostCommitHooks>
        </hudson.triggers.SCMTrigger>
      </triggers>
    </org.jenkinsci.plugins.workflow.job.properties.PipelineTriggersJobProperty>
  </properties>
  <definition class="org.jenkinsci.plugins.workflow.cps.CpsScmFlowDefinition" plugin="workflow-cps@4259.vf653c2b_8a_b_69">
    <scm class="hudson.plugins.git.GitSCM" plugin="git@5.10.0">
      <configVersion>2</configVersion>
      <userRemoteConfigs>
        <hudson.plugins.git.UserRemoteConfig>
          <url>https://git.example.com/team/api.git</url>
          <credentialsId>git-read</credentialsId>
        </hudson.plugins.git.UserRemoteConfig>
      </userRemoteConfigs>
      <branches>
        <hudson.plugins.git.BranchSpec>
          <name>*/release</name>
        </hudson.plugins.git.BranchSpec>
      </branches>
      <doGenerateSubmoduleConfigurations>false</doGenerateSubmoduleConfigurations>
      <submoduleCfg class="empty-list"/>
      <extensions/>
    </scm>
    <scriptPath>ci/Jenkinsfile</scriptPath>
    <lightweight>false</lightweight>
  </definition>
  <triggers/>
  <quietPeriod>10</quietPeriod>
  <disabled>true</disabled>
</flow-definition>`;

const SCM_DEFAULTS_XML = `<?xml version='1.1' encoding='UTF-8'?>
<flow-definition plugin="workflow-job@1571.vb_423c255d6d9">
  <actions/>
  <description></description>
  <keepDependencies>false</keepDependencies>
  <properties/>
  <definition class="org.jenkinsci.plugins.workflow.cps.CpsScmFlowDefinition" plugin="workflow-cps@4259.vf653c2b_8a_b_69">
    <scm class="hudson.plugins.git.GitSCM" plugin="git@5.10.0">
      <configVersion>2</configVersion>
      <userRemoteConfigs>
        <hudson.plugins.git.UserRemoteConfig>
          <url>https://git.example.com/app.git</url>
        </hudson.plugins.git.UserRemoteConfig>
      </userRemoteConfigs>
      <branches>
        <hudson.plugins.git.BranchSpec>
          <name>*/main</name>
        </hudson.plugins.git.BranchSpec>
      </branches>
      <doGenerateSubmoduleConfigurations>false</doGenerateSubmoduleConfigurations>
      <submoduleCfg class="empty-list"/>
      <extensions/>
    </scm>
    <scriptPath>Jenkinsfile</scriptPath>
    <lightweight>true</lightweight>
  </definition>
  <triggers/>
  <disabled>false</disabled>
</flow-definition>`;

const MINIMAL = PIPELINE_MINIMAL;
const FULL_SPEC = PIPELINE_FULL;
const FULL_FIELDS = PIPELINE_FULL_FIELDS;

describe("renderPipeline", () => {
  test("minimal inline script: sandbox on, no properties, enabled", () => {
    expect(renderPipeline(MINIMAL)).toBe(MINIMAL_XML);
  });

  test("full spec: script from git, parameters, all triggers, discarder, no concurrent builds", () => {
    expect(renderPipeline(FULL_SPEC, FULL_FIELDS)).toBe(FULL_XML);
  });

  test("script from git with defaults: branch */main, Jenkinsfile, lightweight", () => {
    expect(renderPipeline({ scm: { url: "https://git.example.com/app.git" } })).toBe(SCM_DEFAULTS_XML);
  });

  test("sandbox can be turned off; an explicit concurrentBuilds: true adds nothing", () => {
    const xml = renderPipeline({ script: "echo 1", sandbox: false, concurrentBuilds: true });
    expect(xml).toContain("<sandbox>false</sandbox>");
    expect(xml).toContain("<properties/>");
  });

  test("the script is kept to the character: quotes, ampersands, CRLF, trailing blank lines", () => {
    const script = "sh \"echo 'a' && b < c\"\r\nx = '<tag>'\n\n\n";
    const xml = renderPipeline({ script });
    expect(xml).toContain(
      "<script>sh &quot;echo &apos;a&apos; &amp;&amp; b &lt; c&quot;&#xd;\nx = &apos;&lt;tag&gt;&apos;\n\n\n</script>",
    );
  });

  test("renderJobSpec dispatches on the kind", () => {
    expect(renderJobSpec("pipeline", FULL_SPEC, FULL_FIELDS)).toBe(FULL_XML);
  });

  test.each([
    ["minimal", () => renderPipeline(MINIMAL)],
    ["full", () => renderPipeline(FULL_SPEC, FULL_FIELDS)],
    ["scm defaults", () => renderPipeline({ scm: { url: "https://git.example.com/app.git" } })],
    ["odd text", () => renderPipeline({ script: "a\r\nb '\"&<>\t", quietPeriod: 0 }, { description: "x\r\ny" })],
  ])("a Jenkins save leaves the %s rendering byte for byte unchanged", (_name, render) => {
    const rendered = render();
    expect(resave(rendered)).toBe(rendered);
  });
});
