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
import { canonicalizeConfig } from "../xml/canonical";
import { configsEqual } from "../xml/semantic";
import { readConfig, resolveConnection, verifiedClientFor, type ConfigSource, type ConfigValues } from "./connection";
import { desiredConfig, desiredFields, fullNameOf, jobUrl, outputsFor, strip, type Props } from "./desired";
import { driftedConfig, inputsReflecting, sameConfig } from "./drift";
import { AdoptionError, JobExistsError, JobGoneError, PartialFailureError } from "./errors";
import { readFields, rootNameOf } from "./job-config";
import { describeRoot } from "./job-kinds";
import { PROVIDER_KEY, type JobInputs, type JobOutputs } from "./types";

export { check } from "./check";
export { diff } from "./diff";

/** Plain copies of the `jenkins:*` stack config, set by `configure`. Credentials stay in this process only. */
let configValues: ConfigValues = {};

export async function configure(req: { config: ConfigSource }): Promise<void> {
  configValues = readConfig(req.config);
}

/** The client for the configured Jenkins, checked to be a Jenkins; errors name the job the call was for. */
async function connect(fullName: string) {
  const settings = resolveConnection(configValues);
  try {
    return { client: await verifiedClientFor(settings), baseUrl: settings.url };
  } catch (e) {
    throw aboutJob(e, fullName);
  }
}

/** A server-level error (no job in it yet) reworded to name the job the user's resource is about. */
function aboutJob(e: unknown, fullName: string): unknown {
  if (e instanceof JenkinsError && e.job === undefined && e.message.startsWith("Jenkins: ")) {
    e.job = fullName;
    e.message = `Jenkins job "${fullName}": ${e.message.slice("Jenkins: ".length)}`;
  }
  return e;
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
  const fullName = fullNameOf(news);
  const { client, baseUrl } = await connect(fullName);
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
        await adopt(client, fullName, news, outs);
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

/**
 * Take over a job that already exists: read it once, then send only what differs from the declared state, so
 * adopting a job that already matches (an imported server) changes nothing in Jenkins.
 */
async function adopt(client: JenkinsClient, fullName: string, news: JobInputs, outs: JobOutputs): Promise<void> {
  const remote = await client.getConfig(fullName);
  const fields = readFields(remote);
  const current: JobOutputs = {
    ...outs,
    // An empty config makes applyChanges post the declared one.
    configXml: sameConfig(news.configXml, remote) ? news.configXml : "",
    description: fields.description,
    enabled: fields.enabled,
  };
  await applyChanges(client, fullName, current, news);
}

// ---------------------------------------------------------------------------------------------------------------
// read

export async function read(id: string, propsRaw: Props): Promise<dynamic.ReadResult> {
  const olds = strip(propsRaw) as unknown as JobOutputs;
  const fullName = olds.fullName || fullNameOf(olds);
  const { client, baseUrl } = await connect(fullName);
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
  const drifted =
    configXml !== olds.configXml || fields.description !== olds.description || fields.enabled !== olds.enabled;
  if (!drifted) return { id, props };
  return { id, props, inputs: inputsReflecting(props) };
}

// ---------------------------------------------------------------------------------------------------------------
// update

export async function update(id: string, oldsRaw: Props, newsRaw: Props): Promise<dynamic.UpdateResult> {
  const olds = strip(oldsRaw) as unknown as JobOutputs;
  const news = strip(newsRaw) as unknown as JobInputs;
  const oldFullName = olds.fullName || fullNameOf(olds);
  const { client, baseUrl } = await connect(oldFullName);
  let fullName = oldFullName;

  try {
    if (news.name !== olds.name) {
      await client.rename(fullName, news.name);
      fullName = fullNameOf(news);
    }
    await applyChanges(client, fullName, olds, news);
  } catch (e) {
    // Deleted in Jenkins since the last refresh: say so instead of re-creating it behind the user's back.
    const failure = e instanceof JobNotFoundError ? new JobGoneError(fullName, e) : e;
    if (fullName !== oldFullName) {
      // The rename went through: record it, or the next run would look for the job under its old name.
      const renamed = { ...olds, name: news.name, fullName, url: jobUrl(baseUrl, fullName) };
      const message = (failure as Error).message;
      throw new PartialFailureError(message, id, { ...renamed, [PROVIDER_KEY]: newsRaw[PROVIDER_KEY] }, [message]);
    }
    throw failure;
  }
  return { outs: outputsFor(news, fullName, baseUrl) };
}

/** Only the requests a change needs: one config.xml POST, or a description POST and/or an enable/disable POST. */
async function applyChanges(client: JenkinsClient, fullName: string, olds: JobOutputs, news: JobInputs): Promise<void> {
  const wanted = desiredFields(news);
  const configChanged = !olds.configXml || !configsEqual(olds.configXml, news.configXml);
  // Folders have no description endpoint (Jenkins answers 404): their description travels in config.xml.
  const isFolder = describeRoot(rootNameOf(news.configXml))?.kind === "folder";
  const folderDescription = isFolder && wanted.description !== olds.description;
  if (configChanged || folderDescription) {
    // One POST carries the config together with the description and disabled state.
    const xml = desiredConfig(news);
    try {
      await client.updateConfig(fullName, xml);
    } catch (e) {
      // State from a create whose answer was lost (no config known), for a job that was never made: make it now.
      if (!(e instanceof JobNotFoundError) || olds.configXml) throw e;
      await client.createJob(fullName, xml);
    }
    return;
  }
  if (wanted.description !== olds.description) await client.setDescription(fullName, wanted.description);
  if (wanted.enabled !== olds.enabled) {
    if (wanted.enabled) await client.enable(fullName);
    else await client.disable(fullName);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// delete

export async function deleteJob(_id: string, propsRaw: Props): Promise<void> {
  const olds = strip(propsRaw) as unknown as JobOutputs;
  const fullName = olds.fullName || fullNameOf(olds);
  const { client } = await connect(fullName);
  try {
    await client.deleteJob(fullName);
  } catch (e) {
    if (e instanceof JobNotFoundError) return; // already gone is what delete wants
    throw e;
  }
}

export { deleteJob as delete };
