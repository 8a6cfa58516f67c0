/**
 * What a refresh shows after hand edits: `build`, a freestyle job from a config.xml of some length; `deploy`, a typed
 * pipeline; `team`, a folder from the typed spec; `infra`, a folder from config.xml; `apps`, a list view in `team`
 * from the spec; `ops`, a list view at the root from config.xml.
 */
import { Job, View } from "pulumi-jenkins-jobs";

const steps = ["lint", "unit", "integration", "package", "publish"]
  .map(
    (s) => `    <hudson.tasks.Shell>
      <command>make ${s}</command>
      <configuredLocalRules/>
    </hudson.tasks.Shell>`,
  )
  .join("\n");

const build = new Job("build", {
  name: "build",
  configXml: `<?xml version='1.1' encoding='UTF-8'?>
<project>
  <description>Builds the service</description>
  <keepDependencies>false</keepDependencies>
  <properties>
    <jenkins.model.BuildDiscarderProperty>
      <strategy class="hudson.tasks.LogRotator">
        <daysToKeep>30</daysToKeep>
        <numToKeep>50</numToKeep>
        <artifactDaysToKeep>-1</artifactDaysToKeep>
        <artifactNumToKeep>-1</artifactNumToKeep>
      </strategy>
    </jenkins.model.BuildDiscarderProperty>
  </properties>
  <scm class="hudson.scm.NullSCM"/>
  <canRoam>true</canRoam>
  <disabled>false</disabled>
  <blockBuildWhenDownstreamBuilding>false</blockBuildWhenDownstreamBuilding>
  <blockBuildWhenUpstreamBuilding>false</blockBuildWhenUpstreamBuilding>
  <triggers>
    <hudson.triggers.TimerTrigger>
      <spec>H 2 * * *</spec>
    </hudson.triggers.TimerTrigger>
  </triggers>
  <concurrentBuild>false</concurrentBuild>
  <builders>
${steps}
  </builders>
  <publishers/>
  <buildWrappers/>
</project>
`,
});

new Job("deploy", {
  name: "deploy",
  description: "Deploys the service",
  pipeline: { script: "node {\n  stage('Deploy') {\n    sh 'make deploy'\n  }\n}\n" },
});

const team = new Job("team", { name: "team", folderSpec: { displayName: "Team" } });

new Job("infra", {
  name: "infra",
  configXml: `<?xml version='1.1' encoding='UTF-8'?>
<com.cloudbees.hudson.plugins.folder.Folder plugin="cloudbees-folder">
  <description>Infrastructure jobs</description>
  <displayName>Infra</displayName>
  <properties/>
  <healthMetrics/>
</com.cloudbees.hudson.plugins.folder.Folder>
`,
});

new View("apps", { name: "apps", folder: team.fullName, listView: { jobs: ["api", "web"] } });

new View("ops", {
  name: "ops",
  configXml: `<?xml version='1.1' encoding='UTF-8'?>
<hudson.model.ListView>
  <name>ops</name>
  <filterExecutors>false</filterExecutors>
  <filterQueue>false</filterQueue>
  <properties class="hudson.model.View$PropertyList"/>
  <jobNames>
    <comparator class="hudson.util.CaseInsensitiveComparator"/>
    <string>build</string>
  </jobNames>
  <jobFilters/>
  <columns>
    <hudson.views.StatusColumn/>
    <hudson.views.JobColumn/>
  </columns>
  <recurse>false</recurse>
</hudson.model.ListView>
`,
});

export const buildUrl = build.url;
