/**
 * The language-host benchmark's programs, shaped like the programs users write. Three shapes:
 *  - `files`: most jobs are freestyle configs of about 5 KB kept as files next to the program (as exported from a
 *    Jenkins or written by hand: an XML declaration, another indentation, attributes in the order the exporter
 *    wrote them, every config different), a few folders declared with `folderSpec` holding some of the jobs
 *    (`folder: team.fullName`), and some jobs declared with typed specs (`pipeline`, `freestyle`);
 *  - `template`: the same folders, and every other job's config built in the program from one template literal
 *    (no files), each with an explicit `description`, one in fifty with a password parameter (half of those with a
 *    plain default in the template, half with a `pulumi.secret` through `pulumi.interpolate`);
 *  - `code`: every job a freestyle config of about 5 KB built by the same template, with a `description` input, at
 *    the top level: no typed spec at all (no folder either, since a folder is declared with `folderSpec`) and no
 *    password parameter, so each Job is declared with `name`, `configXml` and `description` alone.
 * Everything comes from a seed, so every run and both contenders see the same program.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { seededRandom } from "../../provider/server/seeded-random";
import { makeConfig } from "./configs";

/** One Job of the program, as the program's manifest (jobs.json) lists it. */
export interface ProgramJob {
  /** Resource name and job name. */
  name: string;
  /** The name of a folder of the program this job lives in. */
  folder?: string;
  /** The config file under jobs/ (configXml). */
  file?: string;
  pipeline?: Record<string, unknown>;
  freestyle?: Record<string, unknown>;
  folderSpec?: Record<string, unknown>;
  description?: string;
  /** Template shape: the values the program's template fills in. */
  team?: string;
  index?: number;
  /** Template shape: a password parameter, its default in the template ("plain") or from `pulumi.secret`. */
  password?: "plain" | "secret";
}

/** How the program gets its configs: from files next to it, or from a template literal in its code. */
export type ProgramShape = "files" | "template" | "code";

export const PROGRAM_SHAPES: readonly ProgramShape[] = ["files", "template", "code"];

/** The shapes a run takes when not told (`--lh-shapes`). */
export const DEFAULT_PROGRAM_SHAPES: readonly ProgramShape[] = ["files", "template"];

export interface UserProgram {
  shape: ProgramShape;
  jobs: ProgramJob[];
  /** Config files by name (jobs/<name>). */
  files: Map<string, string>;
}

export const PROGRAM_SEED = 20;

const TEAMS = ["payments", "search", "identity", "platform", "mobile", "data", "billing", "growth"];

/** XML declarations as exports and editors write them. */
const DECLARATIONS = [
  `<?xml version="1.0" encoding="UTF-8"?>`,
  `<?xml version='1.1' encoding='UTF-8'?>`,
  `<?xml version="1.0" encoding="UTF-8" standalone="no"?>`,
  `<?xml version="1.1" encoding="utf-8"?>`,
];

/**
 * A config as a person or an export leaves it: the declaration replaced, the two-space indentation of Jenkins
 * turned into another (four spaces, a tab), the `plugin` attribute written before `class`, Windows line ends for
 * some. The content is unchanged, so each is semantically the config Jenkins would save.
 */
export function asExported(xml: string, r: () => number): string {
  const decl = DECLARATIONS[Math.floor(r() * DECLARATIONS.length)];
  const indent = ["    ", "\t", "   "][Math.floor(r() * 3)];
  const body = xml.replace(/^<\?xml[^>]*\?>\n?/, "");
  const lines = body.split("\n").map((line) => {
    // Only markup lines: text inside <command> keeps its own layout.
    const m = /^( +)(<.*)$/.exec(line);
    if (!m || m[1].length % 2 !== 0) return line;
    return indent.repeat(m[1].length / 2) + m[2];
  });
  let text = `${decl}\n${lines.join("\n")}`;
  text = text.replace(/<([\w.$-]+) class="([^"]*)" plugin="([^"]*)"/g, '<$1 plugin="$3" class="$2"');
  if (r() < 0.2) text = text.replace(/\n/g, "\r\n");
  return text;
}

