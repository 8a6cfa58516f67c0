/**
 * The import command's work: resolve the connection, list, fetch, generate, write. Messages go to `stderr`;
 * none of them, and none of the written files, ever carries a credential.
 */
import * as path from "node:path";
import { NotJenkinsError } from "../client/errors";
import { answerNeedsJenkinsMarks } from "../client/jenkins-signature";
import { JenkinsClient } from "../client/jenkins-client";
import { proxyFromEnvironment } from "../client/proxy-env";
import { ConnectionConfigError } from "../connection/errors";
import { resolveScriptConnection } from "../connection/script";
import type { ImportArgs } from "./args";
import { fetchConfigs } from "./fetch";
import { fetchRootViews } from "./views";
import { fetchSystemCredentials } from "./credentials";
import { generateProgram } from "./generate";
import { checkImportedJobs } from "./runnable";
import { startProgress, type ProgressStream } from "./progress";
import { ownersOf, selectItems, type SkippedItem } from "./select";
import { splitItemsByOwner, splitViewsByOwner, type OwnedItem } from "./owners";
import { findOwnPackage, installedFromRegistry, packageSource, pluginSource } from "./package-source";
import { OutputExistsError, PROGRAM_FILE, programExists, writeProgram } from "./write";

export interface ImportIo {
  stderr: ProgressStream;
  env: NodeJS.ProcessEnv;
}

export interface ImportSummary {
  out: string;
  declared: string[];
  skipped: SkippedItem[];
  files: number;
}

/** The command's own wording for a missing setting (the resolver's mentions stack config, which a CLI has not). */
function checkSettingsPresent(args: ImportArgs, env: NodeJS.ProcessEnv): void {
  const c = args.connection;
  if (!c.url && !env.JENKINS_URL) throw new ConnectionConfigError("No Jenkins URL: pass --url or set JENKINS_URL.");
  const user = c.user || env.JENKINS_USER;
  const secret = c.apiToken || c.password || env.JENKINS_API_TOKEN || env.JENKINS_PASSWORD;
  if (!user || !secret) {
    throw new ConnectionConfigError(
      "No Jenkins credentials: set JENKINS_USER and JENKINS_API_TOKEN (or JENKINS_PASSWORD), " +
        "or pass --user with --api-token (or --password).",
    );
  }
}

/**
 * A URL that is not a Jenkins is named as such, with the URL, before anything else is asked of it (else the
 * listing's 404 would read as "the folder does not exist"). An error a proxy or gateway answered instead of Jenkins
 * says so itself: the URL may well be a Jenkins that is down behind it.
 */
async function checkIsJenkins(client: JenkinsClient, url: string): Promise<void> {
  try {
    await client.serverInfo();
  } catch (e) {
    if (!(e instanceof NotJenkinsError) || e.proxy !== undefined || answerNeedsJenkinsMarks(e.status ?? 0)) throw e;
    const shown = new URL(url);
    shown.username = "";
    shown.password = "";
    throw e.restated({ action: `import from ${shown.href}`, what: `it is not a Jenkins (${e.what})` });
  }
}

/** One line naming each owner found and how many items it marked. */
function ownersLine(owners: readonly OwnedItem[], own: string | undefined): string {
  const counts = new Map<string, number>();
  for (const o of owners) counts.set(o.owner, (counts.get(o.owner) ?? 0) + 1);
  const parts = [...counts].map(([owner, n]) => `${owner} ${n}${owner === own ? " (--owner)" : ""}`);
  return `Items managed as code, by owner: ${parts.join(", ")}`;
}

