/**
 * Turns what was read from Jenkins (the selected items and their config.xml) into the files of a Pulumi TypeScript
 * program. Pure: no I/O, same input → same files, so it is tested on its own and the command only reads and writes.
 *
 * The program declares one `Job` per item with `adopt: true`, reading each config from its own file under jobs/.
 * Folders come before their children, and a child refers to its folder's resource (`folder: parent.fullName`), so
 * Pulumi orders the work and a folder is never deleted before what it holds.
 */
import { InvalidNameError } from "../client/errors";
import { validateJobName } from "../client/names";
import { foundDeclaration, specInputsOf } from "../resource/found/declaration";
import { describeRoot } from "../resource/job-kinds";
import type { ParsedJobSpec } from "../specs/parse";
import { parseXml, XmlSyntaxError } from "../xml/tree";
import { ConfigKeyAllocator, ConfigPathAllocator, IdentifierAllocator } from "./names";
import {
  folderCredentialsOf,
  prepareCredential,
  storeLabel,
  type ImportedCredential,
  type PreparedCredential,
} from "./credentials";
import type { SkippedItem } from "./select";
import { writtenListView } from "../view/list-view";
import { folderViewsOf, prepareViews, type ImportedView, type PreparedView } from "./views";
import { flag, text, type Declaration, type Prop, type Value } from "./declarations";
import { CONFIG_FUNCTION, statements } from "./typescript";
import {
  gitignore,
  PACKAGE_NAME,
  packageJson,
  projectNameFrom,
  pulumiYaml,
  readme,
  tsconfigJson,
  type ProgramLanguage,
  type CannotRun,
  type ProjectSettings,
} from "./templates";
import { pulumiYamlProgram } from "./yaml";
import { HAND_OVER_INPUT, splitViewsByOwner, type OwnedItem, type OwnerChoice } from "./owners";

export interface ImportedItem {
  fullName: string;
  /** The config.xml as Jenkins served it (without the marks of ownership of the item and what it holds). */
  configXml: string;
  /**
   * The config.xml with its marks, when `configXml` lost them: a folder's views and credentials are read from it,
   * so each keeps the owner its own mark names.
   */
  markedConfigXml?: string;
}

export interface GenerateInput {
  /** Items in listing order (parents before children is not required). */
  items: readonly ImportedItem[];
  /** The folder the import started from ("" or undefined: the whole server); its own item is not declared. */
  root?: string;
  sourceUrl: string;
  projectName?: string;
  packageRange?: string;
  pulumiRange?: string;
  /** The project's `.npmrc`, when `packageRange` is a `file:` path (see package-source.ts). */
  npmrc?: string;
  /** The registry range to switch to once the package is published, when `packageRange` is a `file:` path. */
  registryRange?: string;
  /** Items left out before fetching (see select.ts), listed in the program. */
  skipped?: readonly SkippedItem[];
  /** Views of the root (those of imported folders are read from the folders' configs). */
  views?: readonly ImportedView[];
  /** Credentials of the system store (those of imported folders are read from the folders' configs). */
  credentials?: readonly ImportedCredential[];
  /**
   * Whether the credentials (those above and the imported folders') are declared as `Credential`s. By default they
   * are not: they stay in Jenkins, the jobs name them by id, and adopting the program writes nothing.
   */
  declareCredentials?: boolean;
  /**
   * The program's language: TypeScript (index.ts with the package's classes) or Pulumi YAML (Pulumi.yaml with the
   * provider plugin's resources).
   */
  language?: ProgramLanguage;
  /** Pulumi YAML: where the CLI gets the plugin, a path relative to the project or `<git URL>/plugin@<tag>`. */
  pluginSource?: string;
  /** The items the runnable check found unable to run today (listed in the README when declared). */
  cannotRun?: readonly CannotRun[];
  /** Every marked item and its owner (listed in the README). */
  owners?: readonly OwnedItem[];
  /** Other owners' items to declare with the hand-over input (`--take-over`), each with the owner it names. */
  takeOver?: readonly OwnedItem[];
  /** Other owners' views to declare with it, named "folder/name" ("name" at the root). */
  takeOverViews?: readonly OwnedItem[];
  /**
   * Whose folder views and credentials to declare (their marks are read here): the program's own owner's and
   * unmarked ones, other owners' only to be taken over. Absent: every one, as unmarked.
   */
  ownerChoice?: OwnerChoice;
}

