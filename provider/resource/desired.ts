/**
 * What a set of Job inputs asks Jenkins for, and the outputs that describe it. Shared by the lifecycle steps.
 *
 * A `Declared` is built once per call from the (checked) inputs, and parses the declared config at most once:
 * the root name, the description/enabled fields, the comparison with the old config and the text to send all come
 * from the same tree.
 */
import { jobUrlPath } from "../client/names";
import { canonicalizeDocument } from "../xml/canonical";
import { parseXml, type XmlElement } from "../xml/tree";
import { canonicalFields } from "./canonical-fields";
import { digestOf } from "./config-digest";
import { fieldsOf, rootNameOf, withFieldsIn, type JobFields } from "./job-config";
import { describeRoot, type RootInfo } from "./job-kinds";
import { configFieldsOf, CONFIG_FIELDS_KEY } from "./filled-fields";
import { knownFields } from "./known-fields";
import { TextCache } from "./text-cache";
import { renderSpec, sourceOf, SPEC_KEYS, type SourceKey } from "./sources";
import { revealSecrets, secretCount } from "./secrets/state";
import { UNKNOWN, type JobInputs, type JobOutputs } from "./types";

export { strip, type Props } from "../dynamic/props";
import type { Props } from "../dynamic/props";

export function fullNameOf(p: { name: string; folder?: string }): string {
  return p.folder ? `${p.folder}/${p.name}` : p.name;
}

export function jobUrl(baseUrl: string, fullName: string): string {
  return baseUrl + jobUrlPath(fullName).slice(1);
}

/**
 * The outputs that follow from checked inputs alone: `fullName` when name and folder are known, `url` when the
 * Jenkins URL is known too. Left out when not computable, so the engine treats them as unknown in a preview.
 */
export function knownOutputs(news: Props, baseUrl: string | undefined): { fullName?: string; url?: string } {
  const { name, folder } = news;
  if (typeof name !== "string" || name === UNKNOWN || folder === UNKNOWN) return {};
  if (folder !== undefined && typeof folder !== "string") return {};
  const fullName = fullNameOf({ name, folder });
  return baseUrl === undefined ? { fullName } : { fullName, url: jobUrl(baseUrl, fullName) };
}

export interface Declared {
  /** The input that defines the job. */
  key: SourceKey;
  rootName: string;
  info: RootInfo | undefined;
  /** The declared config in canonical form (what `__digest` is the digest of). */
  canonical(): string;
  /** Parsed tree of the declared config; not to be modified. */
  root(): XmlElement;
  /** Description and enabled state asked for: the explicit inputs win over the XML. */
  fields(): JobFields;
  /** The config.xml to send: carries the description and disabled state asked for, and the secret values. */
  toSend(): string;
  /** The secret values, in placeholder order (empty for a config without secrets). */
  secrets: readonly string[];
}

function once<T>(make: () => T): () => T {
  let done = false;
  let value: T;
  return () => {
    if (!done) {
      value = make();
      done = true;
    }
    return value;
  };
}

/** The `description`/`enabled` inputs in the form the spec renderers and withFields take. */
function explicitFields(news: JobInputs): Partial<JobFields> {
  const out: Partial<JobFields> = {};
  if (typeof news.description === "string") out.description = news.description;
  if (typeof news.enabled === "boolean") out.enabled = news.enabled;
  return out;
}

/** Trees of declared configs by text, most recent last; bounded. The diff and the update after it read the same. */
const declaredTrees = new TextCache<XmlElement>(64, 4 * 1024 * 1024);

function treeOf(xml: string): XmlElement {
  let root = declaredTrees.get(xml);
  if (root === undefined) {
    root = parseXml(xml).root;
    declaredTrees.set(xml, root);
  }
  return root;
}

