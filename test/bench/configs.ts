/**
 * Realistic job configs for the benchmark: freestyle projects and pipelines shaped like the ones Jenkins saves
 * (build discarder, parameters, Git SCM, triggers, shell steps, publishers, wrappers), deterministic per index,
 * grown to a target size by adding build steps (freestyle) or stages (pipeline), as real configs grow.
 */
import type { BenchJob, SizeClass } from "./types";
import { seededRandom } from "../../provider/server/seeded-random";

/** Escapes text the way XStream writes it into config.xml. */
function esc(s: string): string {
  return s
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

/** The teams; each job is tied to its team's agents (`linux && docker && <team>`). */
export const TEAMS = ["payments", "search", "identity", "platform", "mobile", "data", "billing", "growth"];
const TOOLS = ["maven", "gradle", "npm", "go", "make"];
const BRANCHES = ["main", "develop", "release/*", "master"];

function pick<T>(r: () => number, xs: readonly T[]): T {
  return xs[Math.floor(r() * xs.length)];
}

function buildCommand(tool: string, step: number, r: () => number): string {
  const n = Math.floor(r() * 900) + 100;
  switch (tool) {
    case "maven":
      return `set -euo pipefail\nexport MAVEN_OPTS="-Xmx1g -XX:+UseG1GC"\n./mvnw -B -ntp -pl module-${step} -am -Drevision=1.${n}.\${BUILD_NUMBER} clean verify\nfind . -name "*.jar" -path "*/target/*" | sort | head -n 20`;
    case "gradle":
      return `set -euo pipefail\n./gradlew --no-daemon --build-cache :module${step}:check :module${step}:assemble -Pversion=2.${n}.\${BUILD_NUMBER}\nls -la module${step}/build/libs || true`;
    case "npm":
      return `set -euo pipefail\nexport NODE_OPTIONS=--max-old-space-size=4096\nnpm ci --prefer-offline --no-audit\nnpm run lint -- --max-warnings=0\nnpm test -- --ci --reporters=default --reporters=jest-junit --shard=${(step % 4) + 1}/4`;
    case "go":
      return `set -euo pipefail\nexport GOFLAGS=-mod=readonly\ngo vet ./...\ngo test -race -count=1 -coverprofile=cover-${step}.out ./pkg/...\ngo build -ldflags "-X main.version=0.${n}.\${BUILD_NUMBER}" -o bin/svc-${step} ./cmd/svc`;
    default:
      return `set -euo pipefail\nmake -j4 target-${step} VERSION=3.${n}.\${BUILD_NUMBER}\nmake check-${step} && echo "step ${step} done" > step-${step}.log`;
  }
}

function parameters(r: () => number, team: string): string {
  return `    <hudson.model.ParametersDefinitionProperty>
      <parameterDefinitions>
        <hudson.model.StringParameterDefinition>
          <name>GIT_REF</name>
          <description>Branch, tag or commit to build</description>
          <defaultValue>${esc(pick(r, BRANCHES))}</defaultValue>
          <trim>true</trim>
        </hudson.model.StringParameterDefinition>
        <hudson.model.ChoiceParameterDefinition>
          <name>DEPLOY_ENV</name>
          <description>Environment to deploy to after a green build</description>
          <choices class="java.util.Arrays$ArrayList">
            <a class="string-array">
              <string>none</string>
              <string>dev-${team}</string>
              <string>staging</string>
              <string>production</string>
            </a>
          </choices>
        </hudson.model.ChoiceParameterDefinition>
        <hudson.model.BooleanParameterDefinition>
          <name>SKIP_TESTS</name>
          <description>Skip the test suites (emergency fixes only)</description>
          <defaultValue>false</defaultValue>
        </hudson.model.BooleanParameterDefinition>
      </parameterDefinitions>
    </hudson.model.ParametersDefinitionProperty>`;
}

function discarder(r: () => number): string {
  return `    <jenkins.model.BuildDiscarderProperty>
      <strategy class="hudson.tasks.LogRotator">
        <daysToKeep>${Math.floor(r() * 60) + 7}</daysToKeep>
        <numToKeep>${Math.floor(r() * 40) + 10}</numToKeep>
        <artifactDaysToKeep>-1</artifactDaysToKeep>
        <artifactNumToKeep>5</artifactNumToKeep>
      </strategy>
    </jenkins.model.BuildDiscarderProperty>`;
}

function gitScm(repo: string, branch: string): string {
  return `  <scm class="hudson.plugins.git.GitSCM" plugin="git@5.2.1">
    <configVersion>2</configVersion>
    <userRemoteConfigs>
      <hudson.plugins.git.UserRemoteConfig>
        <url>${esc(repo)}</url>
        <credentialsId>github-app-ci</credentialsId>
      </hudson.plugins.git.UserRemoteConfig>
    </userRemoteConfigs>
    <branches>
      <hudson.plugins.git.BranchSpec>
        <name>*/${esc(branch)}</name>
      </hudson.plugins.git.BranchSpec>
    </branches>
    <doGenerateSubmoduleConfigurations>false</doGenerateSubmoduleConfigurations>
    <submoduleCfg class="empty-list"/>
    <extensions>
      <hudson.plugins.git.extensions.impl.CleanBeforeCheckout>
        <deleteUntrackedNestedRepositories>true</deleteUntrackedNestedRepositories>
      </hudson.plugins.git.extensions.impl.CleanBeforeCheckout>
      <hudson.plugins.git.extensions.impl.CloneOption>
        <shallow>true</shallow>
        <noTags>false</noTags>
        <reference></reference>
        <depth>50</depth>
        <honorRefspec>false</honorRefspec>
      </hudson.plugins.git.extensions.impl.CloneOption>
    </extensions>
  </scm>`;
}

function shellStep(command: string): string {
  return `    <hudson.tasks.Shell>
      <command>${esc(command)}</command>
      <configuredLocalRules/>
    </hudson.tasks.Shell>
`;
}

function freestyle(index: number, targetBytes: number, revision: number): string {
  const r = seededRandom(index * 7919 + 17);
  const team = pick(r, TEAMS);
  const tool = pick(r, TOOLS);
  const repo = `https://github.com/example-org/${team}-service-${index}.git`;
  const head = `<?xml version='1.1' encoding='UTF-8'?>
<project>
  <actions/>
  <description>Builds, tests and packages ${team}-service-${index} (${tool}). Owned by the ${team} team; ask in #${team}-ci before changing the triggers.</description>
  <keepDependencies>false</keepDependencies>
  <properties>
${discarder(r)}
    <com.coravy.hudson.plugins.github.GithubProjectProperty plugin="github@1.37.3.1">
      <projectUrl>${esc(repo.replace(/\.git$/, "/"))}</projectUrl>
      <displayName>${team}-service-${index}</displayName>
    </com.coravy.hudson.plugins.github.GithubProjectProperty>
${parameters(r, team)}
  </properties>
${gitScm(repo, pick(r, BRANCHES))}
  <assignedNode>linux &amp;&amp; docker &amp;&amp; ${team}</assignedNode>
  <canRoam>false</canRoam>
  <disabled>false</disabled>
  <blockBuildWhenDownstreamBuilding>false</blockBuildWhenDownstreamBuilding>
  <blockBuildWhenUpstreamBuilding>false</blockBuildWhenUpstreamBuilding>
  <jdk>jdk17</jdk>
  <triggers>
    <hudson.triggers.SCMTrigger>
      <spec>H/15 * * * *</spec>
      <ignorePostCommitHooks>false</ignorePostCommitHooks>
    </hudson.triggers.SCMTrigger>
    <hudson.triggers.TimerTrigger>
      <spec>H ${Math.floor(r() * 6)} * * 1-5</spec>
    </hudson.triggers.TimerTrigger>
  </triggers>
  <concurrentBuild>false</concurrentBuild>
  <builders>
`;
  const tail = `  </builders>
  <publishers>
    <hudson.tasks.ArtifactArchiver>
      <artifacts>build/**/*.tar.gz, target/*.jar, dist/**</artifacts>
      <allowEmptyArchive>false</allowEmptyArchive>
      <onlyIfSuccessful>true</onlyIfSuccessful>
      <fingerprint>true</fingerprint>
      <defaultExcludes>true</defaultExcludes>
      <caseSensitive>true</caseSensitive>
      <followSymlinks>false</followSymlinks>
    </hudson.tasks.ArtifactArchiver>
    <hudson.tasks.junit.JUnitResultArchiver plugin="junit@1256.v002534a_5f33e">
      <testResults>**/reports/junit/*.xml, **/surefire-reports/TEST-*.xml</testResults>
      <keepProperties>false</keepProperties>
      <healthScaleFactor>1.0</healthScaleFactor>
      <allowEmptyResults>false</allowEmptyResults>
      <skipPublishingChecks>false</skipPublishingChecks>
      <checksName></checksName>
      <skipMarkingBuildUnstable>false</skipMarkingBuildUnstable>
      <skipOldReports>false</skipOldReports>
    </hudson.tasks.junit.JUnitResultArchiver>
    <hudson.tasks.Mailer plugin="mailer@472.vf7c289a_4b_420">
      <recipients>${team}-ci@example.org</recipients>
      <dontNotifyEveryUnstableBuild>false</dontNotifyEveryUnstableBuild>
      <sendToIndividuals>true</sendToIndividuals>
    </hudson.tasks.Mailer>
  </publishers>
  <buildWrappers>
    <hudson.plugins.ws__cleanup.PreBuildCleanup plugin="ws-cleanup@0.45">
      <deleteDirs>false</deleteDirs>
      <cleanupParameter></cleanupParameter>
      <externalDelete></externalDelete>
      <disableDeferredWipeout>false</disableDeferredWipeout>
    </hudson.plugins.ws__cleanup.PreBuildCleanup>
  </buildWrappers>
</project>
`;
  let steps = shellStep(
    `echo "config revision ${revision} of ${team}-service-${index}"\n./ci/prepare.sh --team ${team}`,
  );
  let size = head.length + tail.length + steps.length;
  for (let step = 1; size < targetBytes; step++) {
    const s = shellStep(buildCommand(tool, step, r));
    steps += s;
    size += s.length;
  }
  return head + steps + tail;
}

function stage(tool: string, step: number, r: () => number): string {
  const lines = buildCommand(tool, step, r)
    .split("\n")
    .map((l) => `          ${l}`)
    .join("\n");
  return `    stage('Module ${step}') {
      when { not { expression { params.SKIP_TESTS } } }
      steps {
        sh '''
${lines}
        '''
      }
      post { always { junit allowEmptyResults: true, testResults: 'module-${step}/reports/*.xml' } }
    }
`;
}

function pipeline(index: number, targetBytes: number, revision: number): string {
  const r = seededRandom(index * 104729 + 3);
  const team = pick(r, TEAMS);
  const tool = pick(r, TOOLS);
  const head = `<?xml version='1.1' encoding='UTF-8'?>
<flow-definition plugin="workflow-job@1400.v7fd111b_ec82f">
  <actions/>
  <description>Delivery pipeline of ${team}-app-${index}: build, test, scan, publish. Changes go through the ${team} team&apos;s review.</description>
  <keepDependencies>false</keepDependencies>
  <properties>
${discarder(r)}
    <org.jenkinsci.plugins.workflow.job.properties.DisableConcurrentBuildsJobProperty>
      <abortPrevious>true</abortPrevious>
    </org.jenkinsci.plugins.workflow.job.properties.DisableConcurrentBuildsJobProperty>
${parameters(r, team)}
    <org.jenkinsci.plugins.workflow.job.properties.PipelineTriggersJobProperty>
      <triggers>
        <hudson.triggers.TimerTrigger>
          <spec>H H(0-5) * * *</spec>
        </hudson.triggers.TimerTrigger>
      </triggers>
    </org.jenkinsci.plugins.workflow.job.properties.PipelineTriggersJobProperty>
  </properties>
  <definition class="org.jenkinsci.plugins.workflow.cps.CpsFlowDefinition" plugin="workflow-cps@3969.vdc9d3a_efcc6a_">
`;
  const scriptHead = `pipeline {
  agent { label 'linux && ${team}' }
  options { timestamps(); timeout(time: ${Math.floor(r() * 50) + 10}, unit: 'MINUTES') }
  environment { SERVICE = '${team}-app-${index}' }
  stages {
    stage('Prepare') {
      steps {
        echo "config revision ${revision} of \${env.SERVICE}"
        checkout scmGit(branches: [[name: params.GIT_REF]], userRemoteConfigs: [[url: 'https://github.com/example-org/${team}-app-${index}.git', credentialsId: 'github-app-ci']])
      }
    }
`;
  const scriptTail = `  }
  post {
    failure { mail to: '${team}-ci@example.org', subject: "\${env.JOB_NAME} #\${env.BUILD_NUMBER} failed", body: "\${env.BUILD_URL}" }
  }
}
`;
  const tail = `    <sandbox>true</sandbox>
  </definition>
  <triggers/>
  <disabled>false</disabled>
</flow-definition>
`;
  let stages = "";
  let size = head.length + tail.length + esc(scriptHead + scriptTail).length + "    <script></script>\n".length;
  for (let step = 1; size < targetBytes; step++) {
    const s = stage(tool, step, r);
    stages += s;
    size += esc(s).length;
  }
  return `${head}    <script>${esc(scriptHead + stages + scriptTail)}</script>\n${tail}`;
}

export const SIZE_BYTES: Record<SizeClass, number> = { "5KB": 5 * 1024, "100KB": 100 * 1024, "1MB": 1024 * 1024 };

export function makeConfig(kind: "freestyle" | "pipeline", index: number, size: SizeClass, revision = 1): string {
  return kind === "freestyle"
    ? freestyle(index, SIZE_BYTES[size], revision)
    : pipeline(index, SIZE_BYTES[size], revision);
}

/** The job set: `regular` jobs of ~5 KB (freestyle and pipeline alternating), then the large ones. */
export function makeJobs(regular: number, large100k: number, large1m: number): BenchJob[] {
  const jobs: BenchJob[] = [];
  const add = (name: string, index: number, size: SizeClass): void => {
    const kind = index % 2 === 0 ? "freestyle" : "pipeline";
    jobs.push({
      name,
      kind,
      size,
      config: makeConfig(kind, index, size, 1),
      updated: makeConfig(kind, index, size, 2),
    });
  };
  const width = String(regular).length;
  for (let i = 0; i < regular; i++) add(`bench-${String(i + 1).padStart(width, "0")}`, i, "5KB");
  for (let i = 0; i < large100k; i++) add(`bench-100k-${i + 1}`, 1_000_000 + i, "100KB");
  for (let i = 0; i < large1m; i++) add(`bench-1m-${i + 1}`, 2_000_000 + i, "1MB");
  return jobs;
}