export interface GeneratedProgram {
  /** Relative path ("index.ts", "jobs/team/api.xml") → content. */
  files: Map<string, string>;
  /** Full names declared, in program order. */
  declared: string[];
  /** Full names of the views declared ("ci", "team/apps"). */
  views: string[];
  /** The credentials declared, as "store/domain/id" ("system/_/git-bot", "team/_/deploy-key"). */
  credentials: string[];
  /** The stack config keys the program reads its credentials' secrets from. */
  secretKeys: CredentialSecretKey[];
  skipped: SkippedItem[];
  /** The folders' views and the credentials whose marks name an owner, and that owner (the items' are the input's). */
  owners: OwnedItem[];
}

/** A stack config key of the generated program, and what it holds (for the README). */
export interface CredentialSecretKey {
  key: string;
  what: string;
  optional: boolean;
}

/** The jobs that cannot run among those declared, in name order. */
function cannotRunOf(found: readonly CannotRun[] | undefined, declared: ReadonlySet<string>): CannotRun[] {
  return (found ?? []).filter((j) => declared.has(j.fullName)).sort((a, b) => a.fullName.localeCompare(b.fullName));
}

function parentOf(fullName: string): string {
  const cut = fullName.lastIndexOf("/");
  return cut < 0 ? "" : fullName.slice(0, cut);
}

function leafOf(fullName: string): string {
  return fullName.slice(fullName.lastIndexOf("/") + 1);
}

interface Prepared {
  fullName: string;
  /** The views a folder's config held (they become View resources, or stay Jenkins's). */
  views: ImportedView[];
  /** The credentials a folder's config held (Credential resources when they are declared, else Jenkins's). */
  credentials: ImportedCredential[];
  canonical: string;
  isFolder: boolean;
  /** The typed spec the config fits exactly (rendering it gives an equivalent config), if any. */
  spec?: ParsedJobSpec;
}

/** Canonical config and item kind, or why the item cannot be declared as a Job. */
function prepare(item: ImportedItem): Prepared | SkippedItem {
  try {
    validateJobName(leafOf(item.fullName));
  } catch (e) {
    if (e instanceof InvalidNameError)
      return { fullName: item.fullName, reason: `its name is not accepted by the Job resource: ${e.message}` };
    throw e;
  }
  let rootName: string;
  let canonical: string;
  let spec: ParsedJobSpec | undefined;
  let views: ImportedView[];
  let credentials: ImportedCredential[];
  try {
    rootName = parseXml(item.configXml).root.name;
    // A folder is declared without its views: they are View resources, or Jenkins's own. Nor is what Jenkins owns
    // declared (a pipeline's own properties, a folder's credentials), so the adoption of a matching job writes nothing.
    // The plugin's import by id decides the same way (resource/found/declaration.ts).
    views = folderViewsOf(item.fullName, item.markedConfigXml ?? item.configXml);
    credentials = folderCredentialsOf(item.fullName, item.markedConfigXml ?? item.configXml);
    ({ canonical, spec } = foundDeclaration(item.configXml));
  } catch (e) {
    if (e instanceof XmlSyntaxError)
      return { fullName: item.fullName, reason: `its config.xml is not well-formed (${e.message})` };
    throw e;
  }
  const info = describeRoot(rootName);
  if (!info)
    return { fullName: item.fullName, reason: `<${rootName}> is not a job or folder type the Job resource manages` };
  return { fullName: item.fullName, canonical, isFolder: info.kind === "folder", spec, views, credentials };
}

