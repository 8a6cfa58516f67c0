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
  InvalidNameError,
  JenkinsError,
  JobAlreadyExistsError,
  JobNotFoundError,
  RequestTimeoutError,
  ServerError,
} from "../client/errors";
import { jobUrlPath, validateJobName, validateJobPath } from "../client/names";
import { canonicalizeConfig } from "../xml/canonical";
import { configsEqual, configsEquivalent } from "../xml/semantic";
import { parseXml, XmlSyntaxError } from "../xml/tree";
import { clientFor, readConfig, resolveConnection, type ConfigSource, type ConfigValues } from "./connection";
import { alignToDeclared } from "./drift";
import { AdoptionError, JobExistsError, PartialFailureError } from "./errors";
import { readFields, rootNameOf, transplantFields, withFields, withoutFields, type JobFields } from "./job-config";
import { describeRoot, KNOWN_ROOTS } from "./job-kinds";
import { PROVIDER_KEY, UNKNOWN, type JobInputs, type JobOutputs } from "./types";

type Props = Record<string, unknown>;

/** Plain copies of the `jenkins:*` stack config, set by `configure`. Credentials stay in this process only. */
let configValues: ConfigValues = {};

export async function configure(req: { config: ConfigSource }): Promise<void> {
  configValues = readConfig(req.config);
}

function connect() {
  const settings = resolveConnection(configValues);
  return { client: clientFor(settings), baseUrl: settings.url };
}

function strip(props: Props | undefined): Props {
  const out: Props = { ...(props ?? {}) };
  delete out[PROVIDER_KEY];
  return out;
}

function fullNameOf(p: { name: string; folder?: string }): string {
  return p.folder ? `${p.folder}/${p.name}` : p.name;
}

function jobUrl(baseUrl: string, fullName: string): string {
  return baseUrl + jobUrlPath(fullName).slice(1);
}

/** Description and enabled state a set of inputs asks for: the explicit inputs win over the XML. */
function desiredFields(news: JobInputs): JobFields {
  const fromXml = readFields(news.configXml);
  const info = describeRoot(rootNameOf(news.configXml));
  return {
    description: news.description ?? fromXml.description,
    enabled: info?.canDisable === false ? true : (news.enabled ?? fromXml.enabled),
  };
}

/** The config.xml to send: declared XML with the explicit description/enabled written into it. */
function desiredConfig(news: JobInputs): string {
  return withFields(news.configXml, { description: news.description, enabled: news.enabled });
}

function outputsFor(news: JobInputs, fullName: string, baseUrl: string): JobOutputs {
  const fields = desiredFields(news);
  const outs: JobOutputs = {
    name: news.name,
    fullName,
    url: jobUrl(baseUrl, fullName),
    configXml: news.configXml,
    description: fields.description,
    enabled: fields.enabled,
  };
  if (news.folder) outs.folder = news.folder;
  return outs;
}

// ---------------------------------------------------------------------------------------------------------------
// check

function failure(property: string, reason: string): dynamic.CheckFailure {
  return { property, reason };
}

export async function check(_olds: Props, newsRaw: Props): Promise<dynamic.CheckResult> {
  const news = { ...newsRaw };
  const failures: dynamic.CheckFailure[] = [];
  const known = (v: unknown) => v !== UNKNOWN;

  if (typeof news.name !== "string" || news.name === "") {
    failures.push(failure("name", "name is required: the job's own name, without folders (e.g. \"api-build\")."));
  } else if (known(news.name)) {
    try {
      validateJobName(news.name);
    } catch (e) {
      if (!(e instanceof InvalidNameError)) throw e;
      failures.push(failure("name", e.message));
    }
  }

  if (news.folder === undefined || news.folder === null || news.folder === "") {
    delete news.folder;
  } else if (typeof news.folder !== "string") {
    failures.push(failure("folder", "folder must be a string: the full path of the parent folder, e.g. \"team/apps\"."));
  } else if (known(news.folder)) {
    try {
      validateJobPath(news.folder);
    } catch (e) {
      if (!(e instanceof InvalidNameError)) throw e;
      failures.push(failure("folder", e.message));
    }
  }

  if (news.description !== undefined && news.description !== null && typeof news.description !== "string") {
    failures.push(failure("description", "description must be a string."));
  }
  if (news.description === null) delete news.description;
  for (const flag of ["enabled", "adopt"] as const) {
    if (news[flag] === null) delete news[flag];
    else if (news[flag] !== undefined && known(news[flag]) && typeof news[flag] !== "boolean") {
      failures.push(failure(flag, `${flag} must be true or false.`));
    }
  }

  const xml = news.configXml;
  if (xml === UNKNOWN) {
    // Preview: the XML is computed from something not known yet; leave it for the real run.
  } else if (typeof xml !== "string" || xml.trim() === "") {
    failures.push(failure("configXml", "configXml is required: the job's config.xml as text."));
  } else {
    const problem = checkConfigXml(xml, news.enabled);
    if (problem) failures.push(problem);
    else news.configXml = canonicalizeConfig(xml);
  }
  return { inputs: news, failures };
}

