/**
 * What the Job resource does at each step of the Pulumi lifecycle. This module is loaded by the thin serialized
 * provider (provider.ts) from the installed package at call time, so state written by an older version is always
 * handled by the code installed now.
 *
 * Engine facts that shape it: `diff`, `update`, `read` and `delete` receive the old *outputs* (so the outputs carry
 * everything diff needs); every property map carries `__provider`; during preview unknown inputs arrive as a
 * marker string; only `changes`, `replaces` and `deleteBeforeReplace` of a diff reach the engine.
 */
import { randomUUID } from "node:crypto";
import type * as dynamic from "@pulumi/pulumi/dynamic";
import {
  ConnectionError,
  InvalidConfigError,
  JenkinsError,
  JobAlreadyExistsError,
  JobNotFoundError,
  RequestTimeoutError,
  ServerError,
} from "../client/errors";
import type { JenkinsClient } from "../client/jenkins-client";
import { parseJobSpec } from "../specs/parse";
import { canonicalizeDocument } from "../xml/canonical";
import { parseXml, type XmlElement } from "../xml/tree";
import { checkJob } from "./check";
import { configChanged } from "./compare";
import { verifiedClientFor, type ConfigSource } from "../connection/settings";
import { ConnectionCheckError } from "../connection/errors";
import { StackConnections } from "../connection/stack-connections";
import { warn } from "../dynamic/engine-log";
import { sayMarkAdded } from "../dynamic/mark-added";
import { pluginCheckOf, preflight, type PluginCheckMode } from "../plugins/preflight";
import { checkReferences, credentialsCheckOf, type CredentialsCheckMode } from "../references/check";
import { folderScope, idsInConfig, idsInSpec } from "../references/ids";
import { listStore } from "../references/listing";
import { unknownPath } from "../specs/unknown";
import { checkRunnable } from "../runnable/check";
import { clientReader } from "../runnable/reader";
import { declareFolderLibraries, declareJob } from "../runnable/declared";
import { folderLibraries, namesInConfig, namesInSpec, type JobNames } from "../runnable/job-names";
import { modeFor, runnableCheckOf, type RunnableCheckModes } from "../runnable/mode";
import {
  declare,
  fullNameOf,
  jobUrl,
  knownOutputs,
  outputsFor,
  strip,
  withoutSpecs,
  type Declared,
  type Props,
} from "./desired";
import {
  comparable,
  configEquivalence,
  configKnown,
  currentOutputs,
  declaredConfigOf,
  isDigest,
  storedOutputs,
} from "./config-digest";
import { driftedConfig, foundConfig, inputsReflecting, sameConfig, withDisabledAsFound } from "./drift";
import { PartialFailureError } from "../dynamic/partial-failure";
import { AdoptionError, JobGoneError } from "./errors";
import { adoptedAsHeld, takeOver } from "./adoption";
import { sameHash } from "./kept-hash";
import { isRefreshDiffOfEdit, readFoundNothing, readReported } from "../dynamic/refresh-diff";
import { computedParentRefusal } from "./computed-items";
import { specAsDeclared } from "./drifted-spec";
import { forgetManaged, rememberManaged } from "./managed-names";
import { caseOnlyTwice } from "./same-item";
import { holdsFoundConfig, withDeclaredConfigShown } from "./found-config";
import { fieldsOf, rootNameOf } from "./job-config";
import { declaresNothing, importedAsSpec } from "./found/imported";
import { keepOwnedParts, updateNeedsRemote, withoutOwnedParts } from "./owned-parts";
import { keepPipelineOwned, withPipelineOwned } from "./pipeline-owned";
import { placeOf, relocate } from "./relocate";
import { renderSpec, sourceOf, specKeyOf } from "./sources";
import { PROVIDER_KEY, UNKNOWN, type ConfigDigest, type JobInputs, type JobOutputs } from "./types";
import { secretsFailure } from "./secrets/check";
import { learnSecrets } from "./secrets/learn";
import { compareSecrets, maskSecrets, secretsChanged } from "./secrets/state";
import { writeXml } from "../xml/writer";
import { readMark } from "../ownership/mark";
import { ManagedElsewhereError } from "../ownership/errors";
import { markChangeShown, ownerMoves, writtenOwner } from "../ownership/lifecycle-owner";
import { lookedUp, takeoverRefusal } from "../ownership/look";
import { marksSetting } from "../ownership/settings";
import {
  foundForDelete,
  foundNeverRan,
  foundOwner,
  noteMade,
  noteOwner,
  ownerInConfig,
  ownerRecorded,
  updateRefused,
} from "./ownership";

import { diff as diffJob, type JobDiffResult } from "./diff";

/**
 * The diff (diff.ts). It also records the job as one this stack manages, with its resource id, and, when it finds
 * a change, checks that the connection the change goes to can be used (once per connection), so a preview of a
 * change that cannot apply fails naming the setting to fix.
 */