export async function runImport(args: ImportArgs, io: ImportIo): Promise<ImportSummary> {
  checkSettingsPresent(args, io.env);
  const settings = resolveScriptConnection(args.connection, io.env);
  const out = path.resolve(args.out);
  const language = args.language ?? "typescript";
  const programFile = PROGRAM_FILE[language];
  // Fail before a long listing rather than after it.
  if (!args.force && programExists(out, programFile)) throw new OutputExistsError(out, programFile);
  const say = (line: string) => {
    if (!args.quiet) io.stderr.write(`${line}\n`);
  };

  const client = new JenkinsClient({
    ...settings,
    maxConnections: args.concurrency,
    proxy: proxyFromEnvironment(io.env),
  });
  try {
    await checkIsJenkins(client, settings.url);
    const where = args.folder ? `folder ${args.folder} on ${settings.url}` : settings.url;
    say(`Listing the jobs of ${where}`);
    const listing = await client.listJobs(args.folder);
    // Items another stack manages as code (their marks are in the listing) are left out unless asked for.
    const choice = { owner: args.owner, takeOver: args.takeOver === true };
    const selection = selectItems(listing, choice);
    say(`Found ${listing.length} items; reading ${selection.items.length} configs`);

    const progress = startProgress({
      label: "Reading configs",
      total: selection.items.length,
      stream: io.stderr,
      minTotal: args.quiet ? Infinity : 50,
    });
    const fetched = await fetchConfigs(client, selection.items, {
      concurrency: args.concurrency,
      onFetched: () => progress.tick(),
    });
    progress.done();
    // Every config loses its mark; those of other owners' items declared to be taken over name their owner.
    const byOwner = splitItemsByOwner(fetched, choice);
    // A folder's views and credentials are read from its config as Jenkins served it, each with its own mark.
    const served = new Map(fetched.map((i) => [i.fullName, i.configXml]));
    const items = byOwner.kept.map((i) => ({ ...i, markedConfigXml: served.get(i.fullName) }));
    // What the jobs lack to run today, for the README: the adoption preview warns about the same.
    say("Checking that the jobs can run (scripts linted, labels, libraries and named jobs looked up)");
    const runnable = await checkImportedJobs(client, settings.url, items, args.concurrency);
    // The root's views, when the whole server is imported (a folder's are in its config.xml).
    const viewsByOwner = splitViewsByOwner(args.folder ? [] : await fetchRootViews(client), choice);
    const views = viewsByOwner.kept;
    const owners = [
      ...[...ownersOf(listing)].map(([fullName, owner]) => ({ fullName, owner })),
      ...viewsByOwner.owners,
    ];
    // The system store's credentials, likewise (a folder's are in its config.xml); never their secrets. Only when
    // asked for: by default credentials stay in Jenkins and the store is not even read.
    const system =
      args.credentials && !args.folder ? await fetchSystemCredentials(client) : { credentials: [], skipped: [] };

    const own = findOwnPackage();
    const source = packageSource(own, out, own !== undefined && installedFromRegistry(own.root));
    const plugin = language === "yaml" ? pluginSource(own, out) : undefined;
    const program = generateProgram({
      items,
      root: args.folder,
      sourceUrl: settings.url,
      projectName: args.projectName ?? path.basename(out),
      skipped: [...selection.skipped, ...byOwner.skipped, ...viewsByOwner.skipped, ...system.skipped],
      views,
      credentials: system.credentials,
      declareCredentials: args.credentials,
      packageRange: source.spec,
      pulumiRange: own?.pulumiRange,
      npmrc: source.npmrc,
      registryRange: own && `^${own.version}`,
      language,
      pluginSource: plugin?.source,
      cannotRun: runnable.cannotRun,
      owners,
      takeOver: byOwner.takenOver,
      takeOverViews: viewsByOwner.takenOver,
      ownerChoice: choice,
    });
    // The owners of the items, of the root's views, and of the folders' views and the credentials the program read.
    const allOwners = [...owners, ...program.owners];
    if (allOwners.length > 0) say(ownersLine(allOwners, args.owner));
    writeProgram(out, program.files, { force: args.force, programFile });
    const withFiles = [...program.files.keys()].some((f) => f.startsWith("jobs/"));
    say(
      `Wrote ${program.declared.length} items and ${program.views.length} views to ${out} (${
        language === "yaml"
          ? `Pulumi.yaml${withFiles ? ", jobs/" : ""}`
          : `index.ts${withFiles ? ", jobs/" : ""}, Pulumi.yaml, package.json, tsconfig.json`
      })`,
    );
    if (plugin) say(plugin.note);
    if (program.credentials.length > 0)
      say(
        `Declared ${program.credentials.length} credentials; set their ${program.secretKeys.length} secrets first (README.md lists the \`pulumi config set --secret\` lines): the first \`pulumi up\` writes them over the secrets Jenkins holds`,
      );
    // The package's source is advice about the package.json it wrote: a YAML program has none.
    if (source.note && language === "typescript") say(source.note);
    if (runnable.cannotRun.length > 0)
      say(
        `${runnable.cannotRun.length} ${runnable.cannotRun.length === 1 ? "job" : "jobs"} cannot run today (README.md lists what each lacks); the adoption preview shows it as warnings`,
      );
    for (const u of runnable.unchecked) say(`The runnable check of "${u.fullName}" was skipped: ${u.reason}`);
    if (program.skipped.length > 0) {
      say(`Not imported (${program.skipped.length}):`);
      for (const s of program.skipped) say(`  ${s.fullName}: ${s.reason}`);
    }
    return { out, declared: program.declared, skipped: program.skipped, files: program.files.size };
  } finally {
    await client.close();
  }
}
