/**
 * Whether Jenkins already holds a job as declared, equal in meaning: the config compared as the diff compares it
 * (the parts Jenkins owns set aside, secrets as placeholders: Jenkins shows only its own encrypted text of a
 * value), description and enabled state beside it. Two decisions rest on it:
 *  - the runnable check of a job adopted with the config Jenkins holds gives warnings, not a failure: adopting it
 *    changes nothing that decides whether it can run;
 *  - a create that finds the job already there takes it over when Jenkins holds the declared job (a `pulumi up`
 *    cut short after making it and before saving the state), and fails as before when it holds another.
 */
import { JobNotFoundError } from "../client/errors";
import type { JenkinsClient } from "../client/jenkins-client";
import { warn } from "../dynamic/engine-log";
import { parseXml } from "../xml/tree";
import type { Declared } from "./desired";
import { sameConfig } from "./drift";
import { JobExistsError } from "./errors";
import { caseClash, managedTwice } from "./same-item";
import { fieldsOf } from "./job-config";
import { maskSecrets } from "./secrets/state";
import { readMark } from "../ownership/mark";

export interface Held {
  /** Jenkins's config.xml, as read. */
  text: string;
  /** The config apart from description and disabled. */
  sameConfig: boolean;
  sameDescription: boolean;
  sameEnabled: boolean;
}

/** Jenkins's copy of a job (its config.xml text) against the declared job. Pure. */
export function compareHeld(declared: Declared, text: string): Held {
  const root = parseXml(text).root;
  const fields = fieldsOf(root);
  const wanted = declared.fields();
  return {
    text,
    sameConfig: sameConfig(declared.root(), maskSecrets(root, text).root),
    // The mark of ownership aside: whose item it is, is the ownership check's business.
    sameDescription: readMark(fields.description).description === wanted.description,
    sameEnabled: fields.enabled === wanted.enabled,
  };
}

/** One read of the job's config, compared with the declared job; undefined when there is no such job. */
export async function readHeld(client: JenkinsClient, fullName: string, declared: Declared): Promise<Held | undefined> {
  try {
    return compareHeld(declared, await client.getConfig(fullName));
  } catch (e) {
    if (e instanceof JobNotFoundError) return undefined;
    throw e;
  }
}

/** Held as declared in full: what a create may take over without changing anything that matters. */
const heldInFull = (h: Held | undefined): h is Held =>
  h !== undefined && h.sameConfig && h.sameDescription && h.sameEnabled;

/**
 * A create without `adopt` found the job there: Jenkins's config, read once, when it holds the job as declared
 * under the declared name (after a warning naming it: the stack manages it from now on); otherwise the error a
 * create of an existing job gets (another resource's job, another letter case, or JobExistsError).
 */
export async function takeOver(
  client: JenkinsClient,
  fullName: string,
  jenkinsUrl: string,
  declared: Declared,
): Promise<string> {
  const twice = managedTwice(fullName, jenkinsUrl);
  if (twice) throw twice;
  let held: Held | undefined;
  try {
    held = await readHeld(client, fullName, declared);
  } catch (e) {
    throw new JobExistsError(fullName, e instanceof Error ? e.message : String(e));
  }
  if (!heldInFull(held)) {
    throw (await caseClash(client, fullName, jenkinsUrl).catch(() => undefined)) ?? new JobExistsError(fullName);
  }
  const clash = await caseClash(client, fullName, jenkinsUrl).catch(() => undefined);
  if (clash) throw clash;
  await warn(
    `Jenkins job "${fullName}" already existed with the declared configuration (made by a \`pulumi up\` that was ` +
      `cut short before saving it, or by hand), so this stack took it over and manages it from now on.`,
  );
  return held.text;
}

/**
 * Whether adopting the job changes nothing that decides whether it can run: Jenkins holds the declared config and
 * enabled state (a description may differ). A failed read answers no, so the check fails as it would have.
 */
export async function adoptedAsHeld(client: JenkinsClient, fullName: string, declared: Declared): Promise<boolean> {
  try {
    const held = await readHeld(client, fullName, declared);
    return held !== undefined && held.sameConfig && held.sameEnabled;
  } catch {
    return false;
  }
}