function pipelineSpec(i: number, r: () => number, team: string): Record<string, unknown> {
  const stages = Array.from({ length: 3 + Math.floor(r() * 4) }, (_, s) =>
    [`    stage('Step ${s + 1}') {`, `      steps { sh 'make -j4 target-${s + 1} VERSION=${i}.${s}' }`, `    }`].join(
      "\n",
    ),
  ).join("\n");
  return {
    script: `pipeline {\n  agent { label 'linux && ${team}' }\n  stages {\n${stages}\n  }\n}\n`,
    parameters: [
      { type: "string", name: "GIT_REF", default: "main", trim: true },
      { type: "choice", name: "DEPLOY_ENV", choices: ["none", `dev-${team}`, "staging"] },
    ],
    triggers: { cron: `H ${Math.floor(r() * 6)} * * 1-5` },
    buildDiscarder: { numToKeep: 10 + Math.floor(r() * 40) },
  };
}

function freestyleSpec(i: number, r: () => number, team: string): Record<string, unknown> {
  return {
    scm: {
      url: `https://github.com/example-org/${team}-tool-${i}.git`,
      branch: "*/main",
      credentialsId: "github-app-ci",
    },
    steps: [{ shell: `./ci/prepare.sh --team ${team}` }, { shell: `make -j4 check VERSION=1.${i}.\${BUILD_NUMBER}` }],
    triggers: { pollScm: "H/15 * * * *" },
    buildDiscarder: { daysToKeep: 7 + Math.floor(r() * 60), numToKeep: 10 + Math.floor(r() * 40) },
    archiveArtifacts: { artifacts: "dist/**", fingerprint: true },
    junit: { testResults: "**/reports/junit/*.xml", allowEmptyResults: true },
  };
}

/**
 * A program of `n` Jobs: one folder per 200 jobs (at least one), ten jobs in each folder, one typed spec in twenty
 * (pipeline and freestyle alternating), the rest configXml files.
 */
export function userProgram(n: number, seed = PROGRAM_SEED): UserProgram {
  const r = seededRandom(seed);
  const { jobs, folders, width } = withFolders(n);
  const files = new Map<string, string>();
  for (let i = 0; jobs.length < n; i++) {
    const team = TEAMS[Math.floor(r() * TEAMS.length)];
    const name = `${team}-svc-${String(i + 1).padStart(width, "0")}`;
    const job: ProgramJob = { name };
    if (i < folders * 10) job.folder = jobs[i % folders].name;
    if (i % 20 === 7) job.pipeline = pipelineSpec(i, r, team);
    else if (i % 20 === 17) job.freestyle = freestyleSpec(i, r, team);
    else {
      job.file = `${name}.xml`;
      files.set(job.file, asExported(makeConfig("freestyle", i, "5KB"), r));
    }
    if (i % 10 === 3) job.description = `Builds ${name}; owned by ${team}.`;
    jobs.push(job);
  }
  return { shape: "files", jobs, files };
}

/** The program's folders (one per 200 jobs, at least one), declared first. */
function withFolders(n: number): { jobs: ProgramJob[]; folders: number; width: number } {
  const jobs: ProgramJob[] = [];
  const folders = Math.max(1, Math.floor(n / 200));
  for (let f = 0; f < folders && jobs.length < n; f++) {
    const team = TEAMS[f % TEAMS.length];
    jobs.push({
      name: `${team}-${f + 1}`,
      folderSpec: { displayName: `${team} team (${f + 1})` },
      description: `Jobs of the ${team} team`,
    });
  }
  return { jobs, folders, width: String(n).length };
}

/**
 * The `template` shape of `n` Jobs: the same folders as `userProgram`, ten jobs in each, and every job's config
 * made by the program's template (`templateSource`) from its team and index, with an explicit description.
 */
