/**
 * What a set of Job inputs asks Jenkins for, and the outputs that describe it. Shared by the lifecycle steps.
 */
import { jobUrlPath } from "../client/names";
import { readFields, rootNameOf, withFields, type JobFields } from "./job-config";
import { describeRoot } from "./job-kinds";
import { PROVIDER_KEY, type JobInputs, type JobOutputs } from "./types";

export type Props = Record<string, unknown>;

export function strip(props: Props | undefined): Props {
  const out: Props = { ...(props ?? {}) };
  delete out[PROVIDER_KEY];
  return out;
}

export function fullNameOf(p: { name: string; folder?: string }): string {
  return p.folder ? `${p.folder}/${p.name}` : p.name;
}

export function jobUrl(baseUrl: string, fullName: string): string {
  return baseUrl + jobUrlPath(fullName).slice(1);
}

/** Description and enabled state a set of inputs asks for: the explicit inputs win over the XML. */
export function desiredFields(news: JobInputs): JobFields {
  const fromXml = readFields(news.configXml);
  const info = describeRoot(rootNameOf(news.configXml));
  return {
    description: news.description ?? fromXml.description,
    enabled: info?.canDisable === false ? true : (news.enabled ?? fromXml.enabled),
  };
}

/** The config.xml to send: declared XML with the explicit description/enabled written into it. */
export function desiredConfig(news: JobInputs): string {
  return withFields(news.configXml, { description: news.description, enabled: news.enabled });
}

export function outputsFor(news: JobInputs, fullName: string, baseUrl: string): JobOutputs {
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
