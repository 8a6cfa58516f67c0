/**
 * The language-host benchmark's program, shaped like the programs users write: most jobs are freestyle configs of
 * about 5 KB kept as files next to the program (as exported from a Jenkins or written by hand: an XML declaration,
 * another indentation, attributes in the order the exporter wrote them, every config different), a few folders
 * declared with `folderSpec` holding some of the jobs (`folder: team.fullName`), and some jobs declared with typed
 * specs (`pipeline`, `freestyle`). Everything comes from a seed, so every run and both contenders see the same
 * program.
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
}

export interface UserProgram {
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
  const jobs: ProgramJob[] = [];
  const files = new Map<string, string>();
  const folders = Math.max(1, Math.floor(n / 200));
  const width = String(n).length;
  for (let f = 0; f < folders && jobs.length < n; f++) {
    const team = TEAMS[f % TEAMS.length];
    jobs.push({
      name: `${team}-${f + 1}`,
      folderSpec: { displayName: `${team} team (${f + 1})` },
      description: `Jobs of the ${team} team`,
    });
  }
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
  return { jobs, files };
}

/**
 * The program's index.ts for a Job class exported by `importLine`. Identical for every contender but for that
 * line, so both programs register the same resources with the same inputs.
 */
export function programSource(importLine: string, className: string): string {
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

/** Writes the manifest and the config files into a program folder. */
export function writeProgramData(dir: string, program: UserProgram): void {
  fs.writeFileSync(path.join(dir, "jobs.json"), JSON.stringify(program.jobs, null, 2));
  fs.mkdirSync(path.join(dir, "jobs"));
  for (const [file, text] of program.files) fs.writeFileSync(path.join(dir, "jobs", file), text);
}