/** Spec plus the job's own description/enabled inputs, as `pulumi import` through the plugin reads them too. */
function specProps(parsed: ParsedJobSpec): Prop[] {
  const inputs = specInputsOf(parsed);
  const props: Prop[] = [[inputs.key, { kind: "data", value: inputs.spec, layout: "block" }]];
  if (inputs.description !== undefined) props.push(["description", text(inputs.description)]);
  if (inputs.enabled === false) props.push(["enabled", flag(false)]);
  return props;
}

/** Depth-first from the top, keeping the given order among siblings: every folder precedes its contents. */
function parentsFirst(items: Prepared[]): Prepared[] {
  const names = new Set(items.map((i) => i.fullName));
  const children = new Map<string, Prepared[]>();
  const tops: Prepared[] = [];
  for (const item of items) {
    const parent = parentOf(item.fullName);
    if (parent !== "" && names.has(parent)) {
      const list = children.get(parent) ?? [];
      list.push(item);
      children.set(parent, list);
    } else {
      tops.push(item);
    }
  }
  const out: Prepared[] = [];
  const visit = (item: Prepared) => {
    out.push(item);
    for (const child of children.get(item.fullName) ?? []) visit(child);
  };
  tops.forEach(visit);
  return out;
}

function quote(s: string): string {
  return JSON.stringify(s);
}

function header(input: GenerateInput, withCredentials: boolean, withFiles: boolean): string {
  const credentialsNote = withCredentials
    ? `
 *
 * The credentials of the system store and of the folders are declared as \`Credential\`s with \`adopt: true\`. Jenkins
 * never gives a secret away, so each secret is read from a secret stack config key (README.md lists them):
 * \`pulumi config set --secret <key> <value>\`. The first \`pulumi up\` writes them over the secrets the credentials
 * it adopts hold in Jenkins.`
    : input.declareCredentials
      ? ""
      : `
 *
 * Credentials are not declared: they stay in Jenkins, and the jobs name them by id (the preview of a job being
 * adopted or changed checks that the ids exist). \`pulumi-jenkins import --credentials\` declares them as well.`;
  const scope = input.root ? `the folder ${input.root} of ${input.sourceUrl}` : input.sourceUrl;
  return `/**
 * Jenkins jobs imported from ${scope.replace(/\*\//g, "*\\/")} by \`pulumi-jenkins import\`.
 *
 * Each job is declared with \`adopt: true\`: the first \`pulumi up\` takes over the job that already exists
 * instead of failing. ${
   withFiles
     ? `A job that fits a typed spec exactly is declared with it (pipeline, freestyle, folderSpec);
 * the config.xml of every other job is in ./jobs (one file per job, laid out like the folders); edit it there and
 * \`pulumi preview --diff\` shows the lines that change.`
     : `Every job fits a typed spec exactly and is declared with it (pipeline, freestyle,
 * folderSpec, multibranch); edit it here and \`pulumi preview --diff\` shows the lines that change.`
 } The connection comes from the stack config (jenkins:url,
 * jenkins:user, jenkins:apiToken) or the JENKINS_URL / JENKINS_USER / JENKINS_API_TOKEN variables.${credentialsNote}
 */
