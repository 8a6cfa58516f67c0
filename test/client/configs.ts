/** Job configs used by the client tests. */

function escapeText(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

export function freestyle(
  opts: { description?: string; command?: string; disabled?: boolean; scmTrigger?: boolean } = {},
): string {
  return [
    "<?xml version='1.1' encoding='UTF-8'?>",
    "<project>",
    `  <description>${escapeText(opts.description ?? "")}</description>`,
    "  <keepDependencies>false</keepDependencies>",
    "  <properties/>",
    '  <scm class="hudson.scm.NullSCM"/>',
    "  <canRoam>true</canRoam>",
    `  <disabled>${opts.disabled === true}</disabled>`,
    "  <blockBuildWhenDownstreamBuilding>false</blockBuildWhenDownstreamBuilding>",
    "  <blockBuildWhenUpstreamBuilding>false</blockBuildWhenUpstreamBuilding>",
    opts.scmTrigger
      ? "  <triggers>\n    <hudson.triggers.SCMTrigger>\n      <spec>H/15 * * * *</spec>\n    </hudson.triggers.SCMTrigger>\n  </triggers>"
      : "  <triggers/>",
    "  <concurrentBuild>false</concurrentBuild>",
    "  <builders>",
    "    <hudson.tasks.Shell>",
    `      <command>${escapeText(opts.command ?? 'echo "héllo wörld ✓"')}</command>`,
    "    </hudson.tasks.Shell>",
    "  </builders>",
    "  <publishers/>",
    "  <buildWrappers/>",
    "</project>",
    "",
  ].join("\n");
}

/** A freestyle job with one string parameter. */
export function parameterized(): string {
  return freestyle().replace(
    "  <properties/>",
    [
      "  <properties>",
      "    <hudson.model.ParametersDefinitionProperty>",
      "      <parameterDefinitions>",
      "        <hudson.model.StringParameterDefinition>",
      "          <name>GREETING</name>",
      "          <defaultValue>hello</defaultValue>",
      "        </hudson.model.StringParameterDefinition>",
      "        <hudson.model.BooleanParameterDefinition>",
      "          <name>LOUD</name>",
      "          <defaultValue>false</defaultValue>",
      "        </hudson.model.BooleanParameterDefinition>",
      "      </parameterDefinitions>",
      "    </hudson.model.ParametersDefinitionProperty>",
      "  </properties>",
    ].join("\n"),
  );
}

export function folder(description = ""): string {
  return [
    "<?xml version='1.1' encoding='UTF-8'?>",
    '<com.cloudbees.hudson.plugins.folder.Folder plugin="cloudbees-folder@6.14">',
    "  <actions/>",
    `  <description>${escapeText(description)}</description>`,
    "  <properties/>",
    "</com.cloudbees.hudson.plugins.folder.Folder>",
    "",
  ].join("\n");
}

export function pipeline(script = "node { echo 'hi' }"): string {
  return [
    "<?xml version='1.1' encoding='UTF-8'?>",
    '<flow-definition plugin="workflow-job@1385.vb_58b_86ea_fff1">',
    "  <description></description>",
    "  <keepDependencies>false</keepDependencies>",
    "  <properties/>",
    '  <definition class="org.jenkinsci.plugins.workflow.cps.CpsFlowDefinition" plugin="workflow-cps@3894.vd0f0248b_a_fc4">',
    `    <script>${escapeText(script)}</script>`,
    "    <sandbox>true</sandbox>",
    "  </definition>",
    "  <triggers/>",
    "  <disabled>false</disabled>",
    "</flow-definition>",
    "",
  ].join("\n");
}
