/**
 * A credentials store's content as XStream writes it (credentials plugin `SystemCredentialsProvider`, cloudbees-folder
 * `FolderCredentialsProvider$FolderCredentialsProperty`): a `domainCredentialsMap` of class
 * `hudson.util.CopyOnWriteMap$Hash` whose entries pair a `com.cloudbees.plugins.credentials.domains.Domain` (the
 * global one has no `<name>`) with a `java.util.concurrent.CopyOnWriteArrayList` holding one element per
 * credential, named by its class. Pure functions over XML trees; the stores (stores.ts) do the I/O.
 */
import { elementChildren, textOf, type XmlElement } from "../../xml/tree";

export const DOMAIN_CLASS = "com.cloudbees.plugins.credentials.domains.Domain";
const LIST_CLASS = "java.util.concurrent.CopyOnWriteArrayList";
const MAP_CLASS = "hudson.util.CopyOnWriteMap$Hash";
/** The URL name of the global domain. */
export const GLOBAL_DOMAIN = "_";

export interface DomainCredentials {
  /** The `Domain` element as stored (name, description, specifications). */
  domain: XmlElement;
  /** One element per credential, in the store's order. */
  credentials: XmlElement[];
}

const el = (name: string, attrs: Array<[string, string]> = [], children: XmlElement["children"] = []): XmlElement => ({
  kind: "element",
  name,
  attrs,
  children,
});

const child = (e: XmlElement, name: string): XmlElement | undefined => elementChildren(e).find((c) => c.name === name);

/** The domain's URL name: `_` for the global domain, else its name. */
export function domainUrlName(domain: XmlElement): string {
  const name = child(domain, "name");
  const text = name === undefined ? "" : textOf(name);
  return text === "" ? GLOBAL_DOMAIN : text;
}

/** The global domain as the plugin writes it on its first save. */
export function globalDomain(): DomainCredentials {
  return { domain: el(DOMAIN_CLASS, [], [el("specifications")]), credentials: [] };
}

/** The domains of a `domainCredentialsMap` element, the global one always present (first when it was missing). */
export function readDomainMap(map: XmlElement | undefined): DomainCredentials[] {
  const out: DomainCredentials[] = [];
  for (const entry of map === undefined ? [] : elementChildren(map)) {
    if (entry.name !== "entry") continue;
    const [domain, list] = elementChildren(entry);
    if (domain === undefined || domain.name !== DOMAIN_CLASS) continue;
    out.push({ domain, credentials: list === undefined ? [] : elementChildren(list) });
  }
  if (!out.some((d) => domainUrlName(d.domain) === GLOBAL_DOMAIN)) out.unshift(globalDomain());
  return out;
}

/** The `domainCredentialsMap` element holding `domains`. */
export function writeDomainMap(domains: readonly DomainCredentials[]): XmlElement {
  return el(
    "domainCredentialsMap",
    [["class", MAP_CLASS]],
    domains.map((d) => el("entry", [], [d.domain, el(LIST_CLASS, [], [...d.credentials])])),
  );
}

/** The credential's id (`<id>`), or undefined when it has none. */
export function credentialIdOf(credential: XmlElement): string | undefined {
  const id = child(credential, "id");
  const text = id === undefined ? "" : textOf(id).trim();
  return text === "" ? undefined : text;
}

/** A copy of `credential` whose `<id>` is `id` (added after `<scope>` when it had none, where XStream writes it). */
export function withId(credential: XmlElement, id: string): XmlElement {
  const idEl = el("id", [], [{ kind: "text", text: id }]);
  const kids = credential.children.filter((c) => !(c.kind === "element" && c.name === "id"));
  const scopeAt = kids.findIndex((c) => c.kind === "element" && c.name === "scope");
  kids.splice(scopeAt + 1, 0, idEl);
  return { ...credential, children: kids };
}

/** The domain whose URL name is `urlName`, if the store has it. */
export function findDomain(domains: readonly DomainCredentials[], urlName: string): DomainCredentials | undefined {
  return domains.find((d) => domainUrlName(d.domain) === urlName);
}

/** The position of the credential `id` in the domain, or -1. */
export function indexOfCredential(domain: DomainCredentials, id: string): number {
  return domain.credentials.findIndex((c) => credentialIdOf(c) === id);
}

/** `domains` with the domain `urlName`'s credentials replaced by `credentials`. */
export function withCredentials(
  domains: readonly DomainCredentials[],
  urlName: string,
  credentials: XmlElement[],
): DomainCredentials[] {
  return domains.map((d) => (domainUrlName(d.domain) === urlName ? { domain: d.domain, credentials } : d));
}
