/** The project files around the generated index.ts: Pulumi.yaml, package.json, tsconfig.json, README.md, .gitignore. */

/** The language of the program an import writes. */
export type ProgramLanguage = "typescript" | "yaml";

export interface ProjectSettings {
  projectName: string;
  /** Pulumi YAML: where the CLI gets the plugin (the `packages:` entry of Pulumi.yaml). */
  pluginSource?: string;
  /** Where the jobs came from; shown in descriptions and the README (never with credentials). */
  sourceUrl: string;
  /** Version range of this package for the generated package.json. */
  packageRange: string;
  pulumiRange: string;
  /** With a `file:` packageRange: the registry range to switch to once the package is published. */
  registryRange?: string;
}

export const PACKAGE_NAME = "pulumi-jenkins-jobs";

/** A Pulumi project name: letters, digits, hyphens, underscores and dots. */
export function projectNameFrom(raw: string): string {
  const cleaned = raw.replace(/[^A-Za-z0-9_.-]+/g, "-").replace(/^[-.]+|[-.]+$/g, "");
  return cleaned === "" ? "jenkins-jobs" : cleaned;
}

export function pulumiYaml(s: ProjectSettings): string {
  // JSON strings are valid YAML double-quoted scalars, so no value can break the file.
  return [
    `name: ${JSON.stringify(s.projectName)}`,
    `description: ${JSON.stringify(`Jenkins jobs imported from ${s.sourceUrl}`)}`,
    // An explicit entry file: a folder would run whatever the nearest package.json names as its main.
    "main: index.ts",
    "runtime:",
    "  name: nodejs",
    "  options:",
    "    typescript: true",
    "",
  ].join("\n");
}

export function packageJson(s: ProjectSettings): string {
  const pkg = {
    name: s.projectName.toLowerCase(),
    private: true,
    main: "index.ts",
    dependencies: { "@pulumi/pulumi": s.pulumiRange, [PACKAGE_NAME]: s.packageRange },
    devDependencies: { "@types/node": "^22.19.0", typescript: "~5.9.3" },
  };
  return `${JSON.stringify(pkg, null, 2)}\n`;
}

export function tsconfigJson(): string {
  const config = {
    compilerOptions: {
      strict: true,
      outDir: "bin",
      target: "ES2022",
      module: "nodenext",
      moduleResolution: "nodenext",
      esModuleInterop: true,
      skipLibCheck: true,
      types: ["node"],
    },
    files: ["index.ts"],
  };
  return `${JSON.stringify(config, null, 2)}\n`;
}

export function gitignore(): string {
  return "/bin/\n/node_modules/\n";
}

/** How the project gets this package, when package.json takes it from a `file:` path. */
function packageParagraph(s: ProjectSettings): string {
  if (!s.packageRange.startsWith("file:")) return "";
  const registry = s.registryRange ? `${PACKAGE_NAME}@${s.registryRange}` : PACKAGE_NAME;
  return `
\`${PACKAGE_NAME}\` is not on the npm registry yet, so \`package.json\` takes it from the copy that wrote this
project (\`${s.packageRange}\`, relative to this folder; keep it there or edit the path), and \`.npmrc\` makes
\`npm install\` copy it rather than link it.
Once the package is published: \`npm install ${registry}\`, then delete \`.npmrc\`.
`;
}

/** A stack config key the program reads a credential's secret from. */
export interface SecretKeyLine {
  key: string;
  what: string;
  optional: boolean;
}

/** What the program does with the credentials, for the README. */
export interface CredentialsPlan {
  /** Whether the import was asked to declare them (`--credentials`). */
  declare: boolean;
  /** How many it declares. */
  count: number;
  /** The stack config keys their secrets come from, one `pulumi config set --secret` line each. */
  secretKeys: readonly SecretKeyLine[];
}

/** Said above every `pulumi config set --secret` line of a README that declares credentials. */
export const OVERWRITE_WARNING =
  "**Adopting the credentials writes the secrets set in the stack config over the ones Jenkins holds.**";

/** The words of a README that depend on the program's language. */
interface Wording {
  /** The file that declares the resources. */
  program: string;
  /** How an item is declared. */
  item: string;
  /** The command that installs what the program needs. */
  install: string;
  /** What to delete to leave a credential to Jenkins. */
  credential: string;
}

