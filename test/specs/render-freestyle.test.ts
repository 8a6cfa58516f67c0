/**
 * Freestyle specs render to the exact file a current Jenkins saves (class names and field order as in the real
 * fixtures freestyle-unbuilt-defaults.xml, freestyle-git-shell-archiveartifacts.xml,
 * freestyle-git-choiceparam-junit-coverage-warnings.xml, freestyle-batch-prescm-buildwrappers.xml), and a save
 * does not change it.
 */
import { parseJobSpec, renderFreestyle, renderJobSpec, validateJobSpec } from "../../provider/specs";
import { resave } from "../../provider/server/xstream";
import { FREESTYLE_FULL, FREESTYLE_FULL_FIELDS, FREESTYLE_MINIMAL } from "./samples";

const MINIMAL_XML = `<?xml version='1.1' encoding='UTF-8'?>
<project>
  <actions/>
  <description></description>
  <keepDependencies>false</keepDependencies>
  <properties/>
  <scm class="hudson.scm.NullSCM"/>
  <canRoam>true</canRoam>
  <disabled>false</disabled>
  <blockBuildWhenDownstreamBuilding>false</blockBuildWhenDownstreamBuilding>
  <blockBuildWhenUpstreamBuilding>false</blockBuildWhenUpstreamBuilding>
  <triggers/>
  <concurrentBuild>false</concurrentBuild>
  <builders>
    <hudson.tasks.Shell>
      <command>make test</command>
      <configuredLocalRules/>
    </hudson.tasks.Shell>
  </builders>
  <publishers/>
  <buildWrappers/>
</project>`;

const EMPTY_XML = `<?xml version='1.1' encoding='UTF-8'?>
<project>
  <actions/>
  <description></description>
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
</project>`;

const FULL_XML = `<?xml version='1.1' encoding='UTF-8'?>
<project>
  <actions/>
  <description>Web build</description>
  <keepDependencies>false</keepDependencies>
  <properties>
    <jenkins.model.BuildDiscarderProperty>
      <strategy class="hudson.tasks.LogRotator">
        <daysToKeep>30</daysToKeep>
        <numToKeep>50</numToKeep>
        <artifactDaysToKeep>7</artifactDaysToKeep>
        <artifactNumToKeep>3</artifactNumToKeep>
        <removeLastBuild>false</removeLastBuild>
      </strategy>
    </jenkins.model.BuildDiscarderProperty>
    <hudson.model.ParametersDefinitionProperty>
      <parameterDefinitions>
        <hudson.model.StringParameterDefinition>
          <name>VERSION</name>
          <defaultValue></defaultValue>
          <trim>false</trim>
        </hudson.model.StringParameterDefinition>
        <hudson.model.ChoiceParameterDefinition>
          <name>FLAVOUR</name>
          <choices class="java.util.Arrays$ArrayList">
            <a class="string-array">
              <string>release</string>
              <string>debug</string>
            </a>
          </choices>
        </hudson.model.ChoiceParameterDefinition>
      </parameterDefinitions>
    </hudson.model.ParametersDefinitionProperty>
  </properties>
  <scm class="hudson.plugins.git.GitSCM" plugin="git@5.10.0">
    <configVersion>2</configVersion>
    <userRemoteConfigs>
      <hudson.plugins.git.UserRemoteConfig>
        <url>https://git.example.com/team/web.git</url>
        <credentialsId>git-read</credentialsId>
      </hudson.plugins.git.UserRemoteConfig>
    </userRemoteConfigs>
    <branches>
      <hudson.plugins.git.BranchSpec>
        <name>*/develop</name>
      </hudson.plugins.git.BranchSpec>
    </branches>
    <doGenerateSubmoduleConfigurations>false</doGenerateSubmoduleConfigurations>
    <submoduleCfg class="empty-list"/>
    <extensions/>
  </scm>
  <quietPeriod>0</quietPeriod>
  <canRoam>true</canRoam>
  <disabled>false</disabled>
  <blockBuildWhenDownstreamBuilding>false</blockBuildWhenDownstreamBuilding>
  <blockBuildWhenUpstreamBuilding>false</blockBuildWhenUpstreamBuilding>
  <triggers>
    <hudson.triggers.TimerTrigger>
      <spec>@midnight</spec>
    </hudson.triggers.TimerTrigger>
    <hudson.triggers.SCMTrigger>
      <spec></spec>
      <ignorePostCommitHooks>false</ignorePostCommitHooks>
    </hudson.triggers.SCMTrigger>
  </triggers>
  <concurrentBuild>true</concurrentBuild>
  <builders>
    <hudson.tasks.Shell>
      <command>#!/bin/bash
set -eu
echo &quot;building $GIT_COMMIT&quot;
make dist</command>
      <configuredLocalRules/>
    </hudson.tasks.Shell>
    <hudson.tasks.BatchFile>
      <command>call build.cmd &amp; exit /b 0</command>
      <configuredLocalRules/>
    </hudson.tasks.BatchFile>
    <hudson.tasks.Shell>
      <command>./run-tests.sh</command>
      <configuredLocalRules/>
    </hudson.tasks.Shell>
  </builders>
  <publishers>
    <hudson.tasks.ArtifactArchiver>
      <artifacts>dist/**/*.zip</artifacts>
      <allowEmptyArchive>true</allowEmptyArchive>
      <onlyIfSuccessful>true</onlyIfSuccessful>
      <fingerprint>true</fingerprint>
      <defaultExcludes>true</defaultExcludes>
      <caseSensitive>true</caseSensitive>
      <followSymlinks>true</followSymlinks>
    </hudson.tasks.ArtifactArchiver>
    <hudson.tasks.junit.JUnitResultArchiver plugin="junit@1403.vd9d1413fd205">
      <testResults>reports/junit/*.xml</testResults>
      <keepProperties>false</keepProperties>
      <keepTestNames>false</keepTestNames>
      <healthScaleFactor>1.0</healthScaleFactor>
      <allowEmptyResults>true</allowEmptyResults>
      <skipPublishingChecks>false</skipPublishingChecks>
      <skipMarkingBuildUnstable>false</skipMarkingBuildUnstable>
      <skipOldReports>false</skipOldReports>
    </hudson.tasks.junit.JUnitResultArchiver>
  </publishers>
  <buildWrappers/>
</project>`;