export async function diff(id: string, olds: Props, news: Props): Promise<JobDiffResult> {
  // The refresh's diff after a read that found an edit: "unknown", so the engine shows the inputs that differ.
  if (isRefreshDiffOfEdit(id, strip(news))) return {};
  rememberManaged(olds.fullName, baseUrlIfConfigured(olds.controller), id);
  // Handed over to another owner (a refresh found its mark): nothing to put back, nothing to send.
  if (typeof olds.__handedTo === "string") return { changes: false };
  let result = await diffJob(id, olds, news);
  const wanted = writtenOwner(news, marks === true);
  if (news.__owner !== UNKNOWN && ownerMoves(olds, wanted)) {
    // The mark changes: written where none was (an earlier release's state, marks turned on), an owner renamed, marks
    // turned off, or the item let go (retainOnDelete, letGo).
    const shown = markChangeShown(olds, news, wanted);
    if (!result.changes) result = { changes: true, diffs: shown };
    else if (result.diffs !== undefined) result = { ...result, diffs: [...result.diffs, ...shown] };
    if (wanted !== undefined && ownerRecorded(olds) === undefined) await sayMarkAdded(wanted);
  }
  if (result.changes && news.controller !== UNKNOWN) {
    const unusable = await connections.unusable((news.controller ?? undefined) as string | undefined);
    if (unusable !== undefined) {
      const job = typeof olds.fullName === "string" ? olds.fullName : String(news.name);
      throw new ConnectionCheckError(`Jenkins job "${job}" cannot be planned: ${unusable}`);
    }
  }
  if (result.changes && (result.replaces ?? []).length === 0) await checkStillOurs(olds, news);
  return result;
}

/**
 * An update never writes another owner's item: a change planned for an item whose mark now names another owner
 * (handed over since the last refresh) fails the plan, naming the owner and the fix. The owner comes from the
 * listing of the item's folder kept for the process (the one the create checks read), so a plan sends one request
 * per folder of the items it changes, and none when nothing changes; update checks again before it writes.
 */
async function checkStillOurs(olds: Props, news: Props): Promise<void> {
  const fullName = olds.fullName;
  if (typeof fullName !== "string" || fullName === "" || news.takeOverFrom === UNKNOWN) return;
  // The update reads the mark again before it writes.
  const looked = await lookedUp(
    "Jenkins job",
    fullName,
    async () => {
      const { client, baseUrl } = await connect(fullName, olds.controller as string | undefined);
      return foundOwner(client, baseUrl, fullName);
    },
    warn,
  );
  if (looked === undefined || !looked.found.exists) return;
  const stored = olds as unknown as JobOutputs;
  if (updateRefused(looked.found.owner, stored, news as unknown as JobInputs)) {
    throw new ManagedElsewhereError("Jenkins job", fullName, looked.found.owner);
  }
}

/** Plain copies of the stack config's connections, set by `configure`. Credentials stay in this process only. */
const connections = new StackConnections();

/** `jenkins:pluginCheck`, or why its value is refused (reported by every check of a new or changed config). */
let pluginCheck: PluginCheckMode | Error = "error";

/** `jenkins:credentialsCheck`, or why its value is refused (reported by every check of a new or changed config). */
let credentialsCheck: CredentialsCheckMode | Error = "error";

/** `jenkins:runnableCheck`, stack-wide and per controller (reported by every check of a new or changed config). */
let runnableCheck: RunnableCheckModes = { stack: "error", controllers: {} };

/** `jenkins:ownershipMarks`, or why its value is refused (reported by every check). */
let marks: boolean | Error = true;

export async function configure(req: { config: ConfigSource }): Promise<void> {
  connections.configure(req.config);
  pluginCheck = pluginCheckOf(req.config);
  credentialsCheck = credentialsCheckOf(req.config);
  runnableCheck = runnableCheckOf(req.config);
  marks = marksSetting(req.config);
}

/** The owner a write marks the item with (ownership.ts). */
function markOwner(news: Partial<JobInputs>): string | undefined {
  return writtenOwner(news, marks === true);
}

function settingsFor(controller: string | undefined) {
  return connections.settingsFor(controller);
}

/**
 * Check, plus the outputs that follow from the inputs alone (`fullName`, `url`). In a preview the engine uses the
 * checked inputs as a changing resource's outputs; with these among them, a job declared in a folder whose
 * description changes sees its `folder` input unchanged and previews as unchanged, as `up` will find it.
 */
export async function check(olds: Props, news: Props): Promise<dynamic.CheckResult> {
  const { result, root } = await checkJob(olds, news);
  if (result.failures && result.failures.length > 0) return result;
  const inputs = result.inputs as Props;
  if (inputs.controller === null || inputs.controller === "") delete inputs.controller;
  const secrets = secretsFailure(inputs, sourceOf(inputs), root);
  if (secrets !== undefined) return { inputs, failures: [secrets] };
  rememberFromState(olds, inputs);
  // A named controller must be usable before anything is planned on it: unknown names, missing URLs and
  // credentials fail the preview, naming the keys to set.
  const problem = inputs.controller === UNKNOWN ? undefined : connections.controllerProblem(inputs.controller);
  if (problem !== undefined) return { inputs, failures: [{ property: "controller", reason: problem }] };
  // Beside a config a refresh found that the spec cannot hold: the spec's own, so the plan shows those lines.
  const checked = withDeclaredConfigShown(olds, {
    ...inputs,
    ...knownOutputs(inputs, baseUrlIfConfigured(inputs.controller)),
  });
  // A job to create or a new config: the connection it goes to must work, or the preview fails naming the setting.
  if (plansChange(olds, checked) && inputs.controller !== UNKNOWN) {
    const unusable = await connections.unusable(inputs.controller as string | undefined);
    if (unusable !== undefined) {
      const job = typeof checked.fullName === "string" ? checked.fullName : String(inputs.name);
      return {
        inputs: checked,
        failures: [{ property: "", reason: `Jenkins job "${job}" cannot be planned: ${unusable}` }],
      };
    }
  }
  if (marks instanceof Error) return { inputs: checked, failures: [{ property: "", reason: marks.message }] };
  const owned = await checkOwner(olds, checked);
  if (owned !== undefined) return { inputs: checked, failures: [owned] };
  const plugins = await checkPlugins(olds, checked, root);
  if (plugins !== undefined) return { inputs: checked, failures: [plugins] };
  const references = await checkCredentialReferences(olds, checked, root);
  if (references !== undefined) return { inputs: checked, failures: [references] };
  const runnable = await checkRunnableJob(olds, checked, root);
  if (runnable !== undefined) return { inputs: checked, failures: [runnable] };
  return { ...result, inputs: checked };
}