function declaredXml(news: JobInputs): Declared {
  const xml = news.configXml as string;
  const rootName = rootNameOf(xml);
  const info = describeRoot(rootName);
  const root = once(() => treeOf(xml));
  const explicit = explicitFields(news);
  return {
    key: "configXml",
    rootName,
    info,
    // Checked inputs are canonical already.
    canonical: () => xml,
    root,
    fields: once(() => {
      const needXml =
        explicit.description === undefined || (explicit.enabled === undefined && info?.canDisable !== false);
      // Usually known from the `check` that produced these inputs: no parse of the whole config then.
      const fromXml = needXml
        ? (knownFields(xml) ?? canonicalFields(xml) ?? fieldsOf(root()))
        : { description: "", enabled: true };
      return {
        description: explicit.description ?? fromXml.description,
        enabled: info?.canDisable === false ? true : (explicit.enabled ?? fromXml.enabled),
      };
    }),
    // Checked inputs carry description and enabled (filled-fields.ts): the text goes as is when they are its own.
    toSend: once(() => {
      if (explicit.description === undefined && explicit.enabled === undefined) return xml;
      const own = configFieldsOf(news[CONFIG_FIELDS_KEY as keyof JobInputs]) ?? knownFields(xml) ?? fieldsOf(root());
      const same =
        (explicit.description ?? own.description) === own.description &&
        (explicit.enabled ?? own.enabled) === own.enabled;
      return same ? xml : canonicalizeDocument(withFieldsIn(root(), explicit));
    }),
    secrets: [],
  };
}

function declaredSpec(news: JobInputs, key: Exclude<SourceKey, "configXml">): Declared {
  // Sent as rendered: the renderer writes description and disabled itself, in the layout Jenkins saves.
  const xml = renderSpec(key, news[key], explicitFields(news));
  const doc = parseXml(xml);
  const fields = fieldsOf(doc.root);
  return {
    key,
    rootName: doc.root.name,
    info: describeRoot(doc.root.name),
    canonical: once(() => canonicalizeDocument(doc)),
    root: () => doc.root,
    fields: () => fields,
    toSend: () => xml,
    secrets: [],
  };
}

/** The declared job of a set of checked inputs. Throws JobSpecError for a spec that does not render. */
export function declare(news: JobInputs): Declared {
  const key = sourceOf(news as unknown as Props);
  const declared = key === "configXml" ? declaredXml(news) : declaredSpec(news, key);
  if (secretCount(news.secretValues) === 0) return declared;
  // Only the text sent carries the values; everything compared and kept has the placeholders.
  const secrets = news.secretValues as string[];
  const placeholders = declared.toSend;
  return { ...declared, secrets, toSend: once(() => revealSecrets(placeholders(), secrets)) };
}

export function outputsFor(news: JobInputs, declared: Declared, fullName: string, baseUrl: string): JobOutputs {
  const fields = declared.fields();
  const outs: JobOutputs = {
    name: news.name,
    fullName,
    url: jobUrl(baseUrl, fullName),
    // The config itself is in the inputs: the outputs keep its digest (config-digest.ts).
    __digest: digestOf(declared.canonical(), declared.root(), declared.key === "configXml", fields),
    description: fields.description,
    enabled: fields.enabled,
  };
  if (news.folder) outs.folder = news.folder;
  if (news.controller) outs.controller = news.controller;
  // Kept so that a refresh reports the inputs the program gives (drift.ts).
  if (news.adopt === true) outs.adopt = true;
  // The spec as written, so the next diff (which gets old outputs) can render it again; and the config it renders
  // to, so that a refresh can show a hand edit the spec cannot hold as the lines it changed (found-config.ts).
  if (declared.key !== "configXml")
    Object.assign(outs, { [declared.key]: news[declared.key], configXml: declared.canonical() });
  // The values as applied (a secret output), so the next diff sees a change of one.
  if (declared.secrets.length > 0) outs.secretValues = [...declared.secrets];
  return outs;
}

/** Outputs without any spec: the config output alone describes the job. */
export function withoutSpecs<T extends object>(props: T): T {
  const out = { ...props } as Props;
  for (const k of SPEC_KEYS) delete out[k];
  return out as T;
}