const WORDING: Record<ProgramLanguage, Wording> = {
  typescript: {
    program: "index.ts",
    item: "a `Job` in `index.ts`",
    install: "npm install",
    credential: "its\n`new Credential(...)` from `index.ts`",
  },
  yaml: {
    program: "Pulumi.yaml",
    item: "a `jenkins:index:Job` resource in `Pulumi.yaml`",
    install: "pulumi install      # the plugin named under packages: in Pulumi.yaml",
    credential: "its\n`jenkins:index:Credential` resource from `Pulumi.yaml`",
  },
};

/** The README's warning, first thing after the introduction, when credentials are declared. */
function credentialsWarning(c: CredentialsPlan, w: Wording): string {
  if (!c.declare || c.count === 0) return "";
  return `
${OVERWRITE_WARNING}
\`${w.program}\` declares ${c.count} credential${c.count === 1 ? "" : "s"}; the first \`pulumi up\` replaces the secrets of each in Jenkins
with the values of its stack config keys (see Credentials below). A wrong value breaks every build that uses the
credential.
`;
}

/** The README's section on the credentials: where they stay, or one `pulumi config set --secret` line per secret. */
function credentialsSection(c: CredentialsPlan, w: Wording): string {
  if (!c.declare) {
    return `
## Credentials

This program declares no credential: they stay in Jenkins as they are. The jobs keep naming them by id, and the
preview of a job being adopted (the first one) or changed checks that each id it names exists where the job can
use it (in the folders above it or the system store), so a missing credential fails the preview rather than a
build. A folder's own credentials are a part of the folder that Jenkins owns: they are left out of its declared
config, never show as drift, and an update of the folder keeps them.

To manage the credentials in code as well, import again with \`--credentials\`. Adopting them then writes the
secrets set in the stack config over the ones Jenkins holds.
`;
  }
  if (c.count === 0) {
    return `
## Credentials

The import found no credential to declare in the system store or the imported folders. The jobs keep naming
credentials by id, and the preview of a job being adopted or changed checks that each id it names exists where the
job can use it.
`;
  }
  const lines = c.secretKeys.map(
    (k) => `pulumi config set --secret ${k.key} '<value>'   # ${k.what}${k.optional ? " (only if it has one)" : ""}`,
  );
  return `
## Credentials

The credentials of the system store and of the imported folders are declared as \`Credential\`s with
\`adopt: true\`. Jenkins never gives a secret away (the import read none), so each secret comes from a secret stack
config key.

${OVERWRITE_WARNING}
The first \`pulumi up\` writes every declared credential with the values of its keys, whatever Jenkins held
before, and a wrong value breaks the builds that use it. Set every key before that \`up\` (a secret file's content
as text). To leave a credential whose secrets you do not know as Jenkins holds it, delete ${w.credential} (the jobs keep naming it by id), or import again without
\`--credentials\`.

\`\`\`sh
${lines.join("\n")}
\`\`\`
`;
}

/** Pulumi YAML: where the plugin comes from, and the ordering a program in another language than TypeScript writes. */
function pluginParagraph(s: ProjectSettings): string {
  return `
\`Pulumi.yaml\` names the provider plugin under \`packages:\` (\`${s.pluginSource ?? ""}\`): the \`plugin\` folder of the
copy of pulumi-jenkins-jobs that wrote this project (keep it there, or edit the path), or the repository's git URL
with the folder and a release tag (\`<git URL>/plugin@<tag>\`). The resources are the plugin's
(\`jenkins:index:Job\`, \`jenkins:index:View\`, \`jenkins:index:Credential\`): use Pulumi CLI 3.171 or later,
whose \`pulumi install\` also installs the plugin's own dependencies. A job that refers to another resource only by name (a credential id, a job its
trigger names) waits for it only when you add \`options: { dependsOn: [...] }\`; adopting existing jobs needs none.
`;
}

/** A declared job the runnable check found unable to run on the controller today, and what it lacks. */
export interface CannotRun {
  fullName: string;
  /** One line each (a linter's finding continues on indented lines). */
  findings: readonly string[];
}

/** The owners the import found, for the README. */
export interface OwnersPlan {
  /** Every item whose description carries an owner's mark, and that owner. */
  owners: readonly { fullName: string; owner: string }[];
  /** The full names of other owners' items declared to be handed over to this program. */
  takenOver: readonly string[];
}