/**
 * No silent takeover: a job to create or adopt whose item another owner marked fails the preview, naming the owner
 * and the option that hands it over. One listing of descriptions per folder, kept for the process; a job already
 * in the state asks nothing.
 */
async function checkOwner(olds: Props, news: Props): Promise<dynamic.CheckFailure | undefined> {
  if (Object.keys(strip(olds)).length > 0) return undefined;
  const fullName = news.fullName;
  if (typeof fullName !== "string" || news.controller === UNKNOWN || news.takeOverFrom === UNKNOWN) return undefined;
  // Create checks again when it finds the job there.
  const looked = await lookedUp(
    "Jenkins job",
    fullName,
    async () => {
      const { client, baseUrl } = await connect(fullName, news.controller as string | undefined);
      return foundOwner(client, baseUrl, fullName);
    },
    warn,
  );
  if (looked === undefined || !looked.found.exists) return undefined;
  const refused = takeoverRefusal("Jenkins job", fullName, looked.found.owner, news);
  return refused ? { property: "", reason: refused.message } : undefined;
}

/** A resource of the stack records the job it manages, so a create that clashes with it can say so. */
function rememberFromState(olds: Props, inputs: Props): void {
  if (typeof olds.fullName !== "string" || olds.fullName === "") return;
  rememberManaged(
    knownOutputs(inputs, undefined).fullName ?? olds.fullName,
    baseUrlIfConfigured(olds.controller as string | undefined),
  );
}