export function templateProgram(n: number, seed = PROGRAM_SEED): UserProgram {
  const r = seededRandom(seed);
  const { jobs, folders, width } = withFolders(n);
  for (let i = 0; jobs.length < n; i++) {
    const team = TEAMS[Math.floor(r() * TEAMS.length)];
    const name = `${team}-svc-${String(i + 1).padStart(width, "0")}`;
    const job: ProgramJob = { name, team, index: i, description: `Builds ${name}; owned by ${team}.` };
    if (i < folders * 10) job.folder = jobs[i % folders].name;
    if (i % 50 === 9) job.password = "plain";
    else if (i % 50 === 34) job.password = "secret";
    jobs.push(job);
  }
  return { shape: "template", jobs, files: new Map() };
}

/**
 * The `code` shape of `n` Jobs: each job's config made by the template program's template from its team and index,
 * with an explicit description, no folder, no password parameter and no typed spec.
 */
export function codeProgram(n: number, seed = PROGRAM_SEED): UserProgram {
  const r = seededRandom(seed);
  const width = String(n).length;
  const jobs: ProgramJob[] = [];
  for (let i = 0; i < n; i++) {
    const team = TEAMS[Math.floor(r() * TEAMS.length)];
    const name = `${team}-svc-${String(i + 1).padStart(width, "0")}`;
    jobs.push({ name, team, index: i, description: `Builds ${name}; owned by ${team}.` });
  }
  return { shape: "code", jobs, files: new Map() };
}

/**
 * The program's index.ts for a Job class exported by `importLine`. Identical for every contender but for that
 * line, so both programs register the same resources with the same inputs.
 */
export function programSource(shape: ProgramShape, importLine: string, className: string): string {
  // The code shape's manifest has only what the template needs: the same source declares each job with name,
  // configXml and description alone (its folder, folderSpec and password are all undefined).
  return shape === "files" ? filesSource(importLine, className) : templateSource(importLine, className);
}

function filesSource(importLine: string, className: string): string {
  return `${importLine}
import { readFileSync } from "node:fs";

interface Entry {
  name: string;
  folder?: string;
  file?: string;
  pipeline?: any;
  freestyle?: any;
  folderSpec?: any;
  description?: string;
}

const entries: Entry[] = JSON.parse(readFileSync("jobs.json", "utf8"));
const folders = new Map<string, ${className}>();
for (const e of entries) {
  const job = new ${className}(e.name, {
    name: e.name,
    folder: e.folder === undefined ? undefined : folders.get(e.folder)!.fullName,
    configXml: e.file === undefined ? undefined : readFileSync(\`jobs/\${e.file}\`, "utf8"),
    pipeline: e.pipeline,
    freestyle: e.freestyle,
    folderSpec: e.folderSpec,
    description: e.description,
  });
  if (e.folderSpec !== undefined) folders.set(e.name, job);
}
`;
}

/**
 * The template shape's index.ts: a freestyle config of about 5 KB per job from one template literal, filled in
 * from the job's team and index (its repository, schedule, build steps), as a program that keeps its jobs in code
 * writes it. Folders as in the files shape.
 */