describe("renderFreestyle", () => {
  test("minimal: one shell step, every default field a save writes", () => {
    expect(renderFreestyle(FREESTYLE_MINIMAL)).toBe(MINIMAL_XML);
  });

  test("an empty spec is the freshly created job", () => {
    expect(renderFreestyle({})).toBe(EMPTY_XML);
  });

  test("full spec: git, steps in order, triggers, discarder, artifacts, JUnit, parameters", () => {
    expect(renderFreestyle(FREESTYLE_FULL, FREESTYLE_FULL_FIELDS)).toBe(FULL_XML);
  });

  test("renderJobSpec dispatches on the kind", () => {
    expect(renderJobSpec("freestyle", FREESTYLE_FULL, FREESTYLE_FULL_FIELDS)).toBe(FULL_XML);
  });

  test("disabled through the job fields; upstream trigger with the default threshold", () => {
    const xml = renderFreestyle({ triggers: { upstream: { projects: ["a"] } } }, { enabled: false });
    expect(xml).toContain("  <disabled>true</disabled>\n");
    expect(xml).toContain(
      "    <jenkins.triggers.ReverseBuildTrigger>\n" +
        "      <spec></spec>\n" +
        "      <upstreamProjects>a</upstreamProjects>\n" +
        "      <threshold>\n" +
        "        <name>SUCCESS</name>\n" +
        "        <ordinal>0</ordinal>\n" +
        "        <color>BLUE</color>\n" +
        "        <completeBuild>true</completeBuild>\n" +
        "      </threshold>\n" +
        "    </jenkins.triggers.ReverseBuildTrigger>\n",
    );
  });

  test("a label ties the job to it (assignedNode with canRoam false) and reads back as the label", () => {
    const xml = renderFreestyle({ label: "linux && docker", steps: [{ shell: "make" }] });
    expect(xml).toContain(
      '  <scm class="hudson.scm.NullSCM"/>\n  <assignedNode>linux &amp;&amp; docker</assignedNode>\n  <canRoam>false</canRoam>\n',
    );
    expect(parseJobSpec(xml)?.spec).toEqual({ label: "linux && docker", steps: [{ shell: "make" }] });
    expect(parseJobSpec(resave(xml))?.spec).toEqual({ label: "linux && docker", steps: [{ shell: "make" }] });
    expect(() => validateJobSpec("freestyle", { label: "" })).toThrow(/freestyle\.label/);
    expect(() => validateJobSpec("freestyle", { label: "a\nb" })).toThrow(/freestyle\.label.*single line/);
  });

  test.each([
    ["minimal", () => renderFreestyle(FREESTYLE_MINIMAL)],
    ["label", () => renderFreestyle({ label: "gpu", steps: [{ shell: "nvidia-smi" }] })],
    ["empty", () => renderFreestyle({})],
    ["full", () => renderFreestyle(FREESTYLE_FULL, FREESTYLE_FULL_FIELDS)],
    ["upstream", () => renderFreestyle({ triggers: { upstream: { projects: ["a", "b"], threshold: "FAILURE" } } })],
    ["odd text", () => renderFreestyle({ steps: [{ shell: "echo '\"x\"'\r\n\ttab  " }] }, { description: "" })],
  ])("a Jenkins save leaves the %s rendering byte for byte unchanged", (_name, render) => {
    const rendered = render();
    expect(resave(rendered)).toBe(rendered);
  });
});