${withFiles ? 'import { readFileSync } from "node:fs";\nimport * as path from "node:path";\n' : ""}${withCredentials ? 'import * as pulumi from "@pulumi/pulumi";\n' : ""}import { Job } from ${quote(PACKAGE_NAME)};
${
  withFiles
    ? `
/** The config.xml of a job, from ./jobs. */
function ${CONFIG_FUNCTION}(file: string): string {
  return readFileSync(path.join(__dirname, "jobs", file), "utf8");
}
`
    : ""
}${withCredentials ? "\n/** The stack config the credentials' secrets come from. */\nconst config = new pulumi.Config();\n" : ""}`;
}

/** The comment at the top of a Pulumi YAML program: what the TypeScript program's header says. */
function yamlHeader(input: GenerateInput, withCredentials: boolean): string[] {
  const scope = input.root ? `the folder ${input.root} of ${input.sourceUrl}` : input.sourceUrl;
  return [
    `Jenkins jobs imported from ${scope} by \`pulumi-jenkins import --language yaml\`.`,
    "",
    "Each job is declared with adopt: true: the first `pulumi up` takes over the job that already exists instead of",
    "failing. A job that fits a typed spec exactly is declared with it (pipeline, freestyle, folderSpec, multibranch);",
    "the config.xml of every other job is in ./jobs (one file per job, laid out like the folders), read with",
    "fn::readFile; edit it there and `pulumi preview --diff` shows the lines that change. The connection comes from",
    "the stack config (jenkins:url, jenkins:user, jenkins:apiToken) or the JENKINS_URL / JENKINS_USER /",
    "JENKINS_API_TOKEN variables. A `$` in a text is written `$$`: Pulumi YAML reads `${...}` as a value.",
    ...(withCredentials
      ? [
          "",
          "The credentials of the system store and of the folders are declared with adopt: true. Jenkins never gives a",
          "secret away, so each secret is read from a secret stack config key (README.md lists them). The first",
          "`pulumi up` writes them over the secrets the credentials it adopts hold in Jenkins.",
        ]
      : input.declareCredentials
        ? []
        : [
            "",
            "Credentials are not declared: they stay in Jenkins, and the jobs name them by id (the preview of a job",
            "being adopted or changed checks that the ids exist). `pulumi-jenkins import --credentials` declares them.",
          ]),
  ];
}

function skippedComment(skipped: readonly SkippedItem[]): string {
  if (skipped.length === 0) return "";
  const lines = skipped.map((s) => `//   ${s.fullName}: ${s.reason}`.replace(/[\r\n]+/g, " "));
  return `\n// Not imported:\n${lines.join("\n")}\n`;
}

