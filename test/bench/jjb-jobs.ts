/**
 * Jenkins Job Builder definitions for the JJB pair: N jobs, freestyle and Pipeline alternating, written the way JJB
 * users write them (parameters, SCM, triggers, wrappers, shell steps, publishers; a declarative Pipeline inline with
 * its `options`). Revision 2 is a change made where JJB users change every job at once, the values their template
 * or defaults share: each job's build discarder keeps a day more and its description names the revision. Scripts
 * stay the same, so the change is one to the config, not to what the job runs.
 *
 * Written as JSON, which JJB's YAML reader takes as it is (no YAML quoting to get wrong).
 */
import { seededRandom } from "../../provider/server/seeded-random";
import { TEAMS } from "./configs";

const TOOLS = ["maven", "gradle", "npm", "go", "make"];
const BRANCHES = ["main", "develop", "master"];

function pick<T>(r: () => number, xs: readonly T[]): T {
  return xs[Math.floor(r() * xs.length)];
}

/** A job's name: `jjb-0001` …, wide enough for `count` jobs. */
export function jjbJobName(index: number, count: number): string {
  return `jjb-${String(index + 1).padStart(Math.max(4, String(count).length), "0")}`;
}

function shell(tool: string, step: number): string {
  switch (tool) {
    case "maven":
      return `set -euo pipefail\n./mvnw -B -ntp -pl module-${step} -am clean verify\n`;
    case "gradle":
      return `set -euo pipefail\n./gradlew --no-daemon :module${step}:check :module${step}:assemble\n`;
    case "npm":
      return `set -euo pipefail\nnpm ci --prefer-offline --no-audit\nnpm test -- --ci --shard=${(step % 4) + 1}/4\n`;
    case "go":
      return `set -euo pipefail\ngo vet ./...\ngo test -race -count=1 ./pkg/module${step}/...\n`;
    default:
      return `set -euo pipefail\nmake -j4 target-${step}\nmake check-${step}\n`;
  }
}

function parameters(team: string, r: () => number): unknown[] {
  return [
    { string: { name: "GIT_REF", default: pick(r, BRANCHES), description: "Branch, tag or commit to build" } },
    {
      choice: {
        name: "DEPLOY_ENV",
        choices: ["none", `dev-${team}`, "staging", "production"],
        description: "Environment to deploy to after a green build",
      },
    },
    { bool: { name: "SKIP_TESTS", default: false, description: "Skip the test suites (emergency fixes only)" } },
  ];
}

function discarder(days: number, revision: number): unknown {
  return { "build-discarder": { "days-to-keep": days + revision - 1, "num-to-keep": 20, "artifact-num-to-keep": 5 } };
}

function freestyle(name: string, index: number, revision: number): unknown {
  const r = seededRandom(index * 7919 + 17);
  const team = pick(r, TEAMS);
  const tool = pick(r, TOOLS);
  const days = Math.floor(r() * 60) + 7;
  return {
    job: {
      name,
      "project-type": "freestyle",
      description: `Builds, tests and packages ${team}-service-${index} (${tool}). Owned by the ${team} team. Revision ${revision}.`,
      node: `linux && docker && ${team}`,
      properties: [discarder(days, revision)],
      parameters: parameters(team, r),
      scm: [
        {
          git: {
            url: `https://github.com/example-org/${team}-service-${index}.git`,
            branches: ["${GIT_REF}"],
            "credentials-id": "github-app-ci",
          },
        },
      ],
      triggers: [{ pollscm: { cron: "H/15 * * * *" } }, { timed: `H ${Math.floor(r() * 6)} * * 1-5` }],
      builders: [1, 2, 3, 4, 5, 6].map((step) => ({ shell: shell(tool, step) })),
      publishers: [
        { archive: { artifacts: "build/**/*.tar.gz, target/*.jar, dist/**", fingerprint: true } },
        { junit: { results: "**/reports/junit/*.xml, **/surefire-reports/TEST-*.xml" } },
      ],
    },
  };
}

function pipeline(name: string, index: number, revision: number): unknown {
  const r = seededRandom(index * 104729 + 3);
  const team = pick(r, TEAMS);
  const tool = pick(r, TOOLS);
  const days = Math.floor(r() * 60) + 7;
  const stages = [1, 2, 3, 4]
    .map(
      (step) =>
        `    stage('Step ${step}') {\n      steps {\n        sh '''\n${shell(tool, step)}        '''\n      }\n    }\n`,
    )
    .join("");
  const dsl =
    `pipeline {\n  agent { label 'linux && ${team}' }\n` +
    `  options { timestamps(); timeout(time: ${Math.floor(r() * 50) + 10}, unit: 'MINUTES') }\n` +
    `  stages {\n${stages}  }\n` +
    `  post {\n    failure { mail to: '${team}-ci@example.org', subject: "\${env.JOB_NAME} failed", body: "\${env.BUILD_URL}" }\n  }\n}\n`;
  return {
    job: {
      name,
      "project-type": "pipeline",
      description: `Delivery pipeline of ${team}-app-${index}: build, test, publish. Revision ${revision}.`,
      properties: [discarder(days, revision)],
      parameters: parameters(team, r),
      triggers: [{ timed: "H H(0-5) * * *" }],
      sandbox: true,
      dsl,
    },
  };
}

/** The definitions of `count` jobs at a revision, as one JJB YAML (JSON) document. */
export function jjbJobsYaml(count: number, revision: number): string {
  const jobs = Array.from({ length: count }, (_, i) =>
    i % 2 === 0 ? freestyle(jjbJobName(i, count), i, revision) : pipeline(jjbJobName(i, count), i, revision),
  );
  return JSON.stringify(jobs, null, 1) + "\n";
}
