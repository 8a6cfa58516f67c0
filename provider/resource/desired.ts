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
import { readMark, withMark } from "../ownership/mark";

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
  /** Description and enabled state asked for: the explicit inputs win over the XML. No mark of ownership. */
  fields(): JobFields;
  /**
   * The config.xml to send: carries the description and disabled state asked for (the description with the mark of
   * ownership, when there is an owner to mark), and the secret values.
   */
  toSend(): string;
  /** The description to send by itself: as asked for, with the mark when there is an owner to mark. */
  descriptionToSend(): string;
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

/** The description to send: what was asked for, with the owner's mark, or with no mark at all. */
function sentDescription(description: string, markOwner: string | undefined): string {
  return markOwner === undefined ? readMark(description).description : withMark(description, markOwner);
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

function declaredXml(news: JobInputs, markOwner: string | undefined): Declared {
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
        description: readMark(explicit.description ?? fromXml.description).description,
        enabled: info?.canDisable === false ? true : (explicit.enabled ?? fromXml.enabled),
      };
    }),
    // Checked inputs carry description and enabled (filled-fields.ts): the text goes as is when they are its own.
    toSend: once(() => {
      const own =
        configFieldsOf(news[CONFIG_FIELDS_KEY as keyof JobInputs]) ??
        knownFields(xml) ??
        canonicalFields(xml) ??
        fieldsOf(root());
      const description = sentDescription(explicit.description ?? own.description, markOwner);
      if (description !== own.description) {
        return canonicalizeDocument(withFieldsIn(root(), { ...explicit, description }));
      }
      if (explicit.description === undefined && explicit.enabled === undefined) return xml;
      const same =
        (explicit.description ?? own.description) === own.description &&
        (explicit.enabled ?? own.enabled) === own.enabled;
      return same ? xml : canonicalizeDocument(withFieldsIn(root(), explicit));
    }),
    descriptionToSend() {
      return sentDescription(this.fields().description, markOwner);
    },
    secrets: [],
  };
}

function declaredSpec(news: JobInputs, key: Exclude<SourceKey, "configXml">, markOwner: string | undefined): Declared {
  // Sent as rendered: the renderer writes description and disabled itself, in the layout Jenkins saves.
  const explicit = explicitFields(news);
  const xml = renderSpec(key, news[key], explicit);
  const doc = parseXml(xml);
  const found = fieldsOf(doc.root);
  const fields = { ...found, description: readMark(found.description).description };
  const description = sentDescription(fields.description, markOwner);
  return {
    key,
    rootName: doc.root.name,
    info: describeRoot(doc.root.name),
    canonical: once(() => canonicalizeDocument(doc)),
    root: () => doc.root,
    fields: () => fields,
    // The mark travels only in the text sent: what is compared and kept is the spec as declared.
    toSend: once(() =>
      description === found.description ? xml : renderSpec(key, news[key], { ...explicit, description }),
    ),
    descriptionToSend: () => description,
    secrets: [],
  };
}

/**
 * The declared job of a set of checked inputs, the text to send marked with `markOwner` when given (ownership.ts
 * `writtenOwner`). Throws JobSpecError for a spec that does not render.
 */
export function declare(news: JobInputs, markOwner?: string): Declared {
  const key = sourceOf(news as unknown as Props);
  const declared = key === "configXml" ? declaredXml(news, markOwner) : declaredSpec(news, key, markOwner);
  if (secretCount(news.secretValues) === 0) return declared;
  // Only the text sent carries the values; everything compared and kept has the placeholders.
  const secrets = news.secretValues as string[];
  const placeholders = declared.toSend;
  return { ...declared, secrets, toSend: once(() => revealSecrets(placeholders(), secrets)) };
}

export function outputsFor(
  news: JobInputs,
  declared: Declared,
  fullName: string,
  baseUrl: string,
  owner?: string,
): JobOutputs {
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
  // The owner whose mark the write carries: a later diff sees a change of owner, a delete checks the item's mark.
  if (owner !== undefined) outs.__owner = owner;
  // Kept so that a refresh reports the inputs the program gives (drift.ts).
  if (news.adopt === true) outs.adopt = true;
  if (news.letGo === true) outs.letGo = true;
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