export function generateProgram(input: GenerateInput): GeneratedProgram {
  const skipped: SkippedItem[] = [...(input.skipped ?? [])];
  const prepared: Prepared[] = [];
  for (const item of input.items) {
    const p = prepare(item);
    if ("reason" in p) skipped.push(p);
    else prepared.push(p);
  }
  const ordered = parentsFirst(prepared);
  const takeOver = new Map((input.takeOver ?? []).map((o) => [o.fullName, o.owner]));

  const files = new Map<string, string>();
  const idents = new IdentifierAllocator([
    "readFileSync",
    "path",
    "Job",
    "View",
    "Credential",
    "pulumi",
    "config",
    CONFIG_FUNCTION,
    "__dirname",
    "require",
    "module",
    "exports",
  ]);
  const paths = new ConfigPathAllocator();
  /** The declared items other resources refer to, by full name: each has a variable in index.ts. */
  const folderVars = new Map<string, string>();
  const hasChildren = new Set(ordered.map((i) => parentOf(i.fullName)));
  const jobs: Declaration[] = [];
  // The folders' views by the marks in their configs, as the root's were (run.ts); each declared without its mark.
  const choice: OwnerChoice = input.ownerChoice ?? { takeOver: true };
  const folderViews = splitViewsByOwner(
    ordered.flatMap((i) => i.views),
    choice,
  );
  const nestedOwners: OwnedItem[] = [...folderViews.owners];
  const { views, skipped: viewsSkipped } = prepareViews([
    ...(input.root ? [] : (input.views ?? [])),
    ...folderViews.kept,
  ]);
  skipped.push(...folderViews.skipped, ...viewsSkipped);
  // Items a view refers to (its folder, the jobs it lists) get a variable, so the view follows their outputs.
  const declaredByKey = new Map(ordered.map((i) => [i.fullName.toLowerCase(), i.fullName]));
  const referenced = new Set<string>();
  for (const v of views) {
    if (v.folder !== "") referenced.add(v.folder.toLowerCase());
    for (const j of v.spec.jobs) referenced.add(viewJobFullName(v, j).toLowerCase());
  }

  // Every credential, the system store's first, when asked for; those a Credential cannot declare are listed as not
  // imported. Otherwise none: a folder's own stay a part of it that Jenkins owns, left out of its config above.
  const credentials: PreparedCredential[] = [];
  const found = input.declareCredentials
    ? [...(input.root ? [] : (input.credentials ?? [])), ...ordered.flatMap((i) => i.credentials)]
    : [];
  const takeOverCredentials = new Map<PreparedCredential, string>();
  for (const c of found) {
    const p = prepareCredential(c);
    if ("reason" in p) {
      skipped.push(p);
      continue;
    }
    // Another owner's credential is that owner's: left out, unless declared to be handed over.
    if (p.owner !== undefined) {
      const fullName = credentialName(p);
      nestedOwners.push({ fullName, owner: p.owner });
      if (p.owner !== choice.owner) {
        if (!choice.takeOver) {
          skipped.push({
            fullName,
            reason:
              `the credential is managed as code by ${p.owner}; --take-over declares it to be handed over to this program` +
              (choice.owner === undefined ? ", --owner <name> imports the items that owner marked as its own" : ""),
          });
          continue;
        }
        if (input.ownerChoice !== undefined) takeOverCredentials.set(p, p.owner);
      }
    }
    credentials.push(p);
  }
  const holdsCredentials = new Set(credentials.map((c) => c.folder));

  for (const item of ordered) {
    const parent = parentOf(item.fullName);
    const props: Prop[] = [["name", text(leafOf(item.fullName))]];
    if (parent !== "") {
      // A folder declared here is referenced through its resource; one outside the import (--folder) by its path.
      props.push(["folder", folderVars.has(parent) ? output(parent, "fullName") : text(parent)]);
    }
    if (item.spec) {
      props.push(...specProps(item.spec));
    } else {
      const file = paths.allocate(item.fullName);
      files.set(`jobs/${file}`, item.canonical.endsWith("\n") ? item.canonical : `${item.canonical}\n`);
      props.push(["configXml", { kind: "file", path: file }]);
    }
    props.push(["adopt", flag(true)]);
    const from = takeOver.get(item.fullName);
    if (from !== undefined) props.push([HAND_OVER_INPUT, text(from)]);
    const declaration: Declaration = { kind: "Job", name: item.fullName, props };
    if (
      (item.isFolder && (hasChildren.has(item.fullName) || holdsCredentials.has(item.fullName))) ||
      referenced.has(item.fullName.toLowerCase())
    ) {
      declaration.variable = idents.allocate(item.fullName);
      folderVars.set(item.fullName, declaration.variable);
    }
    jobs.push(declaration);
  }

  const settings: ProjectSettings = {
    projectName: projectNameFrom(input.projectName ?? "jenkins-jobs"),
    pluginSource: input.pluginSource,
    sourceUrl: input.sourceUrl,
    packageRange: input.packageRange ?? "*",
    pulumiRange: input.pulumiRange ?? "^3.0.0",
    registryRange: input.registryRange,
  };
  const takeOverViews = new Map(
    [...(input.takeOverViews ?? []), ...(input.ownerChoice ? folderViews.takenOver : [])].map((o) => [
      o.fullName,
      o.owner,
    ]),
  );
  const viewDeclarations = views.map((v) =>
    viewDeclaration(
      v,
      (full) => {
        const declared = declaredByKey.get(full.toLowerCase());
        return declared !== undefined && folderVars.has(declared) ? declared : undefined;
      },
      takeOverViews.get(v.folder === "" ? v.name : `${v.folder}/${v.name}`),
    ),
  );
  const keys = new ConfigKeyAllocator();
  const secretKeys: CredentialSecretKey[] = [];
  const credentialDeclarations = credentials.map((c) => {
    const slots = c.secrets.map((slot) => {
      const key = keys.allocate(
        c.folder === "" ? "system" : c.folder,
        c.domain === "_" ? "" : c.domain,
        c.id,
        slot.field,
      );
      secretKeys.push({
        key,
        what: `${slot.field} of the credential "${c.id}" in ${storeLabel(c)}`,
        optional: slot.optional,
      });
      return { kind: "secret", key, optional: slot.optional } satisfies Value;
    });
    return credentialDeclaration(c, slots, folderVars.has(c.folder), takeOverCredentials.get(c));
  });
  const all = [...jobs, ...viewDeclarations, ...credentialDeclarations];
  const configFiles = [...files.keys()].filter((f) => f.startsWith("jobs/")).length;
  const language = input.language ?? "typescript";
  if (language === "yaml") {
    files.set(
      "Pulumi.yaml",
      pulumiYamlProgram({
        projectName: settings.projectName,
        description: `Jenkins jobs imported from ${input.sourceUrl}`,
        pluginSource: input.pluginSource ?? "./plugin",
        header: yamlHeader(input, credentials.length > 0),
        declarations: all,
        secrets: secretKeys,
        footer:
          skipped.length === 0 ? [] : ["", "Not imported:", ...skipped.map((s) => `  ${s.fullName}: ${s.reason}`)],
      }),
    );
  } else {
    const imported = ["Job", ...(views.length > 0 ? ["View"] : []), ...(credentials.length > 0 ? ["Credential"] : [])];
    const head = header(input, credentials.length > 0, configFiles > 0).replace(
      "import { Job } from",
      `import { ${imported.join(", ")} } from`,
    );
    const body = [jobs, viewDeclarations, credentialDeclarations]
      .filter((part) => part.length > 0)
      .map((part) => statements(part, all))
      .flatMap((part, i) => (i === 0 ? part : ["", ...part]));
    files.set("index.ts", `${head}\n${body.join("\n")}\n${skippedComment(skipped)}`);
    files.set("Pulumi.yaml", pulumiYaml(settings));
    files.set("package.json", packageJson(settings));
    files.set("tsconfig.json", tsconfigJson());
    files.set(".gitignore", gitignore());
    if (input.npmrc !== undefined) files.set(".npmrc", input.npmrc);
  }
  files.set(
    "README.md",
    readme(
      settings,
      { jobs: ordered.length, configFiles, skipped: skipped.length },
      { declare: input.declareCredentials === true, count: credentials.length, secretKeys },
      language,
      cannotRunOf(input.cannotRun, new Set(ordered.map((i) => i.fullName))),
      {
        owners: [...(input.owners ?? []), ...nestedOwners],
        takenOver: [
          ...(input.takeOver ?? []),
          ...(input.takeOverViews ?? []),
          ...(input.ownerChoice ? folderViews.takenOver : []),
          ...[...takeOverCredentials.keys()].map(credentialName),
        ].map((o) => (typeof o === "string" ? o : o.fullName)),
      },
    ),
  );
  return {
    files,
    declared: ordered.map((i) => i.fullName),
    views: views.map((v) => (v.folder === "" ? v.name : `${v.folder}/${v.name}`)),
    credentials: credentials.map((c) => `${c.folder === "" ? "system" : c.folder}/${c.domain}/${c.id}`),
    secretKeys,
    skipped,
    owners: nestedOwners,
  };
}

