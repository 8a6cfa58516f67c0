/**
 * What the BuildTrigger resource does at each step of the Pulumi lifecycle. Loaded by the thin serialized provider
 * (provider.ts) from the installed package at call time, like the Job resource's lifecycle.
 *
 * - create: fires once (a build or an SCM check). The request is never repeated.
 * - diff: a change of job, kind, parameters or triggers is a replacement, so the new trigger fires; otherwise none.
 * - update: never fires (diff sends every firing change through a replacement); it only records the new inputs.
 * - read: nothing to read back; a trigger is an event, not a thing that lives on the server.
 * - delete: nothing to undo; a build that was started stays in the job's history.
 */
import { randomUUID } from "node:crypto";
import type * as dynamic from "@pulumi/pulumi/dynamic";
import { JenkinsError } from "../client/errors";
import { clientFor, type ConfigSource } from "../connection/settings";
import { ConnectionCheckError } from "../connection/errors";
import { StackConnections } from "../connection/stack-connections";
import { PartialFailureError } from "../dynamic/partial-failure";
import { PROVIDER_KEY, strip, UNKNOWN, type Props } from "../dynamic/props";
import { fire } from "./fire";
import { changedFiringInputs, checkInputs } from "./inputs";
import type { TriggerInputs, TriggerOutputs } from "./types";

/** Plain copies of the stack config's connections, set by `configure`; credentials stay in this process. */
const connections = new StackConnections();

export async function configure(req: { config: ConfigSource }): Promise<void> {
  connections.configure(req.config);
}

function outputsOf(news: TriggerInputs, queueUrl?: string): TriggerOutputs {
  const outs: TriggerOutputs = { job: news.job, kind: news.kind };
  if (news.parameters !== undefined) outs.parameters = news.parameters;
  if (news.triggers !== undefined) outs.triggers = news.triggers;
  if (news.controller !== undefined) outs.controller = news.controller;
  if (queueUrl !== undefined) outs.queueUrl = queueUrl;
  return outs;
}

export async function check(olds: Props, news: Props): Promise<dynamic.CheckResult> {
  const result = checkInputs(news);
  const controller = (result.inputs as Props | undefined)?.controller;
  const problem = controller === UNKNOWN ? undefined : connections.controllerProblem(controller);
  if (problem !== undefined) {
    return { ...result, failures: [...(result.failures ?? []), { property: "controller", reason: problem }] };
  }
  // A trigger to create fires: its connection must work (checked once per connection), or the preview fails.
  const isNew = Object.keys(strip(olds)).length === 0;
  if (isNew && (result.failures ?? []).length === 0 && controller !== UNKNOWN) {
    const unusable = await connections.unusable(controller as string | undefined);
    if (unusable !== undefined) {
      const job = (result.inputs as Props).job;
      return {
        ...result,
        failures: [{ property: "", reason: `The trigger of "${String(job)}" cannot be planned: ${unusable}` }],
      };
    }
  }
  return result;
}

export async function diff(_id: string, oldsRaw: Props, newsRaw: Props): Promise<dynamic.DiffResult> {
  const news = strip(newsRaw);
  const replaces = changedFiringInputs(strip(oldsRaw) as Partial<TriggerInputs>, news);
  // Firing again: the connection must work (checked once per connection).
  if (replaces.length > 0 && news.controller !== UNKNOWN) {
    const unusable = await connections.unusable(news.controller as string | undefined);
    if (unusable !== undefined) {
      throw new ConnectionCheckError(`The trigger of "${String(news.job)}" cannot be planned: ${unusable}`);
    }
  }
  return { changes: replaces.length > 0, replaces, deleteBeforeReplace: false };
}

export async function create(inputsRaw: Props): Promise<dynamic.CreateResult> {
  const news = strip(inputsRaw) as unknown as TriggerInputs;
  const client = clientFor(connections.settingsFor(news.controller));
  const id = randomUUID();
  try {
    const { queueUrl } = await fire(client, news.kind, news.job, news.parameters);
    return { id, outs: outputsOf(news, queueUrl) };
  } catch (e) {
    if (e instanceof JenkinsError && e.outcomeUnknown) {
      // The request may have reached Jenkins. Recording the trigger as fired keeps the next `pulumi up` from
      // sending it again (a second build); the user decides, after looking at Jenkins, whether to fire anew.
      const properties = { ...outputsOf(news), [PROVIDER_KEY]: inputsRaw[PROVIDER_KEY] };
      throw new PartialFailureError(e.message, id, properties, [
        `The answer to the ${news.kind === "build" ? "build" : "SCM check"} request for "${news.job}" was lost, so ` +
          "it may or may not have been received. It is recorded as sent and will not be repeated; to send it " +
          "again, change `triggers`.",
      ]);
    }
    throw e;
  }
}

export async function read(id: string, props: Props): Promise<dynamic.ReadResult> {
  return { id, props: strip(props) };
}

export async function update(_id: string, oldsRaw: Props, newsRaw: Props): Promise<dynamic.UpdateResult> {
  const olds = strip(oldsRaw) as unknown as TriggerOutputs;
  const news = strip(newsRaw) as unknown as TriggerInputs;
  return { outs: outputsOf(news, olds.queueUrl) };
}

async function deleteTrigger(_id: string, _props: Props): Promise<void> {
  // Nothing to undo.
}

export { deleteTrigger as delete };