function templateSource(importLine: string, className: string): string {
  return `${importLine}
import * as pulumi from "@pulumi/pulumi";
import { readFileSync } from "node:fs";

interface Entry {
  name: string;
  folder?: string;
  folderSpec?: any;
  description?: string;
  team?: string;
  index?: number;
  password?: "plain" | "secret";
}

function step(team: string, i: number, s: number): string {
  return \`    <hudson.tasks.Shell>
      <command>set -euo pipefail
export SERVICE=\${team}-svc-\${i}
./gradlew --no-daemon --build-cache :module\${s}:check :module\${s}:assemble -Pversion=2.\${i}.\\\${BUILD_NUMBER}
ls -la module\${s}/build/libs || true</command>
      <configuredLocalRules/>
    </hudson.tasks.Shell>
\`;
}

function passwordParameter(secret: string): string {
  return \`
        <hudson.model.PasswordParameterDefinition>
          <name>DEPLOY_TOKEN</name>
          <description>Token of the deployment service</description>
          <defaultValue>\${secret}</defaultValue>
        </hudson.model.PasswordParameterDefinition>\`;
}

function config(team: string, i: number, password = ""): string {
  let steps = "";
  for (let s = 1; s <= 12; s++) steps += step(team, i, s);
  const repo = \`https://github.com/example-org/\${team}-svc-\${i}.git\`;
  return \`<?xml version="1.0" encoding="UTF-8"?>
<project>
  <actions/>
  <keepDependencies>false</keepDependencies>
  <properties>
    <jenkins.model.BuildDiscarderProperty>
      <strategy class="hudson.tasks.LogRotator">
        <daysToKeep>\${7 + (i % 60)}</daysToKeep>
        <numToKeep>\${10 + (i % 40)}</numToKeep>
        <artifactDaysToKeep>-1</artifactDaysToKeep>
        <artifactNumToKeep>5</artifactNumToKeep>
      </strategy>
    </jenkins.model.BuildDiscarderProperty>
    <hudson.model.ParametersDefinitionProperty>
      <parameterDefinitions>
        <hudson.model.StringParameterDefinition>
          <name>GIT_REF</name>
          <description>Branch, tag or commit to build</description>
          <defaultValue>main</defaultValue>
          <trim>true</trim>
        </hudson.model.StringParameterDefinition>\${password}
      </parameterDefinitions>
    </hudson.model.ParametersDefinitionProperty>
  </properties>
  <scm class="hudson.plugins.git.GitSCM" plugin="git@5.2.1">
    <configVersion>2</configVersion>
    <userRemoteConfigs>
      <hudson.plugins.git.UserRemoteConfig>
        <url>\${repo}</url>
        <credentialsId>github-app-ci</credentialsId>
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
  <assignedNode>linux &amp;&amp; \${team}</assignedNode>
  <canRoam>false</canRoam>
  <disabled>false</disabled>
  <blockBuildWhenDownstreamBuilding>false</blockBuildWhenDownstreamBuilding>
  <blockBuildWhenUpstreamBuilding>false</blockBuildWhenUpstreamBuilding>
  <triggers>
    <hudson.triggers.TimerTrigger>
      <spec>H \${i % 6} * * 1-5</spec>
    </hudson.triggers.TimerTrigger>
  </triggers>
  <concurrentBuild>false</concurrentBuild>
  <builders>
\${steps}  </builders>
  <publishers>
    <hudson.tasks.junit.JUnitResultArchiver plugin="junit@1256.v002534a_5f33e">
      <testResults>**/build/test-results/**/*.xml</testResults>
      <keepProperties>false</keepProperties>
      <healthScaleFactor>1.0</healthScaleFactor>
      <allowEmptyResults>false</allowEmptyResults>
    </hudson.tasks.junit.JUnitResultArchiver>
    <hudson.tasks.Mailer plugin="mailer@472.vf7c289a_4b_420">
      <recipients>\${team}-ci@example.org</recipients>
      <dontNotifyEveryUnstableBuild>false</dontNotifyEveryUnstableBuild>
      <sendToIndividuals>true</sendToIndividuals>
    </hudson.tasks.Mailer>
  </publishers>
  <buildWrappers/>
</project>
\`;
}

const entries: Entry[] = JSON.parse(readFileSync("jobs.json", "utf8"));
const folders = new Map<string, ${className}>();
for (const e of entries) {
  const job = new ${className}(e.name, {
    name: e.name,
    folder: e.folder === undefined ? undefined : folders.get(e.folder)!.fullName,
    configXml: e.team === undefined ? undefined : configOf(e.team, e.index!, e.password),
    folderSpec: e.folderSpec,
    description: e.description,
  });
  if (e.folderSpec !== undefined) folders.set(e.name, job);
}

function configOf(team: string, i: number, password: Entry["password"]): pulumi.Input<string> {
  if (password === "plain") return config(team, i, passwordParameter(\`deploy-\${i}\`));
  if (password === "secret") return pulumi.secret(\`deploy-\${i}\`).apply((t) => config(team, i, passwordParameter(t)));
  return config(team, i);
}
`;
}

/** Writes the manifest and the config files into a program folder. */
export function writeProgramData(dir: string, program: UserProgram): void {
  fs.writeFileSync(path.join(dir, "jobs.json"), JSON.stringify(program.jobs, null, 2));
  fs.mkdirSync(path.join(dir, "jobs"));
  for (const [file, text] of program.files) fs.writeFileSync(path.join(dir, "jobs", file), text);
}