/** The README's list of the items another stack (or the owner named) manages as code. */
function ownersSection(plan: OwnersPlan): string {
  if (plan.owners.length === 0) return "";
  const takenOver = new Set(plan.takenOver);
  const lines = plan.owners.map(
    (o) =>
      `- \`${o.fullName}\`: ${o.owner}${takenOver.has(o.fullName) ? " (declared to be handed over to this program)" : ""}`,
  );
  return `
## Owners

These items carry the mark of an owner: the stack (or the owner name set in its config) that manages them as code.
An item another owner marked is left out unless the import was given \`--take-over\`; one declared to be handed over
moves to this program's stack at its first \`up\`, and the former owner's next refresh lets it go.

${lines.join("\n")}
`;
}

/** The README's list of the jobs that cannot run today: what the adoption preview warns about. */
function cannotRunSection(s: ProjectSettings, jobs: readonly CannotRun[]): string {
  if (jobs.length === 0) return "";
  // A linter's finding lists its errors on the lines after its first: a nested list under it.
  const item = (fullName: string, finding: string): string => {
    const [first, ...more] = finding.split("\n");
    return [`- \`${fullName}\`: ${first}`, ...more.map((l) => `  - ${l.trim()}`)].join("\n");
  };
  const items = jobs.flatMap((j) => j.findings.map((f) => item(j.fullName, f)));
  const n = jobs.length;
  return `
## Jobs that cannot run today

The import ran the preview's runnable check against ${s.sourceUrl}: ${n === 1 ? "this job names" : `these ${n} jobs name`}
what the controller does not have (an agent label no node or cloud serves, a shared library defined nowhere it can
be loaded from, a job that does not exist, a pipeline script the linter refuses), so ${n === 1 ? "its" : "their"} builds
fail or wait in the queue today. Adopting ${n === 1 ? "it" : "them"} changes nothing, so the adoption preview and \`up\`
show each finding as a warning, not a failure. A change to one of them is checked in full, and fails until what it
names is fixed (in Jenkins, or in the job's config).

${items.join("\n")}
`;
}

export function readme(
  s: ProjectSettings,
  counts: { jobs: number; configFiles: number; skipped: number },
  credentials: CredentialsPlan = { declare: false, count: 0, secretKeys: [] },
  language: ProgramLanguage = "typescript",
  cannotRun: readonly CannotRun[] = [],
  owners: OwnersPlan = { owners: [], takenOver: [] },
): string {
  const w = WORDING[language];
  const writes = credentials.declare && credentials.count > 0;
  return `# ${s.projectName}

${counts.jobs} Jenkins items imported from ${s.sourceUrl} with \`pulumi-jenkins import\`.
${
  counts.configFiles > 0
    ? `Each item is ${w.item}, declared with a typed spec where it fits one exactly; the config.xml of every
other item is in \`jobs/\`, one file per item, laid out like the folders.`
    : `Each item is ${w.item}, declared with the typed spec it fits exactly.`
}
${counts.skipped > 0 ? `\n${counts.skipped} item(s) were not imported; \`${w.program}\` ends with the list and the reasons.\n` : ""}${credentialsWarning(credentials, w)}
## Take the jobs over

\`\`\`sh
${w.install}
pulumi stack init dev
pulumi config set jenkins:url ${s.sourceUrl}
pulumi config set jenkins:user <user>
pulumi config set --secret jenkins:apiToken <token>   # or the JENKINS_USER / JENKINS_API_TOKEN variables
${writes ? "# then the credentials' secrets: the `pulumi config set --secret` lines under Credentials below\n" : ""}pulumi preview      # every job shows as a create (+): that is its adoption; nothing is written to Jenkins
pulumi up           # takes each job over; writes only each job's mark of ownership (its description's last line)${writes ? "; writes each credential" : ""}
pulumi preview      # no changes
\`\`\`
${language === "yaml" ? pluginParagraph(s) : packageParagraph(s)}
Every job is declared with \`adopt: true\`, so the first \`pulumi up\` takes over the jobs that already exist
instead of failing. Pulumi has no step for taking over an existing object, so the first preview lists every job
as a create; as the declared configs are the ones read from Jenkins, \`up\` changes nothing in the jobs but the
mark of ownership it adds as the last line of each description (\`jenkins:ownershipMarks false\` writes none), and
every preview after it shows no changes. From then on, edit ${
    counts.configFiles > 0
      ? `a typed spec in \`${w.program}\` or a file under \`jobs/\``
      : `a typed spec in \`${w.program}\``
  }
and \`pulumi preview --diff\` shows the lines that change.
${ownersSection(owners)}${cannotRunSection(s, cannotRun)}${credentialsSection(credentials, w)}`;
}