/**
 * A `Credential` with `adopt: true`: a typed kind, or its XML with each secret read from its config key; `secrets`
 * are the config reads, in the order the credential uses them.
 */
/** A credential as the import names it: "system/git-bot", "team/prod/deploy-key" (a domain other than `_` named). */
function credentialName(c: Pick<PreparedCredential, "folder" | "domain" | "id">): string {
  return `${c.folder === "" ? "system" : c.folder}/${c.domain === "_" ? "" : `${c.domain}/`}${c.id}`;
}

function credentialDeclaration(
  c: PreparedCredential,
  secrets: Value[],
  folderDeclared: boolean,
  handOverFrom: string | undefined,
): Declaration {
  const name = credentialName(c);
  const props: Prop[] = [["id", text(c.id)]];
  if (c.folder !== "") props.push(["folder", folderDeclared ? output(c.folder, "fullName") : text(c.folder)]);
  if (c.domain !== "_") props.push(["domain", text(c.domain)]);
  if (c.description !== "") props.push(["description", text(c.description)]);
  if (c.scope) props.push(["scope", text(c.scope)]);
  const object = (...fields: Prop[]): Value => ({ kind: "object", props: fields });
  switch (c.kind) {
    case "secretText":
      props.push(["secretText", object(["secret", secrets[0]])]);
      break;
    case "usernamePassword":
      props.push(["usernamePassword", object(["username", text(c.fields.username)], ["password", secrets[0]])]);
      break;
    case "sshPrivateKey":
      props.push([
        "sshPrivateKey",
        object(
          ["username", text(c.fields.username)],
          ["privateKey", secrets[0]],
          ...(secrets.length > 1 ? [["passphrase", secrets[1]] as const] : []),
        ),
      ]);
      break;
    case "secretFile":
      props.push(["secretFile", object(["fileName", text(c.fields.fileName)], ["content", secrets[0]])]);
      break;
    case "configXml":
      props.push([
        "configXml",
        { kind: "template", parts: (c.configXml ?? "").split("<secret-redacted/>"), values: secrets },
      ]);
      break;
  }
  props.push(["adopt", flag(true)]);
  if (handOverFrom !== undefined) props.push([HAND_OVER_INPUT, text(handOverFrom)]);
  return { kind: "Credential", name, props };
}