/** Equal inputs: canonical config texts compare as strings (no copy of a large config), specs as JSON. */
function sameValue(a: unknown, b: unknown): boolean {
  if (typeof a === "string" || typeof b === "string") return a === b;
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Whether a check plans a change in Jenkins: a job to create, or a config that is new or changed. */
function plansChange(olds: Props, news: Props): boolean {
  if (Object.keys(strip(olds)).length === 0) return true;
  const key = sourceOf(news);
  if (key !== "configXml" && news.configXml !== undefined) return true; // a found config to put back
  return sourceOf(olds) !== key || !sameValue(olds[key], news[key]);
}

/**
 * The plugin pre-flight, for a config that is new or changed (a plan with no changes sends nothing). Skipped while
 * the config or the job's place is not known yet.
 */
async function checkPlugins(
  olds: Props,
  news: Props,
  checkedRoot: XmlElement | undefined,
): Promise<dynamic.CheckFailure | undefined> {
  const key = sourceOf(news);
  if (sourceOf(olds) === key && sameValue(olds[key], news[key])) return undefined;
  if (pluginCheck instanceof Error) return { property: "", reason: pluginCheck.message };
  if (pluginCheck === "off" || unknownPath(news[key], UNKNOWN, key) !== undefined || news.controller === UNKNOWN)
    return undefined;
  const job = typeof news.fullName === "string" ? news.fullName : String(news.name);
  let client: JenkinsClient;
  let where: string;
  try {
    ({ client, baseUrl: where } = await connect(job, news.controller as string | undefined));
  } catch (e) {
    // The connection was found usable just before (a failure here is a rare race): create reports it, naming the job.
    await warn(`the plugin check of Jenkins job "${job}" was skipped: ${e instanceof Error ? e.message : String(e)}`);
    return undefined;
  }
  // The tree check just read, when it read one (a typed spec is rendered here).
  const root = checkedRoot ?? declare(news as unknown as JobInputs).root();
  const failure = await preflight(client, job, where, root, pluginCheck, {
    versionsChosenByProvider: key !== "configXml",
  });
  // Without a property: the CLI would print the whole config (or spec) in front of the message.
  return failure === undefined ? undefined : { property: "", reason: failure };
}

/** Root elements of items that are folders, and so see their own credentials store. */
const FOLDER_ROOTS = new Set([
  "com.cloudbees.hudson.plugins.folder.Folder",
  "org.jenkinsci.plugins.workflow.multibranch.WorkflowMultiBranchProject",
  "jenkins.branch.OrganizationFolder",
]);

/**
 * The credentials reference check (references/check.ts), for a config that is new or changed or a job that moves
 * (another scope): every id it names must be in a store of its scope or declared by a Credential of the program.
 * Skipped while the config, the job's place or its controller is not known yet (an id that is another resource's
 * output, not made yet, is such an unknown).
 */
async function checkCredentialReferences(
  olds: Props,
  news: Props,
  checkedRoot: XmlElement | undefined,
): Promise<dynamic.CheckFailure | undefined> {
  const key = sourceOf(news);
  const moved = olds.fullName !== news.fullName;
  if (!moved && sourceOf(olds) === key && sameValue(olds[key], news[key])) return undefined;
  if (credentialsCheck instanceof Error) return { property: "", reason: credentialsCheck.message };
  if (credentialsCheck === "off" || typeof news.fullName !== "string" || news.controller === UNKNOWN) return undefined;
  if (key === "configXml" && (typeof news.configXml !== "string" || news.configXml.includes(UNKNOWN))) return undefined;
  const root = key === "configXml" ? (checkedRoot ?? declare(news as unknown as JobInputs).root()) : undefined;
  const ids = root !== undefined ? idsInConfig(root, UNKNOWN) : idsInSpec(news[key], UNKNOWN);
  if (ids.length === 0) return undefined;
  const isFolder = root !== undefined ? FOLDER_ROOTS.has(root.name) : key === "folderSpec" || key === "multibranch";
  const job = news.fullName;
  let client: JenkinsClient;
  let where: string;
  try {
    ({ client, baseUrl: where } = await connect(job, news.controller as string | undefined));
  } catch (e) {
    await warn(
      `the credentials check of Jenkins job "${job}" was skipped: ${e instanceof Error ? e.message : String(e)}`,
    );
    return undefined;
  }
  const failure = await checkReferences({
    job,
    where,
    ids,
    folders: folderScope(job, isFolder),
    controller: news.controller as string | undefined,
    connection: client,
    list: (folder) => listStore(client, folder),
    mode: credentialsCheck,
  });
  return failure === undefined ? undefined : { property: "", reason: failure };
}

/** What a job's inputs or outputs name (runnable/job-names.ts); undefined while its config is not known. */
function namesOf(props: Props, parsedRoot?: XmlElement): JobNames | undefined {
  const key = sourceOf(props);
  if (key === "configXml") {
    if (typeof props.configXml !== "string" || props.configXml === "" || props.configXml.includes(UNKNOWN))
      return undefined;
    return namesInConfig(parsedRoot ?? parseXml(props.configXml).root, UNKNOWN);
  }
  if (unknownPath(props[key], UNKNOWN, key) !== undefined) return undefined;
  return namesInSpec(key, props[key], UNKNOWN);
}

const sameNames = (a: JobNames, b: JobNames): boolean =>
  a.script === b.script &&
  JSON.stringify([a.labels, a.libraries, a.jobs]) === JSON.stringify([b.labels, b.libraries, b.jobs]);

/**
 * The runnable check (runnable/check.ts), for a job to create, a job that moves, or a job whose script, labels,
 * libraries or named jobs changed: a description-only change checks nothing. Every job's check records the job
 * (and a folder's libraries) as declared by the program, so the checks of the jobs that name them find them.
 */
async function checkRunnableJob(
  olds: Props,
  news: Props,
  checkedRoot: XmlElement | undefined,
): Promise<dynamic.CheckFailure | undefined> {
  if (typeof news.fullName !== "string" || news.controller === UNKNOWN) return undefined;
  const controller = news.controller as string | undefined;
  const job = news.fullName;
  const key = sourceOf(news);
  declareJob(controller, job);
  const created = Object.keys(strip(olds)).length === 0;
  // The job in its place with the same config as before names the same things (names are read from the config
  // alone): every job of a plan with no changes. Its config is read only when it is a folder, for its libraries.
  const unchanged = !created && olds.fullName === job && sourceOf(olds) === key && sameValue(olds[key], news[key]);
  const readable = key === "configXml" && typeof news.configXml === "string" && !news.configXml.includes(UNKNOWN);
  const root =
    readable && (checkedRoot !== undefined || !unchanged || FOLDER_ROOTS.has(rootNameOf(news.configXml as string)))
      ? (checkedRoot ?? declare(news as unknown as JobInputs).root())
      : undefined;
  if (root !== undefined && FOLDER_ROOTS.has(root.name)) declareFolderLibraries(controller, job, folderLibraries(root));
  const mode = modeFor(runnableCheck, controller);
  if (mode instanceof Error) return { property: "", reason: mode.message };
  if (mode === "off" || unchanged) return undefined;
  const names = namesOf(news, root);
  if (names === undefined) return undefined;
  if (names.script === undefined && names.labels.length + names.libraries.length + names.jobs.length === 0)
    return undefined;
  const before = created ? undefined : namesOf(olds);
  const lint = names.script !== undefined && before?.script !== names.script;
  if (before !== undefined && olds.fullName === job && sameNames(before, names)) return undefined;
  let client: JenkinsClient;
  let where: string;
  try {
    ({ client, baseUrl: where } = await connect(job, controller));
  } catch (e) {
    await warn(`the runnable check of Jenkins job "${job}" was skipped: ${e instanceof Error ? e.message : String(e)}`);
    return undefined;
  }
  const failure = await checkRunnable({
    job,
    where,
    names,
    lint,
    controller,
    connection: client,
    mode,
    reader: clientReader(client),
    // An adoption (no state yet) of the config Jenkins holds changes nothing that decides whether the job runs.
    adoptedAsIs:
      created && news.adopt === true
        ? () => adoptedAsHeld(client, job, declare(news as unknown as JobInputs))
        : undefined,
  });
  return failure === undefined ? undefined : { property: "", reason: failure };
}

/** The Jenkins URL of the resource's connection, or undefined when it is not usable (create then reports why). */
function baseUrlIfConfigured(controller: unknown): string | undefined {
  return controller === UNKNOWN ? undefined : connections.urlIfConfigured(controller as string | undefined);
}

/** The client for the configured Jenkins, checked to be a Jenkins; errors name the job the call was for. */
async function connect(fullName: string, controller: string | undefined) {
  const settings = settingsFor(controller);
  try {
    return { client: await verifiedClientFor(settings), baseUrl: settings.url };
  } catch (e) {
    throw aboutJob(e, fullName);
  }
}

/**
 * A server-level error (no job in it yet) reworded to name the job the user's resource is about. A copy: the same
 * error reaches every operation that waited on one connection check, and each must name its own job.
 */
function aboutJob(e: unknown, fullName: string): unknown {
  if (!(e instanceof JenkinsError) || e.job !== undefined) return e;
  return e.restated({ job: fullName });
}

// ---------------------------------------------------------------------------------------------------------------
// create

/**
 * Whether a failed createItem may still have created the job: the connection broke or the server failed in a way
 * that says nothing about the job. Refusals (bad name, bad XML, no permission, missing folder) created nothing.
 */
function mayHaveCreated(e: unknown): e is JenkinsError {
  if (!(e instanceof JenkinsError)) return false;
  if (e.outcomeUnknown) return true;
  if (e instanceof InvalidConfigError) return false;
  return e instanceof ConnectionError || e instanceof RequestTimeoutError || e instanceof ServerError;
}

/** Outputs leave as the state keeps them (config-digest.ts `storedOutputs`); every step reads them back. */
export async function create(inputsRaw: Props): Promise<dynamic.CreateResult> {
  const { id, outs } = await createJob(inputsRaw);
  return { id, outs: storedOutputs(outs) };
}

async function createJob(inputsRaw: Props): Promise<dynamic.CreateResult> {
  const news = strip(inputsRaw) as unknown as JobInputs;
  const fullName = fullNameOf(news);
  const { client, baseUrl } = await connect(fullName, news.controller);
  const owner = markOwner(news);
  const declared = declare(news, owner);
  const xml = declared.toSend();
  // A generated id: Pulumi cannot change an id on update, and a rename must stay an update.
  const id = randomUUID();
  const outs = outputsFor(news, declared, fullName, baseUrl, owner);
  try {
    // One request: description and disabled state travel inside the XML.
    await client.createJob(fullName, xml);
  } catch (e) {
    if (e instanceof JobAlreadyExistsError) {
      // Adopting takes over a job by its exact name; in another letter case it would be a second resource for it.
      const clash = news.adopt ? caseOnlyTwice(fullName, baseUrl) : undefined;
      if (clash) throw clash;
      // Without `adopt`, only a job Jenkins holds as declared under the declared name is taken over (adoption.ts);
      // any other fails as before (a job of this stack, another letter case, another config).
      const read = news.adopt ? undefined : await takeOver(client, fullName, baseUrl, declared);
      try {
        const digests = await adopt(client, fullName, declared, outs, read, news);
        if (digests !== undefined) outs.secretDigests = digests;
      } catch (adoptError) {
        if (adoptError instanceof InvalidConfigError) throw new AdoptionError(fullName, adoptError);
        throw adoptError;
      }
      noteOwner(baseUrl, fullName, owner);
      rememberManaged(fullName, baseUrl, id);
      return { id, outs };
    }
    if (e instanceof JobNotFoundError) throw (await computedParentRefusal(client, fullName, e)) ?? e;
    if (mayHaveCreated(e)) {
      // The job may exist now. Keep it in state with an unknown config so the next `up` converges it (update
      // posts the config, or creates the job if it turns out not to exist) instead of failing on "already exists".
      const { __digest: _unknown, ...known } = withoutSpecs(outs);
      void _unknown;
      const properties = { ...known, configXml: "", [PROVIDER_KEY]: inputsRaw[PROVIDER_KEY] };
      throw new PartialFailureError(e.message, id, properties, [
        `The answer to creating "${fullName}" was lost; the job may or may not exist. Run \`pulumi up\` again to finish.`,
      ]);
    }
    throw e;
  }
  noteOwner(baseUrl, fullName, owner);
  noteMade(baseUrl, fullName);
  const digests = await learnSecrets(client, fullName, declared.secrets);
  if (digests !== undefined) outs.secretDigests = digests;
  rememberManaged(fullName, baseUrl, id);
  return { id, outs };
}

/**
 * Take over a job that already exists: read it once (unless `read` is its config, just read), then send only what
 * differs from the declared state, so adopting a job that already matches (an imported server) changes nothing in
 * Jenkins. Returns the digests of the job's secrets (secrets/state.ts) when it has any.
 */
async function adopt(
  client: JenkinsClient,
  fullName: string,
  declared: Declared,
  outs: JobOutputs,
  read: string | undefined,
  news: JobInputs,
): Promise<string[] | undefined> {
  const text = read ?? (await client.getConfig(fullName));
  // Made by another owner since the preview looked (two stacks' `up`s at once): not taken without a hand-over.
  const remote = parseXml(text).root;
  const found = ownerInConfig(remote);
  const refused = takeoverRefusal("Jenkins job", fullName, found, news);
  if (refused) throw refused;
  const owned = withPipelineOwned<Partial<JobOutputs>>({}, remote).pipelineOwned;
  if (owned) outs.pipelineOwned = owned;
  // The job's own secrets: those in parts Jenkins owns (a folder's credentials) are neither compared nor recorded.
  const masked = maskSecrets(withoutOwnedParts(remote, declared.root()), text);
  const fields = fieldsOf(remote);
  // A value is known to be Jenkins's only when it is the very text declared (an encrypted value copied from Jenkins).
  const sameSecrets =
    masked.values.length === declared.secrets.length && masked.values.every((v, i) => v.trim() === declared.secrets[i]);
  const current: JobOutputs = {
    ...outs,
    description: readMark(fields.description).description,
    enabled: fields.enabled,
  };
  // The mark Jenkins holds: written again only when it is not the one wanted.
  if (found === undefined) delete current.__owner;
  else current.__owner = found;
  if (!sameConfig(declared.root(), masked.root) || !sameSecrets) {
    // No config known makes applyChanges post the declared one.
    delete current.__digest;
    current.configXml = "";
  }
  const { posted } = await applyChanges(client, fullName, current, declared, outs.__owner, remote);
  if (declared.secrets.length === 0) return undefined;
  return posted ? learnSecrets(client, fullName, declared.secrets) : compareSecrets(outs, masked.values).digests;
}

// ---------------------------------------------------------------------------------------------------------------
// read

export async function read(id: string, propsRaw: Props): Promise<dynamic.ReadResult> {
  const result = await readJob(id, propsRaw);
  return result.props === undefined ? result : { ...result, props: storedOutputs(result.props) };
}

async function readJob(id: string, propsRaw: Props): Promise<dynamic.ReadResult> {
  const olds = currentOutputs(strip(propsRaw) as unknown as JobOutputs);
  const fullName = olds.fullName || fullNameOf(olds);
  const { client, baseUrl } = await connect(fullName, olds.controller);
  rememberManaged(fullName, baseUrl, id);
  let remote: string;
  try {
    remote = await client.getConfig(fullName);
  } catch (e) {
    if (e instanceof JobNotFoundError) return {}; // no id: the engine drops the resource from state
    throw e;
  }
  const parsed = parseXml(remote);
  // Secrets as placeholders: Jenkins's encrypted texts (or, in legacy mode, a posted plaintext) never reach outputs.
  const masked = maskSecrets(parsed.root, remote);
  const remoteDoc = masked.root === parsed.root ? parsed : { ...parsed, root: masked.root };
  const remoteText = masked.root === parsed.root ? remote : writeXml(remoteDoc, { style: "pretty" });
  const marked = fieldsOf(remoteDoc.root);
  const { description, owner: found } = readMark(marked.description);
  const fields = { ...marked, description };
  // Handed over: the mark names another owner than the one this stack wrote (or any owner, where it wrote none).
  if (found !== undefined && found !== olds.__owner && !declaresNothing(olds)) {
    readFoundNothing(id);
    if (olds.__handedTo !== found) {
      await warn(
        `Jenkins job "${fullName}" is now managed by ${found}: this stack leaves it alone and never deletes it. ` +
          "Remove its resource from the program; the next `pulumi up` then drops it from this stack's state.",
      );
    }
    return { id, props: { ...olds, fullName, __handedTo: found } };
  }
  let props: JobOutputs = withPipelineOwned(
    { ...olds, fullName, url: jobUrl(baseUrl, fullName), description: fields.description, enabled: fields.enabled },
    remoteDoc.root,
  );
  let configDrift = false;
  // Read by id alone (`pulumi import` through the plugin) with a spec that fits: its inputs are that spec.
  let imported: { props: JobOutputs; inputs: Props } | undefined;
  // The config as declared: from the outputs of earlier versions or a spec; for a configXml job whose outputs keep
  // only its digest, Jenkins's copy is checked against the digest instead.
  const declaredXml = configKnown(olds) ? declaredConfigOf(olds) : undefined;
  const declaredRoot = declaredXml !== undefined ? parseXml(declaredXml).root : undefined;
  if (!configKnown(olds)) {
    // Nothing declared (an import): the spec the config fits, as `pulumi-jenkins import` declares it. Else, and for a
    // create whose answer was lost (no config known), Jenkins's config.
    imported = declaresNothing(olds) ? importedAsSpec(props, remoteText) : undefined;
    props = imported?.props ?? { ...withoutSpecs(props), configXml: canonicalizeDocument(remoteDoc) };
    if (declaresNothing(olds)) props.__markAtUpdate = true;
    configDrift = true;
  } else if (declaredXml !== undefined && declaredRoot !== undefined) {
    if (!sameConfig(declaredRoot, remoteDoc.root)) {
      configDrift = true;
      props = withDisabledOf(withoutDigest(driftedProps(props, declaredXml, remoteText, fieldsOf(declaredRoot))));
    }
  } else if (
    isDigest(olds.__digest) &&
    !sameHash(olds.__digest.equivalence, configEquivalence(comparable(remoteDoc.root, olds.__digest)))
  ) {
    configDrift = true;
    props = withDisabledOf(withoutDigest(driftedProps(props, undefined, remoteText, olds, olds.__digest)));
  }
  // The secrets of parts Jenkins owns are not the job's: a folder's credentials (left to Credential resources, or
  // added by hand) sit in the folder's config.xml, and must not count as secrets the job declared.
  const ownValues = imported
    ? maskSecrets(withoutOwnedParts(parsed.root, parseXml(imported.props.configXml as string).root), remote).values
    : configKnown(olds)
      ? maskSecrets(
          declaredRoot
            ? withoutOwnedParts(parsed.root, declaredRoot)
            : comparable(parsed.root, olds.__digest as ConfigDigest),
          remote,
        ).values
      : masked.values;
  let secretDrift = false;
  if (ownValues.length > 0 || secretCountOf(olds) > 0) {
    const seen = compareSecrets(olds, ownValues);
    props = { ...props, secretDigests: seen.digests };
    secretDrift = seen.drifted;
  }
  const drifted =
    configDrift || secretDrift || fields.description !== olds.description || fields.enabled !== olds.enabled;
  if (!drifted) {
    readFoundNothing(id);
    return { id, props };
  }
  // The config as found stands for the declared one (which outputs keep as a digest) when only other parts drifted.
  const digest = olds.__digest;
  const config = props.configXml ?? foundConfig(remoteText, digest, olds, false);
  const inputs: Props = imported?.inputs ?? inputsReflecting(props, config);
  // The secret values as applied, when Jenkins holds them still: the refresh then shows only what was edited (the
  // engine keeps them secret, as in the inputs it passed to the read). A secret changed in Jenkins is left out, so
  // the next preview shows it changed.
  if (!secretDrift && props.secretValues !== undefined) inputs.secretValues = props.secretValues;
  // A config found beside the declared spec shows against the config the old outputs kept (found-config.ts), which
  // the refresh's usual diff does; reported inputs would make it show against the old inputs, which have none.
  if (holdsFoundConfig(props)) readFoundNothing(id);
  else readReported(id, inputs);
  return { id, props, inputs };
}

/**
 * Outputs for a config edited in Jenkins. A job declared with a spec is reported as the spec its config now fits,
 * so the next preview shows the edit as spec properties (`pipeline.script`); when no spec expresses the edited
 * config, the declared spec stays and the config output carries the edit (found-config.ts); for jobs declared as
 * configXml, the config output carries it.
 */
function driftedProps(
  props: JobOutputs,
  declared: string | undefined,
  remote: string,
  declaredFields: { description: string; enabled: boolean },
  digest?: ConfigDigest,
): JobOutputs {
  if (sourceOf(props as unknown as Props) !== "configXml") {
    // Without the parts Jenkins owns (a folder's views made by View resources, say), which no spec expresses.
    const doc = parseXml(remote);
    const own = declared === undefined ? doc.root : withoutOwnedParts(doc.root, parseXml(declared).root);
    const parsed = parseJobSpec(own === doc.root ? remote : writeXml({ ...doc, root: own }, { style: "pretty" }));
    if (parsed) {
      const key = specKeyOf(parsed.kind);
      const spec = specAsDeclared(parsed.kind, parsed.spec, props[key]);
      // Description and disabled as declared: those drift through their own outputs.
      const configXml = canonicalizeDocument(parseXml(renderSpec(key, spec, declaredFields)));
      const { __foundConfig: _none, ...rest } = withoutSpecs(props);
      void _none;
      return { ...rest, [key]: spec, configXml };
    }
    if (declared !== undefined) return { ...props, configXml: driftedConfig(declared, remote), __foundConfig: true };
  }
  if (declared !== undefined) return { ...withoutSpecs(props), configXml: driftedConfig(declared, remote) };
  return {
    ...withoutSpecs(props),
    configXml: foundConfig(remote, digest, declaredFields),
  };
}

/** Outputs whose config, when they hold one, says in `<disabled>` what their `enabled` says. */
function withDisabledOf(props: JobOutputs): JobOutputs {
  return props.configXml === undefined
    ? props
    : { ...props, configXml: withDisabledAsFound(props.configXml, props.enabled !== false) };
}

/** Outputs that hold the config found in Jenkins: the digest of the declared one no longer describes it. */
function withoutDigest(props: JobOutputs): JobOutputs {
  const { __digest: _declared, ...rest } = props;
  void _declared;
  return rest;
}

// ---------------------------------------------------------------------------------------------------------------
// update

export async function update(id: string, oldsRaw: Props, newsRaw: Props): Promise<dynamic.UpdateResult> {
  const { outs } = await updateJob(id, oldsRaw, newsRaw);
  return { outs: storedOutputs(outs) };
}

async function updateJob(id: string, oldsRaw: Props, newsRaw: Props): Promise<dynamic.UpdateResult> {
  const olds = currentOutputs(strip(oldsRaw) as unknown as JobOutputs);
  const news = strip(newsRaw) as unknown as JobInputs;
  const oldFullName = olds.fullName || fullNameOf(olds);
  const { client, baseUrl } = await connect(oldFullName, olds.controller);
  rememberManaged(fullNameOf(news), baseUrl, id);
  const owner = markOwner(news);
  const declared = declare(news, owner);
  // Where the item is: moves and renames update it step by step.
  const at = { fullName: oldFullName };
  let remote: XmlElement | undefined;
  // Nothing is written to an item another owner's mark names: read from the config when the update reads it anyway,
  // else from the listing of its folder kept for the process (which the diff read).
  const stillOurs = async (config?: XmlElement) => {
    const found = config !== undefined ? ownerInConfig(config) : (await foundOwner(client, baseUrl, oldFullName)).owner;
    if (updateRefused(found, olds, news)) throw new ManagedElsewhereError("Jenkins job", oldFullName, found);
  };

  let posted = false;
  try {
    const moves = fullNameOf(news) !== oldFullName;
    if (moves) {
      await stillOurs();
      await relocate(client, at, { folder: news.folder ?? "", name: news.name });
    }
    ({ posted, remote } = await applyChanges(client, at.fullName, olds, declared, owner, undefined, {
      stillOurs: moves ? undefined : stillOurs,
      // From the listing of its folder the diff read (the job's name before a move).
      neverRan: () => foundNeverRan(client, baseUrl, oldFullName),
    }));
  } catch (e) {
    // Deleted in Jenkins since the last refresh: say so instead of re-creating it behind the user's back.
    const failure = e instanceof JobNotFoundError ? new JobGoneError(at.fullName, e) : e;
    if (at.fullName !== oldFullName) {
      // A move or rename went through: record where the item is, or the next run would look for it elsewhere.
      const { folder, name } = placeOf(at.fullName);
      const moved: Props = { ...olds, name, fullName: at.fullName, url: jobUrl(baseUrl, at.fullName) };
      if (folder === "") delete moved.folder;
      else moved.folder = folder;
      const message = `${(failure as Error).message} The job is now at "${at.fullName}".`;
      const properties = storedOutputs({ ...moved, [PROVIDER_KEY]: newsRaw[PROVIDER_KEY] });
      throw new PartialFailureError(message, id, properties, [message]);
    }
    throw failure;
  }
  const outs = outputsFor(news, declared, at.fullName, baseUrl, owner);
  noteOwner(baseUrl, at.fullName, owner);
  if (declared.secrets.length > 0) {
    outs.secretDigests = posted ? await learnSecrets(client, at.fullName, declared.secrets) : olds.secretDigests;
  }
  // What the pipeline owns: as just read; none after a config posted without a read (no tracker went with it);
  // else as before.
  if (remote) return { outs: withPipelineOwned(outs, remote) };
  return { outs: posted ? outs : keepPipelineOwned(outs, olds) };
}

/** `xml` with the parts of the job's remote config that Jenkins owns kept (the remote config read if not given). */
async function withOwnedPartsOf(
  client: JenkinsClient,
  fullName: string,
  xml: string,
  remote: XmlElement | undefined,
): Promise<{ xml: string; remote: XmlElement }> {
  const remoteRoot = remote ?? parseXml(await client.getConfig(fullName)).root;
  const doc = parseXml(xml);
  const kept = keepOwnedParts(doc.root, remoteRoot);
  return { xml: kept === doc.root ? xml : canonicalizeDocument({ ...doc, root: kept }), remote: remoteRoot };
}

/**
 * Whether the parts of the job's config that an update keeps can only come from runs (a pipeline's properties) and
 * the job never ran: it holds none of them, so the update need not read its config.
 */
async function nothingOwnedYet(root: XmlElement, neverRan?: () => Promise<boolean>): Promise<boolean> {
  if (neverRan === undefined || updateNeedsRemote(root, true)) return false;
  return neverRan();
}

/**
 * Only the requests a change needs: one config.xml POST, or a description POST and/or an enable/disable POST.
 * Returns whether the config was posted, and the job's remote config when it was read (to keep what Jenkins owns).
 */
async function applyChanges(
  client: JenkinsClient,
  fullName: string,
  olds: JobOutputs,
  declared: Declared,
  owner: string | undefined,
  remote?: XmlElement,
  guard: { stillOurs?: (config?: XmlElement) => Promise<void>; neverRan?: () => Promise<boolean> } = {},
): Promise<{ posted: boolean; remote?: XmlElement }> {
  const wanted = declared.fields();
  // The mark changes with the owner; state of an earlier version (no owner recorded) gets it with this write.
  const descriptionChanged = wanted.description !== olds.description || olds.__owner !== owner;
  // Folders have no description endpoint (Jenkins answers 404): their description travels in config.xml.
  const folderDescription = declared.info?.kind === "folder" && descriptionChanged;
  const secrets = secretsChanged(olds, declared.secrets);
  if (folderDescription || secrets || configChanged(olds, declared)) {
    // One POST carries the config together with the description and disabled state.
    let xml = declared.toSend();
    try {
      // What Jenkins owns in the job's config (a pipeline's own properties, a folder's views) is read and kept.
      const root = declared.root();
      if (updateNeedsRemote(root) && (remote !== undefined || !(await nothingOwnedYet(root, guard.neverRan))))
        ({ xml, remote } = await withOwnedPartsOf(client, fullName, xml, remote));
      await guard.stillOurs?.(remote);
      await client.updateConfig(fullName, xml);
    } catch (e) {
      // State from a create whose answer was lost (no config known), for a job that was never made: make it now.
      if (!(e instanceof JobNotFoundError) || configKnown(olds)) throw e;
      await client.createJob(fullName, declared.toSend());
    }
    return { posted: true, remote };
  }
  if (descriptionChanged || wanted.enabled !== olds.enabled) await guard.stillOurs?.();
  if (descriptionChanged) await client.setDescription(fullName, declared.descriptionToSend());
  if (wanted.enabled !== olds.enabled) {
    if (wanted.enabled) await client.enable(fullName);
    else await client.disable(fullName);
  }
  return { posted: false };
}

function secretCountOf(olds: JobOutputs): number {
  return Array.isArray(olds.secretValues) ? olds.secretValues.length : 0;
}

// ---------------------------------------------------------------------------------------------------------------
// delete

export async function deleteJob(_id: string, propsRaw: Props): Promise<void> {
  const olds = strip(propsRaw) as unknown as JobOutputs;
  const fullName = olds.fullName || fullNameOf(olds);
  const { client, baseUrl } = await connect(fullName, olds.controller);
  if (typeof olds.__handedTo === "string") {
    // Handed over: another owner manages it now. Only the state lets it go.
    forgetManaged(fullName, baseUrl);
    return;
  }
  const found = await foundForDelete(client, fullName, olds.__owner);
  if (found.gone) {
    forgetManaged(fullName, baseUrl);
    return;
  }
  if (found.owner !== undefined && found.owner !== olds.__owner) {
    await warn(
      `Jenkins job "${fullName}" was left in Jenkins: its mark of ownership names ${found.owner}, not this stack. ` +
        "It is removed from this stack's state only.",
    );
    forgetManaged(fullName, baseUrl);
    return;
  }
  if (found.othersInside.length > 0) {
    const others = found.othersInside.map((i) => `${i.label} (${i.owner})`).join(", ");
    await warn(
      `Jenkins folder "${fullName}" was left in Jenkins: it holds items another owner manages, which deleting it ` +
        `would delete: ${others}. It is removed from this stack's state only; delete it by hand once they are gone.`,
    );
    forgetManaged(fullName, baseUrl);
    return;
  }
  try {
    await client.deleteJob(fullName);
  } catch (e) {
    if (!(e instanceof JobNotFoundError)) throw e; // already gone is what delete wants
  }
  forgetManaged(fullName, baseUrl);
}

export { deleteJob as delete };
