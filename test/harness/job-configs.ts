/**
 * The job configs tests create, written once: one builder per item type, in the layout Jenkins saves (trimmed), and
 * the samples most tests share. A test that needs a variant passes options (or edits a sample with `replace`) rather
 * than writing another layout.
 */

function escapeText(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

const DECLARATION = "<?xml version='1.1' encoding='UTF-8'?>";

export interface FreestyleOptions {
  description?: string;
  /** The shell step. The default has non-ASCII text, so that every round trip also checks the encoding. */
  command?: string;
  disabled?: boolean;
  /** Adds an SCM polling trigger. */
  scmTrigger?: boolean;
  /** Inner XML of `<properties>` (indented by four spaces), e.g. LOG_ROTATOR or parameters(…). */
  properties?: string;
  /** Writes `<actions/>`, as Jenkins does for jobs created in its UI. */
  actions?: boolean;
}

export function freestyle(opts: FreestyleOptions = {}): string {
  return [
    DECLARATION,
    "<project>",
    ...(opts.actions ? ["  <actions/>"] : []),
    `  <description>${escapeText(opts.description ?? "")}</description>`,
    "  <keepDependencies>false</keepDependencies>",
    opts.properties ? `  <properties>\n${opts.properties}\n  </properties>` : "  <properties/>",
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

/** Keep the last 20 builds: the build discarder most jobs carry. */
export const LOG_ROTATOR = `    <jenkins.model.BuildDiscarderProperty>
      <strategy class="hudson.tasks.LogRotator">
        <daysToKeep>-1</daysToKeep>
        <numToKeep>20</numToKeep>
        <artifactDaysToKeep>-1</artifactDaysToKeep>
        <artifactNumToKeep>-1</artifactNumToKeep>
      </strategy>
    </jenkins.model.BuildDiscarderProperty>`;

export type Parameter = { string: string; defaultValue: string } | { boolean: string; defaultValue: boolean };

/** The parameters property (inner XML for FreestyleOptions.properties). */
export function parameters(...params: Parameter[]): string {
  const definitions = params.map((p) =>
    "string" in p
      ? `        <hudson.model.StringParameterDefinition>
          <name>${p.string}</name>
          <defaultValue>${escapeText(p.defaultValue)}</defaultValue>
          <trim>false</trim>
        </hudson.model.StringParameterDefinition>`
      : `        <hudson.model.BooleanParameterDefinition>
          <name>${p.boolean}</name>
          <defaultValue>${p.defaultValue}</defaultValue>
        </hudson.model.BooleanParameterDefinition>`,
  );
  return `    <hudson.model.ParametersDefinitionProperty>
      <parameterDefinitions>
${definitions.join("\n")}
      </parameterDefinitions>
    </hudson.model.ParametersDefinitionProperty>`;
}

export function pipeline(opts: { script?: string; description?: string } = {}): string {
  return [
    DECLARATION,
    '<flow-definition plugin="workflow-job@1400.v7fd111b_ec82f">',
    `  <description>${escapeText(opts.description ?? "")}</description>`,
    "  <keepDependencies>false</keepDependencies>",
    "  <properties/>",
    '  <definition class="org.jenkinsci.plugins.workflow.cps.CpsFlowDefinition" plugin="workflow-cps@3880.vb_ef4b_5cd2b_4d">',
    `    <script>${escapeText(opts.script ?? "node { echo 'hi' }")}</script>`,
    "    <sandbox>true</sandbox>",
    "  </definition>",
    "  <triggers/>",
    "  <disabled>false</disabled>",
    "</flow-definition>",
    "",
  ].join("\n");
}

/** The "All" view a folder gets when it is created in the UI. */
const FOLDER_VIEWS = `  <folderViews class="com.cloudbees.hudson.plugins.folder.views.DefaultFolderViewHolder">
    <views>
      <hudson.model.AllView>
        <owner class="com.cloudbees.hudson.plugins.folder.Folder" reference="../../../.."/>
        <name>All</name>
        <filterExecutors>false</filterExecutors>
        <filterQueue>false</filterQueue>
        <properties class="hudson.model.View$PropertyList"/>
      </hudson.model.AllView>
    </views>
    <tabBar class="hudson.views.DefaultViewsTabBar"/>
  </folderViews>`;

/** A folder; `views` adds the view, health metrics and icon elements a folder saved by Jenkins has. */
export function folder(opts: { description?: string; views?: boolean } = {}): string {
  return [
    DECLARATION,
    '<com.cloudbees.hudson.plugins.folder.Folder plugin="cloudbees-folder@6.955.v81e2a_35c08d3">',
    "  <actions/>",
    `  <description>${escapeText(opts.description ?? "")}</description>`,
    "  <properties/>",
    ...(opts.views ? [FOLDER_VIEWS, "  <healthMetrics/>"] : []),
    ...(opts.views ? ['  <icon class="com.cloudbees.hudson.plugins.folder.icons.StockFolderIcon"/>'] : []),
    "</com.cloudbees.hudson.plugins.folder.Folder>",
    "",
  ].join("\n");
}

// ---------------------------------------------------------------------------------------------------------------
// Shared samples

/** A freestyle job with a two-line shell step ("make test") and the description "from xml". */
export const FREESTYLE_XML = freestyle({ description: "from xml", command: 'echo "building"\nmake test' });

/** A declarative pipeline whose one stage runs `sh 'make test'`. */
export const PIPELINE_XML = pipeline({
  description: "pipeline",
  script: `pipeline {
  agent any
  stages {
    stage('Test') {
      steps {
        sh 'make test'
      }
    }
  }
}`,
});

/** A folder as Jenkins saves it, described "A folder". */
export const FOLDER_XML = folder({ description: "A folder", views: true });

/**
 * A realistic freestyle job whose description and shell step carry `marker`, so that a lost or mixed-up update is
 * visible on the server.
 */
export function markedFreestyle(marker: string): string {
  return freestyle({
    actions: true,
    description: `Job ${marker}`,
    properties: LOG_ROTATOR,
    command: `set -eu\necho "building ${marker}"\nmake test  # step for ${marker}`,
  });
}

/** A freestyle job with a string and a boolean parameter (GREETING = "hello", LOUD = false). */
export const PARAMETERIZED_XML = freestyle({
  properties: parameters({ string: "GREETING", defaultValue: "hello" }, { boolean: "LOUD", defaultValue: false }),
});