function viewJobFullName(v: PreparedView, job: string): string {
  return v.folder === "" ? job : `${v.folder}/${job}`;
}

/**
 * A `View` with `adopt: true` and its listView spec; folder and jobs refer to declared resources where there are
 * (`declared` gives the resource's name of a full name, when the program refers to it).
 */
function viewDeclaration(
  v: PreparedView,
  declared: (fullName: string) => string | undefined,
  handOverFrom: string | undefined,
): Declaration {
  const full = v.folder === "" ? v.name : `${v.folder}/${v.name}`;
  const props: Prop[] = [["name", text(v.name)]];
  if (v.folder !== "") {
    const folder = declared(v.folder);
    props.push(["folder", folder ? output(folder, "fullName") : text(v.folder)]);
  }
  // The spec as a person writes it, as the plugin's import by id reads it too; the jobs refer to declared Jobs.
  const written = writtenListView(v.spec);
  const spec: Prop[] = [];
  if (written.jobs !== undefined) {
    const refs = written.jobs.map((j): Value => {
      const job = declared(viewJobFullName(v, j));
      return job ? output(job, "name") : text(j);
    });
    spec.push(["jobs", { kind: "list", items: refs }]);
  }
  if (written.includeRegex !== undefined) spec.push(["includeRegex", text(written.includeRegex)]);
  if (written.recurse !== undefined) spec.push(["recurse", flag(written.recurse)]);
  if (written.columns !== undefined) spec.push(["columns", { kind: "data", value: written.columns, layout: "inline" }]);
  if (written.description !== undefined) spec.push(["description", text(written.description)]);
  props.push(["listView", { kind: "object", props: spec }], ["adopt", flag(true)]);
  if (handOverFrom !== undefined) props.push([HAND_OVER_INPUT, text(handOverFrom)]);
  return { kind: "View", name: full, props };
}

function output(resource: string, name: "fullName" | "name"): Value {
  return { kind: "output", resource, output: name };
}