function checkConfigXml(xml: string, enabled: unknown): dynamic.CheckFailure | undefined {
  let rootName: string;
  try {
    rootName = parseXml(xml).root.name;
  } catch (e) {
    if (!(e instanceof XmlSyntaxError)) throw e;
    return failure("configXml", `configXml is not well-formed XML: ${e.reason} at line ${e.line}, column ${e.column}.`);
  }
  const info = describeRoot(rootName);
  if (!info) {
    return failure(
      "configXml",
      `configXml has root element <${rootName}>, which is not a Jenkins job or folder. ` +
        `Use the config.xml of a job or folder, whose root is e.g. ${KNOWN_ROOTS.map((r) => `<${r}>`).join(", ")}.`,
    );
  }
  if (enabled === false && !info.canDisable) {
    return failure(
      "enabled",
      `A ${rootName} cannot be disabled in Jenkins (enable/disable do nothing on it); remove \`enabled: false\`.`,
    );
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------------------------
// diff

function safeRootName(xml: unknown): string | undefined {
  if (typeof xml !== "string" || xml === "" || xml === UNKNOWN) return undefined;
  try {
    return rootNameOf(xml);
  } catch {
    return undefined;
  }
}

export async function diff(_id: string, oldsRaw: Props, newsRaw: Props): Promise<dynamic.DiffResult> {
  const olds = strip(oldsRaw) as Partial<JobOutputs>;
  const news = strip(newsRaw) as Partial<JobInputs>;
  const replaces: string[] = [];
  let changes = false;
  let deleteBeforeReplace = false;

  // An unknown folder is reported as a change, not a replacement: during preview the output of a parent that
  // is itself changing may not be known yet, and announcing a replacement for every child would mostly be wrong.
  // `pulumi up` diffs again with the value known, and replaces then if the folder really moved.
  if (news.folder === UNKNOWN) changes = true;
  else if ((olds.folder ?? "") !== (news.folder ?? "")) replaces.push("folder");

  if (news.name === UNKNOWN || news.name !== olds.name) changes = true; // rename in place

  const unknownXml = news.configXml === UNKNOWN;
  if (unknownXml) {
    changes = true;
  } else {
    const oldRoot = safeRootName(olds.configXml);
    const newRoot = safeRootName(news.configXml);
    if (oldRoot !== undefined && newRoot !== undefined && oldRoot !== newRoot) {
      // Jenkins cannot change an item's type in place (config.xml POST of another type is refused).
      replaces.push("configXml");
      const oldFull = olds.fullName ?? "";
      const newFull = typeof news.name === "string" ? fullNameOf({ name: news.name, folder: news.folder }) : "";
      deleteBeforeReplace = oldFull.toLowerCase() === newFull.toLowerCase();
    } else if (!olds.configXml || !news.configXml || !configsEqual(olds.configXml, news.configXml)) {
      changes = true;
    }
  }

  if (news.description === UNKNOWN || (news.enabled as unknown) === UNKNOWN || unknownXml) {
    changes = true;
  } else if (news.configXml && news.name !== undefined) {
    const wanted = desiredFields(news as JobInputs);
    if (wanted.description !== olds.description || wanted.enabled !== olds.enabled) changes = true;
  }

  return { changes: changes || replaces.length > 0, replaces, deleteBeforeReplace };
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

export async function create(inputsRaw: Props): Promise<dynamic.CreateResult> {
  const news = strip(inputsRaw) as unknown as JobInputs;
  const { client, baseUrl } = connect();
  const fullName = fullNameOf(news);
  const xml = desiredConfig(news);
  // A generated id: Pulumi cannot change an id on update, and a rename must stay an update.
  const id = randomUUID();
  const outs = outputsFor(news, fullName, baseUrl);
  try {
    // One request: description and disabled state travel inside the XML.
    await client.createJob(fullName, xml);
  } catch (e) {
    if (e instanceof JobAlreadyExistsError) {
      if (!news.adopt) throw new JobExistsError(fullName);
      try {
        await client.updateConfig(fullName, xml);
      } catch (adoptError) {
        if (adoptError instanceof InvalidConfigError) throw new AdoptionError(fullName, adoptError);
        throw adoptError;
      }
      return { id, outs };
    }
    if (mayHaveCreated(e)) {
      // The job may exist now. Keep it in state with an unknown config so the next `up` converges it (update
      // posts the config, or creates the job if it turns out not to exist) instead of failing on "already exists".
      const properties = { ...outs, configXml: "", [PROVIDER_KEY]: inputsRaw[PROVIDER_KEY] };
      throw new PartialFailureError(e.message, id, properties, [
        `The answer to creating "${fullName}" was lost; the job may or may not exist. Run \`pulumi up\` again to finish.`,
      ]);
    }
    throw e;
  }
  return { id, outs };
}

// ---------------------------------------------------------------------------------------------------------------
// read

/** Whether Jenkins's copy of a config is the one declared, apart from what Jenkins itself does to configs. */
function sameConfig(declared: string, remote: string): boolean {
  return configsEquivalent(withoutFields(declared), withoutFields(remote));
}

/**
 * The config output after a hand edit: Jenkins's copy, reading like the declared one except for the edit, with
 * description/disabled as declared (those drift through their own outputs).
 */
function driftedConfig(declared: string, remote: string): string {
  const aligned = transplantFields(alignToDeclared(declared, remote), declared);
  // Never let the tidying hide the edit that was found: then show Jenkins's copy as it is.
  return configsEqual(aligned, declared) ? transplantFields(remote, declared) : aligned;
}

export async function read(id: string, propsRaw: Props): Promise<dynamic.ReadResult> {
  const olds = strip(propsRaw) as unknown as JobOutputs;
  const { client, baseUrl } = connect();
  const fullName = olds.fullName || fullNameOf(olds);
  let remote: string;
  try {
    remote = await client.getConfig(fullName);
  } catch (e) {
    if (e instanceof JobNotFoundError) return {}; // no id: the engine drops the resource from state
    throw e;
  }
  const fields = readFields(remote);
  let configXml = olds.configXml;
  if (!configXml) configXml = canonicalizeConfig(remote);
  else if (!sameConfig(configXml, remote)) configXml = driftedConfig(configXml, remote);
  const props: JobOutputs = {
    ...olds,
    fullName,
    url: jobUrl(baseUrl, fullName),
    configXml,
    description: fields.description,
    enabled: fields.enabled,
  };
  return { id, props };
}

// ---------------------------------------------------------------------------------------------------------------
// update

export async function update(_id: string, oldsRaw: Props, newsRaw: Props): Promise<dynamic.UpdateResult> {
  const olds = strip(oldsRaw) as unknown as JobOutputs;
  const news = strip(newsRaw) as unknown as JobInputs;
  const { client, baseUrl } = connect();
  let fullName = olds.fullName || fullNameOf(olds);

  if (news.name !== olds.name) {
    await client.rename(fullName, news.name);
    fullName = fullNameOf(news);
  }
  const renamed = { ...olds, name: news.name, fullName, url: jobUrl(baseUrl, fullName) };

  try {
    const wanted = desiredFields(news);
    if (!olds.configXml || !configsEqual(olds.configXml, news.configXml)) {
      // One POST carries the config together with the description and disabled state.
      const xml = desiredConfig(news);
      try {
        await client.updateConfig(fullName, xml);
      } catch (e) {
        // State from a create whose answer was lost, for a job that was never made: make it now.
        if (!(e instanceof JobNotFoundError) || olds.configXml) throw e;
        await client.createJob(fullName, xml);
      }
    } else {
      if (wanted.description !== olds.description) await client.setDescription(fullName, wanted.description);
      if (wanted.enabled !== olds.enabled) {
        if (wanted.enabled) await client.enable(fullName);
        else await client.disable(fullName);
      }
    }
  } catch (e) {
    if (fullName !== (olds.fullName || fullNameOf(olds))) {
      // The rename went through: record it, or the next run would look for the job under its old name.
      throw new PartialFailureError((e as Error).message, _id, { ...renamed, [PROVIDER_KEY]: newsRaw[PROVIDER_KEY] }, [
        (e as Error).message,
      ]);
    }
    throw e;
  }
  return { outs: outputsFor(news, fullName, baseUrl) };
}

// ---------------------------------------------------------------------------------------------------------------
// delete

export async function deleteJob(_id: string, propsRaw: Props): Promise<void> {
  const olds = strip(propsRaw) as unknown as JobOutputs;
  const { client } = connect();
  try {
    await client.deleteJob(olds.fullName || fullNameOf(olds));
  } catch (e) {
    if (e instanceof JobNotFoundError) return; // already gone is what delete wants
    throw e;
  }
}

export { deleteJob as delete };
